# realbug: array-api-690-repeat-traced
# source: https://github.com/data-apis/array-api/pull/690
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp

x = jnp.arange(3)


def func(x):
    return jnp.repeat(x, x[2])  # BUG


print(func(x))
print(jax.jit(func)(x))
