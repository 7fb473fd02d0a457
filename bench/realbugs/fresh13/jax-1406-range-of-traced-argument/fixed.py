# realbug: jax-1406-range-of-traced-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/1406
from jax import jit


def foo(num):
  for _ in range(num):
    pass


jit(foo, static_argnums=0)(0)
