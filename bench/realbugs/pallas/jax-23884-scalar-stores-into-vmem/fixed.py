# realbug: jax-23884-scalar-stores-into-vmem (fixed)
# source: https://github.com/jax-ml/jax/issues/23884
# The fix: the output is in SMEM, where scalar stores are allowed.
from functools import partial

import jax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((2,), jnp.int32),
    out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
)
def kernel(x_ref, o_ref):
    a = jnp.array(10, dtype=jnp.int32)
    o_ref[0] = a
    o_ref[1] = a


def main():
    x = jnp.array([0, 0], dtype=jnp.int32)
    y = kernel(x)
    print(y)


if __name__ == "__main__":
    main()
