# Probe (stop 35), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s35/semantics_shorter.py entry of tpu-v5e-jax-0.10.2.json.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.ones((64, 256), jnp.float32)
spec = pl.BlockSpec((16, 128), lambda i, j: (i, j))
print(
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(4, 2),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=True,
    )(x).sum()
)
