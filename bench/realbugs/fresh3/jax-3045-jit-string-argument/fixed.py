# realbug: jax-3045-jit-string-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/3045
from functools import partial

import jax
import numpy as np


@partial(jax.jit, static_argnums=1)
def print_yay(arr, msg):
    print(msg)
    print(arr)


print_yay(np.array([5, 3, 2, 2020]), "this is my message!")
