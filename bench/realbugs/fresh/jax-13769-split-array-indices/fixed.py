# realbug: jax-13769-split-array-indices (fixed)
# source: https://github.com/jax-ml/jax/issues/13769
import jax
import jax.numpy as jnp


def boundaries(n):
    return [n // 3, 2 * n // 3]


@jax.jit
def pieces(x):
    indices = boundaries(x.shape[0])
    first, second, third = jnp.split(x, indices)
    return first.sum() + second.sum() + third.sum()


print(pieces(jnp.arange(9.0)))
