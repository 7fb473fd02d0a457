# corpus: label=negative styles=helper batch=s30
import jax
import jax.numpy as jnp


def broadcast_rows(row, like):
    return jnp.tile(row, (like.shape[0], 1))


@jax.jit
def expand(row, batch):
    return broadcast_rows(row, batch) * 2.0


expand(jnp.ones(5), jnp.ones((3, 5)))
