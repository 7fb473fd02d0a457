"""A pallas_call given both ``grid_spec=`` and ``scratch_shapes=``: with a grid spec, the
scratch buffers belong in it (``pltpu.PrefetchScalarGridSpec(scratch_shapes=...)``), and
pallas_call raises ValueError when the call's own ``scratch_shapes`` is not empty.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasGridSpecScratchShapes(Rule):
    NAME = "pallas-grid-spec-scratch-shapes"
    CODE = "pallas-grid-spec-scratch-shapes"
    RECORD_ID = "2c8400dd8d605e53"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0, grid=(2,), in_specs=[spec], out_specs=spec,
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
)
pl.pallas_call(kernel, out_shape=out, grid_spec=grid_spec, interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...]
    o_ref[...] = acc_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
grid_spec = pl.GridSpec(grid=(2,), in_specs=[spec], out_specs=spec)
pl.pallas_call(  # expect: pallas-grid-spec-scratch-shapes
    kernel, out_shape=out, grid_spec=grid_spec,
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)], interpret=True,
)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program, called_only=False):
            made = at.launch.made
            if not at.launch.grid_spec_and_scratch or made.site in reported:
                continue
            reported.add(made.site)
            node = made.nodes.get("scratch_shapes")
            yield finding(
                self,
                record,
                program,
                made.site,
                "This pallas_call gives both `grid_spec=` and a non-empty `scratch_shapes=`: "
                "pallas_call raises ValueError (with a grid spec, scratch_shapes must be "
                "`()`). Put the scratch buffers in the grid spec "
                "(`pltpu.PrefetchScalarGridSpec(..., scratch_shapes=...)`) instead.",
                (related(program, made.site, "scratch_shapes given here", node),),
            )
