# corpus: label=positive styles=helper,parameter,return batch=s35
"""A helper launches a kernel whose per-row bias table sits in SMEM and is read as a row."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(b_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + b_ref[0, :]  # expect: pallas-tpu-smem-vector


def add_bias(x, bias):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[
            pl.BlockSpec(memory_space=pltpu.SMEM),
            pl.BlockSpec(memory_space=pltpu.VMEM),
        ],
        interpret=True,
    )(bias, x)


print(add_bias(jnp.ones((8, 128)), jnp.ones((2, 128))).sum())
