"""A reshape to a shape of another size: ``jnp.ones(6).reshape(4, 2)``.

The new shape must hold exactly as many elements as the array (a ``-1`` must divide them
evenly).  Reported when both sizes are known integers.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ReshapeSizeMismatch(ShapeRule):
    NAME = "reshape-size-mismatch"
    FORMER_NAMES = ("reshape-size",)
    CODE = "reshape-size-mismatch"
    RECORD_ID = "ed5318d499190112"
    KINDS = frozenset({"reshape"})
    ADVICE = (
        "Keep the number of elements: let one dimension be inferred with -1, or check which "
        "axis the sizes come from."
    )

    VALID = (
        """
import jax.numpy as jnp

def flatten(images):
    return images.reshape(images.shape[0], -1)

flatten(jnp.ones((8, 28, 28, 3)))
jnp.reshape(jnp.arange(12), (3, 4))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def flatten(images):
    return images.reshape(images.shape[0], 784)  # expect: reshape-size-mismatch

flatten(jnp.ones((8, 28, 28, 3)))
""",
        """
import jax.numpy as jnp

tokens = jnp.arange(10)
jnp.reshape(tokens, (4, -1))  # expect: reshape-size-mismatch
""",
    )
