"""``pl.program_id(axis)`` / ``pl.num_programs(axis)`` inside a grid kernel whose grid has
no such axis (a kernel launched without a grid has none).  JAX raises ValueError when it
traces the kernel; reported at the call, when every launch that runs it has a known grid.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import NUM_PROGRAMS, PALLAS_CALL, PROGRAM_ID, launch_of
from jaxlsp.apis.shaping import concrete_ints
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, open_callers
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasProgramIdAxis(Rule):
    NAME = "pallas-program-id-axis"
    CODE = "pallas-program-id-axis"
    RECORD_ID = "7a0552a7ea27ac0e"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def tag(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(1).astype(jnp.float32)

spec = pl.BlockSpec((8, 128), lambda i, j: (i, j))
pl.pallas_call(tag, out_shape=out, grid=(2, 1), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def tag(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(1).astype(jnp.float32)  # expect: pallas-program-id-axis

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(tag, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        launches = program.made_by(PALLAS_CALL)
        verdicts: dict[Site, list[tuple[int, tuple[int, ...], Site, str] | None]] = {}
        for made in [*program.made_by(PROGRAM_ID), *program.made_by(NUM_PROGRAMS)]:
            traces = [t for t in made.frame.context if t.kind == PALLAS_CALL]
            if not traces or traces[-1].site is None:
                continue
            if open_callers(made.frame):
                continue  # run by something unmodelled (``pltpu.emit_pipeline``: its own grid)
            kernel_site = traces[-1].site
            axis = concrete_ints(made.arguments.get("axis", ()), heap)
            grids = {launch_of(m, None, heap).grid for m in launches if m.site == kernel_site}
            verdict = None
            if axis is not None and len(axis) == 1 and len(grids) == 1:
                (grid,) = grids
                if grid is not None and axis[0] >= len(grid):
                    verdict = (axis[0], grid, kernel_site, made.api)
            verdicts.setdefault(made.site, []).append(verdict)
        for site, found in verdicts.items():
            if not found or any(v is None for v in found):
                continue
            first = found[0]
            assert first is not None
            asked, grid, kernel_site, api = first
            name = "pl.program_id" if api == PROGRAM_ID else "pl.num_programs"
            yield finding(
                self,
                record,
                program,
                site,
                f"`{name}({asked})` asks for grid axis {asked}, but the kernel's pallas_call "
                f"has {'no grid' if not grid else f'the grid {grid}'}: JAX raises ValueError "
                "(axis out of bounds). Launch the kernel with a grid that has that axis, or "
                "ask for one it has.",
                (related(program, kernel_site, "the pallas_call whose grid it asks"),),
            )
