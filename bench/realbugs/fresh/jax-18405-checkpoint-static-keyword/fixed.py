# realbug: jax-18405-checkpoint-static-keyword (fixed)
# source: https://github.com/jax-ml/jax/issues/18405
from functools import partial

from jax import checkpoint, jit


@partial(jit, static_argnums=1)
@partial(checkpoint, static_argnums=1)
def f(x, flag=False):
    if flag:
        x += 1
    return x


print(f(5, False))
print(f(5, False))
