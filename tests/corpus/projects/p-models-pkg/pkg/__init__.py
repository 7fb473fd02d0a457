from .layers import Block

__all__ = ["Block"]
