# realbug: jax-3620-pad-array-width
# source: https://github.com/jax-ml/jax/issues/3620
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
from jax import jit as jjit
import jax.numpy as jnp
import numpy as np

vals = np.random.randn(50, 100)


def pad_last_dim(array, pad_size):
    ndim = jnp.ndim(array)
    npad = jnp.zeros((ndim, 2), dtype=jnp.int32)
    axis = ndim - 1
    npad = npad.at[axis, 1].set(pad_size)
    return jnp.pad(array, npad, "constant", constant_values=0)  # BUG


print(jjit(pad_last_dim, static_argnums=(1,))(vals, 1))
