"""A TPU launch whose ``pltpu.CompilerParams(dimension_semantics=...)`` does not fit its grid:
another number of entries than the grid has axes (the TPU lowering raises ValueError), or an
entry that names no semantics (``"paralel"``: Mosaic cannot parse the attribute). Interpret
mode ignores the compiler params, so only the chip refuses it; measured on a TPU v5e."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import TPU_COMPILER_PARAMS, PallasObject
from jaxlsp.apis.shaping import items_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Const, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The semantics Mosaic's attribute parser knows (the strings pass through verbatim).
SEMANTICS = frozenset({"parallel", "arbitrary", "core_parallel", "subcore_parallel"})


class PallasTpuDimensionSemantics(Rule):
    NAME = "pallas-tpu-dimension-semantics"
    CODE = "pallas-tpu-dimension-semantics"
    RECORD_ID = "d205a97bcd7d729e"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
               interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
sem = ("parallel", "parallel")
params = pltpu.CompilerParams(dimension_semantics=sem)  # expect: pallas-tpu-dimension-semantics
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=params, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for at in launches(program):
            launch = at.launch
            made = launch.made
            if launch.mesh or not launch.grid or made.site in reported:
                continue
            params = made.arguments.get("compiler_params")
            if params is None or len(params) != 1 or not isinstance(params[0], PallasObject):
                continue
            if params[0].api != TPU_COMPILER_PARAMS:
                continue
            given = params[0].option("dimension_semantics")
            items = items_of(given, heap) if given is not None else None
            if items is None:
                continue
            names = [
                item[0].value
                if len(item) == 1 and isinstance(item[0], Const) and isinstance(item[0].value, str)
                else None
                for item in items
            ]
            unknown = [name for name in names if name is not None and name not in SEMANTICS]
            if len(items) != len(launch.grid):
                message = (
                    f"This TPU launch's grid has {len(launch.grid)} "
                    f"ax{'is' if len(launch.grid) == 1 else 'es'} but its dimension_semantics "
                    f'names {len(items)}: the TPU lowering raises ValueError ("Length of grid '
                    'does not match length of dimension semantics"); interpret mode ignores '
                    "it. Give one entry per grid axis."
                )
            elif unknown:
                message = (
                    f"This TPU launch's dimension_semantics names {unknown[0]!r}, which is no "
                    'grid semantics ("parallel", "arbitrary", "core_parallel", '
                    '"subcore_parallel"): Mosaic cannot parse it and the TPU compile fails '
                    '(MLIRError "Unable to parse attribute"); interpret mode ignores it.'
                )
            else:
                continue
            reported.add(made.site)
            found = finding(
                self,
                record,
                program,
                params[0].site,
                message,
                (related(program, made.site, "the launch it configures"),),
            )
            yield on_tpu(found, launch.target)
