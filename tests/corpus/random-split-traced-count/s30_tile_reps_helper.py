# corpus: label=positive styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp


def broadcast_rows(row, count):
    return jnp.tile(row, (count, 1))  # expect: random-split-traced-count


@jax.jit
def expand(row, count):
    return broadcast_rows(row, count) * 2.0


expand(jnp.ones(5), 3)
