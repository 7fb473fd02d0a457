"""A kernel Ref indexed with more indices than its block has dimensions: ``x_ref[0, :, :]`` of
a block whose batch dimension the BlockSpec squeezed (``None`` in its block shape), so the
kernel's Ref is 2-D. Refs are indexed by their block's shape, and JAX raises ValueError
("`indices` must not be longer than `shape`"), on any backend. Found where the Ref's block
shape is known and every part of the index is."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.shaping import consumed_axes
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, same_ref
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasRefIndexRank(Rule):
    NAME = "pallas-ref-index-rank"
    CODE = "pallas-ref-index-rank"
    RECORD_ID = "26862e18449d94c4"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[:, :] * 2.0

y = jnp.ones((2, 16, 128), jnp.float32)
spec = pl.BlockSpec((None, 16, 128), lambda b: (b, 0, 0))
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), grid=(2,),
               in_specs=[spec], out_specs=spec, interpret=True)(y)
""",
    )
    INVALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[0, :, :] * 2.0  # expect: pallas-ref-index-rank

y = jnp.ones((2, 16, 128), jnp.float32)
spec = pl.BlockSpec((None, 16, 128), lambda b: (b, 0, 0))
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), grid=(2,),
               in_specs=[spec], out_specs=spec, interpret=True)(y)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            ref = same_ref(subscript.container)
            if ref is None:
                continue
            if ref.shape is None or ref.launch is None or subscript.site in reported:
                continue
            count = consumed_axes(subscript.index, heap)
            if count is None or count <= len(ref.shape):
                continue
            reported.add(subscript.site)
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This Ref is indexed with {count} indices, but it has {len(ref.shape)} "
                f"dimension{'s' if len(ref.shape) != 1 else ''} (its block is {ref.shape}; a "
                "`None` in a BlockSpec's block shape squeezes that dimension out of the "
                "kernel's Ref): JAX raises ValueError (`indices` must not be longer than "
                "`shape`). Index the Ref as its block is shaped.",
                (related(program, ref.launch, "the launch whose BlockSpec shapes the Ref"),),
            )
