from .transforms import apply_updates, momentum

__all__ = ["apply_updates", "momentum"]
