"""The same jitted policy takes the arg-max over the last axis, `len(state.shape) - 1`, a Python int of the static shape: `jnp.argmax` reads a concrete axis, and the policy runs."""
# corpus: label=negative styles=method,transform batch=s38

from functools import partial

import jax
import jax.numpy as jnp


class Agent:
    def __init__(self, params):
        self.params = params

    @partial(jax.jit, static_argnums=(0,))
    def policy(self, state):
        q = state @ self.params
        return jnp.argmax(q, axis=len(state.shape) - 1)


def act(agent, states):
    return [agent.policy(s) for s in states]


print(act(Agent(jnp.ones((4, 2))), [jnp.ones(4)]))
