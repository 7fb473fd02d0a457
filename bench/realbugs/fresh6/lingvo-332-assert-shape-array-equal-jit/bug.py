# realbug: lingvo-332-assert-shape-array-equal-jit
# source: https://github.com/tensorflow/lingvo/issues/332
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# The reporter's helper; the jitted caller is filled in. `jnp.array_equal` of the shapes gives
# a traced boolean under jit, and `if not` converts it.
import jax
import jax.numpy as jnp


def AssertShape(x: jnp.array, shape) -> None:
    if not jnp.array_equal(x.shape, shape):  # BUG
        raise ValueError(f'Shape mismatch: found {x.shape}, expected: {shape}')


@jax.jit
def f(x):
    AssertShape(x, (2, 3))
    return x * 2


f(jnp.ones((2, 3)))
