"""Per-term losses, each a mean, stacked into a vector."""

# corpus: label=negative styles=helper batch=s36
import jax.numpy as jnp


def all_losses(pred, target):
    mse = jnp.mean((pred - target) ** 2)
    l1 = jnp.mean(jnp.abs(pred - target))
    return jnp.stack([mse, l1])


all_losses(jnp.ones(4), jnp.zeros(4))
