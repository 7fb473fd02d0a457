"""The mask is a regular argument whose cotangent bwd returns as None, under vmap."""
# corpus: label=negative styles=helper,transform batch=s30

import jax
import jax.numpy as jnp


def _masked_sum(mask, values):
    return jnp.sum(jnp.where(mask, values, 0.0))


def _masked_sum_fwd(mask, values):
    return _masked_sum(mask, values), mask


def _masked_sum_bwd(mask, g):
    return (None, jnp.where(mask, g, 0.0))


masked_sum = jax.custom_vjp(_masked_sum)
masked_sum.defvjp(_masked_sum_fwd, _masked_sum_bwd)


def example_score(mask, values):
    return masked_sum(mask, values)


masks = jnp.ones((5, 3), dtype=bool)
values = jnp.ones((5, 3))
print(jax.vmap(jax.grad(example_score, argnums=1))(masks, values))
