"""The batch dict with matching leading sizes."""
# corpus: label=negative styles=transform,attribute batch=s25

import jax
import jax.numpy as jnp


def make_batch(n):
    return {"x": jnp.ones((n, 3)), "y": jnp.ones(n)}


def loss(batch):
    return (batch["x"].sum() - batch["y"]) ** 2


print(jax.vmap(loss)(make_batch(8)))
