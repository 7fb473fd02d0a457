# corpus: label=negative styles=transform,method batch=c
"""Outside jit, the filter runs eagerly, even under jax.grad: the mask's values are known."""

import jax
import jax.numpy as jnp


class ThresholdFilter:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x):
        return x[x > self.threshold]


filt = ThresholdFilter(0.25)
x = jnp.linspace(0.0, 1.0, 5)
print(filt(x), jax.grad(lambda v: filt(v).sum())(x))
