"""An array indexed with more integers, slices and integer arrays than it has axes:
``logits[:, -1, :]`` on a matrix.

Reported when the array's rank and every entry of the index are known (``None`` and ``...``
use up no axis).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class TooManyIndices(ShapeRule):
    NAME = "too-many-indices"
    CODE = "too-many-indices"
    RECORD_ID = "b642b38a752ada8c"
    KINDS = frozenset({"index-rank"})
    ADVICE = (
        "Drop the entries for axes the array does not have (inside jax.vmap the mapped axis "
        "is gone), or index from the end with `...`."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

logits = jnp.ones((4, 7, 10))
last = logits[:, -1, :]
first = logits[0, ..., None, 1:3]
per_example = jax.vmap(lambda x: x[-1, :])(logits)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def last_step(outputs):
    return outputs[:, -1, :]  # expect: too-many-indices

last_step(jnp.ones((4, 10)))
""",
        """
import jax
import jax.numpy as jnp

def last_token(sequence):
    return sequence[:, -1]  # expect: too-many-indices

jax.vmap(last_token)(jnp.ones((8, 16)))
""",
    )
