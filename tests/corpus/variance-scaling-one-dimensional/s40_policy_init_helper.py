"""A policy network whose torso uses He initialisation everywhere, its parameters made by a
helper."""

# corpus: label=positive styles=helper,method batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.nn import initializers


class Policy(nn.Module):
    actions: int = 4

    @nn.compact
    def __call__(self, obs):
        x = nn.relu(
            nn.Dense(
                64,
                kernel_init=initializers.he_normal(),
                bias_init=initializers.he_normal(),  # expect: variance-scaling-one-dimensional
            )(obs)
        )
        return nn.Dense(self.actions)(x)


def make_params(seed, obs_size=6):
    return Policy().init(jax.random.PRNGKey(seed), jnp.zeros((1, obs_size)))


params = make_params(0)
