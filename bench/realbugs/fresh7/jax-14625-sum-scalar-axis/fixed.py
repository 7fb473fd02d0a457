# realbug: jax-14625-sum-scalar-axis (fixed)
# source: https://github.com/jax-ml/jax/issues/14625
import jax.numpy as jnp
import numpy as np

arr = 0.0
np.sum(arr, 0)
jnp.sum(arr)
