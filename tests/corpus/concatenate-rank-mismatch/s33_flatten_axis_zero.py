"""The same join with the axis left at 0: a matrix and a vector of other ranks cannot be
concatenated."""

# corpus: label=positive styles=helper,parameter batch=s33
import jax.numpy as jnp


def flat_parameters(weights, bias, axis=0):
    return jnp.concatenate([weights, bias], axis=axis)  # expect: concatenate-rank-mismatch


print(flat_parameters(jnp.ones((2, 2)), jnp.zeros(2)).shape)
