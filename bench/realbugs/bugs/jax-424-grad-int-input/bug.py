# realbug: jax-424-grad-int-input
# source: https://github.com/jax-ml/jax/issues/424
# kind: grad-integer-input
# raises: TypeError: grad requires real- or complex-valued inputs
from jax import grad


def square(x):
    return x**2


val = 3
dfn = grad(square)
print(dfn(val))  # BUG
