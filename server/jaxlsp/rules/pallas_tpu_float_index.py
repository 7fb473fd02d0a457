"""A TPU kernel that indexes a Ref with a float: ``o_ref[row]`` where ``row = pl.program_id(0)
/ 2`` (jax#26034). Interpret mode runs it, but the TPU lowering casts each dynamic index to an
MLIR index and Mosaic's verifier refuses a float operand (VerificationError, 'arith.index_cast'
... got 'f32'); measured on a TPU v5e. Found where an index part is an array whose dtype is
surely a float, on a Ref of a launch the code (or ``pallasTarget``) says is a TPU kernel."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer import dtypes
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, KernelTarget, Site, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, on_tpu, same_ref
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def float_part(index: Values) -> str | None:
    """The float dtype of a part of the index that is surely a float array (every value it
    may be), or None."""
    if len(index) != 1:
        return None
    parts = index[0].items if isinstance(index[0], Tuple) else (index,)
    for part in parts:
        if part and all(
            isinstance(v, Array) and v.dtype is not None and dtypes.is_inexact(v.dtype)
            for v in part
        ):
            first = part[0]
            assert isinstance(first, Array)
            return first.dtype
    return None


class PallasTpuFloatIndex(Rule):
    NAME = "pallas-tpu-float-index"
    CODE = "pallas-tpu-float-index"
    RECORD_ID = "b7b84c3651344eea"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[pl.program_id(0) // 2] = x_ref[0]

spec = pl.BlockSpec((16, 128), lambda i: (0, 0))
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[pl.program_id(0) / 2] = x_ref[0]  # expect: pallas-tpu-float-index

spec = pl.BlockSpec((16, 128), lambda i: (0, 0))
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            ref = same_ref(subscript.container)
            if ref is None:
                continue
            if ref.launch is None or ref.target is KernelTarget.OTHER:
                continue
            dtype = float_part(subscript.index)
            if dtype is None or subscript.site in reported:
                continue
            reported.add(subscript.site)
            found = finding(
                self,
                record,
                program,
                subscript.site,
                f"This TPU kernel indexes a Ref with a {dtype} value: interpret mode runs it, "
                "but the TPU lowering casts the index to an integer index type and Mosaic's "
                "verifier refuses a float (VerificationError, 'arith.index_cast'). Compute "
                "the index in integers (`//`, or `.astype(jnp.int32)`).",
                (related(program, ref.launch, "the TPU kernel's launch"),),
            )
            yield on_tpu(found, ref.target)
