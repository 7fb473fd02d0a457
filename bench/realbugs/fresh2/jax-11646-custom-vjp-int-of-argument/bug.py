# realbug: jax-11646-custom-vjp-int-of-argument
# source: https://github.com/jax-ml/jax/issues/11646
# kind: tracer-int-conversion
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
from functools import partial

import jax


@jax.custom_vjp
def do_something(z, x):
    sq = int(x)  # BUG
    return z**sq


def do_smth_fwd(z, x):
    sq = int(x)
    return do_something(z, x), (z, sq)


def do_smth_bwd(residual, g):
    z, sq = residual
    return g * sq * z ** (sq - 1), None


do_something.defvjp(do_smth_fwd, do_smth_bwd)


@partial(jax.jit, static_argnums=(1))
def f(z, x):
    res = do_something(z, x)
    return res


gf = jax.grad(f)

print(gf(3.0, 2.0))
