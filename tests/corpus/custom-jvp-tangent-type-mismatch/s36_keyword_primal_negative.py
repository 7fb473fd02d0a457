"""A custom_jvp of two differentiable arguments, the second passed by keyword: JAX binds it to its position, so the rule gets both primals."""
# corpus: label=negative styles=parameter

import jax
import jax.numpy as jnp


@jax.custom_jvp
def scaled(x, y):
    return x * y


@scaled.defjvp
def scaled_jvp(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return scaled(x, y), tx * y + x * ty


print(jax.grad(lambda x: scaled(x, y=jnp.ones(3)).sum())(jnp.ones(3)))
