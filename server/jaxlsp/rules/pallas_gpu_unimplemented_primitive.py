"""An operation in a GPU kernel that binds a primitive Pallas's Triton lowering has no rule
for: ``jnp.sort``, ``jnp.flip``, ``jnp.prod``, ``jnp.round``, ``jax.scipy.special.erf``,
``jnp.take``... (``jaxlsp.apis.triton_primitives``), ``v.at[i].set(...)`` or ``.add`` of a
loaded value (a scatter), ``v[idx]`` of a loaded value by an integer array (a gather), and the
division of bfloat16 or float16 values (``unsupported types``: jax#20239).  Lowering the kernel
for a GPU raises NotImplementedError; interpret mode runs it.  Each was measured on the pinned
JAX by lowering for CUDA on the CPU (an abstract CUDA device).
Reported on a loaded operand in the body of a ``pallas_call`` kernel of a module that imports
Pallas's Triton backend (and neither Mosaic GPU nor the TPU backend), or, assumed, of a kernel
whose code does not say its chip (no TPU option, no interpret mode), shown only where the
project's ``pallasTarget`` says its kernels target a GPU.  A kernel the code says is a TPU one,
or one in a module that imports Mosaic GPU (whose lowering is another), is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.triton_primitives import (
    TRITON_SCATTERS,
    TRITON_UNDIVIDED,
    TRITON_UNLOWERED_APIS,
)
from jaxlsp.findings import Finding
from jaxlsp.infer import dtypes
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Site, Tuple, Value, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, gpu_kernels, on_gpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The examples' module: a Triton kernel, in interpret mode (the tests lower it for CUDA).
TRITON_SETUP = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
"""

#: What to do instead, by primitive (the rest: do it outside the kernel).
_INSTEAD = {
    "scatter": "a `jnp.where` over a `lax.broadcasted_iota` mask, or a store into the Ref "
    "(`o_ref[i] = row`)",
    "scatter-add": "a `jnp.where` over a `lax.broadcasted_iota` mask",
    "gather": "a read of the Ref at the index (`x_ref[i]`) or a one-hot `jnp.dot`",
    "round": "`jnp.floor(x + 0.5)`",
    "erf": "`jax.nn.gelu(x, approximate=True)` where erf feeds a GELU",
    "reduce_prod": "`jnp.exp(jnp.sum(jnp.log(x)))` for positive values",
}


def _loaded(values: Values) -> bool:
    """A JAX array (every array a kernel's body computes is staged into the kernel)."""
    return bool(values) and all(isinstance(v, Array) for v in values)


def _integer_array_index(index: Values) -> bool:
    """An index that is one integer array of one or more dimensions (``v[idx]``): a gather."""
    if len(index) != 1:
        return False
    only: Value = index[0]
    if isinstance(only, Tuple):
        return False
    return (
        isinstance(only, Array)
        and not only.tree
        and only.shape is not None
        and len(only.shape) >= 1
        and dtypes.is_integer(only.dtype)
    )


def _half(values: Values) -> str | None:
    """The 16-bit float dtype of a division's array operand, if every array operand is one."""
    found = None
    for value in values:
        if isinstance(value, Array):
            if value.tree or value.dtype not in TRITON_UNDIVIDED:
                return None
            found = value.dtype
    return found


