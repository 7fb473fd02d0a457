# realbug: jax-22817-program-id-stored-into-vmem (fixed)
# source: https://github.com/jax-ml/jax/issues/22817
# The maintainers' workaround: the output lives in SMEM, where scalar stores are allowed.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i


def iota(size: int):
    return pl.pallas_call(
        iota_kernel,
        out_shape=jax.ShapeDtypeStruct((size,), jnp.int32),
        out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
        grid=(size,),
    )()


iota(8)
