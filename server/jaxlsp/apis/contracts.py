"""What the modelled operations require of their arguments, and when a call surely breaks it.

One source of truth for the interpreter (a path that surely raises ends there, so what follows
it on that path is not reported as well) and the rules (which report the violation): a
conversion of a tracer that has no value to give, a NumPy call on a tracer, a traced dimension
in a shape (or a float one), a traced bound where a concrete one is needed, a plain int where
a PRNG key goes, an item assignment to a JAX array, a traced boolean mask; what parameters
accept (``Accepts``: a function, hashable static arguments at each call of a jitted function,
...), each entry with the record of JAX's error and a program that raises it; and pytree
structures that must agree (``tree_map``'s trees, a loop's carry, a custom_vjp ``bwd``'s
cotangents).
"""

from __future__ import annotations

import ast
import enum
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, cast

from jaxlsp.apis.config_options import OPTIONS
from jaxlsp.apis.dtype_names import surely_unreadable
from jaxlsp.apis.int_range import KIND as INT_OVERFLOW
from jaxlsp.apis.int_range import past_int64
from jaxlsp.apis.library_layers import function_leaf
from jaxlsp.apis.module_classes import (
    EQUINOX_MODULE,
    LayerInstance,
    library_base,
    surely_dynamic_field,
)
from jaxlsp.apis.registry import SPECS, spec_for
from jaxlsp.apis.shaping import Aval, aval_of, dtype_of, items_of, shape_argument
from jaxlsp.apis.signatures import Signature, signature_of
from jaxlsp.apis.spec import Result
from jaxlsp.apis.tracing import int_set, parameter_names, str_set
from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.frames import ApiCall, Called, Conversion, Frame, Subscript
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.pytrees import difference, is_named_tuple, structure_of
from jaxlsp.infer.scopes import scopes_in
from jaxlsp.infer.values import (
    ANY,
    NONE,
    Api,
    Array,
    BoundMethod,
    ClassValue,
    Const,
    DictValue,
    Flavour,
    Function,
    Instance,
    Key,
    KeyArray,
    ListValue,
    Mesh,
    NumpyArray,
    Partial,
    PartitionSpec,
    Slice,
    Static,
    Trace,
    Transformed,
    Tuple,
    Unknown,
    Value,
    Values,
    surely_traced,
)

if TYPE_CHECKING:
    from jaxlsp.apis.spec import ApiSpec, AxisParameter, DeclaredContract
    from jaxlsp.infer.frames import ArgumentBreach

#: Tracers that have no value to give Python (``bool``, ``int``, ``__index__``...): staged or
#: batched ones. Under differentiation alone the primal value is there.
NO_VALUE = frozenset({Flavour.STAGED, Flavour.BATCHED})
#: Every tracer (NumPy's ``__array__`` and ``float()`` refuse them all).
ANY_TRACER = frozenset(Flavour)
#: Which tracers each Python conversion refuses (measured on the pinned JAX).
REFUSING = {
    "bool": NO_VALUE,
    "index": NO_VALUE,
    "int": NO_VALUE,
    "item": NO_VALUE,
    "float": ANY_TRACER,
    "complex": ANY_TRACER,
    # NumPy indexing a host array by a tracer (``table[i]``) converts it with ``__array__``
    "array": NO_VALUE,
}


@dataclass(frozen=True)
class Violation:
    """One argument of one call that breaks its API's contract."""

    #: "host" (NumPy converts a tracer), "shape" (a traced dimension), "shape-float",
    #: "axis-range" (an axis the array does not have; ``described``: "axis:rank"),
    #: "concrete" (a traced value where a concrete one is needed), "key" (not a PRNG key
    #: where one goes), "scan-length", the ``Accepts`` kinds (``Contract.kind``), "tree-structure",
    #: "carry-structure", "bwd-structure", "data-dependent-size" (``described``: the
    #: parameter that would fix the size), "loop-backward" (a while loop a backward pass
    #: differentiates).
    kind: str
    parameter: str
    value: Values
    #: The argument's expression, when the call spells it.
    node: ast.expr | None
    tracer: Array | Key | None = None
    #: What the value is ("the int 0", "a list"), or what differs, for the message.
    described: str = ""
    #: The array an out-of-range axis counts the axes of.
    array: Aval | None = None


@dataclass(frozen=True)
class CheckFunction:
    """A contract a function checks, declared with what it asks of the argument
    (``ApiSpec.checks``; ``check_asking`` makes one)."""

    asks: str
    check: Callable[[ApiCall, Heap], Violation | None]

    def __call__(self, call: ApiCall, heap: Heap) -> Violation | None:
        return self.check(call, heap)


def check_asking(
    asks: str,
) -> Callable[[Callable[[ApiCall, Heap], Violation | None]], CheckFunction]:
    """Declare the decorated function a contract check that asks ``asks`` of its argument."""

    def declare(check: Callable[[ApiCall, Heap], Violation | None]) -> CheckFunction:
        return CheckFunction(asks, check)

    return declare


def refused(conversion: Conversion) -> Array | Key | None:
    """The tracer a conversion surely cannot convert, if any.  A tracer of a trace the
    conversion does not run under is none: it left its trace through an object's field (a
    state written inside ``jit``), where a setter may have refused it or a library's transform
    written a concrete value back, and a tracer that did leak raises UnexpectedTracerError."""
    refusing = REFUSING.get(conversion.operation)
    if refusing is None:
        return None
    tracer = surely_traced(conversion.value, refusing)
    if tracer is None or not _traces_live(conversion.value, conversion.frame.context):
        return None
    return tracer


def _traces_live(values: Values, context: tuple[Trace, ...]) -> bool:
    """Whether every tracer among ``values`` whose trace is known belongs to one of
    ``context``'s traces (the transforms the code runs under)."""
    return all(
        not isinstance(value, Array) or value.trace is None or value.trace in context
        for value in values
    )


def violations(call: ApiCall, spec: ApiSpec, heap: Heap) -> list[ArgumentBreach]:
    """Every way ``call`` (of ``spec``) surely breaks its API's contract."""
    if not spec.has_contracts:
        return []  # most calls: an API with none of the contracts checked below
    found: list[ArgumentBreach] = []
    for name in spec.host_converts:
        for values, node in _host_arguments(call, name, heap):
            tracer = surely_traced(values, ANY_TRACER, trees=True)
            if tracer is not None:
                found.append(Violation("host", name, values, node, tracer))
                break
    for name in spec.shapes:
        shape = call.arguments.get(name)
        if shape is None:
            continue
        for dimension in _dimensions(shape):
            tracer = surely_traced(dimension, NO_VALUE, trees=True)
            if tracer is not None:
                found.append(Violation("shape", name, shape, call.nodes.get(name), tracer))
                break
            if (described := _surely_float(dimension)) is not None:
                node = call.nodes.get(name)
                found.append(Violation("shape-float", name, shape, node, described=described))
                break
    for name in spec.concrete:
        value = call.arguments.get(name)
        if value is None:
            continue
        tracer = surely_traced(value, NO_VALUE, trees=True)
        if tracer is not None:
            found.append(Violation("concrete", name, value, call.nodes.get(name), tracer))
    if spec.key is not None and spec.key in call.arguments:
        described = not_a_key(call.arguments[spec.key])
        if described is not None:
            found.append(
                Violation(
                    "key",
                    spec.key,
                    call.arguments[spec.key],
                    call.nodes.get(spec.key),
                    described=described,
                )
            )
        elif _surely_key_array(call.arguments[spec.key]):
            # every API with a key parameter here checks it is one key, not a batch
            found.append(
                Violation(
                    "key-batched",
                    spec.key,
                    call.arguments[spec.key],
                    call.nodes.get(spec.key),
                    described="an array of keys",
                )
            )
    for axis_parameter in spec.axis_parameters:
        violation = axis_out_of_bounds(call, axis_parameter, heap)
        if violation is not None:
            found.append(violation)
        name = axis_parameter.parameter
        if spec.name in CONCRETE_AXES and name not in spec.concrete:
            value = call.arguments.get(name)
            tracer = surely_traced(value, NO_VALUE, trees=True) if value is not None else None
            if value is not None and tracer is not None:
                found.append(Violation("concrete", name, value, call.nodes.get(name), tracer))
    for check in spec.checks:
        broken = check(call, heap)
        if broken is not None:
            found.append(broken)
    found.extend(accepts_violations(call, spec, heap))
    return found


#: The APIs whose axis parameter, given a tracer, raises ConcretizationTypeError ("Abstract
#: tracer value encountered where concrete value is expected": ``jnp.sum(x, axis)`` with
#: ``axis`` an argument of a jitted or vmapped function), measured on the pinned JAX by calling
#: each API with an axis parameter with a traced int under ``jax.jit``.  The others raise
#: other errors there (TracerIntegerConversionError for ``jnp.argmax`` and ``jnp.concatenate``;
#: "Non-hashable static arguments" for ``jnp.cumsum`` and ``jnp.sort``), which other rules own.
CONCRETE_AXES = frozenset(
    f"{module}.{name}"
    for module, names in (
        ("jax.numpy", "all amax amin any average expand_dims flip max mean min prod ptp squeeze"),
        ("jax.numpy", "std sum var"),
        ("jax.Array", "all any max mean min prod ptp squeeze std sum var"),
        ("jax.lax", "cumlogsumexp cummax cummin cumprod cumsum"),
        ("jax.nn", "softmax"),
    )
    for name in names.split()
)


def axis_out_of_bounds(call: ApiCall, axes: AxisParameter, heap: Heap) -> Violation | None:
    """An axis argument that surely names an axis the array does not have: its value an
    int (or ints) and the array's rank known, on every path here."""
    values = call.arguments.get(axes.parameter)
    if values is None or axes.array not in call.arguments:
        return None
    given = shape_argument(values, heap)
    if not given:
        return None
    array = _ranked_aval(call.arguments[axes.array], heap, axes.sequence)
    if array is None or array.rank is None or array.rank < axes.least_rank:
        return None
    counted = array.rank + axes.added + (len(given) if axes.each_adds else 0)
    lowest = -counted if axes.negative else 0
    bad = next((axis for axis in given if not lowest <= axis < counted), None)
    if bad is None:
        return None
    return Violation(
        "axis-range",
        axes.parameter,
        values,
        call.nodes.get(axes.parameter),
        described=f"{bad}:{counted}",
        array=array,
    )


def _ranked_aval(values: Values, heap: Heap, sequence: bool) -> Aval | None:
    """An array argument (the first of a sequence of them, all of one rank), when every
    alternative is an array (or a Python number) of a known rank."""
    if sequence:
        items = items_of(values, heap)
        if items is None and len(values) == 1 and isinstance(values[0], ListValue):
            items = [heap.list_element(values[0].ref)]  # (built in a loop: each item is one)
        if not items:
            return None
        avals = [_ranked_aval(item, heap, False) for item in items]
        ranks = {aval.rank if aval is not None else None for aval in avals}
        return avals[0] if len(ranks) == 1 and None not in ranks else None
    if not values or not all(_ranked(value) for value in values):
        return None
    return aval_of(values, heap)


def _ranked(value: Value) -> bool:
    if isinstance(value, Array):
        return not value.tree and value.shape is not None
    return isinstance(value, Const) and type(value.value) in (int, float, bool, complex)


