"""The method is jitted with `self` static: a plain instance hashes by identity, so jit
keeps it out of the trace."""
# corpus: label=negative styles=method batch=s31

from functools import partial

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    @partial(jax.jit, static_argnums=0)
    def step(self, params, grads):
        return params - self.lr * grads


trainer = Trainer(0.1)
print(trainer.step(jnp.ones(3), jnp.ones(3)))
