# corpus: label=negative styles=attribute,method batch=c
"""The running-statistics tracker, fixed: it rebinds its buffer with .at[...].set(...)."""

import jax.numpy as jnp


class RunningStats:
    def __init__(self, num_features: int, momentum: float = 0.9):
        self.momentum = momentum
        self.count = 0
        self.mean = jnp.zeros(num_features)

    def observe(self, feature: int, value: float) -> "RunningStats":
        self.count += 1
        old = self.mean[feature]
        self.mean = self.mean.at[feature].set(self.momentum * old + (1 - self.momentum) * value)
        return self


stats = RunningStats(num_features=4)
for step, reading in enumerate([0.5, 1.5, -0.25]):
    stats.observe(step % 4, reading)
print(stats.mean)
