# realbug: jax-7952-traced-axis-tuple
# source: https://github.com/jax-ml/jax/pull/7952
# kind: traced-axis
# raises: TracerIntegerConversionError: The __index__\(\) method was called on traced array
import jax
import jax.numpy as jnp


@jax.jit
def h(x, y):
    return jnp.sum(x, axis=(y,))  # BUG


print(h(jnp.ones((2, 3)), 1))
