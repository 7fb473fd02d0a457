"""A convolution whose input's feature axis, divided by ``feature_group_count``, is not the
kernel's input feature size: channels-last images given to a channels-first
``lax.conv_general_dilated`` (or the reverse), or a convolution layer made for another
channel count (``eqx.nn.Conv2d``'s ``in_channels``, ``nnx.Conv``'s ``in_features``).  JAX's
shape check raises ValueError while tracing.

Reported where both sizes are known ints and the layout is known: the default, three layout
strings of the operands' rank, or the layer's own (``jaxlsp.apis.convolution``,
``jaxlsp.apis.library_layers``).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ConvLhsFeatureDimensionMismatch(ShapeRule):
    NAME = "conv-lhs-feature-dimension-mismatch"
    CODE = "conv-lhs-feature-dimension-mismatch"
    RECORD_ID = "41f5f245bde62d85"
    KINDS = frozenset({"conv-features"})
    ADVICE = (
        "Give the convolution the layout the data has (`dimension_numbers`, or transpose the "
        "input), or make the layer for the input's channel count."
    )

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

images = jnp.ones((8, 32, 32, 3))
kernel = jnp.ones((16, 3, 3, 3))
lax.conv_general_dilated(images, kernel, (1, 1), "SAME", dimension_numbers=("NHWC", "OIHW", "NHWC"))
lax.conv(images.transpose(0, 3, 1, 2), kernel, (1, 1), "SAME")
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

images = jnp.ones((8, 32, 32, 3))
kernel = jnp.ones((16, 3, 3, 3))
lax.conv(images, kernel, (1, 1), "SAME")  # expect: conv-lhs-feature-dimension-mismatch
""",
    )
