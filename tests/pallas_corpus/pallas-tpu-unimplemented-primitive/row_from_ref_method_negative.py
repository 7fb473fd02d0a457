# corpus: label=negative styles=method,attribute batch=pallas
"""The recurrence class reading row t from the Ref (a dynamic load, which Mosaic lowers)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Recurrence:
    def __init__(self, steps=8, width=128):
        self.steps = steps
        self.width = width

    def kernel(self, k_ref, o_ref):
        def step(t, acc):
            return acc + k_ref[pl.ds(t, 1), :]

        total = jax.lax.fori_loop(0, self.steps, step, jnp.zeros((1, self.width), jnp.float32))
        o_ref[...] = jnp.broadcast_to(total, (self.steps, self.width))

    def __call__(self, k):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((self.steps, self.width), jnp.float32),
            compiler_params=pltpu.CompilerParams(),
            interpret=True,
        )(k)


print(Recurrence()(jnp.ones((8, 128), jnp.float32))[0, 0])
