"""Branches of ``lax.switch`` that return different shapes or dtypes.

Every branch is traced and all must return the same types.  Reported when two branches'
shapes (or two strong dtypes) are known; a weakly typed result (a Python number) may be
promoted.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule
from jaxlsp.rules.cond_branch_output_mismatch import CondBranchOutputMismatch


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
