# realbug: aesara-89-jit-unique-constant
# source: https://github.com/aesara-devs/aesara/issues/89
# kind: tracer-static
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import numpy as np
import jax

from functools import partial


a = np.arange(6).reshape((3, 2))


def unique(x):
    return jax.numpy.unique(x)  # BUG


jax.jit(partial(unique, a))()
