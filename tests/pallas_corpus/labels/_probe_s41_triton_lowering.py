"""Which operations Pallas's Triton (GPU) lowering of jax 0.12.0.1 refuses, measured on the CPU:
each kernel is lowered for CUDA under an abstract CUDA device (the Triton lowering runs in
Python; no GPU is needed to reach its errors).  Writes what each raised to
``triton-lowering-jax-0.12.0.1.json`` beside this file.

    JAX_PLATFORMS=cpu python tests/pallas_corpus/labels/_probe_s41_triton_lowering.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax import lax
from jax.experimental import pallas as pl
from jax.sharding import AbstractDevice, AbstractMesh

DEVICE = AbstractDevice(device_kind="NVIDIA H100 80GB HBM3", num_cores=None, platform="cuda")


def lower(body: Callable[..., Any], arg: jax.Array) -> None:
    """Lower a kernel that stores ``body(x_ref[...])`` for CUDA."""

    def kernel(x_ref, o_ref):
        o_ref[...] = body(x_ref[...])

    call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(arg.shape, arg.dtype))
    with jax.sharding.use_abstract_mesh(AbstractMesh((1,), ("x",), abstract_device=DEVICE)):
        jax.jit(call).trace(arg).lower(lowering_platforms=("cuda",))


x = jnp.ones((16, 128), jnp.float32)
pos = jnp.full((16, 128), 0.5, jnp.float32)
xi = jnp.ones((16, 128), jnp.int32)
xb = jnp.ones((16, 128), jnp.bfloat16)
xh = jnp.ones((16, 128), jnp.float16)


def wide(reduced: jax.Array) -> jax.Array:
    return jnp.broadcast_to(reduced, (16, 128)).astype(jnp.float32)


CASES: dict[str, tuple[Callable[..., Any], jax.Array]] = {
    "jnp.cumsum": (lambda v: jnp.cumsum(v, axis=1), x),
    "jnp.cumprod": (lambda v: jnp.cumprod(v, axis=1), x),
    "jnp.cumulative_prod": (lambda v: jnp.cumulative_prod(v, axis=1), x),
    "lax.cumprod": (lambda v: lax.cumprod(v, axis=1), x),
    "lax.cummax": (lambda v: lax.cummax(v, axis=1), x),
    "lax.cummin": (lambda v: lax.cummin(v, axis=1), x),
    "jnp.sort": (lambda v: jnp.sort(v, axis=1), x),
    "jnp.argsort": (lambda v: jnp.argsort(v, axis=1).astype(jnp.float32), x),
    "lax.sort": (lambda v: lax.sort(v, dimension=1), x),
    "x.sort": (lambda v: v.sort(axis=1), x),
    "jnp.flip": (lambda v: jnp.flip(v, axis=1), x),
    "jnp.fliplr": (jnp.fliplr, x),
    "jnp.flipud": (jnp.flipud, x),
    "lax.rev": (lambda v: lax.rev(v, (1,)), x),
    "jnp.prod": (lambda v: wide(jnp.prod(v, axis=1, keepdims=True)), x),
    "x.prod": (lambda v: wide(v.prod(axis=1, keepdims=True)), x),
    "lax.reduce_prod": (lambda v: wide(lax.reduce_prod(v, (1,))[:, None]), x),
    "jss.erf": (jss.erf, x),
    "lax.erf": (lax.erf, x),
    "jss.erfc": (jss.erfc, x),
    "lax.erfc": (lax.erfc, x),
    "lax.erf_inv": (lax.erf_inv, pos),
    "lax.lgamma": (lax.lgamma, x),
    "jss.gammaln": (jss.gammaln, x),
    "lax.digamma": (lax.digamma, x),
    "jss.digamma": (jss.digamma, x),
    "jnp.round": (jnp.round, x),
    "jnp.around": (jnp.around, x),
    "lax.round": (lax.round, x),
    "x.round": (lambda v: v.round(), x),
    "jnp.take": (lambda v: jnp.take(v, jnp.arange(16) % 4, axis=0), x),
    "v[index_array]": (lambda v: v[jnp.arange(16) % 4], x),
    "v.at[0].set": (lambda v: v.at[0].set(1.0), x),
    "v.at[0].add": (lambda v: v.at[0].add(1.0), x),
    "lax.dynamic_slice": (
        lambda v: lax.dynamic_slice(v, (jnp.int32(0), jnp.int32(0)), (16, 128)),
        x,
    ),
    "div.float32": (lambda v: v / (v + 1), x),
    "div.bfloat16": (lambda v: v / (v + 1), xb),
    "div.float16": (lambda v: v / (v + 1), xh),
    "div.bfloat16_by_scalar": (lambda v: v / 2.0, xb),
    "jnp.divide.bfloat16": (lambda v: jnp.divide(v, v + 1), xb),
    "jnp.expm1": (jnp.expm1, x),
    "jnp.log1p": (jnp.log1p, x),
    "jnp.arcsin": (jnp.arcsin, pos),
    "jnp.arctan": (jnp.arctan, x),
    "jnp.sinh": (jnp.sinh, x),
    "jnp.cosh": (jnp.cosh, x),
    "jnp.arctanh": (jnp.arctanh, pos),
    "jnp.cbrt": (jnp.cbrt, x),
    "jnp.cos": (jnp.cos, x),
    "jnp.floor": (jnp.floor, x),
    "jnp.argmax": (lambda v: wide(jnp.argmax(v, axis=1, keepdims=True)), x),
    "jnp.max": (lambda v: wide(jnp.max(v, axis=1, keepdims=True)), x),
    "jnp.where": (lambda v: jnp.where(v > 0, v, 0.0), x),
    "jax.nn.gelu": (jax.nn.gelu, x),
    "jax.nn.softmax": (lambda v: jax.nn.softmax(v, axis=-1), x),
    "exp.bfloat16": (jnp.exp, xb),
    "mul.bfloat16": (lambda v: v * v, xb),
    "dot.float32": (lambda v: v @ jnp.ones((128, 128), jnp.float32), x),
    "int32 floor division": (lambda v: v // (v + 1), xi),
    "float32 remainder": (lambda v: v % (v + 1), x),
}


def main() -> None:
    results: dict[str, dict[str, Any]] = {}
    for name, (body, arg) in CASES.items():
        try:
            lower(body, arg)
            results[name] = {"raised": False}
        except Exception as error:  # what the lowering raised is the label
            message = str(error).splitlines()[0] if str(error) else ""
            results[name] = {"raised": True, "class": type(error).__name__, "message": message}
    document = {
        "jax": jax.__version__,
        "platform": "cuda (abstract, lowered on the CPU)",
        "cases": results,
    }
    out = Path(__file__).with_name("triton-lowering-jax-0.12.0.1.json")
    out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    for name, result in results.items():
        print(f"{name:26s} {result.get('class', 'lowered')}: {result.get('message', '')[:90]}")


if __name__ == "__main__":
    main()
