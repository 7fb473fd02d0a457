# realbug: jax-6233-static-device-array-arange
# source: https://github.com/jax-ml/jax/issues/6233
# kind: static-unhashable
# raises: TypeError: unhashable type
# The report's example: `jnp.arange(-x, x)` jitted with `x` static, called with a JAX array
# (`jnp.add(4, 1)`) instead of a Python int (then a ValueError naming the static argument; 0.12
# raises the TypeError of hashing the array).
import jax.numpy as jnp
from jax import jit


def f(x):
    return jnp.arange(-x, x)


f_jit = jit(f, static_argnums=0)

x_int = int(5)
arange_jit = f_jit(x_int)

x_device_array = jnp.add(4, 1)
arange = f(x_device_array)
arange_jit = f_jit(x_device_array)  # BUG