@check_asking("axis names the mesh has")
def mesh_has_spec_axes(call: ApiCall, heap: Heap) -> Violation | None:
    """``NamedSharding(mesh, spec)`` whose spec names a mesh axis the mesh surely lacks
    (the mesh's axis names and the spec's entries known)."""
    mesh, spec = call.arguments.get("mesh", ()), call.arguments.get("spec", ())
    if len(mesh) != 1 or not isinstance(mesh[0], Mesh) or not spec:
        return None
    names = {name for name, _ in mesh[0].axes}
    missing: str | None = None
    for value in spec:
        if not isinstance(value, PartitionSpec):
            return None
        named = [
            axis
            for index, entry in enumerate(value.entries)
            if index not in value.unknown and entry is not None
            for axis in entry
        ]
        found = next((axis for axis in named if axis not in names), None)
        if found is None:
            return None  # (this alternative names only the mesh's axes)
        missing = missing or found
    assert missing is not None
    return Violation(
        "mesh-axis",
        "spec",
        spec,
        call.nodes.get("spec"),
        described=f"{missing}:{', '.join(repr(name) for name, _ in mesh[0].axes)}",
    )


@check_asking("a length or xs to scan")
def scans_nothing(call: ApiCall, heap: Heap) -> Violation | None:
    """``lax.scan`` with no leaves in ``xs`` (None, an empty tuple, list or dict) and no
    ``length``: nothing says how many steps.  Without ``init`` either, Python raises first
    (a TypeError for the missing argument)."""
    if "init" not in call.arguments and not call.open_ended:
        return None
    if call.open_ended and not ("xs" in call.arguments and "length" in call.arguments):
        return None  # a spread of unknown contents may give what is not bound: not its default
    xs = call.arguments.get("xs", (NONE,))
    length = call.arguments.get("length", (NONE,))
    if length != (NONE,) or not has_no_leaves(xs, heap):
        return None
    return Violation("scan-length", "xs", xs, call.nodes.get("xs"))


@dataclass(frozen=True)
class SizedByValues:
    """A result whose size the values of ``operands`` decide (the indices of the nonzero
    entries, the unique values, the repeated elements), unless the ``size`` argument fixes it:
    under a trace that leaves an operand no value (jit, vmap), a call without it raises
    ConcretizationTypeError.  Under differentiation alone the values are there."""

    asks: ClassVar[str] = "a static size for a value-dependent result"
    operands: tuple[str, ...]
    size: str = "size"
    #: Arguments that make it the call's other form, whose size is static
    #: (``where(c, x, y)``).
    other_form: tuple[str, ...] = ()
    #: Whether a constant operand (a NumPy array, a concrete JAX array closed over) is
    #: converted into a tracer before its values are read: not ``repeat``'s ``repeats``, which
    #: JAX reads as a value first (jaxmarl's ``jnp.repeat(ranks, self.num_cards_of_rank)``
    #: under jit with ``self`` static runs).
    constants_traced: bool = True

    def __call__(self, call: ApiCall, heap: Heap) -> Violation | None:
        if call.open_ended or any(name in call.arguments for name in self.other_form):
            return None
        if call.arguments.get(self.size, (NONE,)) != (NONE,):
            return None  # a size is given (or may be)
        for name in self.operands:
            value = call.arguments.get(name, ())
            tracer = surely_traced(value, NO_VALUE, trees=True)
            if tracer is not None:
                node = call.nodes.get(name)
                return Violation("data-dependent-size", name, value, node, tracer, self.size)
        if call.staging is None or not self.constants_traced:
            return None
        for name in self.operands:
            # a constant (a NumPy array, a concrete JAX array closed over) is converted inside
            # the staging trace, so it reaches the size's check as a tracer too
            value = call.arguments.get(name, ())
            if value and all(host_constant(v) for v in value):
                node = call.nodes.get(name)
                return Violation("data-dependent-size", name, value, node, call.staging, self.size)
        return None


def host_constant(value: Value) -> bool:
    """A concrete array: a NumPy array, or a JAX array no transform traces."""
    return isinstance(value, NumpyArray) or (
        isinstance(value, Array) and value.flavours == frozenset() and not value.tree
    )


@dataclass(frozen=True)
class CarryOfJaxTypes:
    """A loop's initial carry (its ``parameter``) holding what JAX cannot trace as an array:
    a function, a string, a class (``(0, model_fn)``).  ``scan``, ``while_loop`` and
    ``fori_loop`` trace every leaf of it, and raise TypeError "Argument ... is not a valid JAX
    type".  A violation only where the carry surely holds one (``not_an_array``)."""

    asks: ClassVar[str] = "a carry of JAX types"
    parameter: str

    def __call__(self, call: ApiCall, heap: Heap) -> Violation | None:
        values = call.arguments.get(self.parameter, ())
        described = not_an_array(values, heap)
        if described is None:
            return None
        node = call.nodes.get(self.parameter)
        return Violation("carry-jax-type", self.parameter, values, node, described=described)


@dataclass(frozen=True)
class ArrayLikeArgument:
    """A ``jax.numpy`` function that refuses a Python list or tuple where it takes an array
    (its ``parameter``; with ``items``, an item of that sequence: ``jnp.concatenate``'s
    arrays), where NumPy would convert it: it raises TypeError "<name> requires ndarray or
    scalar arguments".  A violation only where the value is surely a list or tuple (or a
    dict: ``jnp.where(c, {...}, y)``).  With ``item``, the parameter is the ``*args`` one and
    only its positional argument ``item`` is checked (``jnp.insert(a, [1, 2], v)``)."""

    asks: ClassVar[str] = "an array, not a list or tuple"
    parameter: str
    items: bool = False
    item: int | None = None

    def __call__(self, call: ApiCall, heap: Heap) -> Violation | None:
        values = call.arguments.get(self.parameter, ())
        node = call.nodes.get(self.parameter)
        if self.item is not None:
            return self._variadic_item(call, values)
        if not self.items:
            found = _python_sequence(values)
            if found is None:
                return None
            return Violation("list-argument", self.parameter, values, node, described=found)
        items = items_of(values, heap)
        for index, item in enumerate(items or ()):
            found = _python_sequence(item)
            if found is not None:
                elements = node.elts if isinstance(node, ast.List | ast.Tuple) else None
                at = elements[index] if elements is not None and index < len(elements) else node
                return Violation(
                    "list-argument", self.parameter, item, at, described=f"{found}:{index}"
                )
        return None

    def _variadic_item(self, call: ApiCall, values: Values) -> Violation | None:
        """The violation of the ``*args`` item ``self.item``, when it is surely a sequence."""
        assert self.item is not None
        if len(values) != 1 or not isinstance(bound := next(iter(values)), Tuple):
            return None
        if self.item >= len(bound.items):
            return None
        found = _python_sequence(bound.items[self.item])
        if found is None:
            return None
        position = len(call.api.params) + self.item
        spelled = call.site.node
        node: ast.expr | None = None
        if isinstance(spelled, ast.Call) and position < len(spelled.args):
            argument = spelled.args[position]
            node = None if isinstance(argument, ast.Starred) else argument
        # named by its position, as JAX's message names it ("at position 1")
        name = f"#{position}"
        return Violation("list-argument", name, bound.items[self.item], node, described=found)


@dataclass(frozen=True)
class IntOperand:
    """A function that converts its ``parameter`` to an array: a Python int there that int64
    cannot hold raises OverflowError in either x64 mode (``jaxlsp.apis.int_range``).  With
    ``unless``, only when that parameter is absent or None (an explicit ``dtype`` may be one
    that holds it)."""

    asks: ClassVar[str] = "an int that int64 holds"
    parameter: str
    unless: str | None = None

    def __call__(self, call: ApiCall, heap: Heap) -> Violation | None:
        if self.unless is not None:
            given = call.arguments.get(self.unless)
            if given is not None and given != (Const(None),):
                return None
        values = call.arguments.get(self.parameter, ())
        big = past_int64(values)
        if big is None:
            return None
        node = call.nodes.get(self.parameter)
        return Violation(INT_OVERFLOW, self.parameter, values, node, described=str(big))


def made_in_frame(node: ast.expr | None, frame: Frame) -> bool:
    """Whether the expression ``node`` is a sequence the code of ``frame`` itself makes: a
    list or tuple display, a comprehension, ``list(...)``/``tuple(...)``, an array's
    ``.shape``, or a variable the frame assigns only from those.  A value a caller passed
    in, or one a call returns, is what the analysis took from elsewhere (a caller among
    several, a function picked by a guard it cannot tie to this call): that it is a list
    there rests on that."""
    if _sequence_made_by(node):
        return True
    if not isinstance(node, ast.Name):
        return False
    if frame.function is None:
        return True  # a module's (or class body's) own variable: no caller hands it in
    assigned = list(_assignments(frame.function.node, node.id))
    return bool(assigned) and all(_sequence_made_by(value) for value in assigned)


def _sequence_made_by(node: ast.expr | None) -> bool:
    """A list or tuple display, a comprehension, ``list(...)``, ``tuple(...)``, a display
    repeated (``[0.0] * n``) or an array's ``.shape``."""
    if isinstance(node, ast.List | ast.Tuple | ast.ListComp | ast.Dict | ast.DictComp):
        return True
    if isinstance(node, ast.Attribute):
        return node.attr == "shape"
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "dict")
    if isinstance(node, ast.BinOp):
        return _sequence_made_by(node.left) or _sequence_made_by(node.right)
    return False


def _assignments(scope: ast.AST, name: str) -> Iterator[ast.expr | None]:
    """The values ``name`` is assigned in ``scope``'s own code (not in nested functions or
    classes); None for a binding that is no plain assignment (a loop's target, ``with ...
    as``, an unpacking, an augmented assignment)."""
    own = isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef)
    pending: list[ast.AST] = list(cast("ast.FunctionDef", scope).body) if own else []
    while pending:
        item = pending.pop()
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        assigned = isinstance(item, ast.Assign) and any(_names(t, name) for t in item.targets)
        if assigned or (isinstance(item, ast.AnnAssign) and _names(item.target, name)):
            yield cast("ast.Assign | ast.AnnAssign", item).value
        elif (
            isinstance(item, ast.Name)
            and item.id == name
            and isinstance(item.ctx, ast.Store)
            and not _plainly_assigned(item, scope)
        ):
            yield None
        pending.extend(ast.iter_child_nodes(item))


def _names(target: ast.expr, name: str) -> bool:
    """Whether ``target`` is the plain name ``name``."""
    return isinstance(target, ast.Name) and target.id == name


def _plainly_assigned(store: ast.Name, scope: ast.AST) -> bool:
    """Whether the stored name is the whole target of an ``=`` or annotated assignment."""
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and store in node.targets:
            return True
        if isinstance(node, ast.AnnAssign) and node.target is store:
            return True
    return False


def _python_sequence(values: Values) -> str | None:
    """ "list", "tuple" or "dict" when ``values`` is surely a Python list (or surely a tuple,
    or surely a dict)."""
    if not values or not isinstance(values[0], ListValue | Tuple | DictValue | Static):
        return None  # (most arguments: an array, decided without a generator)
    if all(_is_sequence(value, ListValue, "list") for value in values):
        return "list"
    if all(_is_sequence(value, Tuple, "tuple") for value in values):
        return "tuple"
    if all(isinstance(value, DictValue) for value in values):
        return "dict"
    return None


def _is_sequence(value: Value, known: type, type_name: str) -> bool:
    """A list (tuple) whose items are known, or one of unknown items: an array's ``.shape``
    of unknown rank is a tuple all the same (``jnp.max(x.shape)`` of a traced ``x``)."""
    return isinstance(value, known) or (isinstance(value, Static) and value.type_name == type_name)


def has_no_leaves(values: Values, heap: Heap) -> bool:
    """Whether ``values`` is surely a pytree without leaves."""
    if not values:
        return False
    for value in values:
        if value == NONE:
            continue
        if isinstance(value, Tuple):
            if not all(has_no_leaves(item, heap) for item in value.items):
                return False
        elif isinstance(value, ListValue):
            items = heap.list_items(value.ref)
            if items is None or not all(has_no_leaves(item, heap) for item in items):
                return False
        elif isinstance(value, DictValue):
            if heap.dict_items(value.ref):
                return False
        else:
            return False
    return True


