# corpus: label=positive styles=attribute,method batch=c
"""A running-statistics tracker keeps its buffers as jax arrays and updates one slot in place."""

import jax.numpy as jnp


class RunningStats:
    def __init__(self, num_features: int, momentum: float = 0.9):
        self.momentum = momentum
        self.count = 0
        self.mean = jnp.zeros(num_features)
        self.var = jnp.ones(num_features)

    def observe(self, feature: int, value: float) -> "RunningStats":
        self.count += 1
        old = self.mean[feature]
        new = self.momentum * old + (1 - self.momentum) * value
        self.mean[feature] = new  # expect: immutable-array-item-assignment
        return self


stats = RunningStats(num_features=4)
for step, reading in enumerate([0.5, 1.5, -0.25]):
    stats.observe(step % 4, reading)
print(stats.mean)
