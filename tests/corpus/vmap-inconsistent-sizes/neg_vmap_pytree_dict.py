"""vmap over a dict of per-example arrays that all share the batch size."""
# corpus: label=negative styles=transform,parameter

import jax
import jax.numpy as jnp


def loss(example):
    return jnp.sum((example["x"] @ example["w"] - example["y"]) ** 2)


batch = {"x": jnp.ones((8, 3)), "w": jnp.ones((8, 3, 2)), "y": jnp.ones((8, 2))}
print(jax.vmap(loss)(batch).shape)
