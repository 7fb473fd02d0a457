from .buffers import ring_buffer

__all__ = ["ring_buffer"]
