"""Per-term losses, each a mean, joined with concatenate."""

# corpus: label=positive styles=helper batch=s36
import jax.numpy as jnp


def all_losses(pred, target):
    mse = jnp.mean((pred - target) ** 2)
    l1 = jnp.mean(jnp.abs(pred - target))
    return jnp.concatenate([mse, l1])  # expect: concatenate-zero-dimensional


all_losses(jnp.ones(4), jnp.zeros(4))
