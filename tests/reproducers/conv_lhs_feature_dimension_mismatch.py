"""Raises ValueError: images laid out channels-last (8, 32, 32, 3) given to a convolution whose
dimension numbers say channels-first ("NCHW"), so their 32 rows are read as the features,
while the kernel (16, 3, 3, 3) takes 3 input features."""

import jax.numpy as jnp
from jax import lax

images = jnp.ones((8, 32, 32, 3))
kernel = jnp.ones((16, 3, 3, 3))
lax.conv_general_dilated(images, kernel, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
