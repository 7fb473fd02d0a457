# realbug: jax-12385-checkify-check-in-switch-unfunctionalized (fixed)
# source: https://github.com/jax-ml/jax/issues/12385
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def make_branch(i):
  def branch():
    result = jnp.full((1,), i)
    checkify.check(jnp.sum(result) > 0, 'Failed!')
    return result
  return branch

index = jnp.full((), 0)
err, result = checkify.checkify(
    lambda index: jax.lax.switch(index, [make_branch(i) for i in range(3)]))(index)
