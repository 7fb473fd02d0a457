"""A tracker's bound `_step` method is the scan body; it returns `jnp.where(...)` only."""
# corpus: label=positive styles=method

import jax.numpy as jnp
from jax import lax


class PeakTracker:
    def __init__(self, floor=0.0):
        self.floor = floor

    def _step(self, peak, x):
        return jnp.where(x > peak, x, peak)  # expect: scan-body-not-pair

    def track(self, signal):
        peak, history = lax.scan(self._step, jnp.float32(self.floor), signal)
        return peak, history


print(PeakTracker().track(jnp.array([0.1, 0.5, 0.3, 0.9, 0.2])))
