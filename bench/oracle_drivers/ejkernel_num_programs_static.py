"""ejkernel ``kernels/_pallas/tpu/all_gather_matmul/_pallas_impl.py:388``
(tracer-bool-conversion-error on ``if grid_k == 1``): ``grid_k = pl.num_programs(2)`` in a
kernel whose ``pallas_call`` grid (line 699) is ``(tp_size + 2, grid_n, grid_k)``, Python ints
made from static shapes.  The kernel needs a TPU mesh (remote copies), so this runs a kernel
with a static grid in Pallas's interpret mode on the CPU, tests ``pl.num_programs(2) == 1``
with a Python ``if`` as line 388 does, and reads the grid the wheel passes.  False when the
``if`` runs (``num_programs`` of a static grid is a Python int, no tracer).

    python ejkernel_num_programs_static.py SRC      (SRC: the unpacked wheel, ``{src}``)
"""

import sys
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

path = "ejkernel/kernels/_pallas/tpu/all_gather_matmul/_pallas_impl.py"
lines = Path(sys.argv[1], path).read_text(encoding="utf-8").splitlines()
grid = lines[698].strip()
seen: list[str] = []


def kernel(x_ref, o_ref):
    grid_k = pl.num_programs(2)
    seen.append(type(grid_k).__name__)
    if grid_k == 1:
        o_ref[...] = x_ref[...]
    else:
        o_ref[...] = 2 * x_ref[...]


try:
    pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        grid=(3, 2, 1),
        interpret=True,
    )(jnp.ones((8, 128)))
except jax.errors.TracerBoolConversionError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:120]}")
else:
    print(f"verdict: false: with a static grid num_programs gives {seen[0]}; the wheel's {grid}")
