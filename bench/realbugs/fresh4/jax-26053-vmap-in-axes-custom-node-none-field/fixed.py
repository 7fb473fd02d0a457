# realbug: jax-26053-vmap-in-axes-custom-node-none-field (fixed)
# source: https://github.com/jax-ml/jax/issues/26053
# The reporter's working version: plain dictionaries, whose None axis is a leaf of the spec.
import jax, jax.numpy as jnp

a = {"a": jnp.array([1, 2, 3]), "b": 2}
a_axes = {"a": 0, "b": None}
fn = jax.vmap(lambda a: a["a"] + a["b"], in_axes=(a_axes, ))
print(fn(a))
