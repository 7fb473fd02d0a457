# realbug: jax-13849-vmap-keyword-argument (fixed)
# source: https://github.com/jax-ml/jax/pull/13849
import jax
from functools import partial


@partial(jax.vmap, in_axes=(0, 0))
def f(x, y):
    return x + y


x = y = jax.numpy.arange(4)
print(f(x, y))
