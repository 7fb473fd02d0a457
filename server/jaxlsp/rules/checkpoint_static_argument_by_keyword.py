"""A static argument of a ``jax.checkpoint``-ed (``jax.remat``) function passed by keyword:
``partial(jax.checkpoint, static_argnums=1)`` on ``f(x, flag)``, called as ``f(x, flag=True)``.

checkpoint counts ``static_argnums`` among each call's positional arguments and raises
ValueError when a position is missing, even where an outer ``jax.jit`` accepts the same
parameter by name.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class CheckpointStaticArgumentByKeyword(ShapeRule):
    NAME = "checkpoint-static-argument-by-keyword"
    CODE = "checkpoint-static-argument-by-keyword"
    RECORD_ID = "5565e6e61962b7ec"
    KINDS = frozenset({"checkpoint-static-positional"})
    NAMES_OPERANDS = False
    ADVICE = "Pass it positionally, or close over it with functools.partial."

    VALID = (
        """
from functools import partial
import jax

@partial(jax.checkpoint, static_argnums=1)
def f(x, flag=False):
    return x + 1 if flag else x

f(5.0, False)
f(5.0, True)
""",
    )
    INVALID = (
        """
from functools import partial
import jax

@partial(jax.checkpoint, static_argnums=1)
def f(x, flag=False):
    return x + 1 if flag else x

f(5.0, flag=False)  # expect: checkpoint-static-argument-by-keyword
""",
    )
