# corpus: label=positive styles=attribute,method batch=s30
import jax
import jax.numpy as jnp


class Sampler:
    def __init__(self, step):
        self.batched_step = jax.vmap(step, in_axes=None)

    def run(self, state):
        return self.batched_step(state)  # expect: vmap-no-mapped-arguments


Sampler(lambda s: s + 1.0).run(jnp.zeros(5))
