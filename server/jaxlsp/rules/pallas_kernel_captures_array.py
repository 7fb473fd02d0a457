"""A Pallas kernel that reads a JAX array it does not get as a Ref: a closure variable, a
global or an attribute of ``self`` holding an array (even a 0-d one).  The traced kernel
would close over a constant, and pallas_call raises ValueError asking for it as an input.
Python numbers and NumPy scalars are fine; reported where the kernel reads the array.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import KERNEL, PALLAS_CALL
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, BoundMethod, Function, Instance, Site, Value, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import SETUP
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def _arrays(values: Values | None) -> bool:
    return bool(values) and all(isinstance(v, Array) for v in values or ())


class PallasKernelCapturesArray(Rule):
    NAME = "pallas-kernel-captures-array"
    CODE = "pallas-kernel-captures-array"
    RECORD_ID = "e0b4364d4092d5f7"

    VALID = (
        SETUP
        + """
SCALE = 0.5

def scale(x_ref, b_ref, o_ref):
    o_ref[...] = x_ref[...] * SCALE + b_ref[...]

pl.pallas_call(scale, out_shape=out, interpret=True)(x, x)
""",
    )
    INVALID = (
        SETUP
        + """
bias = jnp.ones((16, 128), jnp.float32)

def add_bias(x_ref, o_ref):
    o_ref[...] = x_ref[...] + bias  # expect: pallas-kernel-captures-array

pl.pallas_call(add_bias, out_shape=out, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for invocation in program.facts.invocations:
            if invocation.api not in (PALLAS_CALL, KERNEL) or invocation.role != "body":
                continue
            frame = invocation.frame
            function = _function(invocation.function)
            if frame is None or function is None:
                continue
            for node, what in _captured(program, function, frame):
                site = Site(function.site.module, function.site.tree, node)
                if site in reported:
                    continue
                reported.add(site)
                yield finding(
                    self,
                    record,
                    program,
                    site,
                    f"This Pallas kernel reads {what}, a JAX array it does not get as a Ref: "
                    "pallas_call raises ValueError (the kernel captures a constant). Pass the "
                    "array to the kernel's call as an input (with a BlockSpec) and read its Ref.",
                    (related(program, invocation.site, "the kernel is run here"),),
                )


def _function(value: Value) -> Function | None:
    if isinstance(value, BoundMethod):
        return value.function
    return value if isinstance(value, Function) else None


def _captured(program: Program, function: Function, frame: Frame) -> Iterator[tuple[ast.expr, str]]:
    """The free names (and ``self`` attributes) the kernel's own body reads that hold arrays."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return
    arguments = node.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    interpreter = program.interpreter
    heap = interpreter.heap
    # names the body binds anywhere (assignments, loop and comprehension targets, nested
    # functions and their parameters) are not free
    bound = {
        n.id for n in ast.walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
    }
    for inner in ast.walk(node):
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            every = inner.args
            bound.update(a.arg for a in (*every.posonlyargs, *every.args, *every.kwonlyargs))
            bound.update(a.arg for a in (every.vararg, every.kwarg) if a is not None)
            if not isinstance(inner, ast.Lambda):
                bound.add(inner.name)
    positional = [*arguments.posonlyargs, *arguments.args]
    self_name = positional[0] if positional else None
    for statement in node.body:
        for current in ast.walk(statement):
            if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                break
            if isinstance(current, ast.Name) and isinstance(current.ctx, ast.Load):
                name = current.id
                if name in parameters or name in bound or name in frame.local_names:
                    continue
                if _arrays(interpreter.lookup(name, frame, frame.state)):
                    yield current, f"`{name}`"
            elif (
                isinstance(current, ast.Attribute)
                and isinstance(current.value, ast.Name)
                and self_name is not None
                and current.value.id == self_name.arg
                and function.owner is not None
            ):
                owner = frame.state.env.get(self_name.arg)
                if owner is None or len(owner) != 1 or not isinstance(owner[0], Instance):
                    continue
                fields = dict(heap.field_items(owner[0].ref))
                if _arrays(fields.get(current.attr)):
                    yield current, f"`{self_name.arg}.{current.attr}`"
