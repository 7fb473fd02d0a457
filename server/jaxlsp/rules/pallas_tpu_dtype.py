"""A TPU kernel whose operands are of a dtype the TPU kernel compiler refuses: 64-bit types
(with ``jax_enable_x64`` on) and float16.  Interpret mode runs it; on a TPU the launch fails
to compile.  Reported at the kernel's launch when the code says it is a TPU kernel.  The
interpreter's dtypes are those of 64-bit mode off (a float64 array is made float32), so in
practice only float16 is seen (docs/pallas.md says why x64 is not modelled).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import TPU_CONSTRAINTS
from jaxlsp.apis.shaping import aval_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasTpuDtype(Rule):
    NAME = "pallas-tpu-dtype"
    CODE = "pallas-tpu-dtype"
    RECORD_ID = "5bd434dcdd1b8ba0"

    VALID = (
        TPU_SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

y = x.astype(jnp.bfloat16)
pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
               compiler_params=pltpu.CompilerParams(), interpret=True)(y)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

y = x.astype(jnp.float16)
pl.pallas_call(  # expect: pallas-tpu-dtype
    double, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
    compiler_params=pltpu.CompilerParams(), interpret=True,
)(y)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        refused = TPU_CONSTRAINTS.refused_dtypes
        for at in launches(program):
            launch = at.launch
            if not launch.tpu or launch.made.site in reported:
                continue
            found = None
            for position, values in enumerate(launch.inputs or ()):
                dtype = aval_of(values, heap).dtype
                if dtype in refused:
                    found = f"input {position} is {dtype}"
                    break
            if found is None:
                for position, output in enumerate(launch.outputs or ()):
                    if output.dtype in refused:
                        found = f"output {position} is {output.dtype}"
                        break
            if found is None:
                continue
            reported.add(launch.made.site)
            yield finding(
                self,
                record,
                program,
                launch.made.site,
                f"This TPU kernel's {found}: the TPU kernel compiler refuses 64-bit types "
                "and float16 (Mosaic cannot load float16 vectors), so the launch fails on a "
                "TPU though interpret mode runs it. Use float32 or bfloat16 (int32 for "
                "integers).",
                (
                    related(
                        program,
                        at.called.site if at.called is not None else launch.made.site,
                        "launched here",
                    ),
                ),
            )
