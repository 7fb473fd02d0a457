# realbug: jax-6233-static-device-array-arange (fixed)
# source: https://github.com/jax-ml/jax/issues/6233
import jax.numpy as jnp
from jax import jit


def f(x):
    return jnp.arange(-x, x)


f_jit = jit(f, static_argnums=0)

x_int = int(5)
arange_jit = f_jit(x_int)

x_device_array = jnp.add(4, 1)
arange = f(x_device_array)
arange_jit = f_jit(int(x_device_array))
