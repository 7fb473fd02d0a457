# realbug: aesara-89-jit-unique-constant (fixed)
# source: https://github.com/aesara-devs/aesara/issues/89
import numpy as np
import jax

from functools import partial


a = np.arange(6).reshape((3, 2))


def unique(x):
    return jax.numpy.unique(x)


partial(unique, a)()
