"""A critic ported from Keras, every initializer of the first layer set to Glorot."""

# corpus: label=positive styles=method batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn

glorot = nn.initializers


class Critic(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, obs, act):
        x = jnp.concatenate([obs, act], axis=-1)
        x = nn.Dense(
            self.hidden,
            kernel_init=glorot.glorot_uniform(),
            bias_init=glorot.glorot_uniform(),  # expect: variance-scaling-one-dimensional
        )(x)
        return nn.Dense(1)(nn.relu(x))


critic = Critic()
params = critic.init(jax.random.PRNGKey(0), jnp.ones((2, 3)), jnp.ones((2, 1)))
