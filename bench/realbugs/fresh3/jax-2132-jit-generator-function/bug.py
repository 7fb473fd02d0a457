# realbug: jax-2132-jit-generator-function
# source: https://github.com/jax-ml/jax/issues/2132
# kind: not-callable
# raises: TypeError: Expected a function, got a generator function
from jax import jit


def yf(x):
    yield (x)


jyf = jit(yf)  # BUG
print(yf, jyf)
print(next(yf(1.5)))
print(next(jyf(1.5)))
