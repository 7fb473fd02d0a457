"""A Pallas kernel stores into a Ref a value whose shape is not the shape of the Ref's indexed
region: ``o_ref[...] = x_ref[:4]`` into an (8, 128) block, a reduction made without
``keepdims``, ``pl.program_id(0)`` or a Python number into a whole block.  A Ref does not
broadcast on store: JAX raises ValueError while it traces the kernel, on every backend.
The Ref's shape comes from its BlockSpec and array (or the whole array without one), so the
rule speaks only when both are known."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.shaping import aval_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, stored_region
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasStoreShapeMismatch(Rule):
    NAME = "pallas-store-shape-mismatch"
    CODE = "pallas-store-shape-mismatch"
    RECORD_ID = "bd3ef178775a675d"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def tag(x_ref, o_ref):
    o_ref[...] = x_ref[...] + jnp.full((8, 128), pl.program_id(0), jnp.float32)
    o_ref[:4] = x_ref[:4]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(tag, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def row_sums(x_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...], axis=1)  # expect: pallas-store-shape-mismatch

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(row_sums, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            if not subscript.store or subscript.augmented or subscript.value is None:
                continue
            region = stored_region(subscript, heap)
            if region is None or subscript.site in reported:
                continue
            stored = aval_of(subscript.value, heap).shape
            if stored is None or not all(isinstance(d, int) for d in stored):
                continue
            if tuple(stored) == region.shape:
                continue
            reported.add(subscript.site)
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This store writes a value of shape {tuple(stored)} into a Ref region of "
                f"shape {region.shape} (the Ref is {region.ref_shape}, its block from the "
                "kernel's BlockSpec and array). A Ref does not broadcast on store: JAX raises "
                "ValueError (Invalid shape for `swap`) when it traces the kernel. Index the "
                "Ref to the value's shape, or broadcast the value (`jnp.broadcast_to(v, "
                "o_ref.shape)`, `keepdims=True` on a reduction).",
                (related(program, region.launch, "the kernel's launch"),),
            )
