# realbug: jax-4308-custom-vjp-cotangent-for-tuple-output (fixed)
# source: https://github.com/jax-ml/jax/issues/4308
from functools import partial

import numpy as np
from jax import custom_vjp, dtypes, vjp
from jax.random import PRNGKey, normal, split


@partial(custom_vjp, nondiff_argnums=(1,))
def f(x, rng):
  rng, new_rng = split(rng)
  y = normal(rng)
  return x + y, new_rng


def f_fwd(x, rng):
  return f(x, rng), None


def f_bwd(rng, residuals, cotangents):
  x_bar, rng_bar = cotangents
  return (x_bar,)


f.defvjp(f_fwd, f_bwd)

rng = PRNGKey(0)
z, f_vjp = vjp(lambda x: f(x, rng), 5.0)
print(f_vjp((1.0, np.zeros(z[1].shape, dtypes.float0))))
