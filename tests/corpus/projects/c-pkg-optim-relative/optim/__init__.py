"""A small hand-written optimizer package."""