def _surely_key_array(values: Values) -> bool:
    """Whether a key argument is surely several keys (``jax.random.split(key, n)``), made
    outside any transform (a loop body's or mapped function's slice of them is one key,
    which the models do not always tell apart)."""
    return (
        bool(values)
        and isinstance(values[0], KeyArray)
        and all(isinstance(value, KeyArray) and value.flavours == frozenset() for value in values)
    )


def not_a_key(values: Values) -> str | None:
    """What a key argument is when it surely is not a key: "the int 0", "None"."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Const) and (
            value.value is None or type(value.value) in (int, str, float)
        ):
            described.append(
                "None"
                if value.value is None
                else f"the {type(value.value).__name__} {value.value!r}"
            )
        elif isinstance(value, Static) and value.type_name in ("int", "str", "float"):
            described.append(f"a Python {value.type_name}")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def assigns_into_array(subscript: Subscript) -> bool:
    """``x[i] = v`` where ``x`` is surely a JAX array (immutable)."""
    return (
        subscript.store
        and bool(subscript.container)
        and isinstance(subscript.container[0], Array)
        and all(isinstance(v, Array) and not v.tree for v in subscript.container)
    )


def traced_mask(index: Values) -> Array | None:
    """The traced boolean array among an index's parts, when every alternative has one."""
    parts: list[Value] = []
    for value in index:
        if isinstance(value, Tuple):
            masks = [v for item in value.items for v in item if _is_mask(v)]
            if not masks:
                return None
            parts.append(masks[0])
        elif _is_mask(value):
            parts.append(value)
        else:
            return None
    found = surely_traced(tuple(parts), NO_VALUE)
    return found if isinstance(found, Array) else None


def traced_slice_bound(subscript: Subscript) -> tuple[Array, str] | None:
    """``x[a:b]`` read from a JAX array where a bound (or the step) of a slice is a tracer
    with no value (jit's, vmap's) in every alternative of the index: its size is not static.
    The tracer and which part it is ("start", "stop", "step")."""
    if subscript.store or not subscript.container:
        return None
    # (a loop, not ``all()`` over a generator: asked of every subscript read, most of them not
    # of an array, where the generator was closed unfinished, at more cost than the test)
    for value in subscript.container:
        if not isinstance(value, Array) or value.tree:
            return None
    found: tuple[Array, str] | None = None
    for value in subscript.index:
        slices = [value] if isinstance(value, Slice) else []
        if isinstance(value, Tuple):
            slices = [
                v for item in value.items if len(item) == 1 for v in item if isinstance(v, Slice)
            ]
        traced = None
        for piece in slices:
            for part, bound in (
                ("start", piece.lower),
                ("stop", piece.upper),
                ("step", piece.step),
            ):
                tracer = surely_traced(bound, NO_VALUE)
                if isinstance(tracer, Array) and tracer.shape == ():
                    traced = traced or (tracer, part)
        if traced is None:
            return None
        found = found or traced
    return found


def masks_traced(subscript: Subscript) -> Array | None:
    """``x[mask]`` on a JAX array with a traced boolean ``mask``."""
    if subscript.store or not subscript.container:
        return None
    mask = traced_mask(subscript.index)  # first: few subscripts index with a mask
    if mask is None or not all(isinstance(v, Array) and not v.tree for v in subscript.container):
        return None
    return mask


def _is_mask(value: Value) -> bool:
    return isinstance(value, Array) and value.dtype == "bool"


def _host_arguments(call: ApiCall, name: str, heap: Heap) -> list[tuple[Values, ast.expr | None]]:
    """Each positional argument a NumPy function's ``*args`` gathered, with its expression;
    a list argument counts by its items (NumPy converts each)."""
    values = call.arguments.get(name, ())
    if len(values) != 1 or not isinstance(values[0], Tuple):
        return [(values, call.nodes.get(name))] if values else []
    node = call.site.node
    nodes = node.args if isinstance(node, ast.Call) else []
    found: list[tuple[Values, ast.expr | None]] = []
    for i, item in enumerate(values[0].items):
        expression = nodes[i] if i < len(nodes) and not isinstance(nodes[i], ast.Starred) else None
        if len(item) == 1 and isinstance(item[0], ListValue):
            item = heap.list_element(item[0].ref)
        found.append((item, expression))
    return found


def _dimensions(shape: Values) -> list[Values]:
    """The dimensions a shape argument gives: a tuple's items (``(n, 3)``, or ``reshape``'s
    ``*shape`` holding one tuple), or the value itself (``zeros(n)``)."""
    found: list[Values] = []
    for value in shape:
        if isinstance(value, Tuple):
            items = value.items
            if len(items) == 1 and all(isinstance(v, Tuple) for v in items[0]):
                for inner in items[0]:
                    assert isinstance(inner, Tuple)
                    found.extend(inner.items)
            else:
                found.extend(items)
        elif isinstance(value, Array | Key | Const | Static):
            found.append((value,))
    return found


def _surely_float(dimension: Values) -> str | None:
    """What a shape's dimension is when it surely is a Python float (``n / 2``), which a
    shape refuses: "the float 3.0", "a Python float"."""
    if not dimension:
        return None
    described: list[str] = []
    for value in dimension:
        if isinstance(value, Const) and type(value.value) is float:
            described.append(f"the float {value.value!r}")
        elif isinstance(value, Static) and value.type_name == "float":
            described.append("a Python float")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


@dataclass(frozen=True)
class WrapViolation:
    """A transform's static options that do not fit the function it wraps (checked by
    ``jax.jit`` when it wraps the function, so the wrap itself raises)."""

    #: "argnums" (an index past the positional parameters), "argnames" (no such parameter),
    #: "positional-only" (a parameter a caller cannot name) or "generator" (the function is a
    #: generator function).
    kind: str
    option: str
    #: The offending index or name.
    offending: int | str
    signature: Signature
    bound_method: bool


_ARGNUMS_OPTIONS = ("static_argnums", "donate_argnums", "static_broadcasted_argnums")

#: The transforms whose wrapping checks that the function is no generator function (measured:
#: ``checkpoint`` and ``make_jaxpr`` wrap one).
_REFUSE_GENERATORS = frozenset(
    {
        "jax.jit",
        "jax.vmap",
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacfwd",
        "jax.jacrev",
        "jax.hessian",
        "jax.pmap",
    }
)


def _generator_function(values: Values) -> bool:
    """Whether ``values`` is surely one ``def`` of the user's with a ``yield`` of its own (not
    behind a decorator the analysis cannot see into, which may make it something else).

    Asked of the walk of its statement's scopes, made once per tree and kept while the tree
    lives, not by walking the body at each wrap: an edit runs the module's top level again,
    and every ``jit`` decorator there would walk its function's body once more (the largest
    single cost of ``bench.run``'s didChange)."""
    if len(values) != 1 or not isinstance(values[0], Function):
        return False
    function = values[0]
    if function.behind_decorator or function.returns_unknown or function.wraps is not None:
        return False
    node = function.node
    if isinstance(node, ast.Lambda):
        return False
    return scopes_in(function.site.tree).generator(node)


def wrap_violations(
    api: str, arguments: dict[str, Values], heap: Heap | None = None
) -> list[WrapViolation]:
    """What ``jax.jit(f, ...)`` (or ``pmap``, or a transform that checks its function)
    refuses when it wraps ``f`` (``heap``: what the lists given as options hold)."""
    fun = arguments.get("fun", ())
    if api in _REFUSE_GENERATORS and _generator_function(fun):
        signature = signature_of(fun)
        if signature is not None:
            return [WrapViolation("generator", "fun", signature.function.name, signature, False)]
    if api not in ("jax.jit", "jax.pmap"):
        return []
    signature = signature_of(fun)
    if signature is None:
        return []
    bound = len(fun) == 1 and isinstance(fun[0], BoundMethod)
    found: list[WrapViolation] = []
    if not signature.varargs:
        count = len(signature.positional)
        for option in _ARGNUMS_OPTIONS:
            numbers = int_set(arguments.get(option), heap)
            bad = sorted([n for n in numbers or () if n >= count or n < -count])
            if bad:
                found.append(WrapViolation("argnums", option, bad[0], signature, bound))
                break
    if api == "jax.jit" and signature.unnameable:
        # checked before the names are looked up, with or without ``**kwargs``
        for option in ("static_argnames", "donate_argnames"):
            names = str_set(arguments.get(option), heap) or set()
            unnameable = sorted(names & set(signature.unnameable))
            if unnameable:
                found.append(
                    WrapViolation("positional-only", option, unnameable[0], signature, bound)
                )
                return found
    if api == "jax.jit" and not signature.varkw:
        for option in ("static_argnames", "donate_argnames"):
            names = str_set(arguments.get(option), heap) or set()
            unknown = sorted(names - set(signature.names))
            if unknown:
                found.append(WrapViolation("argnames", option, unknown[0], signature, bound))
                break
    return found


# what parameters accept ------------------------------------------------------------------------


#: A check of a parameter when the API is called: what its value surely is that the
#: contract refuses (None: nothing it surely is).
CheckWhenCalled = Callable[[ApiCall, Values, "Accepts", Heap], str | None]
#: A check at each call of the function the API made: the violations of that call.
CheckAtEachCall = Callable[["Accepts", Mapping[str, Values], Called, Heap], list["Violation"]]


@dataclass(frozen=True, eq=False)
class Contract:
    """One kind of contract, declared once: what it asks, the kind of its violations (the
    rules select on it) and its check, made when the API is called or at each call of the
    function it made."""

    #: What the argument must be, in words (the usage ranking's kinds: ``contracted_apis``).
    asks: str
    #: The kind of its violations.
    kind: str
    when_called: CheckWhenCalled | None = None
    at_each_call: CheckAtEachCall | None = None
    #: A check made at each call that fails at every call: not made at the run of a made
    #: function for any caller, a call nobody wrote (``_for_any_caller``).
    not_for_any_caller: bool = False
    #: For a count: the tracer it surely is, with its violation's kind (``traced_count``).
    traced: Callable[[Values], tuple[str, Array | Key] | None] | None = None


