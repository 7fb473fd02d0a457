# realbug: jax-1696-grad-argnums-keywords
# source: https://github.com/jax-ml/jax/issues/1696
# kind: argnums-range
# raises: TypeError: differentiating with respect to argnums=0 requires at least 1 positional
from functools import partial

from jax import grad


def f(x, y):
    return x + y


df = grad(f, argnums=0)
print(partial(df, x=0.0)(y=1.0))  # BUG
