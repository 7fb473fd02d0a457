"""A BlockSpec of a TPU kernel that names memory space ANY (the operand stays in HBM) and a
block shape other than the array's: the TPU lowering pipelines no block out of HBM, so it
raises ValueError (memory space ANY takes only whole-array blocks with an index_map of
zeros); interpret mode runs it.  Reported at the BlockSpec."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasTpuAnyBlocked(Rule):
    NAME = "pallas-tpu-any-blocked"
    CODE = "pallas-tpu-any-blocked"
    RECORD_ID = "e90ee283f980702e"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def copy_in(x_hbm, o_ref, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    o_ref[...] = buffer[...]

whole = pl.BlockSpec((16, 128), lambda i: (0, 0), memory_space=pl.ANY)
pl.pallas_call(copy_in, out_shape=out, grid=(1,), in_specs=[whole],
               out_specs=pl.BlockSpec((16, 128), lambda i: (0, 0)),
               scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)], interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def copy_in(x_hbm, o_ref, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    o_ref[...] = buffer[...]

rows = pl.BlockSpec(  # expect: pallas-tpu-any-blocked
    (8, 128), lambda i: (i, 0), memory_space=pl.ANY
)
pl.pallas_call(copy_in, out_shape=out, grid=(2,), in_specs=[rows],
               out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
               scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)], interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            if not at.launch.maybe_tpu or at.launch.mesh:
                continue
            for block in at.blocks:
                if block.memory_space != "ANY" or block.spec is None:
                    continue
                if block.shape is None or block.array_shape is None:
                    continue
                if block.shape == block.array_shape or block.spec.site in reported:
                    continue
                reported.add(block.spec.site)
                found = finding(
                    self,
                    record,
                    program,
                    block.spec.site,
                    f"This BlockSpec of {block.role} {block.position} leaves the operand in "
                    f"memory space ANY (HBM) but asks for blocks of {block.shape} of an array "
                    f"of {block.array_shape}. On a TPU no block is pipelined out of memory "
                    "space ANY: the lowering raises ValueError (only a whole-array block with "
                    "an index_map of zeros), though interpret mode runs it. Drop the block "
                    "shape (`pl.BlockSpec(memory_space=pl.ANY)`) and copy the part you need "
                    "with `pltpu.sync_copy`/`make_async_copy`, or let the pipeline bring the "
                    "block into VMEM (no memory_space).",
                    (related(program, at.launch.made.site, "the TPU kernel's launch"),),
                )
                yield on_tpu(found, at.launch.target)
