import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref, a, b, sem):
    a[...] = x_ref[...]
    c = pltpu.make_async_copy(a, b, sem)
    c.start()
    c.wait()
    o_ref[...] = b[pl.ds(0, 8), :]


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        scratch_shapes=[
            pltpu.VMEM((8, 128), jnp.float32),
            pltpu.VMEM((16, 128), jnp.float32),
            pltpu.SemaphoreType.DMA,
        ],
        interpret=True,
    )(x).sum()
)
