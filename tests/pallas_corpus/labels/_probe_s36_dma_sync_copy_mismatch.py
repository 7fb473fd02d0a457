import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_hbm, o_ref, buf):
    pltpu.sync_copy(x_hbm.at[pl.ds(0, 8)], buf)
    o_ref[...] = buf[...]


x = jnp.ones((16, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],
        interpret=True,
    )(x).sum()
)