class PallasGpuUnimplementedPrimitive(Rule):
    NAME = "pallas-gpu-unimplemented-primitive"
    CODE = "pallas-gpu-unimplemented-primitive"
    RECORD_ID = "3566c5db185bea01"
    READS = PALLAS_FACTS

    VALID = (
        TRITON_SETUP
        + """
def scores(x_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = jnp.where(v > 0, jnp.exp(v) / (1.0 + jnp.exp(v)), 0.0)

pl.pallas_call(scores, out_shape=out, compiler_params=plgpu.CompilerParams(num_warps=4),
               interpret=True)(x)
""",
    )
    INVALID = (
        TRITON_SETUP
        + """
def ranks(x_ref, o_ref):
    o_ref[...] = jnp.sort(x_ref[...], axis=1)  # expect: pallas-gpu-unimplemented-primitive

pl.pallas_call(ranks, out_shape=out, compiler_params=plgpu.CompilerParams(num_warps=4),
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        gpu = gpu_kernels(program)
        if gpu is None:
            return
        kernels_made = gpu.says_triton
        kernel_of = gpu.kernel_of
        found: dict[Site, tuple[str, str, Site]] = {}  # site -> (what, primitive, launch)
        for call in program.facts.api_calls:
            primitive = TRITON_UNLOWERED_APIS.get(call.api.name)
            if primitive is None or call.site in found:
                continue
            if (kernel := kernel_of(call.frame)) is None:
                continue
            if not any(_loaded(values) for values in call.arguments.values()):
                continue  # no array operand: not shown to be an operation on the kernel's values
            found[call.site] = (f"`{_short(call.api.name)}`", primitive, kernel)
        for update in program.facts.at_updates:
            primitive = TRITON_SCATTERS.get(update.method)
            if primitive is None or update.site in found:
                continue
            if (kernel := kernel_of(update.frame)) is None or not _loaded(update.array):
                continue
            found[update.site] = (
                f"`.at[...].{update.method}` of a loaded value",
                primitive,
                kernel,
            )
        for subscript in program.facts.subscripts:
            if subscript.store or subscript.site in found or not _loaded(subscript.container):
                continue
            if not _integer_array_index(subscript.index):
                continue
            if (kernel := kernel_of(subscript.frame)) is None:
                continue
            found[subscript.site] = (
                "indexing a loaded value by an integer array",
                "gather",
                kernel,
            )
        divisions: dict[Site, tuple[str, Site]] = {}
        for operator in program.facts.operators:
            if operator.symbol != "/" or operator.site in divisions:
                continue
            dtype = _half(operator.left + operator.right)
            if dtype is None or (kernel := kernel_of(operator.frame)) is None:
                continue
            divisions[operator.site] = (dtype, kernel)
        for site, (what, primitive, kernel) in found.items():
            instead = _INSTEAD.get(primitive)
            advice = (
                f"Use {instead}, or do it outside the kernel."
                if instead
                else ("Do it outside the kernel (or write it with operations the lowering has).")
            )
            yield _shown(
                kernels_made[kernel],
                finding(
                    self,
                    record,
                    program,
                    site,
                    f"{what} in this GPU kernel binds the `{primitive}` primitive, which "
                    "Pallas's Triton lowering has no rule for: lowering the kernel for a GPU "
                    "raises NotImplementedError (Unimplemented primitive in Pallas Triton "
                    f"lowering: {primitive}), though interpret mode runs it. {advice}",
                    (related(program, kernel, "the kernel's launch"),),
                ),
            )
        for site, (dtype, kernel) in divisions.items():
            yield _shown(
                kernels_made[kernel],
                finding(
                    self,
                    record,
                    program,
                    site,
                    f"A division of {dtype} values in this GPU kernel: Pallas's Triton lowering "
                    f"divides only 32- and 64-bit floats, so lowering the kernel for a GPU "
                    f"raises NotImplementedError (unsupported types), though interpret mode "
                    f"runs it. Divide in float32 (`x.astype(jnp.float32) / y`) and cast the "
                    f"result back.",
                    (related(program, kernel, "the kernel's launch"),),
                ),
            )


def _shown(says_triton: bool, found: Finding) -> Finding:
    """As it is where the code says the kernel is a Triton one, else assumed (shown where the
    project says its kernels target a GPU)."""
    return found if says_triton else on_gpu(found)


def _short(name: str) -> str:
    """``jax.numpy.sort`` as users write it (``jnp.sort``)."""
    for long, short in (
        ("jax.numpy.", "jnp."),
        ("jax.lax.", "lax."),
        ("jax.scipy.special.", "jax.scipy.special."),
        ("jax.Array.", "x."),
    ):
        if name.startswith(long):
            return short + name.removeprefix(long)
    return name
