# corpus: label=positive styles=method,attribute batch=c
"""A filter object keeps entries above its threshold; its __call__ is jitted."""

import jax
import jax.numpy as jnp


class ThresholdFilter:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x):
        keep = x > self.threshold
        return x[keep]  # expect: non-concrete-boolean-index-error


filt = ThresholdFilter(0.25)
fast = jax.jit(filt.__call__)
print(fast(jnp.linspace(0.0, 1.0, 5)))
