# realbug: jax-3620-pad-array-width (fixed)
# source: https://github.com/jax-ml/jax/issues/3620
from jax import jit as jjit
import jax.numpy as jnp
import numpy as np

vals = np.random.randn(50, 100)


def pad_last_dim(array, pad_size):
    ndim = jnp.ndim(array)
    npad = [(0, 0)] * ndim
    npad[ndim - 1] = (0, pad_size)
    return jnp.pad(array, npad, "constant", constant_values=0)


print(jjit(pad_last_dim, static_argnums=(1,))(vals, 1))
