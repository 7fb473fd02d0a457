"""A sampler whose method imports the removed PRNGKeyArray type where it checks its key."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp


class Sampler:
    def __init__(self, seed):
        self.key = jax.random.key(seed)

    def draw(self, shape):
        from jax.random import PRNGKeyArray  # expect: jax-import-name-missing

        assert isinstance(self.key, PRNGKeyArray | jax.Array)
        self.key, sub = jax.random.split(self.key)
        return jax.random.normal(sub, shape)


print(jnp.mean(Sampler(0).draw((3,))))
