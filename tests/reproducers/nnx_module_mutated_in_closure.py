"""An nnx Module given to nnx.jit as the function: its __call__ sets an attribute of the
module, which reached the trace by closure, so nnx raises TraceContextError (flax 0.12.12)."""

import jax.numpy as jnp
from flax import nnx


class Tracker(nnx.Module):
    def __init__(self):
        self.steps = 0

    def __call__(self, x):
        self.steps = self.steps + 1
        return x * 2


tracker = Tracker()
nnx.jit(tracker)(jnp.ones(3))
