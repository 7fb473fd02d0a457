"""A DQN agent's jitted policy takes the arg-max over the axis `jnp.max(state.shape)` (jax-agents' `dqn.py`): `jnp.max` refuses the shape, a Python tuple, whatever the state's rank, so the policy raises TypeError before the axis is read."""
# corpus: label=positive styles=method,transform batch=s38

from functools import partial

import jax
import jax.numpy as jnp


class Agent:
    def __init__(self, params):
        self.params = params

    @partial(jax.jit, static_argnums=(0,))
    def policy(self, state):
        q = state @ self.params
        return jnp.argmax(q, axis=jnp.max(state.shape))  # expect: list-as-array-argument


def act(agent, states):
    return [agent.policy(s) for s in states]


print(act(Agent(jnp.ones((4, 2))), [jnp.ones(4)]))
