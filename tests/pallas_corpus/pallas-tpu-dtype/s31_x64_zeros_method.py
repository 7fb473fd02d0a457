# corpus: label=positive styles=method,attribute batch=s31
"""With 64-bit mode on, a solver object keeps a float64 state made with jnp.zeros and feeds it
to its TPU kernel method."""

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Relaxation:
    def __init__(self):
        self.state = jnp.zeros((8, 128), dtype=jnp.float64)

    def kernel(self, s_ref, o_ref):
        o_ref[...] = s_ref[...] * 0.5 + 1.0

    def step(self):
        return pl.pallas_call(  # expect: pallas-tpu-dtype
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(self.state.shape, self.state.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            interpret=True,
        )(self.state)


print(Relaxation().step().sum())
