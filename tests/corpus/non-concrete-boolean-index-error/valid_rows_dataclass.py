"""A registered batch dataclass carries a `valid` mask field; the jitted loss indexes with it."""
# corpus: label=positive styles=attribute

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class Batch:
    values: jax.Array
    valid: jax.Array


@jax.jit
def batch_loss(batch):
    kept = batch.values[batch.valid]  # expect: non-concrete-boolean-index-error
    return jnp.mean(kept**2)


batch = Batch(values=jnp.arange(4.0), valid=jnp.array([True, True, False, True]))
batch_loss(batch)
