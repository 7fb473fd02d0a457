# realbug: jax-13769-split-array-indices
# source: https://github.com/jax-ml/jax/issues/13769
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp


def boundaries(n):
    return [n // 3, 2 * n // 3]


@jax.jit
def pieces(x):
    indices = jnp.array(boundaries(x.shape[0]))
    first, second, third = jnp.split(x, indices)  # BUG
    return first.sum() + second.sum() + third.sum()


print(pieces(jnp.arange(9.0)))
