# realbug: jax-10601-static-argnames-not-a-parameter (fixed)
# source: https://github.com/jax-ml/jax/issues/10601
from jax import jit


def f(dyn, stat):
    print(dyn)
    print(stat)
    return dyn


jf = jit(f, static_argnames=("stat",))
jf(1, 2)
