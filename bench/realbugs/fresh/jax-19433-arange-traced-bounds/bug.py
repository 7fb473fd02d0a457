# realbug: jax-19433-arange-traced-bounds
# source: https://github.com/jax-ml/jax/issues/19433
# kind: traced-size-argument
# raises: ConcretizationTypeError: .*
import jax.numpy as np
from jax import jit


@jit
def f(x):
    return np.arange(x[0] - 1, x[0] + 1)  # BUG


print(f(np.zeros(1).astype(int)))
