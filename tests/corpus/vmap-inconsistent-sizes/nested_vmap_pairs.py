"""A doubly vmapped kernel over (points, points) where the inner mapping gets two batches."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


def rbf(a, b):
    return jnp.exp(-jnp.sum((a - b) ** 2))


def gram(xs, ys):
    row = jax.vmap(rbf, in_axes=(None, 0))
    return jax.vmap(row, in_axes=(0, 0))(xs, ys)  # expect: vmap-inconsistent-sizes


print(gram(jnp.ones((5, 2)), jnp.ones((7, 2))).shape)
