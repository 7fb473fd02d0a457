"""A convolution given another number of window strides than its kernel has spatial axes:
``lax.conv(images, kernel, [1], "SAME")`` for a 2-D convolution.  JAX's shape rule pairs one
stride with each spatial axis of the kernel (its rank minus two) and raises ValueError when
the counts differ.

Reported when both operands' ranks are known and equal, no layout, group count or dilation
could raise another error first, the padding is a string, and the strides are a sequence of
known length.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ConvWindowStridesCount(ShapeRule):
    NAME = "conv-window-strides-count"
    CODE = "conv-window-strides-count"
    RECORD_ID = "779f96e3dfd34f24"
    KINDS = frozenset({"conv-strides"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give one stride per spatial axis: `(1, 1)` for a 2-D convolution (images of rank 4), "
        "`(1,)` for a 1-D one."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

images = jnp.ones((1, 3, 8, 8))
kernel = jnp.ones((4, 3, 3, 3))
out = jax.lax.conv(images, kernel, (1, 1), "SAME")
signal = jax.lax.conv(jnp.ones((1, 1, 16)), jnp.ones((2, 1, 3)), (2,), "VALID")
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

images = jnp.ones((1, 3, 8, 8))
kernel = jnp.ones((4, 3, 3, 3))
out = jax.lax.conv(images, kernel, (1,), "SAME")  # expect: conv-window-strides-count
""",
    )