class Requirement(enum.Enum):
    """What an argument must be, beyond its type; checked where the interpreter proves it is
    not (Unknown is never a violation).  Each member is its ``Contract``."""

    value: Contract

    #: A function (or anything callable) where the API calls the argument.
    CALLABLE = Contract(
        "callable",
        "not-callable",
        when_called=lambda call, values, accepts, heap: not_callable(values, heap),
    )
    #: ``vmap``'s ``in_axes``: an int, None, or a tuple/list with one entry per argument.
    AXES_PER_ARGUMENT = Contract(
        "axes per argument",
        "in-axes-type",
        when_called=lambda call, values, accepts, heap: not_axes_per_argument(values),
    )
    #: The arguments at the positions (or names) the option lists, at each call of the
    #: function the transform made, must be hashable (``static_argnums``/``static_argnames``).
    HASHABLE_AT_CALL = Contract(
        "hashable at each call",
        "unhashable",
        at_each_call=lambda accepts, options, called, heap: _unhashable_statics(
            accepts, options.get(accepts.parameter), options, called, heap
        ),
    )
    #: Each call of the function the transform made passes at least ``max(argnums) + 1``
    #: positional arguments (``argnums`` counts positions, keywords have none).
    POSITIONAL_AT_CALL = Contract(
        "positional at each call",
        "argnums-positional",
        at_each_call=lambda accepts, options, called, heap: _too_few_positional(
            accepts, options.get(accepts.parameter), called, heap
        ),
    )
    #: A tuple of specs has one entry per positional argument of each call (``in_specs``).
    ONE_PER_ARGUMENT_AT_CALL = Contract(
        "one per argument at each call",
        "specs-per-argument",
        at_each_call=lambda accepts, options, called, heap: _specs_per_argument(
            accepts, options.get(accepts.parameter), called
        ),
    )
    #: Each entry of a tuple of axes is a pytree prefix of the positional argument it is for,
    #: at each call (``in_axes``: its dicts' keys, its sequences' lengths and node types).
    PREFIX_OF_ARGUMENT_AT_CALL = Contract(
        "a tree prefix of each argument at each call",
        "in-axes-prefix",
        at_each_call=lambda accepts, options, called, heap: _not_prefixes(
            accepts, options.get(accepts.parameter), called, heap
        ),
    )
    #: Every argument the static options do not list is an array (a pytree of arrays and
    #: numbers) at each call: jit traces it as one (``static_argnums``/``static_argnames``).
    ARRAYS_UNLESS_STATIC_AT_CALL = Contract(
        "arrays where not static, at each call",
        "non-array",
        at_each_call=lambda accepts, options, called, heap: _traced_non_arrays(
            accepts, options, called, heap
        ),
    )
    #: The arguments a gradient transform differentiates (``argnums``) are pytrees of arrays
    #: at each call: JAX makes a tangent of each leaf, and a function, a string or a class as
    #: a leaf is no JAX type (``jax.grad``, ``value_and_grad``, ``jacrev``, ``jacfwd``,
    #: ``hessian``).
    DIFFERENTIABLE_AT_CALL = Contract(
        "arrays at the differentiated positions, at each call",
        "differentiated-jax-type",
        at_each_call=lambda accepts, options, called, heap: _differentiated_non_arrays(
            options, called, heap
        ),
    )
    #: An integer (or an integer array): a PRNG seed.
    INTEGER = Contract(
        "an integer",
        "not-integer",
        when_called=lambda call, values, accepts, heap: not_an_integer(values),
    )
    #: A sequence (a tuple or a list), not a number: ``jax.random.choice``'s ``shape``, which
    #: it checks with ``isinstance(shape, Sequence)`` before reading it.
    SEQUENCE = Contract(
        "a sequence",
        "not-sequence",
        when_called=lambda call, values, accepts, heap: not_a_sequence(values),
    )
    #: A scalar seed, not a PRNG key (nor an array of keys) already made from one, nor an
    #: array of several seeds (the key makers check the seed's shape is ``()``).
    SEED_NOT_KEY = Contract(
        "a seed, not a key",
        "key-as-seed",
        when_called=lambda call, values, accepts, heap: not_a_scalar_seed(values),
    )
    #: The name of an option ``jax.config`` has (``jaxlsp.apis.config_options``).
    CONFIG_OPTION = Contract(
        "a config option JAX has",
        "config-option",
        when_called=lambda call, values, accepts, heap: unknown_option(values),
    )
    #: A floating-point (or complex) dtype, or an array of one (``jnp.finfo``).
    INEXACT_DTYPE = Contract(
        "an inexact dtype",
        "not-inexact-dtype",
        when_called=lambda call, values, accepts, heap: not_inexact_dtype(values),
    )
    #: Not None (a value the API cannot default).
    NOT_NONE = Contract(
        "not None",
        "none",
        when_called=lambda call, values, accepts, heap: "None" if values == (NONE,) else None,
    )
    #: One name per axis of the ``devices`` array (``Mesh``).
    NAME_PER_DEVICE_AXIS = Contract(
        "a name per devices axis",
        "mesh-axis-names",
        when_called=lambda call, values, accepts, heap: names_per_device_axis(
            values, call.arguments.get("devices", ()), heap
        ),
    )
    #: A PyTreeDef (what ``tree_flatten``/``tree_structure`` give), not a tree or leaves.
    TREEDEF = Contract(
        "a PyTreeDef",
        "not-treedef",
        when_called=lambda call, values, accepts, heap: not_a_treedef(values),
    )
    #: A class that defines ``tree_unflatten`` (``register_pytree_node_class``).
    PYTREE_CLASS = Contract(
        "a class with tree_unflatten",
        "no-tree-unflatten",
        when_called=lambda call, values, accepts, heap: lacks_tree_unflatten(values),
    )
    #: One of the strings ``Accepts.choices`` lists.
    ONE_OF = Contract(
        "one of its choices",
        "not-one-of",
        when_called=lambda call, values, accepts, heap: not_one_of(values, accepts.choices),
    )
    #: A real (not complex) number or array.
    REAL = Contract(
        "a real number",
        "complex",
        when_called=lambda call, values, accepts, heap: complex_number(values),
    )
    #: A dtype, or a name NumPy reads as one (``jaxlsp.apis.dtype_names``); every item, for
    #: a ``*args`` parameter.
    DTYPE_NAME = Contract(
        "a dtype name NumPy reads",
        "dtype-name",
        when_called=lambda call, values, accepts, heap: unreadable_dtype_name(values),
    )
    #: A collection of argument positions (ints, none negative) or names (``jnp.vectorize``'s
    #: ``excluded``).
    ARGUMENT_POSITIONS = Contract(
        "argument positions or names",
        "argument-positions",
        when_called=lambda call, values, accepts, heap: not_argument_positions(values, heap),
    )
    #: The function the transform made calls what it wrapped, at each call: that must be
    #: callable (``jnp.vectorize`` wraps anything and fails only when called).
    CALLABLE_AT_CALL = Contract(
        "callable, at each call",
        "not-callable",
        at_each_call=lambda accepts, options, called, heap: _wraps_no_callable(
            accepts, called, heap
        ),
        not_for_any_caller=True,
    )
    #: A generalized ufunc signature (``"(m,n),(n)->(m)"``), read at each call of the
    #: function the transform made (``jnp.vectorize``'s ``signature``).
    GUFUNC_SIGNATURE_AT_CALL = Contract(
        "a gufunc signature, at each call",
        "gufunc-signature",
        at_each_call=lambda accepts, options, called, heap: _malformed_signature(
            accepts, options.get(accepts.parameter)
        ),
        not_for_any_caller=True,
    )
    #: The dtype of the parameter ``Accepts.reference`` names (lax's binary operations do
    #: not promote: ``lax.add(x, 1)`` of a float32 ``x`` adds an int32).
    SAME_DTYPE = Contract(
        "the same dtype as another argument",
        "dtype-mismatch",
        when_called=lambda call, values, accepts, heap: other_dtype(
            values, call.arguments.get(accepts.reference, ())
        ),
    )
    #: Something with a length: not a 0-d array (``len`` of a scalar array raises).
    SIZED = Contract(
        "an object with a length",
        "unsized",
        when_called=lambda call, values, accepts, heap: scalar_array(values),
    )
    #: A count known while tracing, not a value ``jit`` (or a loop body) traces: it becomes a
    #: parameter of the primitive, which JAX hashes (``jax.random.split``'s ``num``).
    STATIC_COUNT = Contract(
        "a count known while tracing",
        "traced-count",
        traced=lambda values: traced_count(values),
    )
    #: A value known while tracing that the API hands its primitive as a parameter, which
    #: JAX hashes (``jnp.tile``'s ``reps``): a staged tracer raises that TypeError; a batch
    #: of them raises another error, left alone.
    STATIC_PARAMETER = Contract(
        "a primitive's parameter known while tracing",
        "traced-count",
        traced=lambda values: _staged_count(values),
    )
    #: A nested sequence NumPy can make an array of: at each depth, items of one length
    #: (``jnp.array([[1, 2], [3]])`` raises).
    RECTANGULAR = Contract(
        "a rectangular nested sequence",
        "ragged",
        when_called=lambda call, values, accepts, heap: ragged_sequence(values, heap),
    )
    #: No None in what an array is made of (``jnp.array`` flattens the lists and tuples and
    #: refuses a None leaf before it converts anything).
    NO_NONE_LEAF = Contract(
        "no None among the values",
        "none-leaf",
        when_called=lambda call, values, accepts, heap: none_leaf(values, heap),
    )

    @property
    def at_call(self) -> bool:
        """Whether it is checked at each call of the function the API made
        (``call_violations``), not when the API itself is called (``accepts_violations``)."""
        return self.value.at_each_call is not None


@dataclass(frozen=True)
class Accepts:
    """One contract of one API's parameter: what it accepts, the record of the error JAX
    raises otherwise, and a small program whose call breaks it (run on the pinned JAX by the
    test suite, which checks that it raises that record's error)."""

    parameter: str
    requirement: Requirement
    #: The slug of the record the violation raises.
    record: str
    example: str
    #: When the API accepts the call after all (another form of the call: the old
    #: five-argument ``lax.cond``), a check that says so.
    unless: Callable[[ApiCall, Heap], bool] | None = None
    #: For ``Requirement.ONE_OF``: the strings the parameter accepts.
    choices: frozenset[str] = frozenset()
    #: For ``Requirement.SAME_DTYPE``: the parameter whose dtype this one must have.
    reference: str = ""


def declared(contracts: tuple[DeclaredContract, ...]) -> tuple[Accepts, ...]:
    """A spec's contracts as this module declares them (``ApiSpec.accepts``, which names them
    by a protocol: specs sit below this module).  Asked at each call of an API: each spec's
    tuple is checked the first time (``_DECLARED``), not at every call."""
    if contracts and _DECLARED.get(id(contracts)) is not contracts:
        assert all(isinstance(accepts, Accepts) for accepts in contracts)
        if len(_DECLARED) >= _DECLARED_LIMIT:
            _DECLARED.clear()
        _DECLARED[id(contracts)] = contracts  # (kept: its id is not another's while here)
    return cast("tuple[Accepts, ...]", contracts)


#: The spec contract tuples ``declared`` checked, by id; dropped whole when full (specs made
#: while analysing, for a method, are checked again).
_DECLARED: dict[int, tuple[DeclaredContract, ...]] = {}
_DECLARED_LIMIT = 4096


def real_input(call: str, parameter: str = "x") -> Accepts:
    """A parameter whose lax primitive accepts floating-point dtypes only (``floor``,
    ``lgamma``, ``erf``...): a complex argument raises, as ``call`` of a complex64 array
    shows."""
    example = (
        "import jax.numpy as jnp\nimport jax.scipy.special\nfrom jax import lax\n\n"
        f"{call}(jnp.ones(3, jnp.complex64))\n"
    )
    return Accepts(parameter, Requirement.REAL, "special-function-complex-input", example)


def accepts_violations(call: ApiCall, spec: ApiSpec, heap: Heap) -> list[Violation]:
    """The contracts a call of the API itself breaks (those checked when it is called)."""
    found: list[Violation] = []
    for accepts in declared(spec.accepts_when_called):
        values = call.arguments.get(accepts.parameter)
        if values is None or (accepts.unless is not None and accepts.unless(call, heap)):
            continue
        contract = accepts.requirement.value
        check = contract.when_called
        described = check(call, values, accepts, heap) if check is not None else None
        kind, tracer = contract.kind, None
        if contract.traced is not None:
            kind, tracer = contract.traced(values) or (kind, None)
        if described is not None or tracer is not None:
            found.append(
                Violation(
                    kind,
                    accepts.parameter,
                    values,
                    call.nodes.get(accepts.parameter),
                    tracer,
                    described=described or "a traced value",
                )
            )
    return found


def traced_count(values: Values) -> tuple[str, Array | Key] | None:
    """The tracer a count (or one dimension of a tuple of counts) surely is, with the error it
    makes: "traced-count" when a staging transform traces it (``jit``, a loop body: the count
    goes to a primitive as a parameter, which must hash), else "concrete" when ``vmap`` alone
    batches it (the count must be known, and a batch of counts has no one value)."""
    for dimension in _dimensions(values):
        staged = surely_traced(dimension, _STAGED, trees=True)
        if staged is not None:
            return "traced-count", staged
        batched = surely_traced(dimension, _BATCHED, trees=True)
        if batched is not None and not any(_staged(value) for value in dimension):
            return "concrete", batched
    return None


