"""A trainer decorates its own method with `@jax.jit`: the instance itself is jit's first
argument, and a plain class is no array."""
# corpus: label=positive styles=method batch=s31

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    @jax.jit
    def step(self, params, grads):
        return params - self.lr * grads


trainer = Trainer(0.1)
print(trainer.step(jnp.ones(3), jnp.ones(3)))  # expect: jit-non-array-argument
