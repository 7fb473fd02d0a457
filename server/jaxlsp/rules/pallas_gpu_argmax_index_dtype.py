"""``jnp.argmax`` or ``jnp.argmin`` (or ``x.argmax()``, ``jnp.nanargmax``, ``lax.argmax``) in a
GPU kernel of a module that turns 64-bit mode on: their index is an int64 then, and Pallas's
Triton lowering takes only int32 indices for them, so lowering the kernel for a GPU raises
ValueError ("`index_type` must be i32", jax#18847); casting the result afterwards does not help,
the index is made inside the reduction.  Interpret mode runs it.  Measured on the pinned JAX by
lowering for CUDA on the CPU (an abstract CUDA device).  Found where the module turns the mode
on before anything else runs (as ``pallas-tpu-dtype`` reads it) and the call is in the body of
a ``pallas_call`` kernel that a GPU compiles with Triton (``GpuKernels``); ``lax.argmax`` only
where its ``index_dtype`` is named as int64.  Where 64-bit mode comes from elsewhere (the
environment) nothing is said."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, gpu_kernels, on_gpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.rules.pallas_tpu_dtype import x64_from_the_start

#: The reductions whose index is the default integer (int64 in 64-bit mode).
_DEFAULT_INDEX = {
    "jax.numpy.argmax": "jnp.argmax",
    "jax.numpy.argmin": "jnp.argmin",
    "jax.numpy.nanargmax": "jnp.nanargmax",
    "jax.numpy.nanargmin": "jnp.nanargmin",
    "jax.Array.argmax": "x.argmax",
    "jax.Array.argmin": "x.argmin",
}
#: ``lax.argmax``/``argmin``, whose index dtype is their argument.
_NAMED_INDEX = {"jax.lax.argmax": "lax.argmax", "jax.lax.argmin": "lax.argmin"}

_SETUP = """
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

jax.config.update("jax_enable_x64", True)
"""


def _names_int64(node: ast.expr | None) -> bool:
    """``jnp.int64`` (or ``jax.numpy.int64``, ``np.int64``) as written."""
    return node is not None and ast.unparse(node) in {"jnp.int64", "jax.numpy.int64", "np.int64"}


class PallasGpuArgmaxIndexDtype(Rule):
    NAME = "pallas-gpu-argmax-index-dtype"
    CODE = "pallas-gpu-argmax-index-dtype"
    RECORD_ID = "f85d96b05ffc4608"
    READS = PALLAS_FACTS

    VALID = (
        _SETUP
        + """
def best(x_ref, o_ref):
    o_ref[...] = lax.argmax(x_ref[...], 1, jnp.int32)

x = jnp.ones((16, 16), jnp.float32)
pl.pallas_call(best, out_shape=jax.ShapeDtypeStruct((16,), jnp.int32),
               compiler_params=plgpu.CompilerParams(num_warps=4), interpret=True)(x)
""",
    )
    INVALID = (
        _SETUP
        + """
def best(x_ref, o_ref):
    o_ref[...] = jnp.argmax(x_ref[...], axis=1)  # expect: pallas-gpu-argmax-index-dtype

x = jnp.ones((16, 16), jnp.float32)
pl.pallas_call(best, out_shape=jax.ShapeDtypeStruct((16,), jnp.int64),
               compiler_params=plgpu.CompilerParams(num_warps=4), interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        gpu = gpu_kernels(program)
        if gpu is None or not x64_from_the_start(program):
            return
        reported: set[Site] = set()
        for call in program.facts.api_calls:
            name = call.api.name
            short = _DEFAULT_INDEX.get(name)
            if short is None:
                short = _NAMED_INDEX.get(name)
                if short is None or not _names_int64(call.nodes.get("index_dtype")):
                    continue
            if call.site in reported or (kernel := gpu.kernel_of(call.frame)) is None:
                continue
            operand = call.arguments.get("self" if name.startswith("jax.Array.") else "a") or (
                call.arguments.get("operand")
            )
            if not operand or not all(isinstance(v, Array) for v in operand):
                continue  # no array operand shown
            reported.add(call.site)
            found = finding(
                self,
                record,
                program,
                call.site,
                f"`{short}` in this GPU kernel, with 64-bit mode on: its index is an int64, "
                "and Pallas's Triton lowering takes only int32 indices for an argmax or argmin, "
                "so lowering the kernel for a GPU raises ValueError (`index_type` must be i32), "
                "though interpret mode runs it; a cast of the result does not help. Ask for an "
                "int32 index: `lax.argmax(x, axis, jnp.int32)`.",
                (related(program, kernel, "the kernel's launch"),),
            )
            yield found if gpu.says_triton[kernel] else on_gpu(found)
