# realbug: jax-11646-custom-vjp-int-of-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/11646
from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def do_something(z, x):
    sq = int(x)
    return z**sq


def do_smth_fwd(z, x):
    sq = int(x)
    return do_something(z, x), (z,)


def do_smth_bwd(x, residual, g):
    (z,) = residual
    sq = int(x)
    return (g * sq * z ** (sq - 1),)


do_something.defvjp(do_smth_fwd, do_smth_bwd)


@partial(jax.jit, static_argnums=(1))
def f(z, x):
    res = do_something(z, x)
    return res


gf = jax.grad(f)

print(gf(3.0, 2.0))