def _staged_count(values: Values) -> tuple[str, Array | Key] | None:
    """``traced_count`` where a staging transform traces the value (a batch of values raises
    another error, left alone)."""
    found = traced_count(values)
    return found if found is not None and found[0] == "traced-count" else None


_STAGED = frozenset({Flavour.STAGED})
_BATCHED = frozenset({Flavour.BATCHED})


def _staged(value: Value) -> bool:
    return isinstance(value, Array | Key) and Flavour.STAGED in (value.flavours or ())


@dataclass(frozen=True)
class _Ragged:
    """Where NumPy finds a nested sequence ragged: the shape it found before the part whose
    lengths differ, and two of those lengths (``None``: a number where a sequence is)."""

    detected: tuple[int, ...]
    lengths: tuple[int | None, int | None]


def ragged_sequence(values: Values, heap: Heap) -> str | None:
    """What a nested list or tuple is when NumPy surely cannot make an array of it: at some
    depth its items have different lengths, or some are sequences and some numbers.  Known
    only when every item down to the numbers is known (a JAX array among them raises another
    error, and is not claimed)."""
    found = _nested_shape(values, heap, 0)
    if not isinstance(found, _Ragged):
        return None
    first, second = ("a number" if n is None else f"a sequence of {n}" for n in found.lengths)
    return (
        f"a nested sequence that is ragged at depth {len(found.detected)} ({first} beside "
        f"{second}): NumPy finds the shape {found.detected} + an inhomogeneous part"
    )


def none_leaf(values: Values, heap: Heap, depth: int = 0) -> str | None:
    """Where None surely is in a value an array is made of: "None", or "a list whose item [1]
    is None" (at any depth of lists and tuples whose items are known), on every path."""
    if len(values) != 1 or depth > 8:
        return None
    value = values[0]
    if value == NONE:
        return "None"
    items = items_of(values, heap) if isinstance(value, Tuple | ListValue) else None
    if items is None:
        return None
    kind = "a tuple" if isinstance(value, Tuple) else "a list"
    for position, item in enumerate(items):
        inner = none_leaf(item, heap, depth + 1)
        if inner is None:
            continue
        if inner == "None":
            return f"{kind} whose item [{position}] is None"
        return f"{kind} whose item [{position}] is {inner}"
    return None


#: The types of the Python numbers a ``Static`` may stand for.
_PYTHON_NUMBERS = frozenset({"int", "float", "bool", "complex", "number"})


def _nested_shape(values: Values, heap: Heap, depth: int) -> tuple[int, ...] | _Ragged | None:
    """NumPy's view of a nested sequence: its shape, where it is ragged, or None (unknown)."""
    if len(values) != 1 or depth > 8:
        return None
    value = values[0]
    if isinstance(value, Const) and type(value.value) in (bool, int, float, complex):
        return ()
    if isinstance(value, Static) and value.type_name in _PYTHON_NUMBERS:
        return ()  # a number whose value is not known (``ord(c)``, ``len(row)``)
    if isinstance(value, NumpyArray):
        dims = value.shape or ()
        sizes = [d for d in dims if isinstance(d, int)]
        return tuple(sizes) if value.shape is not None and len(sizes) == len(dims) else None
    items = items_of(values, heap) if isinstance(value, Tuple | ListValue) else None
    if items is None:
        return None
    known: list[tuple[int, ...]] = []
    for item in items:
        found = _nested_shape(item, heap, depth + 1)
        if found is None:
            return None
        if isinstance(found, _Ragged):
            return _Ragged((len(items), *found.detected), found.lengths)
        known.append(found)
    for shape in known[1:]:
        if shape != known[0]:
            return _diverging(len(items), known[0], shape)
    return (len(items), *known[0]) if known else (0,)


def _diverging(count: int, first: tuple[int, ...], other: tuple[int, ...]) -> _Ragged:
    """Where two items' shapes part: the prefix they share, then their lengths there (None
    where one of them has no more axes: a number where the other has a sequence)."""
    shared = 0
    while shared < min(len(first), len(other)) and first[shared] == other[shared]:
        shared += 1
    lengths = tuple(s[shared] if shared < len(s) else None for s in (first, other))
    return _Ragged((count, *first[:shared]), (lengths[0], lengths[1]))


def not_callable(values: Values, heap: Heap) -> str | None:
    """What a value is when it surely cannot be called: "the float 5.0", "a JAX array"."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if value == NONE:
            return None  # an optional function left out: its callers may guard the call
        found = "a PRNG key" if isinstance(value, Key | KeyArray) else _plain_data(value)
        if found is None:
            return None
        described.append(found)
    return " or ".join(dict.fromkeys(described))


def not_an_integer(values: Values) -> str | None:
    """What a value is when it surely is a float (or complex) number or array, never an
    integer: "the float 0.5", "a Python float", "a float32 array"."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Const) and type(value.value) in (float, complex):
            described.append(f"the {_const(value)}")
        elif isinstance(value, Static) and value.type_name in ("float", "complex"):
            described.append(f"a Python {value.type_name}")
        elif (
            isinstance(value, Array)
            and not value.tree
            and value.dtype is not None
            and dtypes.is_inexact(value.dtype)
            # an array of several seeds is refused for its shape first (``not_a_scalar_seed``)
            and not value.shape
        ):
            described.append(f"a {value.dtype} array")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def not_a_sequence(values: Values) -> str | None:
    """What a value is when it surely is a Python number, never a sequence: "the int 100"."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Const) and type(value.value) in (int, float, bool):
            described.append(f"the {_const(value)}")
        elif isinstance(value, Static) and value.type_name in ("int", "float", "bool"):
            described.append(f"a Python {value.type_name}")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def unknown_option(values: Values) -> str | None:
    """The option name, when it surely is a name ``jax.config`` does not have."""
    names = {v.value for v in values if isinstance(v, Const) and isinstance(v.value, str)}
    if not names or len(names) != len(values) or names & OPTIONS:
        return None
    return " or ".join(repr(name) for name in sorted(names))


def not_inexact_dtype(values: Values) -> str | None:
    """What a dtype argument is when it surely names an integer or boolean dtype (or is an
    array of one): "int32", "an array of int32"."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Array):
        dtype = value.dtype if not value.tree else None
        return f"an array of {dtype}" if dtype is not None and _integral(dtype) else None
    dtype = dtype_of(values)
    return dtype if dtype is not None and _integral(dtype) else None


def _integral(dtype: str) -> bool:
    return dtype == "bool" or dtype.startswith(("int", "uint"))


def names_per_device_axis(names: Values, devices: Values, heap: Heap) -> str | None:
    """``Mesh(devices, axis_names)`` when the names surely are not one per axis of the
    devices array (its shape known): "2:1" (names, axes)."""
    if len(devices) != 1:
        return None
    device = devices[0]
    if isinstance(device, Static) and device.type_name == "list" and _flat_devices(device):
        # a flat list of devices (``jax.devices()``): NumPy makes it one axis
        shape: tuple[object, ...] | None = (None,)
    elif isinstance(device, NumpyArray):
        shape = device.shape
    else:
        return None
    if shape is None:
        return None
    if len(names) == 1 and isinstance(names[0], Const) and isinstance(names[0].value, str):
        count = 1
    else:
        items = items_of(names, heap)
        if items is None:
            return None
        count = len(items)
    return f"{count}:{len(shape)}" if count != len(shape) else None


def _flat_devices(value: Static) -> bool:
    """Whether a static list surely holds devices alone (``jax.devices()``'s result)."""
    return bool(value.element) and all(
        isinstance(item, Static) and item.type_name == "Device" for item in value.element or ()
    )


