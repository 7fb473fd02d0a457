"""A reshape inside a TPU kernel that changes the width of a tile's rows when the narrower
side is not a whole number of 128-lane groups: ``x_ref[...].reshape(16, 64)`` of an (8, 128)
tile, or (16, 64) back to (8, 128).  The TPU kernel compiler (Mosaic) cannot lay such a value
out in vector registers and fails to compile the kernel ("unsupported shape cast");
interpret mode runs it.  Which reshapes Mosaic lowers was measured on a TPU v5e with jax
0.10.2 (``tests/pallas_corpus/labels/_probe_reshapes.py``, 27 shape pairs): reshapes that keep
the last dimension, merge or split leading dimensions, move whole 128-lane groups, flatten a
tile or split lanes under fewer than 8 rows all lowered; every one whose last dimension
changed, with a side of 8 rows or more whose last dimension is not a multiple of 128, did
not.  Reported only for that measured kind, in a kernel the code says is a TPU kernel, with
both shapes known.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import PALLAS_CALL, TPU_CONSTRAINTS
from jaxlsp.apis.shaping import aval_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import KernelTarget, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

_RESHAPES = {"jax.Array.reshape": "self", "jax.numpy.reshape": "a"}


def refused_reshape(before: tuple[int, ...], after: tuple[int, ...]) -> bool:
    """Whether Mosaic refuses to lower a reshape of a VMEM tile from ``before`` to ``after``
    (the measured kind: rows of another width, one side of 8 or more rows not a whole number
    of lane groups)."""
    lanes, sublanes = TPU_CONSTRAINTS.lanes, TPU_CONSTRAINTS.sublanes
    if len(before) < 2 or len(after) < 2 or before[-1] == after[-1]:
        return False
    return any(shape[-1] % lanes != 0 and shape[-2] >= sublanes for shape in (before, after))


class PallasTpuTileReshape(Rule):
    NAME = "pallas-tpu-tile-reshape"
    CODE = "pallas-tpu-tile-reshape"
    RECORD_ID = "282c8df3f5267076"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def fold(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(8, 256)

pl.pallas_call(fold, out_shape=jax.ShapeDtypeStruct((8, 256), jnp.float32),
               compiler_params=pltpu.CompilerParams(), interpret=True)(x)

def merge(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 128)

pl.pallas_call(merge, out_shape=out, compiler_params=pltpu.CompilerParams(),
               interpret=True)(jnp.ones((2, 8, 128), jnp.float32))
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def regroup(x_ref, o_ref):
    o_ref[...] = x_ref[...].reshape(16, 64)  # expect: pallas-tpu-tile-reshape

pl.pallas_call(regroup, out_shape=jax.ShapeDtypeStruct((16, 64), jnp.float32),
               compiler_params=pltpu.CompilerParams(), interpret=True)(x[:8])
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        # read from the launches the Pallas rules share, not made again (which chip a launch
        # is for does not depend on its call)
        tpu_launches: dict[Site, KernelTarget] = {
            at.launch.made.site: at.launch.target
            for at in launches(program, called_only=False)
            if at.launch.made.api == PALLAS_CALL and at.launch.maybe_tpu
        }
        reported: set[Site] = set()
        for call in program.facts.api_calls:
            operand_name = _RESHAPES.get(call.api.name)
            if operand_name is None or call.site in reported:
                continue
            kernel = next(
                (t.site for t in call.frame.context if t.kind == PALLAS_CALL and t.site), None
            )
            if kernel is None or kernel not in tpu_launches:
                continue
            before = aval_of(call.arguments.get(operand_name, ()), heap).shape
            after = aval_of(call.result, heap).shape
            if before is None or after is None:
                continue
            if not all(isinstance(d, int) for d in (*before, *after)):
                continue
            before_ints = tuple(d for d in before if isinstance(d, int))
            after_ints = tuple(d for d in after if isinstance(d, int))
            if not refused_reshape(before_ints, after_ints):
                continue
            reported.add(call.site)
            found = finding(
                self,
                record,
                program,
                call.site,
                f"This TPU kernel reshapes a tile of {before_ints} to {after_ints}, regrouping "
                f"its rows of {before_ints[-1]} lanes into rows of {after_ints[-1]}: the TPU "
                "kernel compiler (Mosaic) cannot lay that out in vector registers and fails to "
                "compile the kernel (unsupported shape cast), though interpret mode runs it. "
                "Keep the last dimension (reshape only leading dimensions), choose blocks "
                "already in the shape you need, or do the reshape outside the kernel.",
                (related(program, kernel, "the TPU kernel's launch"),),
            )
            yield on_tpu(found, tpu_launches[kernel])
