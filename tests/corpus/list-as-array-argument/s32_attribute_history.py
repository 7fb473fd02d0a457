"""A tracker appends each step's loss to a list attribute and reports the best one."""
# corpus: label=positive styles=attribute,method batch=s32

import jax.numpy as jnp


class Tracker:
    def __init__(self):
        self.history = []

    def record(self, loss):
        self.history.append(loss)

    def best(self):
        return jnp.min(self.history)  # expect: list-as-array-argument


tracker = Tracker()
tracker.record(jnp.float32(0.5))
tracker.record(jnp.float32(0.25))
print(tracker.best())
