"""A pallas_call given ``compiler_params`` as a dict (``dict(mosaic=dict(...))``, the spelling
of older Pallas TPU code) instead of a backend's params object: the launch keeps it among the
pallas_call primitive's parameters, and lowering the call hashes them, so it raises TypeError
(unhashable type: 'dict'), in interpret mode too.  Found where a launch that runs is given a
value that is surely a dict."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import DictValue, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasCompilerParamsType(Rule):
    NAME = "pallas-compiler-params-type"
    CODE = "pallas-compiler-params-type"
    RECORD_ID = "51f50b82c18d525a"

    VALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
params = pltpu.CompilerParams(dimension_semantics=("parallel",))
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=params, interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
params = dict(mosaic=dict(dimension_semantics=("parallel",)))  # expect: pallas-compiler-params-type
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=params, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            made = at.launch.made
            params = made.arguments.get("compiler_params")
            if not params or not all(isinstance(value, DictValue) for value in params):
                continue
            first = params[0]
            assert isinstance(first, DictValue)
            site = first.ref.site or made.site
            if site in reported:
                continue
            reported.add(site)
            yield finding(
                self,
                record,
                program,
                site,
                "This dict is given to pallas_call as `compiler_params`: the launch keeps it "
                "among the kernel's parameters, which are hashed when the call is lowered, so "
                "it raises TypeError (unhashable type: 'dict'), in interpret mode too. Pass "
                "the backend's params object instead: "
                "`pltpu.CompilerParams(dimension_semantics=...)` for a TPU kernel.",
                (related(program, made.site, "the launch it is given to"),),
            )
