"""A jitted sampler takes the run's seeds (one per chain) and makes a key from them."""
# corpus: label=positive styles=attribute,transform batch=s42

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, chains):
        self.seeds = jnp.arange(chains) * 7


@jax.jit
def sample(seeds):
    key = jax.random.PRNGKey(seeds)  # expect: random-key-as-seed
    return jax.random.normal(key, (2,))


print(sample(Config(3).seeds))
