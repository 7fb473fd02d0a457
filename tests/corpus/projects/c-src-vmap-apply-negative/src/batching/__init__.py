from .apply import per_example

__all__ = ["per_example"]
