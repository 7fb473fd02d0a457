"""``pl.program_id`` / ``pl.num_programs`` called where no Pallas kernel runs: in the
wrapper around a pallas_call, under ``jax.jit``, or from a helper the code also calls
outside the kernel.  Only a kernel's trace has a grid to ask; outside one JAX fails an
internal assertion (a bare AssertionError).  Reported at the call, when every caller of the
frame is known.

The same assertion fails at ``pl.program_id`` inside a grid kernel that ``jax.jvp``,
``jax.grad`` or any other differentiation reaches (a float operand it surely
differentiates): on jax 0.12.0.1 pallas_call's JVP rule traces the kernel again without its
grid (jax-ml/jax#37521).  A ``custom_jvp``/``custom_vjp`` wrapper, whose rules get the
primals, is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import CORE_MAP, KERNEL, NUM_PROGRAMS, PALLAS_CALL, PROGRAM_ID
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Kernel, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import (
    PALLAS_FACTS,
    SETUP,
    differentiated_launch,
    grid_index_reads,
    launches,
    open_callers,
)
from jaxlsp.rules._support import finding, related, through, transform_name
from jaxlsp.rules.base import Rule

KERNEL_TRACES = frozenset({PALLAS_CALL, KERNEL, CORE_MAP})


def in_kernel(frame: Frame) -> bool:
    """Whether the frame runs under a Pallas kernel's trace."""
    return any(trace.kind in KERNEL_TRACES for trace in frame.context)


class PallasProgramIdOutsideKernel(Rule):
    NAME = "pallas-program-id-outside-kernel"
    CODE = "pallas-program-id-outside-kernel"
    RECORD_ID = "1f872e1b908bb185"
    READS = PALLAS_FACTS

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
        # differentiated: num_programs of a static grid is an int; a custom_jvp wrapper's
        # rule gets the primals
        SETUP
        + """
def scale(x_ref, o_ref):
    o_ref[...] = x_ref[...] / pl.num_programs(0)

def tag(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0).astype(jnp.float32)

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
scaled = pl.pallas_call(scale, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
                        interpret=True)
jax.jvp(scaled, (x,), (x,))

@jax.custom_jvp
def tagged(v):
    return pl.pallas_call(tag, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
                          interpret=True)(v)

@tagged.defjvp
def tagged_jvp(primals, tangents):
    return tagged(primals[0]), tangents[0]

jax.jvp(tagged, (x,), (x,))
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
        SETUP
        + """
def tag(x_ref, o_ref):
    row = pl.program_id(0)  # expect: pallas-program-id-outside-kernel
    o_ref[...] = x_ref[...] + row.astype(jnp.float32)

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
tagged = pl.pallas_call(tag, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
                        interpret=True)
jax.jvp(tagged, (x,), (x,))
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
        yield from self._differentiated(program, record, reported)

    def _differentiated(
        self, program: Program, record: Record | None, reported: set[Site]
    ) -> Iterator[Finding]:
        """The grid index read in a kernel that a differentiation reaches."""
        for at in launches(program):
            called = at.called
            kernel = called.callee if called is not None else None
            if called is None or not isinstance(kernel, Kernel) or kernel.maker != PALLAS_CALL:
                continue
            trace = differentiated_launch(called)
            if trace is None:
                continue
            for made in grid_index_reads(program, kernel):
                if made.site in reported:
                    continue
                reported.add(made.site)
                line = ""
                if trace.site is not None:
                    line = f" on {program.line_name(trace.site, made.site.module)}"
                yield finding(
                    self,
                    record,
                    program,
                    made.site,
                    f"`pl.program_id` runs in a kernel that {transform_name(trace)}{line} "
                    f"differentiates{through(called.frame, trace)}: on jax 0.12.0.1 "
                    "pallas_call's JVP rule traces the kernel again without its grid, so JAX "
                    "fails an internal assertion (a bare AssertionError). Give the kernel's "
                    "call a jax.custom_jvp or jax.custom_vjp with hand-written rules.",
                    (related(program, called.site, "the differentiated kernel runs here"),),
                )
