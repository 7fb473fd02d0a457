# corpus: label=negative styles=attribute,return
import jax
import jax.numpy as jnp


def make_layer(n_in, n_out):
    return {"kernel": jnp.ones((n_in, n_out)), "bias": jnp.zeros(n_out)}


def layer_axes(layer):
    return jax.tree.map(lambda _: 0, layer)


def apply(layer, x):
    return x @ layer["kernel"] + layer["bias"]


ensemble = jax.tree.map(lambda a: jnp.stack([a, a]), make_layer(3, 2))
jax.vmap(apply, in_axes=(layer_axes(ensemble), None))(ensemble, jnp.ones(3))
