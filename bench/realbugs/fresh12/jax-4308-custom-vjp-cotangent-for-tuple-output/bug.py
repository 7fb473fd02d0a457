# realbug: jax-4308-custom-vjp-cotangent-for-tuple-output
# source: https://github.com/jax-ml/jax/issues/4308
# kind: vjp-cotangent-structure
# raises: ValueError: unexpected tree structure
# A `custom_vjp` function returning `(value, new_rng)`; the user called the `vjp`
# function with a cotangent for the value only, not for the pair the function returns.
from functools import partial

from jax import custom_vjp, vjp
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
print(f_vjp(1.0))  # BUG
