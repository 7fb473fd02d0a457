"""Activations with hand-written derivatives; importing the package registers their rules."""

from . import rules  # noqa: F401  (imported for its side effect: it registers the jvp rules)
from .functions import squareplus

__all__ = ["squareplus"]
