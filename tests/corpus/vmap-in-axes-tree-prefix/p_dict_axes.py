"""A dict in_axes that names only one of the params dict's two entries."""

# corpus: label=positive styles=transform,parameter
import jax
import jax.numpy as jnp


def predict(params, x):
    return x @ params["w"] + params["b"]


batched = jax.vmap(predict, in_axes=({"w": None}, 0))
params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
batched(params, jnp.ones((5, 3)))  # expect: vmap-in-axes-tree-prefix
