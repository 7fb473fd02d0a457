# realbug: jax-12385-checkify-check-in-switch-unfunctionalized
# source: https://github.com/jax-ml/jax/issues/12385
# kind: checkify
# raises: ValueError: Cannot abstractly evaluate a checkify.check which was not functionalized
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def make_branch(i):
  def branch():
    result = jnp.full((1,), i)
    checkify.check(jnp.sum(result) > 0, 'Failed!')  # BUG
    return result
  return branch

index = jnp.full((), 0)
result = jax.lax.switch(index, [make_branch(i) for i in range(3)])  # BUG
