# realbug: lingvo-332-assert-shape-array-equal-jit (fixed)
# source: https://github.com/tensorflow/lingvo/issues/332
import jax
import jax.numpy as jnp


def AssertShape(x: jnp.array, shape) -> None:
    if tuple(x.shape) != tuple(shape):
        raise ValueError(f'Shape mismatch: found {x.shape}, expected: {shape}')


@jax.jit
def f(x):
    AssertShape(x, (2, 3))
    return x * 2


f(jnp.ones((2, 3)))
