# realbug: jax-1696-grad-argnums-keywords (fixed)
# source: https://github.com/jax-ml/jax/issues/1696
from functools import partial

from jax import grad


def f(x, y):
    return x + y


df = grad(f, argnums=0)
print(partial(df, 0.0)(y=1.0))
