"""The jitted sampler keys the first chain's seed only: a scalar."""
# corpus: label=negative styles=attribute,transform batch=s42

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, chains):
        self.seeds = jnp.arange(chains) * 7


@jax.jit
def sample(seeds):
    key = jax.random.PRNGKey(seeds[0])
    return jax.random.normal(key, (2,))


print(sample(Config(3).seeds))
