"""``pl.program_id`` / ``pl.num_programs`` called where no Pallas kernel runs: in the
wrapper around a pallas_call, under ``jax.jit``, or from a helper the code also calls
outside the kernel.  Only a kernel's trace has a grid to ask; outside one JAX fails an
internal assertion (a bare AssertionError).  Reported at the call, when every caller of the
frame is known.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import CORE_MAP, KERNEL, NUM_PROGRAMS, PALLAS_CALL, PROGRAM_ID
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import SETUP, open_callers
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

KERNEL_TRACES = frozenset({PALLAS_CALL, KERNEL, CORE_MAP})


def in_kernel(frame: Frame) -> bool:
    """Whether the frame runs under a Pallas kernel's trace."""
    return any(trace.kind in KERNEL_TRACES for trace in frame.context)


class PallasProgramIdOutsideKernel(Rule):
    NAME = "pallas-program-id-outside-kernel"
    CODE = "pallas-program-id-outside-kernel"
    RECORD_ID = "1f872e1b908bb185"

    VALID = (
        SETUP
        + """
def block_index():
    return pl.program_id(0)

def tag(x_ref, o_ref):
    o_ref[...] = x_ref[...] + block_index().astype(jnp.float32)

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(tag, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def block_index():
    return pl.program_id(0)  # expect: pallas-program-id-outside-kernel

def tag(x_ref, o_ref):
    o_ref[...] = x_ref[...] + block_index().astype(jnp.float32)

start = block_index()
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for made in [*program.made_by(PROGRAM_ID), *program.made_by(NUM_PROGRAMS)]:
            frame = made.frame
            if made.site in reported or in_kernel(frame) or open_callers(frame):
                continue
            reported.add(made.site)
            name = "pl.program_id" if made.api == PROGRAM_ID else "pl.num_programs"
            caller = frame.call_site if frame.call_site is not None else made.site
            yield finding(
                self,
                record,
                program,
                made.site,
                f"`{name}` runs here outside any Pallas kernel: only a kernel's trace has a "
                "grid to ask, so JAX fails an internal assertion (a bare AssertionError). "
                "Call it inside the kernel's body (or a helper only the kernel calls); a "
                "wrapper reads the grid from its own arguments.",
                (related(program, caller, "reached from here, outside a kernel"),),
            )
