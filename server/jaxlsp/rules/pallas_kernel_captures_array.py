"""A Pallas kernel that reads a JAX array it does not get as a Ref: a closure variable, a
global or an attribute of ``self`` holding an array (even a 0-d one).  The traced kernel
would close over a constant, and pallas_call raises ValueError asking for it as an input.
Python numbers and NumPy scalars are fine, and so is reading only an array's static
``.shape``/``.dtype``/``.ndim``/``.size`` or ``len``; a mesh kernel (``pl.kernel``) may also
close over 0-d arrays, so there only an array known to have dimensions counts.  An array
the kernel only hands to a function of the user's (directly, through ``map`` or a tree map)
is not reported: that function may read only its shape.  Reported where the kernel reads
the array.
"""

from __future__ import annotations

import ast
import threading
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxlsp.apis.pallas import KERNEL, PALLAS_CALL
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, BoundMethod, Function, Instance, Site, Value, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import SETUP
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import walk

if TYPE_CHECKING:
    from jaxlsp.infer.interpreter import Interpreter

#: What an array tells without its values: reading it is no capture.
STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})


def _arrays(values: Values | None, *, with_dimensions: bool = False) -> bool:
    """Whether every value is an array (``with_dimensions``: of a known rank of 1 or more)."""
    if not values:
        return False
    if with_dimensions:
        return all(isinstance(v, Array) and v.shape is not None and v.shape for v in values)
    return all(isinstance(v, Array) for v in values)


def _static_reads(nodes: Sequence[ast.AST]) -> set[int]:
    """The names read only for what they tell statically (``x.shape``, ``len(x)``), among
    ``nodes`` (a kernel's, from its one walk)."""
    found: set[int] = set()
    for current in nodes:
        if (
            isinstance(current, ast.Attribute)
            and current.attr in STATIC_ATTRIBUTES
            and isinstance(current.value, ast.Name | ast.Attribute)
        ):
            found.add(id(current.value))
        elif (
            isinstance(current, ast.Call)
            and isinstance(current.func, ast.Name)
            and current.func.id == "len"
            and len(current.args) == 1
            and isinstance(current.args[0], ast.Name)
        ):
            found.add(id(current.args[0]))
    return found


