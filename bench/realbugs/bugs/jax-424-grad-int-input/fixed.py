# realbug: jax-424-grad-int-input (fixed)
# source: https://github.com/jax-ml/jax/issues/424
from jax import grad


def square(x):
    return x**2


val = 3.0
dfn = grad(square)
print(dfn(val))