def not_a_treedef(values: Values) -> str | None:
    """What a treedef argument is when it surely is a value, not a PyTreeDef (the tree or
    the leaves, arguments swapped): "a list", "the int 3"."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        found = _plain_data(value)
        if found is None:
            return None
        described.append(found)
    return " or ".join(dict.fromkeys(described))


def a_key(values: Values) -> str | None:
    """What a value is when it surely is a PRNG key or an array of them, never a seed: "a
    typed PRNG key", "a raw PRNG key (a uint32[2] array)", "an array of PRNG keys"."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Key):
            raw = "a raw PRNG key (a uint32[2] array)" if value.typed is False else "a PRNG key"
            described.append("a typed PRNG key" if value.typed else raw)
        elif isinstance(value, KeyArray):
            described.append("an array of PRNG keys")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def not_a_scalar_seed(values: Values) -> str | None:
    """What a seed is when it surely is a PRNG key, an array of keys or an array of rank one
    or more ("an int32 array of shape (4,)"): the key makers take one scalar seed and check
    its shape is ``()`` before anything else (a pytree parameter of a jitted function, whose
    leaves are not known, is not such an array)."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Key | KeyArray):
            keyed = a_key((value,))
            if keyed is None:
                return None
            described.append(keyed)
        elif isinstance(value, Array) and not value.tree and value.shape:
            dtype = f" ({value.dtype})" if value.dtype is not None else ""
            described.append(f"an array of shape {sh.describe(value.shape)}{dtype}")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def lacks_tree_unflatten(values: Values) -> str | None:
    """The name of a class that surely has no ``tree_unflatten`` (it and all its bases
    defined in the code, none defining it)."""
    if len(values) != 1 or not isinstance(values[0], ClassValue):
        return None
    cls = values[0]
    return cls.name if _known_hierarchy(cls) and cls.lookup("tree_unflatten") is None else None


def _known_hierarchy(cls: ClassValue, depth: int = 0) -> bool:
    """Whether every base of ``cls`` (transitively) is a class defined in the code."""
    if depth > 20:
        return False
    for base in cls.bases:
        if len(base) != 1 or not isinstance(base[0], ClassValue):
            return False
        if not _known_hierarchy(base[0], depth + 1):
            return False
    return True


def not_one_of(values: Values, choices: frozenset[str]) -> str | None:
    """The string given, when it surely is none of ``choices``."""
    names = {v.value for v in values if isinstance(v, Const) and isinstance(v.value, str)}
    if not names or len(names) != len(values) or names & choices:
        return None
    return " or ".join(repr(name) for name in sorted(names))


def unreadable_dtype_name(values: Values) -> str | None:
    """A string NumPy surely cannot read as a dtype (``"f32"``), given where a dtype goes (or
    as an item of ``*args``)."""
    if len(values) == 1 and isinstance(values[0], Tuple):
        for item in values[0].items:
            found = unreadable_dtype_name(item)
            if found is not None:
                return found
        return None
    names = {v.value for v in values if isinstance(v, Const) and isinstance(v.value, str)}
    if not names or len(names) != len(values):
        return None
    if not all(surely_unreadable(name) for name in names):
        return None
    return " or ".join(repr(name) for name in sorted(names))


def not_argument_positions(values: Values, heap: Heap) -> str | None:
    """What a collection of argument positions holds that surely is neither a position (an
    int, not negative) nor a name: "the float 1.5", "the int -1"."""
    for item in items_of(values, heap) or []:
        if len(item) != 1:
            continue
        value = item[0]
        if isinstance(value, Tuple | ListValue | DictValue | Array):
            return _plain_data(value)
        if not isinstance(value, Const):
            continue
        given = value.value
        if not isinstance(given, int | str) or (type(given) is int and given < 0):
            return f"the {_const(value)}"
    return None


#: A generalized ufunc signature: argument lists of core dimension names, ``->``, the
#: outputs' (the grammar NumPy documents; no spaces).
_CORE_DIMENSIONS = r"\((?:\w+(?:,\w+)*)?\)"
GUFUNC_SIGNATURE = re.compile(
    rf"^{_CORE_DIMENSIONS}(?:,{_CORE_DIMENSIONS})*->"
    rf"{_CORE_DIMENSIONS}(?:,{_CORE_DIMENSIONS})*$"
)


def malformed_signature(values: Values) -> str | None:
    """A signature string that surely is not a gufunc signature (``"(n)->()x"``, with
    spaces, without ``->``)."""
    names = {v.value for v in values if isinstance(v, Const) and isinstance(v.value, str)}
    if not names or len(names) != len(values):
        return None
    bad = sorted(name for name in names if not GUFUNC_SIGNATURE.match(name))
    return " or ".join(repr(name) for name in bad) if len(bad) == len(names) else None


def same_dtype(operation: str, parameter: str, reference: str, pred: str = "") -> Accepts:
    """A lax operation's ``parameter`` that must have ``reference``'s dtype (lax does not
    promote), as ``lax.<operation>`` of a float32 and an int32 array shows (after the
    arguments ``pred`` gives, if any)."""
    example = (
        "import jax.numpy as jnp\nfrom jax import lax\n\n"
        f"lax.{operation}({pred}jnp.ones(3, jnp.float32), jnp.ones(3, jnp.int32))\n"
    )
    return Accepts(
        parameter, Requirement.SAME_DTYPE, "lax-operand-dtypes-differ", example, reference=reference
    )


def other_dtype(values: Values, reference: Values) -> str | None:
    """The two dtypes, when ``values`` surely has another dtype than ``reference`` as JAX
    sees them (a Python int is an int32, a float a float32, NumPy's float64 a float32):
    "float32, int32".  Booleans are left out (lax refuses them with another error)."""
    mine, theirs = _operand_dtype(reference), _operand_dtype(values)
    if mine is None or theirs is None or mine == theirs or "bool" in (mine, theirs):
        return None
    return f"{mine}, {theirs}"


def _operand_dtype(values: Values) -> str | None:
    """The one dtype every value surely has as a lax operand, else None."""
    found: set[str | None] = set()
    for value in values:
        if isinstance(value, Const):
            python = dtypes.of_python(value.value)
            found.add(python[0] if python is not None else None)
        elif isinstance(value, Static) and value.type_name in ("int", "float", "complex"):
            python = dtypes.of_python({"int": 0, "float": 0.0, "complex": 0j}[value.type_name])
            found.add(python[0] if python is not None else None)
        elif isinstance(value, Array) and not value.tree:
            found.add(dtypes.canonical(value.dtype))
        else:
            return None
    if len(found) != 1:
        return None
    return found.pop()


def scalar_array(values: Values) -> str | None:
    """What an argument is when it surely is a 0-d JAX array (a reduction's result, an
    element of a vector): "a float32[] array"."""
    described: list[str] = []
    for value in values:
        if not isinstance(value, Array) or value.tree or value.shape != ():
            return None
        described.append(f"a {value.dtype}[] array" if value.dtype else "a 0-d array")
    return " or ".join(dict.fromkeys(described)) if described else None


def complex_number(values: Values) -> str | None:
    """What a number argument is when it surely is complex: "the complex 1j", "an array of
    complex64"."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and type(value.value) is complex:
        return f"the {_const(value)}"
    if isinstance(value, Array) and not value.tree and (value.dtype or "").startswith("complex"):
        return f"an array of {value.dtype}"
    return None


_NOT_CALLABLE_TYPES = frozenset({"int", "float", "bool", "str", "tuple", "list", "dict"})


def _plain_data(value: Value) -> str | None:
    """What a value is when it surely is plain data (a constant, an array, a container, a
    Python number or string): "the float 5.0", "a JAX array", "a list"; else None."""
    if isinstance(value, Const):
        return "None" if value.value is None else f"the {_const(value)}"
    if isinstance(value, Array) and not value.tree:
        return "a JAX array"
    if isinstance(value, Tuple | ListValue | DictValue | NumpyArray):
        return f"a {value.kind}"
    if isinstance(value, Static) and value.type_name in _NOT_CALLABLE_TYPES:
        return f"a Python {value.type_name}"
    return None


def _const(value: Const) -> str:
    shown = repr(value.value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{type(value.value).__name__} {shown}"


def not_axes_per_argument(values: Values) -> str | None:
    """``vmap``'s ``in_axes`` when it surely is not an int, None, a tuple or a list."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, DictValue):
        return "a dict"
    if isinstance(value, Const) and isinstance(value.value, str | float):
        return f"the {_const(value)}"
    return None


def unhashable(values: Values, heap: Heap, depth: int = 0) -> str | None:
    """What a value is when ``hash()`` surely raises on it: "a list", "a JAX array", "a
    `Config` (a dataclass with eq and without frozen: its __hash__ is None)"."""
    if not values or depth > 6:
        return None
    described: list[str] = []
    for value in values:
        found = _unhashable_one(value, heap, depth)
        if found is None:
            return None
        described.append(found)
    return " or ".join(dict.fromkeys(described))


def _unhashable_one(value: Value, heap: Heap, depth: int) -> str | None:
    if isinstance(value, ListValue | DictValue):
        return f"a {value.kind}"
    if isinstance(value, Array) and not value.tree:
        return "a JAX array"
    if isinstance(value, NumpyArray):
        return "a NumPy array"
    if isinstance(value, Key | KeyArray):
        return "a PRNG key (a JAX array)"
    if isinstance(value, Static) and value.type_name in ("list", "dict", "set"):
        return f"a {value.type_name}"
    if isinstance(value, Tuple):
        for item in value.items:
            inner = unhashable(item, heap, depth + 1)
            if inner is not None:
                return f"a tuple holding {inner}"
        return None
    if isinstance(value, Instance):
        return _unhashable_instance(value, heap, depth)
    return None


def _unhashable_instance(value: Instance, heap: Heap, depth: int) -> str | None:
    cls = value.cls
    if (why := _why_hash_is_none(cls)) is not None:
        return f"a `{cls.name}` ({why})"
    if cls.lookup("__hash__") is not None or cls.lookup("__eq__") is not None:
        return None  # the class says how it hashes: not ours to judge
    name = f"a `{cls.name}`"
    options = _dataclass_options(cls)
    if options is not None:
        if options.get("eq", True) and not options.get("frozen") and not options.get("unsafe_hash"):
            return f"{name} (a dataclass that is not frozen: its __hash__ is None)"
        if not (options.get("frozen") or options.get("unsafe_hash")):
            return None
    elif not is_named_tuple(cls) and library_base(cls) != "equinox":
        return None  # (an equinox Module hashes its fields, as a frozen dataclass does)
    for field_name, field in heap.field_items(value.ref):
        inner = unhashable(field, heap, depth + 1)
        if inner is not None:
            return f"{name} whose field `{field_name}` is {inner}"
    return None


def _why_hash_is_none(cls: ClassValue) -> str | None:
    """Why Python surely made the class's instances unhashable, if it did: the first class in
    its method resolution order whose body defines ``__eq__`` or ``__hash__`` defines
    ``__eq__`` without ``__hash__`` (Python then sets ``__hash__`` to None), or sets
    ``__hash__ = None``.  None when not, or when a base is not a class of the user's code (it
    may define either)."""
    namespace = cls.namespace
    if "__hash__" in namespace:
        held = namespace["__hash__"]
        if held and all(isinstance(v, Const) and v.value is None for v in held):
            return f"`{cls.name}` sets __hash__ to None"
        return None
    if "__eq__" in namespace:
        if not _decorators_keep_hash_none(cls):
            return None
        return f"`{cls.name}` defines __eq__ without __hash__, which sets __hash__ to None"
    for base in cls.bases:
        if len(base) != 1 or not isinstance(base[0], ClassValue):
            return None
        if base[0].lookup("__hash__") is not None or base[0].lookup("__eq__") is not None:
            return _why_hash_is_none(base[0])
    return None


def _decorators_keep_hash_none(cls: ClassValue) -> bool:
    """Whether the class's decorators surely leave the ``__hash__ = None`` its body's
    ``__eq__`` made: none at all, or a plain ``@dataclass`` that adds no ``__hash__`` (it adds
    one with ``unsafe_hash=True``, or with ``eq`` and ``frozen``).  Any other decorator may set
    ``__hash__`` (attrs, a registering helper): unknown, so not surely None."""
    if not cls.node.decorator_list:
        return True
    if len(cls.node.decorator_list) != 1:
        return False
    options = _dataclass_options(cls)
    if options is None:
        return False
    adds_hash = options.get("unsafe_hash", False) or (
        options.get("eq", True) and options.get("frozen", False)
    )
    return not adds_hash


def _surely_plain_dataclass(decorator: Values) -> bool:
    """Whether a class decorator surely is ``dataclasses.dataclass`` (bare, or called with
    options: a partial of it)."""
    return bool(decorator) and all(
        (isinstance(v, Api) and v.qualified == "dataclasses.dataclass")
        or (
            isinstance(v, Partial)
            and all(isinstance(f, Api) and f.qualified == "dataclasses.dataclass" for f in v.func)
        )
        for v in decorator
    )


def _dataclass_options(cls: ClassValue) -> dict[str, bool] | None:
    """The boolean options of a class's plain ``@dataclass`` decorator, or None when it has
    none (other dataclass makers, flax and equinox modules, hash as they define)."""
    for index, decorator in enumerate(cls.node.decorator_list):
        call = decorator if isinstance(decorator, ast.Call) else None
        target = call.func if call is not None else decorator
        spelled = ast.unparse(target)
        if spelled not in ("dataclass", "dataclasses.dataclass"):
            continue
        if index < len(cls.decorators) and not _surely_plain_dataclass(cls.decorators[index]):
            return None  # a name spelled ``dataclass`` that may be another maker (an alias)
        options: dict[str, bool] = {}
        for keyword in call.keywords if call is not None else ():
            if keyword.arg and isinstance(keyword.value, ast.Constant):
                options[keyword.arg] = bool(keyword.value.value)
            elif keyword.arg:
                return None  # an option we cannot read
        return options
    return None


def call_violations(
    maker: ApiSpec, options: Mapping[str, Values], called: Called, heap: Heap
) -> list[Violation]:
    """The contracts a call of a function ``maker`` made breaks (checked at each call)."""
    found: list[Violation] = []
    for accepts in declared(maker.accepts_at_call):
        contract = accepts.requirement.value
        if contract.at_each_call is None:
            continue
        if contract.not_for_any_caller and _for_any_caller(called):
            continue  # it fails at every call: not at one nobody wrote
        found.extend(contract.at_each_call(accepts, options, called, heap))
    return found


def _too_few_positional(
    accepts: Accepts, option: Values | None, called: Called, heap: Heap
) -> list[Violation]:
    """A call with fewer positional arguments than the largest of ``argnums`` needs."""
    numbers = int_set(option if option is not None else (Const(0),), heap)
    if not numbers or called.starred:
        return []
    needed = max(numbers) + 1
    if needed <= len(called.positional):
        return []
    return [
        Violation(
            accepts.requirement.value.kind,
            accepts.parameter,
            option or (Const(0),),
            None,
            described=f"{needed}:{len(called.positional)}",
        )
    ]


def _specs_per_argument(accepts: Accepts, option: Values | None, called: Called) -> list[Violation]:
    """A tuple of specs whose length is not the call's count of positional arguments."""
    if option is None or len(option) != 1 or called.starred or called.keywords:
        return []
    specs = option[0]
    if not isinstance(specs, Tuple) or len(specs.items) == len(called.positional):
        return []
    return [
        Violation(
            accepts.requirement.value.kind,
            accepts.parameter,
            option,
            None,
            described=f"{len(specs.items)}:{len(called.positional)}",
        )
    ]


def _wraps_no_callable(accepts: Accepts, called: Called, heap: Heap) -> list[Violation]:
    """The made function wraps what is surely not callable (it calls it at each call)."""
    callee = called.callee
    wrapped = callee.inner if isinstance(callee, Transformed) else ()
    described = not_callable(wrapped, heap)
    if described is None:
        return []
    kind = accepts.requirement.value.kind
    return [Violation(kind, accepts.parameter, wrapped, None, described=described)]


def _malformed_signature(accepts: Accepts, option: Values | None) -> list[Violation]:
    """A gufunc signature that surely does not parse."""
    described = malformed_signature(option) if option is not None else None
    if described is None or option is None:
        return []
    kind = accepts.requirement.value.kind
    return [Violation(kind, accepts.parameter, option, None, described=described)]


def _for_any_caller(called: Called) -> bool:
    """Whether ``called`` may be the run of a made function that nothing calls, for any
    caller: its arguments unknown, their count too (``f(*args)`` of unknown ``args`` looks
    the same, and is left alone as well)."""
    unknown = all(values == ANY for values in called.positional)
    return called.starred and unknown and not called.keywords


def _traced_non_arrays(
    accepts: Accepts, options: Mapping[str, Values], called: Called, heap: Heap
) -> list[Violation]:
    """The arguments a jitted function traces (those its static options do not list) that
    surely are no array: a string, a function, a class, or a container holding one."""
    positions = int_set(options.get("static_argnums"), heap)
    names = str_set(options.get("static_argnames"), heap)
    if positions is None or names is None:
        return []  # which arguments are static is not known
    parameters = None
    if positions or names:
        callee = called.callee
        if isinstance(callee, Transformed) and _plain_signature(callee.inner):
            parameters = parameter_names(callee.inner)
        if parameters is not None and names <= set(parameters):
            positions |= {parameters.index(name) for name in names}
            names |= {parameters[p] for p in positions if 0 <= p < len(parameters)}
        elif positions and names:
            return []  # how the two options name the same parameters is not known
        else:
            parameters = None
    arguments: list[tuple[str, Values]] = []
    if not called.starred and (parameters is not None or not names):
        count = len(called.positional)
        static = {p % count if p < 0 and count else p for p in positions}
        arguments += [(str(p), v) for p, v in enumerate(called.positional) if p not in static]
    if parameters is not None or not positions:
        arguments += [(name, v) for name, v in called.keywords if name not in names]
    for parameter, values in arguments:
        big = past_int64(values)
        if big is not None:
            # JAX parses it as an int of the default type, which cannot hold it
            return [Violation(INT_OVERFLOW, parameter, values, None, described=str(big))]
        described = not_an_array(values, heap)
        plain = unregistered_instance(values) if described is None else None
        if plain is not None:
            described = f"an instance of `{plain.name}` (a class JAX does not know as a pytree)"
        if described is not None:
            kind = accepts.requirement.value.kind
            return [Violation(kind, parameter, values, None, described=described)]
    return []


def _differentiated_non_arrays(
    options: Mapping[str, Values], called: Called, heap: Heap
) -> list[Violation]:
    """The first argument a gradient transform differentiates whose leaves, in JAX's order,
    surely reach a function, a string or a class before any leaf that may be an integer (an
    integer leaf met first raises the integer-input error instead)."""
    if "holomorphic" in options or "allow_int" in options or called.starred:
        return []  # (other checks, or an order of checks not modelled)
    positions = _ordered_ints(options.get("argnums"))
    if positions is None:
        return []
    count = len(called.positional)
    for position in positions:
        if not -count <= position < count:
            return []  # (another error: too few positional arguments)
        values = called.positional[position]
        found = _first_leaf_not_array(values, heap, 0)
        if isinstance(found, str):
            kind = Requirement.DIFFERENTIABLE_AT_CALL.value.kind
            return [Violation(kind, str(position % count), values, None, described=found)]
        if found is None:
            return []
    return []


def _ordered_ints(option: Values | None) -> list[int] | None:
    """``argnums`` in the order JAX reads it: 0 when not given, an int, or a tuple of ints."""
    if option is None:
        return [0]
    if len(option) != 1:
        return None
    value = option[0]
    if (
        isinstance(value, Const)
        and isinstance(value.value, int)
        and not isinstance(value.value, bool)
    ):
        return [value.value]
    if isinstance(value, Tuple):
        numbers: list[int] = []
        for item in value.items:
            if not (
                len(item) == 1
                and isinstance(item[0], Const)
                and isinstance(item[0].value, int)
                and not isinstance(item[0].value, bool)
            ):
                return None
            numbers.append(item[0].value)
        return numbers
    return None


#: What ``_first_leaf_not_array`` says of a value: its first leaf that JAX cannot trace,
#: described; True when every leaf is surely a floating-point (or complex) one; None when a
#: leaf may be an integer, or is not known.
LeafOrder = str | bool | None


def _first_leaf_not_array(values: Values, heap: Heap, depth: int) -> LeafOrder:
    """The leaves of ``values`` in the order JAX flattens them (a dict's by sorted key, an
    equinox Module's by its declared fields), as far as ``LeafOrder`` tells."""
    if not values or depth > 4:
        return None
    found = [_first_leaf_one(value, heap, depth) for value in values]
    if all(isinstance(one_found, str) for one_found in found):
        return found[0]
    return True if all(one_found is True for one_found in found) else None


def _first_leaf_one(value: Value, heap: Heap, depth: int) -> LeafOrder:
    if isinstance(value, Const):
        if value.value is None or (
            isinstance(value.value, float | complex) and not isinstance(value.value, bool)
        ):
            return True
        return f"the string {value.value!r}" if isinstance(value.value, str | bytes) else None
    if isinstance(value, Array):
        inexact = value.dtype is not None and value.dtype.startswith(("float", "complex", "bfloat"))
        return True if inexact and not value.tree else None
    if isinstance(value, LayerInstance):
        return _first_leaf_of_layer(value, heap, depth)
    if isinstance(value, Instance):
        return _first_leaf_of_module(value, heap, depth)
    items: list[Values] | None = None
    if isinstance(value, Tuple):
        items = list(value.items)
    elif isinstance(value, ListValue):
        listed = heap.list_items(value.ref)
        items = None if listed is None else list(listed)
    elif isinstance(value, DictValue):
        entries = list(heap.dict_items(value.ref))
        keys = [key for key, _ in entries]
        if not all(isinstance(key, str) for key in keys):
            return None
        items = [item for _, item in sorted(entries, key=lambda entry: str(entry[0]))]
    if items is not None:
        found = _first_leaf_of_items(items, heap, depth)
        return f"a {value.kind} holding {found}" if isinstance(found, str) else found
    if isinstance(value, NumpyArray | Unknown):
        return None
    return _not_an_array_one(value, heap, depth)


def _first_leaf_of_items(items: list[Values], heap: Heap, depth: int) -> LeafOrder:
    for item in items:
        found = _first_leaf_not_array(item, heap, depth + 1)
        if found is not True:
            return found
    return True


def _first_leaf_of_layer(layer: LayerInstance, heap: Heap, depth: int) -> LeafOrder:
    """An equinox layer's leaves: its parameters (floating-point arrays its initialisers
    made) and the functions it holds; a ``Sequential``'s, its layers' in turn."""
    facts = layer.facts
    if facts is None or not layer.maker.startswith(("equinox.", "eqx.")):
        return None
    if facts.sequence is not None:
        found = _first_leaf_of_items(list(facts.sequence), heap, depth)
        return f"an `eqx.nn.Sequential` holding {found}" if isinstance(found, str) else found
    held = function_leaf(layer)
    if held is not None and facts.integer_leaf_first:
        return None  # (the integer leaf's own error comes first)
    if held is not None:
        return f"an `eqx.nn.{layer.maker.rsplit('.', 1)[-1]}` whose field {held}"
    # a Linear or a convolution holds only its weight and bias, made floating-point by its
    # initialisers; what another layer holds besides may not be known
    return True if facts.linear is not None or facts.conv is not None else None


def _first_leaf_of_module(value: Instance, heap: Heap, depth: int) -> LeafOrder:
    """A user's equinox Module deriving from ``eqx.Module`` alone: its fields' leaves in the
    order its class declares them (static fields are no leaves)."""
    cls = value.cls
    if library_base(cls) != "equinox" or not all(
        len(base) == 1 and isinstance(base[0], Api) and base[0].qualified in EQUINOX_MODULE
        for base in cls.bases
    ):
        return None
    fields = dict(heap.field_items(value.ref))
    for statement in cls.node.body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
            continue
        name = statement.target.id
        if "ClassVar" in ast.unparse(statement.annotation):
            continue
        if not surely_dynamic_field(cls, name) or name not in fields:
            return None  # (a field that may be static, or whose value is not known)
        found = _first_leaf_not_array(fields[name], heap, depth + 1)
        if isinstance(found, str):
            return f"the equinox Module `{cls.name}` whose field `{name}` is {found}"
        if found is None:
            return None
    return True


def unregistered_instance(values: Values) -> ClassValue | None:
    """The class when every alternative of ``values`` is an instance of one plain class of the
    user's code (no decorator, no base class but plain ones, nothing that makes it an array:
    ``__jax_array__``, ``__array__``, ``tree_flatten``): JAX traces it only if the program
    registers it as a pytree, which the caller must rule out in the class's module."""
    classes = {value.cls for value in values if isinstance(value, Instance)}
    if len(classes) != 1 or len(values) != sum(isinstance(v, Instance) for v in values):
        return None
    (cls,) = classes
    return cls if _plain_class(cls, 0) else None


def _plain_class(cls: ClassValue, depth: int) -> bool:
    node = cls.node
    if depth > 4 or cls.flavour != "class" or node.decorator_list or node.keywords:
        return False
    if any(cls.lookup(name) is not None for name in _ARRAY_PROTOCOLS):
        return False
    if len(cls.bases) != len(node.bases):
        return False
    return all(
        len(base) == 1 and isinstance(base[0], ClassValue) and _plain_class(base[0], depth + 1)
        for base in cls.bases
    )


#: Methods by which an object says it is an array (or may be registered as a pytree node).
_ARRAY_PROTOCOLS = ("__jax_array__", "__array__", "tree_flatten", "tree_unflatten")


def _plain_signature(function: Values) -> bool:
    """Whether ``function`` is a user function whose own signature jit reads: no ``*args``
    or ``**kwargs`` (a wrapper's, whose real signature ``functools.wraps`` may carry)."""
    if len(function) != 1:
        return False
    value = function[0]
    if isinstance(value, BoundMethod):
        value = value.function
    if isinstance(value, Partial):
        return _plain_signature(value.func)
    if isinstance(value, Function):
        return value.node.args.vararg is None and value.node.args.kwarg is None
    return False


def not_an_array(values: Values, heap: Heap, depth: int = 0) -> str | None:
    """What ``values`` surely is that JAX cannot trace as an array (every alternative a
    string, a function, a class, a Python iterator such as ``zip(...)``, or a tuple, list or
    dict holding one), or None."""
    if not values or depth > 4:
        return None
    described: str | None = None
    for value in values:
        found = _not_an_array_one(value, heap, depth)
        if found is None:
            return None
        described = described or found
    return described


#: The Python iterables the analysis models as such (``jaxlsp.apis.python``): no pytree, so no
#: JAX type ("Argument '<zip object ...>' of type <class 'zip'> is not a valid JAX type",
#: measured on the pinned JAX for ``jit``, ``vmap``, ``grad`` and ``fori_loop``'s carry).
_ITERATORS = frozenset({"zip", "map", "enumerate", "generator", "iterator", "range"})


def _not_an_array_one(value: Value, heap: Heap, depth: int) -> str | None:
    if isinstance(value, Const) and isinstance(value.value, str | bytes):
        return f"the string {value.value!r}"
    if isinstance(value, Static) and value.type_name in _ITERATORS:
        return f"a `{value.type_name}` object (an iterator, not a pytree)"
    if isinstance(value, NumpyArray) and value.strings:
        return "a NumPy array of strings"
    if isinstance(value, Partial) and value.pytree:
        return None  # a pytree whose leaves are its bound arguments
    if isinstance(value, BoundMethod) and _of_module_pytree(value):
        return None  # equinox binds its methods as a Module: a pytree of the instance's leaves
    if isinstance(value, Function | BoundMethod | Partial | Transformed):
        return "a function"
    if isinstance(value, Api) and _computes_arrays(value):
        return f"the function {value.describe()}"
    if isinstance(value, ClassValue):
        return f"the class `{value.name}`"
    if isinstance(value, LayerInstance):
        held = function_leaf(value)
        return (
            None
            if held is None
            else f"an `eqx.nn.{value.maker.rsplit('.', 1)[-1]}` whose field {held}"
        )
    if isinstance(value, Instance) and library_base(value.cls) == "equinox":
        return _equinox_module_leaf(value, heap, depth)
    items: list[Values] = []
    if isinstance(value, Instance) and _named_tuple(value.cls):
        # a NamedTuple is a tuple, so a pytree whose fields are its leaves
        for _, field_values in heap.field_items(value.ref):
            found = not_an_array(field_values, heap, depth + 1)
            if found is not None:
                return f"the NamedTuple `{value.cls.name}` holding {found}"
        return None
    if isinstance(value, Tuple):
        items = list(value.items)
    elif isinstance(value, ListValue):
        items = list(heap.list_items(value.ref) or ())
    elif isinstance(value, DictValue):
        items = [item for _, item in heap.dict_items(value.ref)]
    for item in items:
        found = not_an_array(item, heap, depth + 1)
        if found is not None:
            return f"a {value.kind} holding {found}"
    return None


def _of_module_pytree(method: BoundMethod) -> bool:
    """Whether a bound method's instance may be an equinox Module, whose methods equinox
    binds as a Module (a pytree of the instance's leaves) rather than as a Python method:
    an instance of a class that derives from equinox's Module, or from a base not known."""
    return not method.self_value or any(
        not isinstance(owner, Instance) or _may_derive_from_equinox(owner.cls, 0)
        for owner in method.self_value
    )


def _may_derive_from_equinox(cls: ClassValue, depth: int) -> bool:
    if depth > 16:
        return True
    for base in cls.bases:
        if len(base) != 1:
            return True
        value = base[0]
        if isinstance(value, ClassValue):
            if _may_derive_from_equinox(value, depth + 1):
                return True
        elif not isinstance(value, Api) or value.qualified in EQUINOX_MODULE:
            return True
    return False


def _equinox_module_leaf(value: Instance, heap: Heap, depth: int) -> str | None:
    """An equinox Module is a pytree whose leaves are its fields' (static ones aside): one
    field that surely holds what JAX cannot trace, described."""
    for name, field_values in heap.field_items(value.ref):
        if not surely_dynamic_field(value.cls, name):
            continue
        found = not_an_array(field_values, heap, depth + 1)
        if found is not None:
            return f"the equinox Module `{value.cls.name}` whose field `{name}` is {found}"
    return None


def _named_tuple(cls: ClassValue) -> bool:
    """Whether ``cls`` derives from ``typing.NamedTuple`` directly."""
    return any(
        isinstance(base, Api) and base.qualified == "typing.NamedTuple"
        for bases in cls.bases
        for base in bases
    )


def _computes_arrays(value: Api) -> bool:
    """Whether a library value is a function that computes arrays (``jax.nn.relu``,
    ``jnp.tanh``): not a dtype, a constant or a module."""
    spec = spec_for(value.qualified)
    return spec is not None and spec.result in (
        Result.ARRAY,
        Result.BOOL_ARRAY,
        Result.FIRST_LEAVES,
    )


def _not_prefixes(
    accepts: Accepts, option: Values | None, called: Called, heap: Heap
) -> list[Violation]:
    """The first entry of a tuple (or list) of axes that surely is not a prefix of its
    argument's pytree (``described`` says which entry, where, and what each is there)."""
    if option is None or len(option) != 1 or called.starred:
        return []
    entries = items_of(option, heap)
    if entries is None or len(entries) != len(called.positional):
        return []  # another count is the axes-per-argument contract's
    for position, (axes, argument) in enumerate(zip(entries, called.positional, strict=True)):
        differs = difference(structure_of(axes, heap), structure_of(argument, heap), prefix=True)
        if differs is not None:
            at = f" at {differs.path}" if differs.path else ""
            described = (
                f"in_axes[{position}]{differs.path} is {differs.first.describe()} but "
                f"argument {position + 1}{at} is {differs.second.describe()}"
            )
            return [
                Violation(
                    accepts.requirement.value.kind,
                    accepts.parameter,
                    option,
                    None,
                    described=described,
                )
            ]
    return []


def _unhashable_statics(
    accepts: Accepts,
    option: Values | None,
    options: Mapping[str, Values],
    called: Called,
    heap: Heap,
) -> list[Violation]:
    if option is None:
        return []
    found: list[Violation] = []
    # jit reads the wrapped function's signature: a static position's parameter is static
    # when passed by name too, and a static name's when passed by position
    parameters = _named_positions(called.callee)
    count = len(called.positional)
    if accepts.parameter.endswith("argnums"):
        positions = set(int_set(option, heap) or ())
        names = {parameters[p] for p in positions if parameters and 0 <= p < len(parameters)}
    else:
        names = str_set(option, heap) or set()
        positions = {parameters.index(n) for n in names if parameters and n in parameters}
    for number in sorted(positions):
        position = number % count if number < 0 and count else number
        if called.starred or position >= count:
            continue
        values = called.positional[position]
        described = unhashable(values, heap)
        if described is not None:
            found.append(Violation("unhashable", str(position), values, None, described=described))
    for name, values in called.keywords:
        if name in names and (described := unhashable(values, heap)) is not None:
            found.append(Violation("unhashable", name, values, None, described=described))
    if found and _traced_unknown(called, positions, names):
        return []
    return found


def _traced_unknown(called: Called, positions: set[int], names: set[str]) -> bool:
    """Whether an argument the call traces (one not static) is wholly unknown: JAX reads the
    traced arguments before it hashes the static ones, and one that is no JAX type (an object
    a loader returned, measured on the pinned JAX: a plain instance there raises TypeError,
    the unhashable static never hashed) raises TypeError first, so the ValueError is not
    proved."""
    if called.starred:
        return True
    count = len(called.positional)
    static = {p % count if p < 0 and count else p for p in positions}
    traced = [v for i, v in enumerate(called.positional) if i not in static]
    traced += [v for name, v in called.keywords if name not in names]
    return any(values and all(isinstance(v, Unknown) for v in values) for values in traced)


def _named_positions(callee: Value | None) -> list[str] | None:
    """The parameters of the function a jit made that may be passed by position or by name,
    in order (None: not known, or a signature with ``*args``/``**kwargs``); a positional-only
    one is left as "" (no name reaches it)."""
    if not isinstance(callee, Transformed) or not _plain_signature(callee.inner):
        return None
    names = parameter_names(callee.inner)
    if names is None:
        return None
    inner = callee.inner[0]
    function = inner.function if isinstance(inner, BoundMethod) else inner
    if isinstance(function, Function):
        only = {a.arg for a in function.node.args.posonlyargs}
        names = ["" if name in only else name for name in names]
    return names


def contracted_apis() -> dict[str, set[str]]:
    """Every modelled API with contracts: the kinds of what it requires (for the usage
    ranking)."""
    found: dict[str, set[str]] = {}
    for name, spec in SPECS.items():
        kinds = {accepts.requirement.value.asks for accepts in declared(spec.accepts)}
        if spec.key is not None:
            kinds.add("a PRNG key")
        if spec.shapes:
            kinds.add("a static shape")
        if spec.index_arguments:
            kinds.add("an int known while tracing")
        if spec.concrete:
            kinds.add("a concrete value")
        if spec.host_converts:
            kinds.add("a host array")
        if spec.axis_parameters:
            kinds.add("an axis within the rank")
        kinds.update(check.asks for check in spec.checks)
        if kinds:
            found[name] = kinds
    return found


# pytree structures -----------------------------------------------------------------------------


@check_asking("trees of one structure")
def tree_map_structures(call: ApiCall, heap: Heap) -> Violation | None:
    """``tree_map(f, tree, *rest)`` where a tree of ``rest`` surely does not have ``tree`` as
    a prefix (``is_leaf`` left aside: it changes what a leaf is)."""
    if "is_leaf" in call.arguments:
        return None
    rest = call.arguments.get("rest", ())
    if len(rest) != 1 or not isinstance(rest[0], Tuple):
        return None
    first = structure_of(call.arguments.get("tree", ()), heap)
    node = call.site.node
    nodes = node.args if isinstance(node, ast.Call) else []
    if any(isinstance(n, ast.Starred) for n in nodes):
        return None
    for index, other in enumerate(rest[0].items):
        found = difference(first, structure_of(other, heap), prefix=True)
        if found is not None:
            position = index + 2
            return Violation(
                "tree-structure",
                "rest",
                other,
                nodes[position] if position < len(nodes) else None,
                described=found.describe("the first tree", f"tree {index + 2}"),
            )
    return None


@check_asking("a carry that keeps its structure")
def loop_carry_structure(call: ApiCall, heap: Heap) -> Violation | None:
    """``lax.scan``/``lax.fori_loop`` whose body returns a carry of another structure than
    the initial one (JAX traces the body once and compares the two)."""
    name = "init" if "init" in call.arguments else "init_val"
    result = call.result
    if call.api.name == "jax.lax.scan":
        if len(result) != 1 or not isinstance(result[0], Tuple) or len(result[0].items) != 2:
            return None
        carried = result[0].items[0]
    else:
        carried = result
    initial = call.arguments.get(name, ())
    found = difference(structure_of(initial, heap), structure_of(carried, heap))
    if found is None:
        return None
    return Violation(
        "carry-structure",
        name,
        initial,
        call.nodes.get(name),
        described=found.describe("the initial carry", "the carry the body returns"),
    )


def bwd_output_structure(primal_arguments: int, output: Values, heap: Heap) -> str | None:
    """What is wrong with a custom_vjp ``bwd`` output that surely is not a tuple (or list)
    with one cotangent per primal argument."""
    node = structure_of(output, heap)
    if node.kind == "leaf":
        return f"a single value, not a tuple of {primal_arguments}"
    if node.kind in ("tuple", "list") and len(node.children) != primal_arguments:
        return f"a {node.kind} of {len(node.children)}, not {primal_arguments}"
    return None


def fwd_output_difference(primal: Values, fwd_primal: Values, heap: Heap) -> str | None:
    """Where the primal output of a custom_vjp ``fwd`` (the first of its pair) surely has
    another pytree structure than the custom_vjp function's output."""
    found = difference(structure_of(primal, heap), structure_of(fwd_primal, heap))
    if found is None:
        return None
    return found.describe("the function's output", "fwd's primal output")


def old_cond_form(call: ApiCall, heap: Heap) -> bool:
    """``lax.cond(pred, true_operand, true_fun, false_operand, false_fun)``, the deprecated
    form JAX still accepts: two operands whose second may be a function."""
    operands = call.arguments.get("operands", ())
    if len(operands) != 1 or not isinstance(operands[0], Tuple):
        return True  # not known: it may be that form
    items = operands[0].items
    return len(items) == 2 and not_callable(items[1], heap) is None
