import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_hbm, o_ref, buf, sem):
    c = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 1)], buf, sem)
    c.start()
    c.wait()
    o_ref[...] = buf[...]


x = jnp.ones((2, 8, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
        interpret=True,
    )(x).sum()
)
