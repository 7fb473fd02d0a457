# realbug: jax-10601-static-argnames-not-a-parameter
# source: https://github.com/jax-ml/jax/issues/10601
# kind: argnames-range
# raises: ValueError: Jitted function has invalid argnames
from jax import jit


def f(dyn, stat):
    print(dyn)
    print(stat)
    return dyn


jf = jit(f, static_argnames=("some_arg_that_does_not_exist",))  # BUG
jf(1, 2)
