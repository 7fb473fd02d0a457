# realbug: jax-21994-at-set-bool-mask
# source: https://github.com/jax-ml/jax/issues/21994
# kind: boolean-index-traced
# raises: NonConcreteBooleanIndexError: Array boolean indices must be concrete
import jax
import jax.numpy as jnp


def f(x):
    return x.at[x < 5].set(0)  # BUG


x = jnp.arange(10)
print(jax.jit(f)(x))
