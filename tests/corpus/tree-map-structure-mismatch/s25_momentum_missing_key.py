"""A momentum optimizer keeps its velocity as a dict missing the bias, and tree_map meets params with more keys."""
# corpus: label=positive styles=helper,attribute batch=s25

import jax
import jax.numpy as jnp


def init_velocity(params):
    return {"w": jnp.zeros_like(params["w"])}


def momentum_step(params, grads, velocity, lr=0.1, beta=0.9):
    velocity = jax.tree.map(  # expect: tree-map-structure-mismatch
        lambda v, g: beta * v + g, velocity, grads
    )
    return jax.tree.map(lambda p, v: p - lr * v, params, velocity), velocity


params = {"w": jnp.ones(3), "b": jnp.zeros(())}
print(momentum_step(params, params, init_velocity(params)))
