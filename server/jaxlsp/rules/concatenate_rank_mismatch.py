"""Arrays joined whose shapes do not fit: ``jnp.concatenate`` of different ranks or of other
sizes on an axis that is not joined, ``jnp.stack`` of different shapes, ``jnp.array`` of a list
of arrays of different shapes (JAX stacks them by concatenation, and raises its TypeError).

Reported when the ranks, or the two sizes, are known integers.
"""

from __future__ import annotations

from jaxlsp.infer.frames import ShapeError
from jaxlsp.rules._shapes import ShapeRule


class ConcatenateRankMismatch(ShapeRule):
    NAME = "concatenate-rank-mismatch"
    FORMER_NAMES = ("concatenate-shapes",)
    CODE = "concatenate-rank-mismatch"
    RECORD_ID = "3632cb85b3938110"
    KINDS = frozenset({"concatenate", "stack", "array-items"})
    ADVICE = (
        "Give the operands one rank (add an axis with `x[None]`) and equal sizes on every "
        "other axis, or join along the axis whose sizes differ."
    )
    #: What to do about a list of arrays of other shapes given to ``jnp.array``.
    ITEMS_ADVICE = (
        "Give them one shape (pad them, and keep a mask), join them with jnp.concatenate, "
        "or keep them as a list."
    )

    VALID = (
        """
import jax.numpy as jnp

def append_row(matrix, row):
    return jnp.concatenate([matrix, row[None, :]])

append_row(jnp.ones((2, 3)), jnp.ones(3))
jnp.concatenate([jnp.ones((3, 4)), jnp.ones((3, 5))], axis=1)
jnp.stack([jnp.ones(3), jnp.zeros(3)])
jnp.array([jnp.ones(3), jnp.zeros(3)])
jnp.array([jnp.ones(()), 2.0])
""",
        """
import jax.numpy as jnp

def outputs(skip_first):
    out = []
    if not skip_first:
        out.append(jnp.ones(2))
    out.append(jnp.ones((1, 2)))
    return out

jnp.concatenate(outputs(True))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def append_row(matrix, row):
    return jnp.concatenate([matrix, row])  # expect: concatenate-rank-mismatch

append_row(jnp.ones((2, 3)), jnp.ones(3))
""",
        """
import jax.numpy as jnp

features = [jnp.ones((3, 4)), jnp.ones((3, 5))]
jnp.concatenate(features, axis=0)  # expect: concatenate-rank-mismatch
""",
        """
import jax.numpy as jnp

jnp.stack([jnp.ones(3), jnp.zeros(4)])  # expect: concatenate-rank-mismatch
""",
        """
import jax.numpy as jnp

def summary(x):
    return jnp.array([x.mean(axis=0), x.mean(axis=1)])  # expect: concatenate-rank-mismatch

summary(jnp.ones((3, 4)))
""",
        """
import jax.numpy as jnp

def steps(x, n):
    outs = []
    for width in range(1, n + 1):
        outs.append(x[:width])
    return jnp.stack(outs)  # expect: concatenate-rank-mismatch

steps(jnp.ones(4), 2)
""",
    )

    def message(self, error: ShapeError) -> str:
        if error.mismatch.kind != "array-items":
            return super().message(error)
        operands = " and ".join(
            f"{operand.label} is {operand.aval.describe()}" for operand in error.mismatch.operands
        )
        summary = error.mismatch.summary.rstrip(".")
        return (
            f"`{error.api}` is given a list of arrays where {operands}: it stacks them by "
            f"concatenation, so JAX raises: {summary}. {self.ITEMS_ADVICE}"
        )
