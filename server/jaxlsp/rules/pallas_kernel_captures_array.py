"""A Pallas kernel that reads a JAX array it does not get as a Ref: a closure variable, a
global or an attribute of ``self`` holding an array (even a 0-d one).  The traced kernel
would close over a constant, and pallas_call raises ValueError asking for it as an input.
Python numbers and NumPy scalars are fine, and so is reading only an array's static
``.shape``/``.dtype``/``.ndim``/``.size`` or ``len``; a mesh kernel (``pl.kernel``) may also
close over 0-d arrays, so there only an array known to have dimensions counts.  An array
the kernel only hands to a function of the user's (directly, through ``map`` or a tree map)
is not reported: that function may read only its shape.  Reported where the kernel reads
the array.  Also an array a ``functools.partial`` binds to one of the kernel's parameters
(a jitted launcher's traced ``scale``), read in the kernel or in a loop body defined in it,
and a NumPy array of one or more dimensions the kernel hands to JAX (added to a value,
indexing a Ref, stored): tracing makes it a constant the kernel captures too.
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
from jaxlsp.infer.values import (
    Array,
    BoundMethod,
    Flavour,
    Function,
    Instance,
    NumpyArray,
    Partial,
    Site,
    StateRef,
    Tuple,
    Value,
    Values,
)
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import SETUP, SurePaths
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
    #: Names assigned anywhere in the kernel, or parameters of a def in it (not the
    #: kernel's own parameters): where a parameter is among them, its value is not known.
    rebound: frozenset[str] = frozenset()


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
        frozenset(_rebound(nodes, node)),
    )
    with _TEXTS_LOCK:
        _TEXTS[node] = text
    return text


def _rebound(nodes: Sequence[ast.AST], kernel: ast.AST) -> set[str]:
    """The names ``nodes`` assign, and the parameters of the defs and lambdas in them other
    than ``kernel``."""
    found = {n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    for inner in nodes:
        if inner is not kernel and isinstance(
            inner, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
        ):
            every = inner.args
            found.update(a.arg for a in (*every.posonlyargs, *every.args, *every.kwonlyargs))
            found.update(a.arg for a in (every.vararg, every.kwarg) if a is not None)
    return found


def _nested_reads(
    kernel: ast.AST, parameters: frozenset[str]
) -> tuple[tuple[ast.AST, ast.Name], ...]:
    """The reads of the kernel's ``parameters`` inside the defs nested in it (a loop's body
    reading a bound ``scale``), with the def that reads each; a def that binds the name in
    any way reads its own."""
    found: list[tuple[ast.AST, ast.Name]] = []
    for inner in walk(kernel):
        if inner is kernel or not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        inner_nodes = walk(inner)
        every = inner.args
        own = {a.arg for a in (*every.posonlyargs, *every.args, *every.kwonlyargs)}
        own.update(a.arg for a in (every.vararg, every.kwarg) if a is not None)
        own.update(
            n.id for n in inner_nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
        )
        own.update(
            n.name
            for n in inner_nodes
            if n is not inner and isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        )
        for current in inner_nodes:
            if (
                isinstance(current, ast.Name)
                and isinstance(current.ctx, ast.Load)
                and current.id in parameters
                and current.id not in own
            ):
                found.append((inner, current))
    return tuple(found)


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
        paths: SurePaths | None = None  # made for the first candidate: most files have none
        for site, shape, launch in _host_arrays(program):
            if site in reported:
                continue
            paths = paths or SurePaths(program)
            if not paths.runs(site):
                continue  # behind a test the analysis could not decide: it may never run
            reported.add(site)
            yield finding(
                self,
                record,
                program,
                site,
                f"This Pallas kernel uses a NumPy array of shape {shape} in a JAX operation: "
                "tracing the kernel makes it a constant the kernel captures, and pallas_call "
                "raises ValueError (the kernel captures constants). Pass it to the kernel's "
                "call as an input and read its Ref, or build it in the kernel "
                "(`lax.broadcasted_iota`, `jnp.arange`).",
                (related(program, launch, "the kernel is launched here"),),
            )
        for invocation in program.facts.invocations:
            if invocation.api not in (PALLAS_CALL, KERNEL) or invocation.role != "body":
                continue
            frame = invocation.frame
            function, bound = _function_and_bound(invocation.function)
            if frame is None or function is None:
                continue
            mesh = invocation.api == KERNEL
            for node, what in _captured(program, function, frame, mesh=mesh, bound=bound):
                site = Site(function.site.module, function.site.tree, node)
                if site in reported:
                    continue
                paths = paths or SurePaths(program)
                if not paths.runs(site):
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


def _function_and_bound(value: Value) -> tuple[Function | None, dict[str, Values]]:
    """The kernel's function, and what a ``functools.partial`` around it binds to its
    parameters, by name (its keywords, and its positional arguments by position)."""
    if not isinstance(value, Partial) or value.pytree or value.spread or len(value.func) != 1:
        return _function(value), {}
    function = _function(value.func[0])
    if function is None or not isinstance(function.node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None, {}
    every = function.node.args
    positional = [a.arg for a in (*every.posonlyargs, *every.args)]
    if len(value.args) > len(positional):
        return None, {}
    bound = dict(zip(positional, value.args, strict=False))
    bound.update(value.keywords)
    return function, bound


def _captured(
    program: Program,
    function: Function,
    frame: Frame,
    *,
    mesh: bool,
    bound: dict[str, Values] | None = None,
) -> Iterator[tuple[ast.expr, str]]:
    """The free names (and ``self`` attributes) the kernel's own body reads that hold arrays
    (``mesh``: a mesh kernel's, where 0-d arrays may be closed over), and its parameters a
    ``functools.partial`` binds to arrays (``bound``), read in its body or in a function
    defined in it that ran in a kernel (a loop's body)."""
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
    arrays = {
        name: values
        for name, values in (bound or {}).items()
        if name in text.parameters and _arrays(values, with_dimensions=mesh)
    }
    if arrays:
        # (rare: the defs nested in the kernel are walked again only for such a kernel)
        ran = _ran_in_kernels(program)
        nested = [read for inner, read in _nested_reads(node, text.parameters) if id(inner) in ran]
        for current in (*text.reads, *nested):
            if (
                isinstance(current, ast.Name)
                and current.id in arrays
                and id(current) not in static
                and current.id not in text.rebound  # (rebound somewhere: its value not known)
            ):
                yield current, f"`{current.id}` (bound by `functools.partial`)"
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


#: The parameters of jax.numpy and lax functions that take array operands (converted to JAX
#: arrays: in a kernel, a NumPy array given there becomes a constant of the trace); shape,
#: axis and dtype parameters take NumPy arrays as plain numbers.
_OPERANDS = frozenset({"a", "b", "x", "y", "x1", "x2", "condition", "lhs", "rhs", "operand"})
_NUMERIC = ("jax.numpy.", "jax.lax.")


def _host_array(values: Values | None) -> tuple[int, ...] | None:
    """The shape of a NumPy array of one or more dimensions ``values`` surely is."""
    if not values or not all(isinstance(v, NumpyArray) for v in values):
        return None
    shapes = {v.shape for v in values if isinstance(v, NumpyArray)}
    if len(shapes) != 1:
        return None
    (shape,) = shapes
    return shape if shape else None


def _index_host_array(index: Values) -> tuple[int, ...] | None:
    """A NumPy array of dimensions among a Ref's index (alone, or an item of its tuple)."""
    if len(index) != 1:
        return None
    only = index[0]
    items: tuple[Values, ...] = only.items if isinstance(only, Tuple) else ((only,),)
    for item in items:
        shape = _host_array(item)
        if shape is not None:
            return shape
    return None


def _grid_kernel(frame: Frame) -> Site | None:
    """The launch of the ``pallas_call`` kernel ``frame`` runs in (None: not in one)."""
    return next((t.site for t in frame.context if t.kind == PALLAS_CALL and t.site), None)


def _host_arrays(program: Program) -> Iterator[tuple[Site, tuple[int, ...], Site]]:
    """Where a grid kernel hands a NumPy array of one or more dimensions to JAX: an operator
    with a JAX array on its other side, a Ref read or written with it as an index or stored,
    a jax.numpy or lax function given it as an array operand beside a tracer of the kernel
    (``jnp.where(mask, s, -inf)``).  Each makes the array a constant of the kernel's trace
    (measured on 0.12.0.1: ValueError, "captures constants"); its shape, its launch.  Reading
    it on the host (``t.shape``, ``float(t.sum())``) stays NumPy's and is no capture."""
    facts = program.facts
    for operator in facts.operators:
        launch = _grid_kernel(operator.frame)
        if launch is None:
            continue
        for host, other in ((operator.left, operator.right), (operator.right, operator.left)):
            shape = _host_array(host)
            if shape is not None and other and all(isinstance(v, Array) for v in other):
                yield operator.site, shape, launch
                break
    for subscript in facts.subscripts:
        launch = _grid_kernel(subscript.frame)
        if launch is None or not subscript.container:
            continue
        if not all(isinstance(v, StateRef) and v.launch is not None for v in subscript.container):
            continue
        shape = _index_host_array(subscript.index)
        if shape is None and subscript.store:
            shape = _host_array(subscript.value)
        if shape is not None:
            yield subscript.site, shape, launch
    for call in facts.api_calls:
        if not call.api.name.startswith(_NUMERIC):
            continue
        launch = _grid_kernel(call.frame)
        if launch is None:
            continue
        hosts = [
            shape
            for name, values in call.arguments.items()
            if name in _OPERANDS and (shape := _host_array(values)) is not None
        ]
        # with a tracer of the kernel beside it, the NumPy operand surely enters the trace
        if hosts and any(_traced(values, call.frame) for values in call.arguments.values()):
            yield call.site, hosts[0], launch


def _traced(values: Values, frame: Frame) -> bool:
    """Surely a tracer of a trace ``frame`` runs under (a kernel's load, its grid index)."""
    return bool(values) and all(
        isinstance(v, Array)
        and not v.tree
        and Flavour.STAGED in (v.flavours or ())
        and v.trace is not None
        and v.trace in frame.context
        for v in values
    )


def _ran_in_kernels(program: Program) -> set[int]:
    """The ids of the function definitions that ran inside a Pallas kernel."""
    return {
        id(frame.function.node)
        for frame in program.facts.frames
        if frame.function is not None
        and any(t.kind in (PALLAS_CALL, KERNEL) for t in frame.context)
    }
