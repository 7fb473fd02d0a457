"""A pallas_call whose ``out_shape`` is a shape (``x.shape``, ``(8, 128)``) rather than a
``jax.ShapeDtypeStruct`` or an array: pallas_call reads each leaf's ``shape`` and ``dtype`` and
raises ValueError on an int leaf. Found only where ``out_shape`` is surely a tuple of ints."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.shaping import items_of
from jaxlsp.findings import Finding
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Const, Site, Static, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def _int(values: Values) -> str | None:
    """How an item spells the int it surely is (every value it may be is an int)."""
    if values and all(isinstance(v, Const) and type(v.value) is int for v in values):
        return str(values[0].value) if len(set(values)) == 1 else "?"  # type: ignore[attr-defined]
    if values and all(isinstance(v, Static) and v.type_name == "int" for v in values):
        return "?"
    return None


def shape_given(values: Values | None, heap: Heap) -> list[str] | None:
    """The dimensions of an ``out_shape`` that is surely an int or a tuple of ints."""
    if values is None:
        return None
    own = _int(values)
    if own is not None:
        return [own]
    items = items_of(values, heap)
    if not items:
        return None
    dims = [_int(item) for item in items]
    return [d for d in dims if d is not None] if all(d is not None for d in dims) else None


class PallasOutShapeType(Rule):
    NAME = "pallas-out-shape-type"
    CODE = "pallas-out-shape-type"
    RECORD_ID = "672b004e3627bbb2"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
pl.pallas_call(kernel, out_shape=x, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

pl.pallas_call(kernel, out_shape=x.shape, interpret=True)(x)  # expect: pallas-out-shape-type
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for at in launches(program, called_only=False):
            made = at.launch.made
            if at.launch.mesh or made.site in reported:
                continue
            dims = shape_given(made.arguments.get("out_shape"), heap)
            if not dims:
                continue  # not surely ints (an empty tuple is no output at all)
            reported.add(made.site)
            shown = ", ".join(dims) + ("," if len(dims) == 1 else "")
            yield finding(
                self,
                record,
                program,
                made.site,
                f"This pallas_call's out_shape is a shape, ({shown}): "
                "pallas_call raises ValueError (\"Invalid out_shape type: <class 'int'>\"); it "
                "wants what each output is, with its dtype: "
                "`jax.ShapeDtypeStruct(shape, dtype)` (or an array of that shape and dtype).",
                (related(program, made.site, "out_shape given here", made.nodes.get("out_shape")),),
            )
