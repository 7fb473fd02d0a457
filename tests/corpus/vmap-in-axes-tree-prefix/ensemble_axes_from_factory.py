# corpus: label=positive styles=attribute,return
import jax
import jax.numpy as jnp


def make_layer(n_in, n_out):
    return {"kernel": jnp.ones((n_in, n_out)), "bias": jnp.zeros(n_out)}


def layer_axes():
    return {"kernel": 0, "bias": 0, "scale": None}


def apply(layer, x):
    return x @ layer["kernel"] + layer["bias"]


ensemble = jax.tree.map(lambda a: jnp.stack([a, a]), make_layer(3, 2))
ensemble_apply = jax.vmap(apply, in_axes=(layer_axes(), None))
ensemble_apply(ensemble, jnp.ones(3))  # expect: vmap-in-axes-tree-prefix
