# corpus: label=positive styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp
import numpy as np


def gather_rows(table, rows):
    return table[rows]  # expect: tracer-array-conversion-error


@jax.jit
def embed(tokens):
    weights = np.full((10, 4), 0.1)
    return jnp.sum(gather_rows(weights, tokens), axis=0)


embed(jnp.array([1, 3, 5]))
