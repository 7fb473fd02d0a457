# realbug: jax-10465-pmap-keyword-sizes
# source: https://github.com/jax-ml/jax/issues/10465
# kind: pmap-axis-sizes
# raises: ValueError: cannot select an axis to squeeze out which has size not equal to one
import jax
import numpy as np

x = np.arange(5)
w = np.array([2.0])


def scale(x, w):
    return x * w


print(scale(x, w))
print(jax.pmap(scale)(x=x, w=w))  # BUG
