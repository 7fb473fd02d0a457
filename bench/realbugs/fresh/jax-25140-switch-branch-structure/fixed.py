# realbug: jax-25140-switch-branch-structure (fixed)
# source: https://github.com/jax-ml/jax/pull/25800
from jax import lax


def f(i, x):
    return lax.switch(i, [lambda x: dict(a=(x, 2 * x)), lambda x: dict(a=(x, x))], x)


print(f(0, 42))
