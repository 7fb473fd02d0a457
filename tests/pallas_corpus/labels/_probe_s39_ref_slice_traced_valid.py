# Probe (stop 39), run on a TPU v5e with jax 0.10.2 through the device tool: its outcome is the
# probe/s39/ref_slice_traced_valid.py entry of tpu-v5e-jax-0.10.2.json (the code ran as below, without
# this header and docstring: it was written as an example of a rule later folded into
# tracer-bool-conversion-error).
"""A kernel Ref windowed with pl.ds at a traced start, and sliced by Python ints."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)


def rows(x_ref, o_ref):
    i = pl.program_id(0)
    o_ref[pl.ds(i * 8, 8), :] = x_ref[pl.ds(i * 8, 8), :] * 2.0
    o_ref[0:8, :] = x_ref[0:8, :] + o_ref[0:8, :]


pl.pallas_call(rows, out_shape=out, grid=(2,), interpret=True)(x)
