# realbug: jax-25140-switch-branch-structure
# source: https://github.com/jax-ml/jax/pull/25800
# kind: branch-output-structure
# raises: TypeError: switch branch outputs must have the same pytree structure
from jax import lax


def f(i, x):
    return lax.switch(i, [lambda x: dict(a=x), lambda x: dict(a=(x, x))], x)  # BUG


print(f(0, 42))
