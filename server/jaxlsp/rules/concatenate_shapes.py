"""Arrays joined whose shapes do not fit: ``jnp.concatenate`` of different ranks or of other
sizes on an axis that is not joined, ``jnp.stack`` of different shapes.

Reported when the ranks, or the two sizes, are known integers.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ConcatenateShapes(ShapeRule):
    NAME = "concatenate-shapes"
    CODE = "concatenate-rank-mismatch"
    RECORD_ID = "3632cb85b3938110"
    KINDS = frozenset({"concatenate", "stack"})
    ADVICE = (
        "Give the operands one rank (add an axis with `x[None]`) and equal sizes on every "
        "other axis, or join along the axis whose sizes differ."
    )

    VALID = (
        """
import jax.numpy as jnp

def append_row(matrix, row):
    return jnp.concatenate([matrix, row[None, :]])

append_row(jnp.ones((2, 3)), jnp.ones(3))
jnp.concatenate([jnp.ones((3, 4)), jnp.ones((3, 5))], axis=1)
jnp.stack([jnp.ones(3), jnp.zeros(3)])
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

def steps(x, n):
    outs = []
    for width in range(1, n + 1):
        outs.append(x[:width])
    return jnp.stack(outs)  # expect: concatenate-rank-mismatch

steps(jnp.ones(4), 2)
""",
    )
