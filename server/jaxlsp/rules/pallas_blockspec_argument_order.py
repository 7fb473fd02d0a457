"""A BlockSpec written index_map first, ``pl.BlockSpec(index_map, block_shape)``: the order of
early Pallas (and of its tutorials) is reversed since the API settled on
``BlockSpec(block_shape, index_map)``, so the function lands in ``block_shape`` and pallas_call,
which iterates the block shape, raises TypeError ("'function' object is not iterable"). Found
where a launch that runs uses a BlockSpec whose block_shape is surely a function and whose
index_map is surely a tuple."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import BLOCK_SPEC, PallasObject
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Function, Site, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def _all(values: Values | None, kind: type) -> bool:
    return bool(values) and all(isinstance(v, kind) for v in values)  # type: ignore[union-attr]


def reversed_spec(values: Values) -> PallasObject | None:
    """The BlockSpec ``values`` surely is, when its block_shape is a function and its
    index_map a tuple (the arguments given the other way round)."""
    if len(values) != 1 or not isinstance(values[0], PallasObject):
        return None
    spec = values[0]
    if spec.api != BLOCK_SPEC:
        return None
    if _all(spec.option("block_shape"), Function) and _all(spec.option("index_map"), Tuple):
        return spec
    return None


class PallasBlockspecArgumentOrder(Rule):
    NAME = "pallas-blockspec-argument-order"
    CODE = "pallas-blockspec-argument-order"
    RECORD_ID = "bb4ceafd6826795e"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
named = pl.BlockSpec(index_map=lambda i: (i, 0), block_shape=(8, 128))
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[named], out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec(lambda i: (i, 0), (8, 128))  # expect: pallas-blockspec-argument-order
pl.pallas_call(kernel, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            launch = at.launch
            if launch.mesh:
                continue
            for item in (*(launch.in_specs or ()), *(launch.out_specs or ())):
                spec = reversed_spec(item)
                if spec is None or spec.site in reported:
                    continue
                reported.add(spec.site)
                yield finding(
                    self,
                    record,
                    program,
                    spec.site,
                    "This BlockSpec is given its index_map first and its block shape second: "
                    "`pl.BlockSpec` takes `(block_shape, index_map)`, so the function lands in "
                    "block_shape and pallas_call raises TypeError ('function' object is not "
                    "iterable). Swap the two arguments, or name them "
                    "(`pl.BlockSpec(block_shape=..., index_map=...)`).",
                    (related(program, launch.made.site, "the launch that reads it"),),
                )
