# realbug: lagrangian-nns-6-grad-nonscalar (fixed)
# source: https://github.com/MilesCranmer/lagrangian_nns/issues/6
from functools import partial

import jax
import jax.numpy as jnp


def nn_forward_fn(params, state):
    return jnp.tanh(state @ params)


def learned_dynamics(params):
    def dynamics(q, q_t):
        state = jnp.concatenate([q, q_t])
        return jnp.squeeze(nn_forward_fn(params, state), axis=-1)

    return dynamics


def lagrangian_eom(lagrangian, state):
    q, q_t = jnp.split(state, 2)
    return jax.grad(lagrangian, 0)(q, q_t)


params = jnp.ones((4, 1))
state = jnp.ones((3, 4))
preds = jax.vmap(partial(lagrangian_eom, learned_dynamics(params)))(state)
print(preds.shape)
