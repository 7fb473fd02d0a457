"""An optax-like gradient transformation: a factory returning (init, update) closures."""

import jax
import jax.numpy as jnp


def momentum(lr, beta=0.9):
    def init(params):
        return {"velocity": jax.tree.map(jnp.zeros_like, params)}

    def update(grads, state):
        step = lambda v, g: beta * v + g
        old = state["velocity"]
        velocity = jax.tree.map(step, old, grads)  # expect: tree-map-structure-mismatch
        updates = jax.tree.map(lambda v: -lr * v, velocity)
        return updates, {"velocity": velocity}

    return init, update


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: p + u, params, updates)
