"""Raises ValueError: a 2-D lax.conv given a single window stride."""

import jax
import jax.numpy as jnp

images = jnp.ones((1, 3, 8, 8))
kernel = jnp.ones((4, 3, 3, 3))
jax.lax.conv(images, kernel, (1,), "SAME")
