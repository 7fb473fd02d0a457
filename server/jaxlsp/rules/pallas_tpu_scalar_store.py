"""A TPU kernel stores a scalar into one element of a VMEM Ref: ``o_ref[0, 0] =
pl.program_id(0)``, ``acc_ref[0, 0] = jnp.sum(x)``.  A TPU kernel stores only vectors to VMEM
(scalars live in SMEM), so the TPU lowering raises ValueError; interpret mode runs it.  The
Ref must be known to be in VMEM (a block or scratch buffer of a launch the code says is a TPU
kernel, with no other memory space named) and the region and value both 0-d."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.shaping import aval_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import KernelTarget, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, on_tpu, stored_region
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

_INTS = """
x = jnp.zeros((16, 128), jnp.int32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
"""


class PallasTpuScalarStore(Rule):
    NAME = "pallas-tpu-scalar-store"
    CODE = "pallas-tpu-scalar-store"
    RECORD_ID = "5a2a3261b1f71b73"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + _INTS
        + """
def mark(x_ref, o_ref):
    o_ref[...] = x_ref[...] + jnp.full((8, 128), pl.program_id(0), jnp.int32)

pl.pallas_call(mark, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
               in_specs=[spec], out_specs=spec, interpret=True)(x)

def last(x_ref, o_ref):
    o_ref[0] = pl.program_id(0)

pl.pallas_call(last, out_shape=jax.ShapeDtypeStruct((1,), jnp.int32), grid=(2,),
               in_specs=[spec], out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
               interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + _INTS
        + """
def mark(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = pl.program_id(0)  # expect: pallas-tpu-scalar-store

pl.pallas_call(mark, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
               in_specs=[spec], out_specs=spec, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            if not subscript.store or subscript.value is None:
                continue
            region = stored_region(subscript, heap)
            if region is None or region.shape != () or subscript.site in reported:
                continue
            if region.ref.target is KernelTarget.OTHER or region.ref.memory_space not in (
                None,
                "VMEM",
            ):
                continue
            if aval_of(subscript.value, heap).shape != ():
                continue
            reported.add(subscript.site)
            found = finding(
                self,
                record,
                program,
                subscript.site,
                f"This TPU kernel stores a scalar into one element of a VMEM Ref (a block "
                f"of shape {region.ref_shape}). A TPU kernel stores only vectors to VMEM: "
                "the TPU lowering raises ValueError (Cannot store scalars to VMEM), though "
                "interpret mode runs it. Store a vector (`jnp.full(block_shape, value)`, or "
                "update a row slice), or put scalars in SMEM (`memory_space=pltpu.SMEM`).",
                (related(program, region.launch, "the TPU kernel's launch"),),
            )
            yield on_tpu(found, region.ref.target)
