"""A TPU kernel that loads or stores a vector of an SMEM Ref (``t_ref[...]``, ``t_ref[0, :]``
of a block whose BlockSpec says ``memory_space=pltpu.SMEM``): SMEM holds scalars, and the TPU
lowering raises ValueError ("Can only load scalars from SMEM" / "... store scalars to SMEM");
interpret mode runs it. Found where the Ref's shape and the indexed region are known and the
region holds more than one element (measured on a TPU v5e: whole reads, row slices and whole
stores)."""

from __future__ import annotations

import math
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import KernelTarget, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, on_tpu, stored_region
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasTpuSmemVector(Rule):
    NAME = "pallas-tpu-smem-vector"
    CODE = "pallas-tpu-smem-vector"
    RECORD_ID = "88ad16d090cfd91e"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def kernel(c_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * c_ref[0] + c_ref[1]

c = jnp.array([2.0, 1.0], jnp.float32)
pl.pallas_call(kernel, out_shape=out,
               in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM),
                         pl.BlockSpec(memory_space=pltpu.VMEM)], interpret=True)(c, x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(t_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * t_ref[...]  # expect: pallas-tpu-smem-vector

pl.pallas_call(kernel, out_shape=out,
               in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM),
                         pl.BlockSpec(memory_space=pltpu.VMEM)], interpret=True)(x, x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            region = stored_region(subscript, heap)
            if region is None or math.prod(region.shape) < 2 or subscript.site in reported:
                continue
            if region.ref.target is KernelTarget.OTHER or region.ref.memory_space != "SMEM":
                continue
            reported.add(subscript.site)
            verb = "stores" if subscript.store else "loads"
            found = finding(
                self,
                record,
                program,
                subscript.site,
                f"This TPU kernel {verb} a vector of shape {region.shape} of an SMEM Ref "
                f"(shape {region.ref_shape}). SMEM holds scalars: the TPU lowering raises "
                f"ValueError (Can only {'store' if subscript.store else 'load'} scalars "
                f"{'to' if subscript.store else 'from'} SMEM), though interpret mode runs "
                "it. Read one element at a time (`t_ref[i, j]`), or keep the array in VMEM "
                "(`memory_space=pltpu.VMEM`).",
                (related(program, region.launch, "the TPU kernel's launch"),),
            )
            yield on_tpu(found, region.ref.target)
