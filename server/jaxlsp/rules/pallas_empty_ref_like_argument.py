"""``pl.empty_ref_like(x)`` given a Ref or an array: it makes a new Ref shaped as a
memory-space shape (``pltpu.VMEM(shape, dtype)``) or a ``jax.ShapeDtypeStruct`` and refuses
anything else with ValueError ("empty_ref_like does not support ..."; jax#39190 passed the
kernel's own Ref; 0.12.0.1, in interpret mode and when lowering alike).  Found where the
argument surely is a kernel's Ref or a JAX array.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import EMPTY_REF_LIKE, KernelRef
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Site, StateRef, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


def _what(values: Values | None) -> str | None:
    """ "a Ref" or "an array" where every value surely is one (None: not known)."""
    if not values:
        return None
    if all(isinstance(v, StateRef | KernelRef) for v in values):
        return "a Ref"
    if all(isinstance(v, Array) for v in values):
        return "an array"
    return None


class PallasEmptyRefLikeArgument(Rule):
    NAME = "pallas-empty-ref-like-argument"
    CODE = "pallas-empty-ref-like-argument"
    RECORD_ID = "696bc3ff2b2958bd"

    VALID = (
        # the buffer as a scratch Ref (a TPU v5e with jax 0.10.2 has no lowering of the
        # `empty` primitive that `pl.empty_ref_like(pltpu.VMEM(...))` binds:
        # labels/_probe_s39_empty_ref_like_vmem_shape.py; the pinned JAX's interpret mode
        # runs it, tests/engine/test_pallas_s39.py)
        TPU_SETUP
        + """
def kernel(x_ref, o_ref, m_ref):
    m_ref[...] = x_ref[...] * 2
    o_ref[...] = m_ref[...]

pl.pallas_call(kernel, out_shape=out, scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],
               interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    m_ref = pl.empty_ref_like(x_ref)  # expect: pallas-empty-ref-like-argument
    m_ref[...] = x_ref[...] * 2
    o_ref[...] = m_ref[...]

pl.pallas_call(kernel, out_shape=out, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for made in program.made_by(EMPTY_REF_LIKE):
            what = _what(made.arguments.get("x"))
            if what is None or made.site in reported:
                continue
            reported.add(made.site)
            yield finding(
                self,
                record,
                program,
                made.site,
                f"`pl.empty_ref_like` is given {what} (`{source(made.nodes.get('x'))}`): it "
                "makes a Ref shaped as a memory-space shape or a jax.ShapeDtypeStruct and "
                "raises ValueError (empty_ref_like does not support it) for anything else. "
                "Pass the shape it should have: `pl.empty_ref_like(pltpu.VMEM(x_ref.shape, "
                "x_ref.dtype))`, or allocate the buffer in scratch_shapes.",
                (related(program, made.site, f"{what} given here", made.nodes.get("x")),),
            )
