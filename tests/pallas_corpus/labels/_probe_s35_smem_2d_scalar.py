# Probe (stop 35), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s35/smem_2d_scalar.py entry of tpu-v5e-jax-0.10.2.json.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(t_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * t_ref[0, 1]


t = jnp.full((8, 128), 2.0, jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pltpu.VMEM)],
        interpret=True,
    )(t, x).sum()
)
