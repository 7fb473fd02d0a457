# realbug: jax-13849-vmap-keyword-argument
# source: https://github.com/jax-ml/jax/pull/13849
# kind: in-axes-structure
# raises: ValueError: vmap in_axes must be an int, None, or a tuple
import jax
from functools import partial


@partial(jax.vmap, in_axes=(0, 0))  # BUG
def f(x, y):
    return x + y


x = y = jax.numpy.arange(4)
print(f(x, y=y))  # BUG
