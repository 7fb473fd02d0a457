# corpus: label=positive styles=transform,helper
import jax
import jax.numpy as jnp


def pool_last(hidden):
    return hidden[:, -1, :]  # expect: too-many-indices


def encode(tokens, table):
    return pool_last(table[tokens])


table = jnp.ones((50, 8))
batch = jnp.zeros((4, 12), dtype=jnp.int32)
jax.vmap(encode, in_axes=(0, None))(batch, table)
