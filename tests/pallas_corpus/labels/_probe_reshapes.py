"""A probe run on the TPU (its outcomes are in tpu-v5e-jax-0.10.2.json as probe/reshape/...):
which in-kernel reshapes of a VMEM tile Mosaic lowers, one pallas_call per shape pair."""

import json
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

PAIRS = [
    ((8, 128), (16, 64)),
    ((16, 128), (8, 256)),
    ((8, 256), (16, 128)),
    ((8, 128), (1024,)),
    ((8, 128), (4, 256)),
    ((8, 128), (8, 2, 64)),
    ((8, 256), (8, 2, 128)),
    ((16, 256), (16, 2, 128)),
    ((2, 8, 128), (16, 128)),
    ((16, 128), (2, 8, 128)),
    ((8, 128), (1, 8, 128)),
    ((1, 8, 128), (8, 128)),
    ((4, 128), (2, 256)),
    ((16, 128), (2048,)),
    ((1024,), (8, 128)),
    ((4, 16, 128), (64, 128)),
    ((8, 8, 128), (8, 1024)),
    ((8, 128), (32, 32)),
    ((16, 128), (32, 64)),
    ((8, 256), (64, 32)),
    ((8, 128), (64, 16)),
    ((16, 128), (16, 2, 64)),
    ((8, 128), (2, 8, 64)),
    ((32, 128), (64, 64)),
    ((16, 64), (8, 128)),
    ((8, 64), (4, 128)),
    ((8, 128), (8, 128)),
]


def run(before, after):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...].reshape(after) * 2.0

    x = jnp.ones(before, jnp.float32)
    out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(after, x.dtype))(x)
    return float(out.sum())


results = []
for before, after in PAIRS:
    name = f"probe/reshape/{'x'.join(map(str, before))}-to-{'x'.join(map(str, after))}"
    try:
        run(before, after)
        results.append({"name": name, "jax": jax.__version__, "raised": False})
    except Exception as error:  # a probe records what each raised
        lines = str(error).strip().splitlines()
        results.append(
            {
                "name": name,
                "jax": jax.__version__,
                "raised": True,
                "error_class": type(error).__name__,
                "message": lines[0][:300] if lines else "",
            }
        )
Path(sys.argv[1]).write_text(json.dumps(results, indent=1), encoding="utf-8")
for result in results:
    print(result)
