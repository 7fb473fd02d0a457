# realbug: jax-883-static-device-array (fixed)
# source: https://github.com/jax-ml/jax/issues/883
from functools import partial

import jax
import jax.numpy as np


@partial(jax.jit, static_argnums=(1,))
def f(x, v):
    return x


def main():
    x = np.ones((10, 10))
    v = (1, 2, 3)
    first_call = f(x, v)
    print(first_call)


main()
