# realbug: lagrangian-nns-6-grad-nonscalar
# source: https://github.com/MilesCranmer/lagrangian_nns/issues/6
# kind: grad-non-scalar-output
# raises: TypeError: Gradient only defined for scalar-output functions
from functools import partial

import jax
import jax.numpy as jnp


def nn_forward_fn(params, state):
    return jnp.tanh(state @ params)


def learned_dynamics(params):
    def dynamics(q, q_t):
        state = jnp.concatenate([q, q_t])
        return nn_forward_fn(params, state)

    return dynamics


def lagrangian_eom(lagrangian, state):
    q, q_t = jnp.split(state, 2)
    return jax.grad(lagrangian, 0)(q, q_t)  # BUG


params = jnp.ones((4, 1))
state = jnp.ones((3, 4))
preds = jax.vmap(partial(lagrangian_eom, learned_dynamics(params)))(state)
print(preds.shape)
