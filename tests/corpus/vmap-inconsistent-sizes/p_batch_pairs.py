"""Pairwise distances vmapped over two batches of different sizes."""

# corpus: label=positive styles=transform,helper
import jax
import jax.numpy as jnp


def distance(a, b):
    return jnp.sum((a - b) ** 2)


def batch_distance(xs, ys):
    return jax.vmap(distance)(xs, ys)  # expect: vmap-inconsistent-sizes


batch_distance(jnp.ones((5, 3)), jnp.ones((4, 3)))
