# realbug: jax-7430-vmap-list-of-dicts (fixed)
# source: https://github.com/jax-ml/jax/issues/7430
from jax import vmap
import jax.numpy as np


def f(x, params):
  return params['a']*x + params['b']


print('\nCase 0:')
print(f(2, dict(a=3, b=4)))

print('\nCase 1:')
print(vmap(f, in_axes=(0, None))(
    np.array([2, 2]),
    dict(a=3, b=4)
))

print('\nCase 2:')
print(vmap(f, in_axes=(0, 0))(
    np.array([2, 2]),
    dict(a=np.array([3, 3]), b=np.array([4, 4]))
))
