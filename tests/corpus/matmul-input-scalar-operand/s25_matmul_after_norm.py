"""A projection helper multiplies by a norm that was reduced to a scalar."""
# corpus: label=positive styles=helper,return batch=s25

import jax.numpy as jnp


def scale(x):
    return jnp.linalg.norm(x)


def project(x, w):
    return scale(x) @ w  # expect: matmul-input-scalar-operand


print(project(jnp.ones(3), jnp.ones((3, 2))))
