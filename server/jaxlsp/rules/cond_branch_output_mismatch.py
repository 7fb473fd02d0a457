"""Branches of ``lax.cond`` that return different shapes or dtypes.

Both branches are traced and must return the same types.  Reported when both shapes (or two
strong dtypes) are known; a weakly typed result (a Python number) may be promoted.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class CondBranchOutputMismatch(ShapeRule):
    """The two branches of a ``lax.cond`` return different shapes or dtypes."""

    NAME = "cond-branch-output-mismatch"
    FORMER_NAMES = ("cond-branch-types",)
    CODE = "cond-branch-output-mismatch"
    RECORD_ID = "90bcda335f339224"
    KINDS = frozenset({"cond-branches"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Return the same shapes and dtypes from both branches: broadcast a scalar with "
        "`jnp.full_like`, cast with `.astype`."
    )

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

def clip_or_zero(x, keep):
    return lax.cond(keep, lambda v: jnp.clip(v, 0, 1), lambda v: jnp.zeros_like(v), x)

clip_or_zero(jnp.ones(3), True)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def clipped(v):
    return jnp.clip(v, 0, 1)

def total(v):
    return v.sum()

def clip_or_total(x, keep):
    return lax.cond(keep, clipped, total, x)  # expect: cond-branch-output-mismatch

clip_or_total(jnp.ones(3), True)
""",
    )
