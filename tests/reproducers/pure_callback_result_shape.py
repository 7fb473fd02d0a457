"""Raises AttributeError: a pure_callback given a bare shape as its result_shape_dtypes."""

import jax
import jax.numpy as jnp
import numpy as np

x = jnp.ones(3)
jax.pure_callback(np.sin, x.shape, x)
