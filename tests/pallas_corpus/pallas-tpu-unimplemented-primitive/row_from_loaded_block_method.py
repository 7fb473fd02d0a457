# corpus: label=positive styles=method,attribute batch=pallas
"""A recurrence class reads row t of its loaded block inside a fori_loop (jax#18897's
pattern): indexing a value with the loop counter is a dynamic slice."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Recurrence:
    def __init__(self, steps=8, width=128):
        self.steps = steps
        self.width = width

    def kernel(self, k_ref, o_ref):
        k = k_ref[...]

        def step(t, acc):
            return acc + k[t]  # expect: pallas-tpu-unimplemented-primitive

        total = jax.lax.fori_loop(0, self.steps, step, jnp.zeros((self.width,), jnp.float32))
        o_ref[...] = jnp.broadcast_to(total, (self.steps, self.width))

    def __call__(self, k):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((self.steps, self.width), jnp.float32),
            compiler_params=pltpu.CompilerParams(),
            interpret=True,
        )(k)


print(Recurrence()(jnp.ones((8, 128), jnp.float32))[0, 0])
