"""A Haiku Q-network held by an agent class, made for one observation size and fed another."""

# corpus: label=positive styles=method,parameter batch=s41
import haiku as hk
import jax
import jax.numpy as jnp


def q_function(obs):
    return hk.Linear(2)(obs)


class Agent:
    def __init__(self, obs_size):
        self.q = hk.without_apply_rng(hk.transform(q_function))
        self.params = self.q.init(jax.random.PRNGKey(0), jnp.ones((1, obs_size)))

    def values(self, obs):
        return self.q.apply(self.params, obs)  # expect: haiku-parameter-shape-mismatch


agent = Agent(5)
agent.values(jnp.ones((8, 7)))
