# corpus: label=positive styles=method,attribute batch=c
"""An early-stopping tracker calls .item() on the loss inside its jitted update method."""

import jax
import jax.numpy as jnp


class EarlyStopping:
    def __init__(self, patience=3):
        self.patience = patience
        self.best = float("inf")

    def score(self, loss):
        value = loss.item()  # expect: concretization-type-error
        return jnp.float32(value < self.best)


stopper = EarlyStopping()
print(jax.jit(stopper.score)(jnp.float32(0.5)))
