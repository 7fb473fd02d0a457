"""Gradient clipping with a Python if, reached through **opts and a tree_map lambda under jit."""

# corpus: label=positive styles=parameter,helper
import jax
import jax.numpy as jnp


def clip_norm(g, max_norm=1.0):
    norm = jnp.linalg.norm(g)
    if norm > max_norm:  # expect: tracer-bool-conversion-error
        g = g * max_norm / norm
    return g


def update(params, grads, **opts):
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * clip_norm(g, **opts), params, grads)


jax.jit(update)({"w": jnp.ones(3)}, {"w": jnp.ones(3)})
