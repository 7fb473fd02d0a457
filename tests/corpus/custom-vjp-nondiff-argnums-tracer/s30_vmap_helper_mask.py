"""A masked sum with the mask marked nondiff, applied per example with vmap through a helper."""
# corpus: label=positive styles=helper,transform batch=s30

import jax
import jax.numpy as jnp


def _masked_sum(mask, values):
    return jnp.sum(jnp.where(mask, values, 0.0))


def _masked_sum_fwd(mask, values):
    return _masked_sum(mask, values), None


def _masked_sum_bwd(mask, _, g):
    return (jnp.where(mask, g, 0.0),)


masked_sum = jax.custom_vjp(_masked_sum, nondiff_argnums=(0,))
masked_sum.defvjp(_masked_sum_fwd, _masked_sum_bwd)


def example_score(mask, values):
    return masked_sum(mask, values)  # expect: custom-vjp-nondiff-argnums-tracer


masks = jnp.ones((5, 3), dtype=bool)
values = jnp.ones((5, 3))
print(jax.vmap(example_score)(masks, values))
