"""Branches of ``lax.cond`` or ``lax.switch`` that return different shapes or dtypes.

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


class SwitchBranchOutputMismatch(ShapeRule):
    """Two branches of a ``lax.switch`` return different shapes or dtypes."""

    NAME = "switch-branch-output-mismatch"
    FORMER_NAMES = ("switch-branch-types",)
    CODE = "switch-branch-output-mismatch"
    RECORD_ID = "d5895c17cac982d3"
    KINDS = frozenset({"switch-branches"})
    NAMES_OPERANDS = False
    ADVICE = CondBranchOutputMismatch.ADVICE

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

branches = [lambda v: v * 2, lambda v: v + 1, lambda v: -v]
lax.switch(1, branches, jnp.ones(4))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

branches = [lambda v: v * 2, lambda v: v.astype(jnp.int32)]
lax.switch(1, branches, jnp.ones(4))  # expect: switch-branch-output-mismatch
""",
    )
