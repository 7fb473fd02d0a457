# Probe (stop 35), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s35/bool_input.py entry of tpu-v5e-jax-0.10.2.json.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(m_ref, x_ref, o_ref):
    o_ref[...] = jnp.where(m_ref[...], x_ref[...], 0.0)


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(),
        interpret=True,
    )(x > 0, x).sum()
)
