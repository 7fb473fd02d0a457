"""`lax.pmean` of one array returns an array: assigning into an item of it raises."""

# corpus: label=positive styles=helper,return batch=s33
import jax
import jax.numpy as jnp
from jax import lax


def compute_losses(logits):
    losses = jnp.stack([jnp.mean(logits), jnp.max(logits)])
    return lax.pmean(losses, axis_name="batch")


def train_step(logits, lr):
    losses = compute_losses(logits)
    losses[0] = lr  # expect: immutable-array-item-assignment
    return losses


print(jax.pmap(train_step, axis_name="batch")(jnp.ones((1, 3)), jnp.ones(1)))
