"""`axis=None` flattens every operand before joining them: a matrix and a vector of other
ranks concatenate into one vector."""

# corpus: label=negative styles=helper,parameter batch=s33
import jax.numpy as jnp


def flat_parameters(weights, bias, axis=None):
    return jnp.concatenate([weights, bias], axis=axis)


print(flat_parameters(jnp.ones((2, 2)), jnp.zeros(2)).shape)