def _handed_on(nodes: Sequence[ast.AST]) -> tuple[tuple[ast.expr, frozenset[int]], ...]:
    """Each call among the kernel's ``nodes`` (from its one walk) with the names (and
    attributes) it is given as arguments, or as items of a tuple or list argument: those a
    call of a user function, of ``map`` or of a tree map (``jax.tree.map(_block_ref, refs,
    out_shape)``) hands on (``_hands_on``).  Whether that function reads the array's values
    or only its ``.shape`` is not known here, so reading it there is no proved capture."""
    found: list[tuple[ast.expr, frozenset[int]]] = []
    for current in nodes:
        if not isinstance(current, ast.Call):
            continue
        given: set[int] = set()
        for argument in (*current.args, *(k.value for k in current.keywords)):
            items = argument.elts if isinstance(argument, ast.Tuple | ast.List) else [argument]
            given.update(id(item) for item in items if isinstance(item, ast.Name | ast.Attribute))
        found.append((current.func, frozenset(given)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class _KernelText:
    """What a kernel's code says of its reads, before any value is known: read once per
    def (an unchanged def keeps its tree from one version of the file to the next)."""

    parameters: frozenset[str]
    #: Names the body binds anywhere (assignments, loop and comprehension targets, nested
    #: functions and their parameters): not free.
    bound: frozenset[str]
    #: The first positional parameter (a method's ``self``).
    self_name: str | None
    #: ``_static_reads``.
    static: frozenset[int]
    #: ``_handed_on``.
    calls: tuple[tuple[ast.expr, frozenset[int]], ...]
    #: The kernel's own reads, in order: free-looking names read, and attributes of a name.
    reads: tuple[ast.Name | ast.Attribute, ...]


_TEXTS: weakref.WeakKeyDictionary[ast.AST, _KernelText] = weakref.WeakKeyDictionary()
_TEXTS_LOCK = threading.Lock()  # analyses may run on several threads


def _kernel_text(node: ast.FunctionDef | ast.AsyncFunctionDef) -> _KernelText:
    with _TEXTS_LOCK:
        known = _TEXTS.get(node)
    if known is not None:
        return known
    arguments = node.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    # one walk of the def for all the reads below: a new text's kernels are read afresh,
    # and walking each four times was most of this rule's time on a file not seen before
    nodes = walk(node)
    bound = {n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    for inner in nodes:
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            every = inner.args
            bound.update(a.arg for a in (*every.posonlyargs, *every.args, *every.kwonlyargs))
            bound.update(a.arg for a in (every.vararg, every.kwarg) if a is not None)
            if not isinstance(inner, ast.Lambda):
                bound.add(inner.name)
    positional = [*arguments.posonlyargs, *arguments.args]
    reads: list[ast.Name | ast.Attribute] = []
    for statement in node.body:
        for current in walk(statement):
            if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                break
            if isinstance(current, ast.Name):
                if isinstance(current.ctx, ast.Load):
                    reads.append(current)
            elif isinstance(current, ast.Attribute) and isinstance(current.value, ast.Name):
                reads.append(current)
    text = _KernelText(
        frozenset(parameters),
        frozenset(bound),
        positional[0].arg if positional else None,
        frozenset(_static_reads(nodes)),
        _handed_on(nodes),
        tuple(reads),
    )
    with _TEXTS_LOCK:
        _TEXTS[node] = text
    return text


def _hands_on(func: ast.expr, interpreter: Interpreter, frame: Frame) -> bool:
    """Whether a call of ``func`` hands its arguments to code of the user's (a function of
    theirs, ``map``, a tree map)."""
    if isinstance(func, ast.Name):
        if func.id == "map":
            return True
        values = interpreter.lookup(func.id, frame, frame.state)
        return bool(values) and all(isinstance(v, Function | BoundMethod) for v in values)
    return isinstance(func, ast.Attribute) and func.attr in ("map", "tree_map")


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
        SETUP
        + """
sizes = jnp.zeros((16, 128), jnp.float32)

def rows(value):
    return value.shape[0]

def copy_rows(x_ref, o_ref):
    (n,) = jax.tree.map(rows, (sizes,))  # the helper reads only the shape
    o_ref[:n] = x_ref[:n]

pl.pallas_call(copy_rows, out_shape=out, interpret=True)(x)
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
            mesh = invocation.api == KERNEL
            for node, what in _captured(program, function, frame, mesh=mesh):
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


def _captured(
    program: Program, function: Function, frame: Frame, *, mesh: bool
) -> Iterator[tuple[ast.expr, str]]:
    """The free names (and ``self`` attributes) the kernel's own body reads that hold arrays
    (``mesh``: a mesh kernel's, where 0-d arrays may be closed over)."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return
    text = _kernel_text(node)
    interpreter = program.interpreter
    heap = interpreter.heap
    static = set(text.static)
    for func, given in text.calls:
        if _hands_on(func, interpreter, frame):
            static |= given
    for current in text.reads:
        if isinstance(current, ast.Name):
            name = current.id
            if name in text.parameters or name in text.bound or name in frame.local_names:
                continue
            if id(current) in static:
                continue
            if _arrays(interpreter.lookup(name, frame, frame.state), with_dimensions=mesh):
                yield current, f"`{name}`"
        elif id(current) not in static:
            assert isinstance(current.value, ast.Name)
            name = current.value.id
            if name == text.self_name and function.owner is not None:
                owner = frame.state.env.get(name)
            elif name in text.parameters or name in text.bound or name in frame.local_names:
                continue
            else:
                # a free name holding an object (the ``self`` of the method that
                # defines the kernel as a closure): its attribute is captured too
                owner = interpreter.lookup(name, frame, frame.state)
            if owner is None or len(owner) != 1 or not isinstance(owner[0], Instance):
                continue
            fields = dict(heap.field_items(owner[0].ref))
            if _arrays(fields.get(current.attr), with_dimensions=mesh):
                yield current, f"`{name}.{current.attr}`"
