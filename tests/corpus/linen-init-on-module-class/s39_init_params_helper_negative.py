"""The same helper with the network constructed before init."""

# corpus: label=negative styles=helper batch=s39

import flax.linen as nn
import jax
import jax.numpy as jnp


class Net(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.gelu(nn.Dense(self.hidden)(x)))


KEYS = jax.random.split(jax.random.PRNGKey(7), 2)
SAMPLE = jnp.zeros((1, 5))


def init_params():
    return Net(hidden=8).init(KEYS[0], SAMPLE)["params"]


params = init_params()
