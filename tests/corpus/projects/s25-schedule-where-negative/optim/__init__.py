from .schedules import cosine_with_floor

__all__ = ["cosine_with_floor"]
