# realbug: flax-1386-dense-bias-init-lecun (fixed)
# source: https://github.com/google/flax/issues/1386
import jax
import jax.numpy as jnp
from flax import linen as nn


class Critic(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(256, kernel_init=nn.initializers.lecun_uniform())(x)
        return nn.Dense(1)(nn.relu(x))


Critic().init(jax.random.PRNGKey(0), jnp.ones((1, 8)))
