"""A custom_jvp row norm whose rule reduces the tangent over the row, pushed through jax.jvp
with the rows as a parameter."""
# corpus: label=negative styles=parameter,transform batch=e

import jax
import jax.numpy as jnp


@jax.custom_jvp
def row_norm(x):
    return jnp.sqrt((x**2).sum(axis=-1))


@row_norm.defjvp
def row_norm_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    n = row_norm(x)
    return n, (x / n[:, None] * x_dot).sum(axis=-1)


def directional(rows, direction):
    return jax.jvp(row_norm, (rows,), (direction,))


directional(jnp.ones((3, 4)), jnp.ones((3, 4)))
