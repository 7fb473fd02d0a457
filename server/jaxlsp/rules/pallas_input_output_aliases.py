"""A pallas_call whose ``input_output_aliases`` maps an input to an output that cannot share
its buffer: an input or output index the call does not have, or an input whose shape or
dtype differs from the output's.  pallas_call raises ValueError when it traces the launch.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.shaping import aval_of, items_of
from jaxlsp.findings import Finding
from jaxlsp.infer import shapes
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import NONE, Array, Const, NumpyArray, Site, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, LaunchAt, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasInputOutputAliases(Rule):
    NAME = "pallas-input-output-aliases"
    CODE = "pallas-input-output-aliases"
    RECORD_ID = "fbed1067a3d71c9e"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def increment(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

pl.pallas_call(increment, out_shape=out, input_output_aliases={0: 0}, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def increment(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

pl.pallas_call(  # expect: pallas-input-output-aliases
    increment, out_shape=out, input_output_aliases={1: 0}, interpret=True
)(x)
""",
        SETUP
        + """
def cast(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(o_ref.dtype)

pl.pallas_call(  # expect: pallas-input-output-aliases
    cast, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.bfloat16),
    input_output_aliases={0: 0}, interpret=True,
)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            made = at.launch.made
            if made.site in reported or at.launch.mesh:
                continue
            problem = _problem(at, program)
            if problem is None:
                continue
            reported.add(made.site)
            yield finding(
                self,
                record,
                program,
                made.site,
                f"input_output_aliases maps {problem}: pallas_call raises ValueError. An "
                "alias makes an output reuse an input's buffer, so both indices must exist "
                "and the two arrays must have one shape and dtype.",
                (
                    related(
                        program,
                        made.site,
                        "input_output_aliases given here",
                        made.nodes.get("input_output_aliases"),
                    ),
                ),
            )


def _problem(at: LaunchAt, program: Program) -> str | None:
    launch = at.launch
    if not launch.aliases or launch.inputs is None or launch.outputs is None:
        return None
    heap = program.interpreter.heap
    inputs = _leaves(launch.inputs, heap)
    if inputs is None:
        return None
    for given, taken in launch.aliases.items():
        if not 0 <= given < len(inputs):
            return (
                f"input {given} to output {taken}, but the call passes "
                f"{len(inputs)} input{'s' if len(inputs) != 1 else ''}"
            )
        if not 0 <= taken < len(launch.outputs):
            return (
                f"input {given} to output {taken}, but out_shape declares "
                f"{len(launch.outputs)} output{'s' if len(launch.outputs) != 1 else ''}"
            )
        aval = aval_of(inputs[given], heap)
        output = launch.outputs[taken]
        if aval.shape is None or aval.dtype is None or output.shape is None:
            continue
        if output.dtype is None:
            continue
        if _shapes_differ(tuple(aval.shape), tuple(output.shape)) or aval.dtype != output.dtype:
            return (
                f"input {given} ({aval.dtype}{list(aval.shape)}) to output {taken} "
                f"({output.dtype}{list(output.shape)})"
            )
    return None


def _leaves(operands: tuple[Values, ...], heap: Heap, depth: int = 0) -> list[Values] | None:
    """The operands as pallas_call counts them for ``input_output_aliases``: the leaves of
    their pytrees, so a ``None`` operand (an optional one left out) is none and a tuple is
    its items; None when how many is not known (an operand that may be None or an array)."""
    found: list[Values] = []
    for operand in operands:
        if operand == (NONE,):
            continue
        if all(_leaf(value) for value in operand):
            found.append(operand)
            continue
        items = items_of(operand, heap) if depth < 4 else None
        if items is None:
            return None
        inner = _leaves(tuple(items), heap, depth + 1)
        if inner is None:
            return None
        found.extend(inner)
    return found


def _leaf(value: object) -> bool:
    """One array operand: an array, or a Python number (a scalar operand)."""
    if isinstance(value, Const):
        return isinstance(value.value, bool | int | float | complex)
    return isinstance(value, Array | NumpyArray) and not (isinstance(value, Array) and value.tree)


def _shapes_differ(a: shapes.Shape, b: shapes.Shape) -> bool:
    """Whether two shapes surely differ: in rank, or in a dimension both know as different
    integers (a named size, ``H_v``, may be any)."""
    return len(a) != len(b) or any(shapes.differ(x, y) for x, y in zip(a, b, strict=True))
