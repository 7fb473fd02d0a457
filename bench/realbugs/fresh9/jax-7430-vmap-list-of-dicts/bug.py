# realbug: jax-7430-vmap-list-of-dicts
# source: https://github.com/jax-ml/jax/issues/7430
# kind: vmap-rank
# raises: ValueError: vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is only 0
# The report's "case 2": a batch of parameter dicts passed to vmap as a Python list of dicts.
# vmap maps every leaf of the list (the scalars 3 and 4), not the list's entries, so axis 0 of
# a 0-d leaf is requested (the reporter wanted to vmap a Haiku network over parameter sets).
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
print(vmap(f, in_axes=(0, 0))(  # BUG
    np.array([2, 2]),
    [dict(a=3, b=4), dict(a=3, b=4)]
))
