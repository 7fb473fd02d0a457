"""A Pallas kernel stores into a Ref a value of another dtype than the Ref's: a float32 result
into a bfloat16 output block, int32 counts into a float32 one, a float32 matmul accumulator
stored uncast.  A Ref does not cast on store (only weakly typed Python numbers take its
dtype): JAX raises ValueError while it traces the kernel, on every backend.  Reported when
the Ref's dtype (from its array or scratch buffer), the value's dtype (not weak) and both
shapes are known, and the shapes agree (a shape mismatch is reported first, as JAX does)."""

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


class PallasStoreDtypeMismatch(Rule):
    NAME = "pallas-store-dtype-mismatch"
    CODE = "pallas-store-dtype-mismatch"
    RECORD_ID = "0e178efa2f7626bf"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def half(x_ref, o_ref):
    o_ref[...] = (x_ref[...] * 0.5).astype(o_ref.dtype)

y = x.astype(jnp.bfloat16)
pl.pallas_call(half, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), interpret=True)(y)
""",
    )
    INVALID = (
        SETUP
        + """
def half(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(jnp.float32) * 0.5  # expect: pallas-store-dtype-mismatch

y = x.astype(jnp.bfloat16)
pl.pallas_call(half, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), interpret=True)(y)
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
            stored = aval_of(subscript.value, heap)
            if stored.shape is None or tuple(stored.shape) != region.shape:
                continue
            if stored.dtype is None or stored.weak or stored.dtype == region.ref.dtype:
                continue
            reported.add(subscript.site)
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This store writes a {stored.dtype} value into a {region.ref.dtype} Ref. A "
                "Ref does not cast on store: JAX raises ValueError (Invalid dtype for `swap`) "
                "when it traces the kernel. Cast the value first "
                f"(`.astype(o_ref.dtype)`), or give the output the dtype you compute in.",
                (related(program, region.launch, "the kernel's launch"),),
            )
