"""A BlockSpec of a TPU kernel whose last two block dimensions are not multiples of (8, 128)
and not the array's own (a rank-1 block: not a multiple of 128 nor the array's length).
Interpret mode runs it; the TPU lowering raises ValueError.  A kernel counts as a TPU kernel
only when the code says so (TPU compiler params, memory spaces, scratch buffers or grid spec,
or an import of ``jax.experimental.pallas.tpu``); reported at the BlockSpec.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import TPU_CONSTRAINTS, Block
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def untiled(block: Block) -> str | None:
    """Which of a block's last two dimensions the TPU's tiling refuses, in words."""
    shape, array = block.shape, block.array_shape
    if shape is None or array is None or len(shape) != len(array) or not shape:
        return None
    if block.memory_space not in (None, "VMEM"):
        return None
    lanes, sublanes = TPU_CONSTRAINTS.lanes, TPU_CONSTRAINTS.sublanes
    last = shape[-1]
    if last is None:
        return None
    if len(shape) == 1:
        if last != array[-1] and last % lanes:
            return f"its only dimension, {last}, is neither a multiple of {lanes} nor {array[-1]}"
        return None
    second = shape[-2]
    if second is None:
        return None
    if last != array[-1] and last % lanes:
        return f"its last dimension, {last}, is neither a multiple of {lanes} nor {array[-1]}"
    if second != array[-2] and second % sublanes:
        return (
            f"its second-to-last dimension, {second}, is neither a multiple of {sublanes} "
            f"nor {array[-2]}"
        )
    return None


class PallasTpuBlockTiling(Rule):
    NAME = "pallas-tpu-block-tiling"
    CODE = "pallas-tpu-block-tiling"
    RECORD_ID = "76bf0210167a7301"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

rows = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(double, out_shape=out, grid=(2,), in_specs=[rows], out_specs=rows,
               compiler_params=pltpu.CompilerParams(), interpret=True)(x)
whole = pl.BlockSpec((16, 128), lambda i: (0, 0))
pl.pallas_call(double, out_shape=out, grid=(1,), in_specs=[whole], out_specs=whole,
               compiler_params=pltpu.CompilerParams(), interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

rows = pl.BlockSpec((4, 128), lambda i: (i, 0))  # expect: pallas-tpu-block-tiling
pl.pallas_call(double, out_shape=out, grid=(4,), in_specs=[rows], out_specs=rows,
               compiler_params=pltpu.CompilerParams(), interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            if not at.launch.maybe_tpu or at.launch.mesh:
                continue
            for block in at.blocks:
                why = untiled(block)
                if why is None or block.spec is None or block.spec.site in reported:
                    continue
                reported.add(block.spec.site)
                found = finding(
                    self,
                    record,
                    program,
                    block.spec.site,
                    f"On a TPU this block of {block.role} {block.position} (array shape "
                    f"{block.array_shape}) cannot be tiled: {why}. The TPU lowering raises "
                    "ValueError (interpret mode runs it). Use blocks whose last two "
                    f"dimensions are multiples of ({TPU_CONSTRAINTS.sublanes}, "
                    f"{TPU_CONSTRAINTS.lanes}) or equal to the array's.",
                    (related(program, at.launch.made.site, "the TPU kernel's launch"),),
                )
                yield on_tpu(found, at.launch.target)
