# realbug: jax-3045-jit-string-argument
# source: https://github.com/jax-ml/jax/issues/3045
# kind: jit-non-array
# raises: TypeError: Error interpreting argument to .* as an abstract array
import jax
import numpy as np


@jax.jit
def print_yay(arr, msg):
    print(msg)
    print(arr)


print_yay(np.array([5, 3, 2, 2020]), "this is my message!")  # BUG
