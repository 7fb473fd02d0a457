# realbug: jax-2132-jit-generator-function (fixed)
# source: https://github.com/jax-ml/jax/issues/2132
from jax import jit


def f(x):
    return x


jf = jit(f)
print(next(iter([jf(1.5)])))
