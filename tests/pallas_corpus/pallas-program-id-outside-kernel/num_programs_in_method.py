# corpus: label=positive styles=method batch=pallas
"""A method that picks the number of steps asks pl.num_programs outside the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def sum_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


class Reducer:
    def steps(self):
        return pl.num_programs(0)  # expect: pallas-program-id-outside-kernel

    def __call__(self, x):
        n = self.steps()
        out = pl.pallas_call(
            sum_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            interpret=True,
        )(x)
        return out / n


print(Reducer()(jnp.ones((8, 128), jnp.float32)).sum())
