"""A batch dict whose entries have different leading sizes is vmapped over."""
# corpus: label=positive styles=transform,attribute batch=s25

import jax
import jax.numpy as jnp


def make_batch(n):
    return {"x": jnp.ones((n, 3)), "y": jnp.ones(n - 1)}


def loss(batch):
    return (batch["x"].sum() - batch["y"]) ** 2


print(jax.vmap(loss)(make_batch(8)))  # expect: vmap-inconsistent-sizes
