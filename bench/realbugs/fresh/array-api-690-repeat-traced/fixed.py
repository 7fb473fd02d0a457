# realbug: array-api-690-repeat-traced (fixed)
# source: https://github.com/data-apis/array-api/pull/690
import jax
import jax.numpy as jnp

x = jnp.arange(3)


def func(x):
    return jnp.repeat(x, x[2], total_repeat_length=6)


print(func(x))
print(jax.jit(func)(x))
