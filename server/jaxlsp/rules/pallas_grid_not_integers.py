"""A pallas_call whose grid holds a float (``grid=(n / block,)``): pallas_call checks that each
grid entry is an int (or an array) and raises ValueError before it traces the kernel. Found only
where every entry is known and one is surely a Python float."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import GRID_SPEC, PREFETCH_GRID_SPEC, PallasObject
from jaxlsp.apis.shaping import items_of
from jaxlsp.findings import Finding
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Const, Site, Static, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def _float(values: Values) -> str | None:
    """How an entry spells a float it surely is (a constant or a Python float)."""
    if not values:
        return None
    if all(isinstance(v, Const) and type(v.value) is float for v in values):
        return repr(values[0].value) if len(values) == 1 else "a float"  # type: ignore[attr-defined]
    if all(isinstance(v, Static) and v.type_name == "float" for v in values):
        return "a float"
    return None


def float_grid_entry(values: Values | None, heap: Heap) -> str | None:
    """The float a grid argument surely holds (an entry of a tuple or list, or the grid
    itself), spelled for the message; None when none is surely a float."""
    if values is None:
        return None
    own = _float(values)
    if own is not None:
        return own
    items = items_of(values, heap)
    if items is None:
        return None
    for item in items:
        found = _float(item)
        if found is not None:
            return found
    return None


class PallasGridNotIntegers(Rule):
    NAME = "pallas-grid-not-integers"
    CODE = "pallas-grid-not-integers"
    RECORD_ID = "c80f9704277ccc36"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(kernel, out_shape=out, grid=(pl.cdiv(x.shape[0], 8),), in_specs=[spec],
               out_specs=spec, interpret=True)(x)
pl.pallas_call(kernel, out_shape=out, grid=x.shape[0] // 8, in_specs=[spec],
               out_specs=spec, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(  # expect: pallas-grid-not-integers
    kernel, out_shape=out, grid=(x.shape[0] / 8,), in_specs=[spec], out_specs=spec,
    interpret=True,
)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for at in launches(program, called_only=False):
            made = at.launch.made
            if at.launch.mesh or made.site in reported:
                continue
            node = made.nodes.get("grid")
            grid = made.arguments.get("grid")
            spec = made.arguments.get("grid_spec")
            given = spec[0] if spec is not None and len(spec) == 1 else None
            if isinstance(given, PallasObject) and given.api in (GRID_SPEC, PREFETCH_GRID_SPEC):
                grid = given.option("grid")
                node = made.nodes.get("grid_spec")
            entry = float_grid_entry(grid, heap)
            if entry is None:
                continue
            reported.add(made.site)
            yield finding(
                self,
                record,
                program,
                made.site,
                f"This pallas_call's grid holds {entry}, a float: pallas_call raises "
                'ValueError ("Grid must be a tuple of integers or jax.Array"). Count the '
                "blocks with integer division: `pl.cdiv(size, block)` or `size // block`.",
                (related(program, made.site, "the grid given here", node),),
            )
