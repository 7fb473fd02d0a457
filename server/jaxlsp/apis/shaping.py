"""What the modelled array APIs return (shape and dtype) and when a call surely fails on its
arguments' shapes: the ``output`` rule of an API entry (``ApiSpec.output``).

An output rule reads the call's bound arguments as ``Aval``s (shape, dtype, weakness) and
returns the result's ``Aval`` (or one per item of a returned tuple), a ``Mismatch`` when the
arguments' shapes surely make JAX raise, or None when it cannot say.  The rules are
factories (``elementwise``, ``reduction``, ``creation``...) configured per entry, so an entry
reads as data: ``_jnp("sum", ("a", "axis", "dtype", "out", "keepdims"),
output=reduction())``.  They follow NumPy's and JAX's documented semantics; the test suite
checks each entry's answer against ``jax.eval_shape`` on the pinned JAX
(``tests/engine/test_shape_table.py``).

A mismatch is proven only between concrete integers (``jaxlsp.infer.shapes``): a symbol or
an unknown dimension keeps the rule silent.
"""

from __future__ import annotations

import ast
import itertools
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, final

from jaxlsp.apis.int_range import KIND as INT_OVERFLOW
from jaxlsp.apis.int_range import past_int64
from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.shapes import BroadcastFailure, Dim, Shape
from jaxlsp.infer.values import (
    Api,
    Array,
    Const,
    KeyArray,
    ListValue,
    NumpyArray,
    ShapeDtype,
    Site,
    Slice,
    Static,
    Tuple,
    Unknown,
    Value,
    Values,
    distinct,
)

if TYPE_CHECKING:
    from jaxlsp.infer.heap import Heap
    from jaxlsp.infer.interpreter import ApiCallContext


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Aval:
    """What is known of an array: its shape (None: not even the rank), dtype, weakness, and
    where its shape was made."""

    shape: Shape | None
    dtype: str | None
    weak: bool = False
    origin: Site | None = None

    @property
    def rank(self) -> int | None:
        return len(self.shape) if self.shape is not None else None

    def describe(self) -> str:
        """As JAX prints a type: ``float32[3,4]`` (``?`` for what is unknown)."""
        return describe_aval(self.shape, self.dtype)


UNKNOWN_AVAL = Aval(None, None)


def describe_aval(shape: Shape | None, dtype: str | None) -> str:
    dims = "..." if shape is None else ",".join(sh.describe_dim(d) for d in shape)
    return f"{dtypes.describe(dtype)}[{dims}]"


class Spelled:
    """An expression as the code spells it (in backquotes), made into text only when a
    message needs it (most operations never fail)."""

    __slots__ = ("_fallback", "_node", "_text")

    def __init__(self, node: ast.AST | None, fallback: str) -> None:
        self._node = node
        self._fallback = fallback
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = f"`{source_of(self._node)}`" if self._node is not None else self._fallback
        return self._text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class Operand:
    """An argument a mismatch is about: how the call spells it, and what it is."""

    label: str | Spelled
    aval: Aval


@dataclass(frozen=True)
class Mismatch:
    """A call whose arguments' shapes (or dtypes) surely make JAX raise.

    ``kind`` names the error (the rule that reports it: "broadcast", "matmul", "reshape",
    "concatenate", "einsum", ...), ``summary`` says what JAX will complain about, with the
    shapes; ``node`` is the argument to point at (default: the call)."""

    kind: str
    summary: str
    operands: tuple[Operand, ...] = ()
    node: ast.AST | None = None
    #: Other places the mismatch is about (where a transform was given its axes or specs).
    notes: tuple[tuple[Site, str], ...] = ()
    #: The exception class where it is not the kind's (an operator's operands of one rank).
    error_class: str | None = None

    @property
    def error(self) -> str:
        """The exception class JAX raises for it: a handler that catches only another class
        (``except ValueError`` around a TypeError) does not handle it."""
        return self.error_class or ERRORS.get(self.kind, "Exception")


#: The exception class of each kind of mismatch, as JAX raises it.
ERRORS = {
    "broadcast": "ValueError",
    "matmul-batch": "ValueError",
    "matmul-scalar": "ValueError",
    "stack": "ValueError",
    "einsum": "ValueError",
    "vmap-sizes": "ValueError",
    "vmap-axis": "ValueError",
    "shard-map-rank": "ValueError",
    "shard-map-divisible": "ValueError",
    "shard-map-in-specs-input-sharding": "ValueError",
    "shard-map-axis-name": "ValueError",
    "shard-map-out-rank": "ValueError",
    "shard-map-out-vma": "ValueError",
    "unbound-axis-name": "NameError",
    "collective-axis-not-in-mesh": "AssertionError",
    "custom-rule-closure": "UnexpectedTracerError",
    "custom-vjp-nondiff-tracer": "UnexpectedTracerError",
    "diag-rank": "ValueError",
    "diagonal-rank": "ValueError",
    "int-overflow": "OverflowError",
    "concatenate-zero-dim": "ValueError",
    "cross-dimension": "ValueError",
    "index-rank": "IndexError",
    "index-dtype": "TypeError",
    "unpack-0d": "TypeError",
    "linalg-solve": "ValueError",
    "conv-features": "ValueError",
    "conv-strides": "ValueError",
    "cond-predicate-rank": "TypeError",
    "pmap-scalar": "ValueError",
    "pmap-sizes": "ValueError",
    "device-put-divisible": "ValueError",
    "sharding-rank": "ValueError",
    "vmap-no-mapped": "ValueError",
    "vmap-no-arrays": "ValueError",
    "vmap-out-axes-none": "ValueError",
    "pad-empty-axis": "ValueError",
    "pmap-no-mapped": "ValueError",
    "pmap-static-positional": "ValueError",
    "checkpoint-static-positional": "ValueError",
    # library errors (``jaxlsp.apis.optax_api``, ``jaxlsp.apis.module_classes``); optax's is a
    # ValueError, equinox's FrozenInstanceError an AttributeError, flax's their own classes
    "optax-update-params": "ValueError",
    "optax-update-structure": "ValueError",
    "optax-update-structure-leaf": "TypeError",
    "haiku-rng": "ValueError",
    "haiku-mapping": "TypeError",
    "haiku-parameter-shape": "ValueError",
    "haiku-missing-rng": "MissingRNGError",
    "equinox-sequential-key": "TypeError",
    "eqx-frozen-field": "AttributeError",
    "linen-frozen-attribute": "SetAttributeFrozenModuleError",
    "linen-setup-field": "SetAttributeInModuleSetupError",
    "linen-unbound-call": "CallCompactUnboundModuleError",
    "linen-rng-missing": "InvalidRngError",
    "linen-collection-missing": "ScopeCollectionNotFound",
    "linen-collection-immutable": "ModifyScopeVariableError",
    "linen-param-shape": "ScopeParamShapeError",
    "linen-variables-nested": "ApplyScopeInvalidVariablesStructureError",
    "device-called": "TypeError",
    "nnx-trace-context": "TraceContextError",
    **{
        kind: "TypeError"
        for kind in (
            "matmul",
            "reshape",
            "concatenate",
            "array-items",
            "scan-carry",
            "while-carry",
            "cond-branches",
            "cond-predicate",
            "switch-branches",
            "grad-scalar",
            "grad-int",
            "custom-vjp-forward",
            "has-aux-output",
            "jit-output-type",
            "unhashable-array",
        )
    },
}


Output = Aval | tuple[Aval, ...] | Mismatch | None
OutputRule = Callable[["ApiCallContext"], Output]


def shaped(result: Values, outcome: Aval | tuple[Aval, ...] | None) -> Values:
    """``result`` (what the call's behaviour made) with the shapes and dtypes its output
    rule worked out: each array of it, or each array item of a returned tuple."""
    if outcome is None:
        return result
    found: list[Value] = []
    for value in result:
        if isinstance(outcome, tuple) and isinstance(value, Tuple):
            if len(outcome) == len(value.items):
                items = tuple(
                    shaped(item, aval) for item, aval in zip(value.items, outcome, strict=True)
                )
                value = Tuple(items)
        elif isinstance(outcome, Aval) and isinstance(value, Array) and not value.tree:
            value = value.with_aval(outcome.shape, outcome.dtype, outcome.weak, outcome.origin)
        elif isinstance(outcome, Aval) and isinstance(value, NumpyArray) and value.shape is None:
            shape = outcome.shape
            if shape is not None and all(type(d) is int for d in shape):
                value = NumpyArray(tuple(d for d in shape if isinstance(d, int)))
        found.append(value)
    return distinct(found)


# reading arguments ------------------------------------------------------------------------------


def aval_of(values: Values, heap: Heap | None = None) -> Aval:
    """The array ``values`` stand for (an array, a Python number, a nested list of numbers),
    joined over the alternatives; ``UNKNOWN_AVAL`` when nothing is known."""
    if len(values) == 1:
        aval = _aval_of_value(values[0], heap, 0)
        return aval if aval is not None else UNKNOWN_AVAL
    found: list[Aval] = []
    for value in values:
        aval = _aval_of_value(value, heap, 0)
        if aval is None:
            return UNKNOWN_AVAL
        found.append(aval)
    if not found:
        return UNKNOWN_AVAL
    first = found[0]
    for other in found[1:]:
        first = Aval(
            sh.join_shapes(first.shape, other.shape),
            first.dtype if first.dtype == other.dtype else None,
            first.weak and other.weak,
            first.origin,
        )
    return first


def _aval_of_value(value: Value, heap: Heap | None, depth: int) -> Aval | None:
    if isinstance(value, Array):
        if value.tree:
            return None
        return Aval(value.shape, value.dtype, value.weak, value.origin)
    if isinstance(value, Const):
        python = dtypes.of_python(value.value)
        return Aval((), *python) if python is not None else None
    if isinstance(value, Static):
        example = {"int": 0, "float": 0.0, "bool": False, "complex": 0j}.get(value.type_name)
        if example is not None:
            dtype, weak = dtypes.of_python(example) or (None, False)
            return Aval((), dtype, weak)
        if value.type_name == "number":
            return Aval((), None, True)
        return None
    if isinstance(value, Tuple | ListValue) and depth < 4:
        items = value.items if isinstance(value, Tuple) else _list_items(value, heap)
        if items is None:
            return None
        inner = [aval_of(item, heap) for item in items]
        if not inner:
            return Aval((0,), "float32")
        shape0 = inner[0].shape
        for other in inner[1:]:
            shape0 = sh.join_shapes(shape0, other.shape)
        dtype, weak = dtypes.promote([(a.dtype, a.weak) for a in inner])
        # a literal list makes a strongly typed array (``jnp.array([1, 2])`` is int32)
        return Aval((len(items), *shape0) if shape0 is not None else None, dtype, False)
    if isinstance(value, ShapeDtype):
        return Aval(value.shape, value.dtype)
    if isinstance(value, NumpyArray):
        return Aval(value.shape, None) if value.shape is not None else UNKNOWN_AVAL
    if isinstance(value, KeyArray):
        return Aval(value.array_shape, None)
    if isinstance(value, Unknown):
        return UNKNOWN_AVAL
    return None


def as_arrays(values: Values) -> Values:
    """``ShapeDtypeStruct``s (in tuples too) as the arrays they describe (``eval_shape``)."""
    found: list[Value] = []
    for value in values:
        if isinstance(value, ShapeDtype):
            found.append(Array(frozenset(), None, False, value.dtype, value.shape))
        elif isinstance(value, Tuple):
            found.append(Tuple(tuple(as_arrays(item) for item in value.items)))
        else:
            found.append(value)
    return tuple(found)


def _list_items(value: ListValue, heap: Heap | None) -> tuple[Values, ...] | None:
    return heap.list_items(value.ref) if heap is not None else None


def dim_of(values: Values) -> Dim:
    """The integer (or named size) ``values`` surely are."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and type(value.value) is int:
        return value.value
    if isinstance(value, Static) and value.type_name == "int":
        return value.dim
    return None


def ints_of(values: Values, heap: Heap | None = None) -> list[Dim] | None:
    """An int or a sequence of them (a shape, axes); None when not known to be one."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and type(value.value) is int:
        return [value.value]
    if isinstance(value, Static) and value.type_name == "int":
        return [value.dim]
    items: tuple[Values, ...] | None = None
    if isinstance(value, Tuple):
        items = value.items
    elif isinstance(value, ListValue):
        items = _list_items(value, heap)
    if items is None:
        return None
    found: list[Dim] = []
    for item in items:
        if len(item) == 1 and isinstance(item[0], Const) and type(item[0].value) is int:
            found.append(item[0].value)
        elif len(item) == 1 and isinstance(item[0], Static) and item[0].type_name == "int":
            found.append(item[0].dim)
        elif item and isinstance(item[0], Unknown) and all(isinstance(v, Unknown) for v in item):
            found.append(None)
        else:
            return None
    return found


def concrete_ints(values: Values, heap: Heap | None = None) -> list[int] | None:
    found = ints_of(values, heap)
    if found is None:
        return None
    ints = [d for d in found if isinstance(d, int)]
    return ints if len(ints) == len(found) else None


def shape_argument(values: Values, heap: Heap | None) -> list[int] | None:
    """The concrete dimensions a ``*shape`` argument gives: ``reshape(4, 2)`` or
    ``reshape((4, 2))``."""
    dims = concrete_ints(values, heap)
    if dims is None:
        items = items_of(values, heap)
        if items is not None and len(items) == 1:
            dims = concrete_ints(items[0], heap)
    return dims


def dtype_name(values: Values) -> str | None:
    """The dtype a ``dtype=`` argument names (``bool``, ``jnp.bool_``, ``"float32"``)."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and isinstance(value.value, str):
        return value.value
    if isinstance(value, Api):
        name = value.qualified.rsplit(".", 1)[-1]
        return "bool" if name in ("bool", "bool_") else name
    return None


def dtype_of(values: Values) -> str | None:
    """The dtype a ``dtype=`` argument names (``jnp.float32``, ``"int32"``, ``float``), as
    an array of it has it (64-bit mode off)."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and isinstance(value.value, str):
        return dtypes.canonical(value.value)
    if isinstance(value, Api):
        return dtypes.canonical(value.qualified.rsplit(".", 1)[-1])
    if isinstance(value, ShapeDtype):
        return value.dtype
    return None


def items_of(values: Values, heap: Heap | None) -> list[Values] | None:
    """The items of a tuple or list argument (``jnp.concatenate([a, b])``)."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Tuple):
        return list(value.items)
    if isinstance(value, ListValue):
        items = _list_items(value, heap)
        return list(items) if items is not None else None
    return None


class Call:
    """An output rule's view of one call: its arguments as avals, shapes, axes."""

    def __init__(self, context: ApiCallContext) -> None:
        self.context = context
        self.heap = context.interpreter.heap

    def has(self, name: str) -> bool:
        values = self.context.arguments.get(name)
        return values is not None and values != (Const(None),)

    def values(self, name: str) -> Values:
        return self.context.arguments.get(name, ())

    def aval(self, name: str) -> Aval:
        values = self.context.arguments.get(name)
        if values is None:
            return UNKNOWN_AVAL
        return aval_of(values, self.heap)

    def label(self, name: str, index: int | None = None) -> str:
        """How the call spells an argument (an item of a list argument with ``index``)."""
        node = self.context.node(name)
        if index is not None:
            if isinstance(node, ast.List | ast.Tuple):
                node = node.elts[index] if index < len(node.elts) else None
            elif node is not None:
                return f"item {index + 1} of `{source_of(node)}`"
        if node is None:
            return f"argument {index + 1}" if index is not None else f"`{name}`"
        return f"`{source_of(node)}`"

    def node(self, name: str, index: int | None = None) -> ast.AST | None:
        node = self.context.node(name)
        if index is not None and isinstance(node, ast.List | ast.Tuple):
            return node.elts[index] if index < len(node.elts) else None
        return node if index is None else None

    def ints(self, name: str) -> list[Dim] | None:
        values = self.context.arguments.get(name)
        if values is None:
            return None
        found = ints_of(values, self.heap)
        if found is None:
            return None
        return self._named_dims(name, found)

    def _named_dims(self, name: str, dims: list[Dim]) -> list[Dim]:
        """Unknown dimensions spelled as a parameter nothing bound (``jnp.zeros((n, 3))``
        for an unknown ``n``) become a size named after it."""
        if all(d is not None for d in dims):
            return dims
        node = self.context.node(name)
        elements: list[ast.expr] | None = None
        if isinstance(node, ast.Tuple | ast.List):
            elements = list(node.elts)
        elif node is not None and len(dims) == 1:
            elements = [node]
        if elements is None or len(elements) != len(dims):
            return dims
        return [
            d if d is not None else self.dim_of_expression(element)
            for d, element in zip(dims, elements, strict=True)
        ]

    def dim_of_expression(self, node: ast.expr) -> Dim:
        """A dimension written as arithmetic on names (``n * 2``, ``d // heads``): each name
        an int known here, or a parameter whose value nobody passed (a named size)."""
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            frame, state = self.context.frame, self.context.state
            bound = state.env.get(node.id)
            if bound is not None:
                dim = dim_of(bound)
                if dim is not None:
                    return dim
            unknown = frame.unknown_parameters.get(node.id)
            if unknown is not None and bound is unknown and frame.function is not None:
                return sh.symbol(node.id, ("parameter", frame.function.site, node.id))
            return None
        if isinstance(node, ast.BinOp):
            left = self.dim_of_expression(node.left)
            right = self.dim_of_expression(node.right)
            operation = _DIM_OPERATIONS.get(type(node.op))
            return operation(left, right) if operation is not None else None
        return None

    def shape(self, name: str) -> Shape | None:
        """A shape argument: an int, or a tuple or list of them."""
        dims = self.ints(name)
        return tuple(dims) if dims is not None else None

    def dtype(self, name: str) -> str | None:
        values = self.context.arguments.get(name)
        return dtype_of(values) if values is not None else None

    def integer(self, name: str, default: int | None = None) -> int | None:
        values = self.context.arguments.get(name)
        if values is None or values == (Const(None),):
            return default
        dim = dim_of(values)
        return dim if isinstance(dim, int) else None

    def axes(self, name: str) -> list[int] | str | None:
        """An ``axis`` argument: a list of ints, "all" when absent or None, or None when it
        is not known."""
        values = self.context.arguments.get(name)
        if values is None or values == (Const(None),):
            return "all"
        found = concrete_ints(values, self.heap)
        return found

    def flag(self, name: str) -> bool | None:
        values = self.context.arguments.get(name)
        if values is None:
            return False
        if len(values) == 1 and isinstance(values[0], Const):
            return bool(values[0].value)
        return None

    def items(self, name: str) -> list[Values] | None:
        values = self.context.arguments.get(name)
        return items_of(values, self.heap) if values is not None else None

    def origin(self) -> Site:
        return self.context.site


_DIM_OPERATIONS: dict[type[ast.operator], Callable[[Dim, Dim], Dim]] = {
    ast.Add: sh.add,
    ast.Sub: sh.sub,
    ast.Mult: sh.mul,
    ast.FloorDiv: sh.floordiv,
    ast.Mod: sh.mod,
}


def source_of(node: ast.AST) -> str:
    """An expression as the code spells it (normalised), shortened."""
    try:
        text = " ".join(ast.unparse(node).split())
    except (ValueError, RecursionError):
        return "the value"
    return text if len(text) <= 40 else text[:39] + "…"


def rule(function: Callable[[Call], Output]) -> OutputRule:
    """An output rule from a function of the call's view."""

    def output(context: ApiCallContext) -> Output:
        return function(Call(context))

    output.__name__ = getattr(function, "__name__", "output")
    output.__doc__ = function.__doc__
    return output


# dtype rules ----------------------------------------------------------------------------------

#: How an operation's result dtype follows from its operands'.
Promote = Callable[[list[Aval]], tuple[str | None, bool]]


def promoted(avals: list[Aval]) -> tuple[str | None, bool]:
    return dtypes.promote([(a.dtype, a.weak) for a in avals])


def inexact(avals: list[Aval]) -> tuple[str | None, bool]:
    """Floats and complexes keep their dtype; integers and booleans become float32."""
    dtype, weak = promoted(avals)
    if dtype is None:
        return None, False
    if dtypes.is_inexact(dtype):
        return dtype, weak
    return "float32", weak if dtype != "bool" else False


def real_part(avals: list[Aval]) -> tuple[str | None, bool]:
    """``abs``, ``real``, ``imag``: a complex dtype gives the float of its parts' width;
    others keep theirs."""
    dtype, weak = first_dtype(avals)
    return _REAL_OF.get(dtype or "", dtype), weak


_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def boolean(avals: list[Aval]) -> tuple[str | None, bool]:
    """Comparisons and tests: bool, weak when the operands promote to a weak type."""
    return "bool", promoted(avals)[1]


def strong(promote: Promote) -> Promote:
    """``promote``'s dtype, never weak (functions that compute with a constant array of
    their own: ``jnp.log10``, ``nan_to_num``)."""

    def strengthened(avals: list[Aval]) -> tuple[str | None, bool]:
        return promote(avals)[0], False

    return strengthened


def integer(avals: list[Aval]) -> tuple[str | None, bool]:
    return "int32", False


def first_dtype(avals: list[Aval]) -> tuple[str | None, bool]:
    return (avals[0].dtype, avals[0].weak) if avals else (None, False)


def fixed(dtype: str) -> Promote:
    """Always ``dtype`` (``jnp.float32(x)``)."""

    def promote(avals: list[Aval]) -> tuple[str | None, bool]:
        return dtype, False

    return promote


def summed(avals: list[Aval]) -> tuple[str | None, bool]:
    """``sum``, ``prod``, ``cumsum``: booleans and small integers sum as int32."""
    dtype, weak = first_dtype(avals)
    if dtype == "bool" or dtype in ("int8", "int16"):
        return "int32", False
    if dtype in ("uint8", "uint16"):
        return "uint32", False
    return dtype, weak


# elementwise ----------------------------------------------------------------------------------


def _broadcast(call: Call, names: Sequence[str], avals: list[Aval]) -> Shape | Mismatch | None:
    result = sh.broadcast([a.shape for a in avals])
    if isinstance(result, BroadcastFailure):
        first, second = avals[result.first], avals[result.second]
        return Mismatch(
            "broadcast",
            "Incompatible shapes for broadcasting: shapes="
            f"[{sh.describe(first.shape)}, {sh.describe(second.shape)}]",
            (
                Operand(call.label(names[result.first]), first),
                Operand(call.label(names[result.second]), second),
            ),
        )
    return result


def broadcast_shapes(name: str = "shapes") -> OutputRule:
    """``broadcast_shapes(*shapes)``: the shapes it is given (tuples of ints) must broadcast,
    else it raises as an elementwise operation of arrays of those shapes would; it returns a
    tuple (``broadcast_shapes_value``), so no aval."""

    def output(call: Call) -> Output:
        shapes = _given_shapes(call, name)
        result = sh.broadcast(shapes) if shapes else None
        if not isinstance(result, BroadcastFailure):
            return None
        nodes = call.context.raw.nodes
        operands = tuple(
            Operand(
                Spelled(nodes[i] if i < len(nodes) else None, f"shape {i + 1}"),
                Aval(shapes[i], None),
            )
            for i in (result.first, result.second)
        )
        return Mismatch(
            "broadcast",
            "Incompatible shapes for broadcasting: shapes="
            f"[{sh.describe(shapes[result.first])}, {sh.describe(shapes[result.second])}]",
            operands,
        )

    return rule(output)


def broadcast_shapes_value(context: ApiCallContext) -> Values:
    """What ``broadcast_shapes`` returns: the broadcast shape as a tuple of ints, when every
    shape given is known."""
    shapes = _given_shapes(Call(context), "shapes")
    result = sh.broadcast(shapes) if shapes else None
    if isinstance(result, tuple) and all(isinstance(d, int) for d in result):
        return (Tuple(tuple((Const(d),) for d in result)),)
    return (Static("tuple"),)


def _given_shapes(call: Call, name: str) -> list[Shape | None]:
    """The shapes a ``*shapes`` argument gives (each a tuple or list of dimensions; None for
    one not known), or none when the arguments are not known one by one."""
    items = call.items(name)
    if not items or call.context.raw.starred:
        return []
    shapes: list[Shape | None] = []
    for item in items:
        given = len(item) == 1 and isinstance(item[0], Tuple | ListValue)
        dims = ints_of(item, call.heap) if given else None
        shapes.append(tuple(dims) if dims is not None else None)
    return shapes


def elementwise(*names: str, dtype: Promote = promoted) -> OutputRule:
    """An elementwise operation on the arguments ``names`` (absent ones skipped): their
    broadcast shape, their promoted dtype (or ``dtype``'s rule)."""

    def output(call: Call) -> Output:
        present = [n for n in names if call.has(n)]
        avals = [call.aval(n) for n in present]
        shape = _broadcast(call, present, avals)
        if isinstance(shape, Mismatch):
            return shape
        result_dtype, weak = dtype(avals)
        return Aval(shape, result_dtype, weak, call.origin())

    return rule(output)


def same_as(name: str, dtype: Promote = first_dtype) -> OutputRule:
    """The argument's shape (and dtype, or ``dtype``'s rule): ``jnp.sort``, ``softmax``."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        result_dtype, weak = dtype([aval])
        return Aval(aval.shape, result_dtype, weak, aval.origin or call.origin())

    return rule(output)


def where() -> OutputRule:
    """``jnp.where(c, x, y)``: the three broadcast; ``x`` and ``y``'s dtypes promoted.
    ``jnp.where(c)`` (nonzero) has a data-dependent size: unknown."""

    def output(call: Call) -> Output:
        if not call.has("x") or not call.has("y"):
            return None
        names = ["condition", "x", "y"]
        avals = [call.aval(n) for n in names]
        shape = _broadcast(call, names, avals)
        if isinstance(shape, Mismatch):
            return shape
        dtype, weak = promoted(avals[1:])
        return Aval(shape, dtype, weak, call.origin())

    return rule(output)


def at_least(rank: int) -> OutputRule:
    """``jnp.atleast_1d(x)``, ``atleast_2d``: leading 1s up to ``rank`` axes."""

    def output(call: Call) -> Output:
        aval = call.aval("x")
        shape = aval.shape
        if shape is not None and len(shape) < rank:
            shape = (1,) * (rank - len(shape)) + shape
        return Aval(shape, aval.dtype, aval.weak, aval.origin or call.origin())

    return rule(output)


def cast(name: str, dtype_param: str) -> OutputRule:
    """``x.astype(dtype)``, ``lax.convert_element_type(x, dtype)``."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        return Aval(aval.shape, call.dtype(dtype_param), False, aval.origin or call.origin())

    return rule(output)


# Fourier transforms ---------------------------------------------------------------------------

#: The complex dtype a Fourier transform computes in, from its input's (x64 off: every real
#: dtype but float64 transforms in complex64).
_COMPLEX_OF = {"float64": "complex128", "complex128": "complex128"}


def complex_of(dtype: str | None) -> str | None:
    return _COMPLEX_OF.get(dtype, "complex64") if dtype is not None else None


def fft(kind: str, axes_count: int | None) -> OutputRule:
    """``jnp.fft``'s transforms.  ``kind``: "complex" (``fft``, ``fftn``...: a complex result of
    the input's shape), "real-to-complex" (``rfft``, ``ihfft``: the last transformed axis keeps
    ``n//2 + 1`` entries), "complex-to-real" (``irfft``, ``hfft``: a real result whose last
    transformed axis has ``2*(m - 1)`` entries, or ``n``).  ``axes_count`` is 1 for the 1-D
    transforms (``n``, ``axis``), 2 for the 2-D ones (``s``, ``axes=(-2, -1)``), None for the
    N-D ones (every axis, or the last ``len(s)``).  ``n``/``s`` set the transformed axes'
    sizes first."""

    def output(call: Call) -> Output:
        aval = call.aval("a")
        dtype = complex_of(aval.dtype)
        if kind == "complex-to-real":
            dtype = _REAL_OF.get(dtype or "")
        if aval.shape is None:
            return Aval(None, dtype, False, call.origin())
        rank = len(aval.shape)
        sizes = _fft_sizes(call, axes_count)
        if sizes is None:
            return Aval(None, dtype, False, call.origin())
        found = call.axes("axis" if axes_count == 1 else "axes")
        if isinstance(found, list):
            given_axes = found
        elif found == "all":
            count = len(sizes) if sizes else (axes_count or rank)
            given_axes = list(range(-count, 0))
        else:
            given_axes = []
        if not given_axes or (sizes and len(sizes) != len(given_axes)):
            return Aval(None, dtype, False, call.origin())
        axes = [sh.normalize_axis(axis, rank) for axis in given_axes]
        if any(axis is None for axis in axes):
            return None  # JAX raises (an axis the input does not have)
        shape = list(aval.shape)
        for position, axis in enumerate(axes):
            if sizes and axis is not None:
                shape[axis] = sizes[position]
        last = axes[-1]
        assert last is not None
        if kind == "real-to-complex":
            shape[last] = sh.add(sh.floordiv(shape[last], 2), 1)
        elif kind == "complex-to-real" and not sizes:
            shape[last] = sh.mul(sh.sub(shape[last], 1), 2)
        return Aval(tuple(shape), dtype, False, call.origin())

    return rule(output)


def _fft_sizes(call: Call, axes_count: int | None) -> list[Dim] | None:
    """The sizes ``n`` (1-D) or ``s`` gives the transformed axes: [] when not given, None
    when given but not known."""
    name = "n" if axes_count == 1 else "s"
    if not call.has(name):
        return []
    if axes_count == 1:
        size = call.integer(name)
        return [size] if size is not None else None
    return call.ints(name)


def fft_frequencies(real: bool) -> OutputRule:
    """``fftfreq(n, d)``: ``n`` sample frequencies; ``rfftfreq``: ``n//2 + 1``."""

    def output(call: Call) -> Output:
        size = call.integer("n")
        if size is None:
            return None
        count = size // 2 + 1 if real else size
        return Aval((count,), call.dtype("dtype") or "float32", False, call.origin())

    return rule(output)


# creation -------------------------------------------------------------------------------------


def creation(
    shape_param: str = "shape", dtype_param: str = "dtype", default: str = "float32"
) -> OutputRule:
    """``jnp.zeros(shape, dtype)`` and kin."""

    def output(call: Call) -> Output:
        shape = call.shape(shape_param) if call.has(shape_param) else ()
        dtype = call.dtype(dtype_param) if call.has(dtype_param) else default
        return Aval(shape, dtype, False, call.origin())

    return rule(output)


def full(shape_param: str = "shape", fill: str = "fill_value") -> OutputRule:
    """``jnp.full(shape, fill_value, dtype)``: the fill value's dtype (weak for a Python
    scalar) unless ``dtype`` says; the fill value broadcast to the shape."""

    def output(call: Call) -> Output:
        shape = call.shape(shape_param)
        value = call.aval(fill)
        if call.has("dtype"):
            return Aval(shape, call.dtype("dtype"), False, call.origin())
        return Aval(shape, value.dtype, value.weak, call.origin())

    return rule(output)


def like(name: str, dtype_param: str = "dtype") -> OutputRule:
    """``jnp.zeros_like(a)``: ``a``'s shape (``shape=`` overrides) and dtype."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        shape = call.shape("shape") if call.has("shape") else aval.shape
        if call.has(dtype_param):
            return Aval(shape, call.dtype(dtype_param), False, call.origin())
        return Aval(shape, aval.dtype, aval.weak, call.origin())

    return rule(output)


def arange() -> OutputRule:
    """``jnp.arange(stop)``, ``arange(start, stop[, step])`` with static bounds."""

    def output(call: Call) -> Output:
        bounds = [call.values(n) for n in ("start", "stop", "step") if call.has(n)]
        numbers: list[int | float] = []
        for values in bounds:
            if len(values) == 1 and isinstance(values[0], Const):
                number = values[0].value
                if isinstance(number, int | float) and not isinstance(number, bool):
                    numbers.append(number)
                    continue
            numbers = []
            break
        floats = any(isinstance(n, float) for n in numbers)
        dtype = call.dtype("dtype") if call.has("dtype") else ("float32" if floats else None)
        if dtype is None and numbers:
            dtype = "int32"
        if not numbers or len(numbers) != len(bounds):
            length: Dim = None
            stops = call.ints("start") if len(bounds) == 1 else None
            if stops:
                length = stops[0]
            return Aval((length,), dtype, False, call.origin())
        start: int | float = 0
        stop: int | float = numbers[0]
        step: int | float = 1
        if len(numbers) >= 2:
            start, stop = numbers[0], numbers[1]
        if len(numbers) == 3:
            step = numbers[2]
        if step == 0:
            return None
        count = -((start - stop) // step)  # ceil((stop - start) / step)
        return Aval((max(int(count), 0),), dtype, False, call.origin())

    return rule(output)


def linspace() -> OutputRule:
    """``linspace(start, stop, num)``: ``num`` numbers.  With ``retstep`` true (or not known)
    it returns the pair ``(numbers, step)``, which this rule does not build: no shape."""

    def output(call: Call) -> Output:
        if call.flag("retstep") is not False:
            return None
        num = call.integer("num", 50)
        dtype = call.dtype("dtype") if call.has("dtype") else "float32"
        return Aval((num,), dtype, False, call.origin())

    return rule(output)


def eye() -> OutputRule:
    """``jnp.eye(N, M=None)``."""

    def output(call: Call) -> Output:
        rows = (call.ints("N") or [None])[0]
        columns = (call.ints("M") or [None])[0] if call.has("M") else rows
        dtype = call.dtype("dtype") if call.has("dtype") else "float32"
        return Aval((rows, columns), dtype, False, call.origin())

    return rule(output)


def identity() -> OutputRule:
    def output(call: Call) -> Output:
        n = (call.ints("n") or [None])[0]
        dtype = call.dtype("dtype") if call.has("dtype") else "float32"
        return Aval((n, n), dtype, False, call.origin())

    return rule(output)


def array_constructor(name: str = "object") -> OutputRule:
    """``jnp.array(x)``, ``jnp.asarray(x)``: ``x``'s shape; ``dtype=`` or ``x``'s dtype (a
    Python scalar stays weak)."""

    def output(call: Call) -> Output:
        mismatch = _array_items_mismatch(call, name)
        if mismatch is not None:
            return mismatch
        aval = call.aval(name)
        if call.has("dtype"):
            return Aval(aval.shape, call.dtype("dtype"), False, call.origin())
        return Aval(aval.shape, aval.dtype, aval.weak, aval.origin or call.origin())

    return rule(output)


def _array_items_mismatch(call: Call, name: str) -> Mismatch | None:
    """``jnp.array([a, b])`` of a list holding JAX arrays stacks its items as JAX does it: each
    given a leading axis, then all concatenated, so items of other shapes fail as that
    concatenation (a TypeError), not as NumPy's ragged list (a ValueError)."""
    items = call.items(name)
    if not items or not any(_surely_arrays(values) for values in items):
        return None
    avals = [aval_of(item, call.heap) for item in items]
    lifted = [
        Aval((1, *a.shape) if a.shape is not None else None, a.dtype, a.weak, a.origin)
        for a in avals
    ]
    joined = _concatenated(call, name, lifted, 0)
    if not isinstance(joined, Mismatch):
        return None
    # the operands as the code has them (the message's shapes are the lifted ones, as JAX's)
    given = {id(lift): aval for lift, aval in zip(lifted, avals, strict=True)}
    operands = tuple(Operand(o.label, given.get(id(o.aval), o.aval)) for o in joined.operands)
    return Mismatch("array-items", joined.summary, operands, joined.node, joined.notes)


def _surely_arrays(values: Values) -> bool:
    return bool(values) and all(isinstance(value, Array) for value in values)


def uniform() -> OutputRule:
    """``jax.random.uniform(key, shape, dtype, minval, maxval)``: array bounds broadcast with
    the shape (a ``()`` shape with ``(1,)`` bounds gives ``(1,)``)."""

    def output(call: Call) -> Output:
        dtype = call.dtype("dtype") if call.has("dtype") else "float32"
        shape = call.shape("shape") if call.has("shape") else ()
        bounds = [call.aval(n).shape for n in ("minval", "maxval") if call.has(n)]
        joined = sh.broadcast([shape, *bounds])
        if isinstance(joined, BroadcastFailure):
            return None
        return Aval(joined, dtype, False, call.origin())

    return rule(output)


def sampler(
    shape_param: str = "shape", dtype: str = "float32", like: str | None = None
) -> OutputRule:
    """``jax.random.normal(key, shape, dtype)`` and kin: ``shape`` (default ``()``, or the
    broadcast of ``like``'s parameters when the sampler takes its shape from them)."""

    def output(call: Call) -> Output:
        result_dtype = call.dtype("dtype") if call.has("dtype") else dtype
        if call.has(shape_param):
            return Aval(call.shape(shape_param), result_dtype, False, call.origin())
        if like is not None:
            shape = sh.broadcast([call.aval(n).shape for n in like.split(",") if call.has(n)])
            if isinstance(shape, BroadcastFailure):
                return None
            return Aval(shape, result_dtype, False, call.origin())
        return Aval((), result_dtype, False, call.origin())

    return rule(output)


# reductions -----------------------------------------------------------------------------------


def _reduced(
    shape: Shape | None, axes: list[int] | str | None, keepdims: bool | None
) -> Shape | None:
    if shape is None or axes is None or keepdims is None:
        return None
    rank = len(shape)
    if axes == "all":
        return tuple(1 for _ in shape) if keepdims else ()
    assert isinstance(axes, list)
    normalised = [sh.normalize_axis(a, rank) for a in axes]
    if any(a is None for a in normalised) or len(set(normalised)) != len(normalised):
        return None
    if keepdims:
        return tuple(1 if i in normalised else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in normalised)


def reduction(
    name: str = "a", axis: str = "axis", keepdims: str = "keepdims", dtype: Promote = first_dtype
) -> OutputRule:
    """``jnp.sum(a, axis, keepdims=...)`` and kin: the reduced axes removed (kept as 1s)."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        shape = _reduced(aval.shape, call.axes(axis), call.flag(keepdims))
        if call.has("dtype"):
            return Aval(shape, call.dtype("dtype"), False, call.origin())
        result_dtype, weak = dtype([aval])
        return Aval(shape, result_dtype, weak, call.origin())

    return rule(output)


def cumulative(name: str = "a", axis: str = "axis", dtype: Promote = summed) -> OutputRule:
    """``jnp.cumsum(a, axis=None)``: the same shape, or flattened without ``axis``."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        shape: Shape | None = aval.shape
        if call.axes(axis) == "all":  # (an axis given but not known keeps the shape)
            shape = (sh.size(aval.shape),) if aval.shape is not None else None
        result_dtype, weak = dtype([aval])
        if call.has("dtype"):
            result_dtype, weak = call.dtype("dtype"), False
        return Aval(shape, result_dtype, weak, call.origin())

    return rule(output)


# products -------------------------------------------------------------------------------------


def _contracting(
    labels: tuple[str | Spelled, str | Spelled], avals: tuple[Aval, Aval], left: Dim, right: Dim
) -> Mismatch | None:
    if not sh.differ(left, right):
        return None
    return Mismatch(
        "matmul",
        "dot_general requires contracting dimensions to have the same shape, got "
        f"({sh.describe_dim(left)},) and ({sh.describe_dim(right)},)",
        (Operand(labels[0], avals[0]), Operand(labels[1], avals[1])),
    )


def matmul_shapes(call: Call, names: tuple[str, str], a: Aval, b: Aval) -> Shape | Mismatch | None:
    return _matmul_shapes((call.label(names[0]), call.label(names[1])), a, b)


def labelled_matmul_shapes(
    labels: tuple[str | Spelled, str | Spelled], a: Aval, b: Aval
) -> Shape | Mismatch | None:
    """``matmul``'s shapes for operands the call does not spell (a layer's own weight)."""
    return _matmul_shapes(labels, a, b)


def _matmul_shapes(
    labels: tuple[str | Spelled, str | Spelled], a: Aval, b: Aval
) -> Shape | Mismatch | None:
    """NumPy's ``matmul``: 1-D operands are promoted (and the added axis dropped after), the
    last axis of ``a`` meets the second to last of ``b``, the rest broadcast."""
    for index, (label, aval) in enumerate(zip(labels, (a, b), strict=True)):
        if aval.shape == ():
            return Mismatch(
                "matmul-scalar",
                f"matmul input operand {index} must have ndim at least 1, but it has ndim 0",
                (Operand(label, aval),),
            )
    if a.shape is None or b.shape is None:
        return None
    left = a.shape if len(a.shape) > 1 else (1, *a.shape)
    right = b.shape if len(b.shape) > 1 else (*b.shape, 1)
    problem = _contracting(labels, (a, b), left[-1], right[-2])
    if problem is not None:
        return problem
    batch = sh.broadcast([left[:-2], right[:-2]])
    if isinstance(batch, BroadcastFailure):
        # (no rule reports it: the record of this message is not written yet)
        return Mismatch(
            "matmul-batch",
            f"Incompatible types for matmul arguments: {a.describe()} and {b.describe()}",
            (Operand(labels[0], a), Operand(labels[1], b)),
        )
    if batch is None:
        return None
    out: list[Dim] = list(batch)
    if len(a.shape) > 1:
        out.append(left[-2])
    if len(b.shape) > 1:
        out.append(right[-1])
    return tuple(out)


def matmul(a_name: str = "a", b_name: str = "b") -> OutputRule:
    def output(call: Call) -> Output:
        a, b = call.aval(a_name), call.aval(b_name)
        shape = matmul_shapes(call, (a_name, b_name), a, b)
        if isinstance(shape, Mismatch):
            return shape
        dtype, weak = _preferred(call, *promoted([a, b]))
        return Aval(shape, dtype, weak, call.origin())

    return rule(output)


def _preferred(call: Call, dtype: str | None, weak: bool) -> tuple[str | None, bool]:
    """A product's dtype: its ``preferred_element_type`` when one is given (unknown when
    that is), else the operands' promoted one."""
    if call.has("preferred_element_type"):
        return call.dtype("preferred_element_type"), False
    return dtype, weak


def dot(a_name: str = "a", b_name: str = "b") -> OutputRule:
    """NumPy's ``dot``: a scalar multiplies; ``b`` 1-D meets ``a``'s last axis; else ``a``'s
    last axis meets ``b``'s second to last, and the other axes are kept in order."""

    def output(call: Call) -> Output:
        a, b = call.aval(a_name), call.aval(b_name)
        dtype, weak = _preferred(call, *promoted([a, b]))
        if a.shape is None or b.shape is None:
            return Aval(None, dtype, weak, call.origin())
        if not a.shape or not b.shape:
            shape = a.shape or b.shape
            return Aval(shape, dtype, weak, call.origin())
        b_axis = 0 if len(b.shape) == 1 else len(b.shape) - 2
        problem = _contracting(
            (call.label(a_name), call.label(b_name)), (a, b), a.shape[-1], b.shape[b_axis]
        )
        if problem is not None:
            return problem
        rest_b = tuple(d for i, d in enumerate(b.shape) if i != b_axis)
        return Aval((*a.shape[:-1], *rest_b), dtype, weak, call.origin())

    return rule(output)


def vdot() -> OutputRule:
    def output(call: Call) -> Output:
        a, b = call.aval("a"), call.aval("b")
        dtype, weak = promoted([a, b])
        size_a, size_b = sh.size(a.shape), sh.size(b.shape)
        if sh.differ(size_a, size_b):
            return None  # a different error (vdot flattens first)
        return Aval((), dtype, weak, call.origin())

    return rule(output)


def inner() -> OutputRule:
    def output(call: Call) -> Output:
        a, b = call.aval("a"), call.aval("b")
        dtype, weak = promoted([a, b])
        if a.shape is None or b.shape is None:
            return Aval(None, dtype, weak, call.origin())
        if not a.shape or not b.shape:
            return Aval(a.shape or b.shape, dtype, weak, call.origin())
        problem = _contracting((call.label("a"), call.label("b")), (a, b), a.shape[-1], b.shape[-1])
        if problem is not None:
            return problem
        return Aval((*a.shape[:-1], *b.shape[:-1]), dtype, weak, call.origin())

    return rule(output)


def outer() -> OutputRule:
    def output(call: Call) -> Output:
        a, b = call.aval("a"), call.aval("b")
        dtype, weak = promoted([a, b])
        return Aval((sh.size(a.shape), sh.size(b.shape)), dtype, weak, call.origin())

    return rule(output)


def tensordot() -> OutputRule:
    """``jnp.tensordot(a, b, axes=2)``: an int ``n`` meets ``a``'s last ``n`` axes with
    ``b``'s first ``n``; a pair of axis lists meets those."""

    def output(call: Call) -> Output:
        a, b = call.aval("a"), call.aval("b")
        dtype, weak = _preferred(call, *promoted([a, b]))
        if a.shape is None or b.shape is None:
            return Aval(None, dtype, weak, call.origin())
        axes_values = call.values("axes") if call.has("axes") else (Const(2),)
        a_axes: list[int] | None = None
        b_axes: list[int] | None = None
        if len(axes_values) == 1 and isinstance(axes_values[0], Const):
            n = axes_values[0].value
            if isinstance(n, int) and 0 <= n <= min(len(a.shape), len(b.shape)):
                a_axes = list(range(len(a.shape) - n, len(a.shape)))
                b_axes = list(range(n))
        else:
            pair = items_of(axes_values, call.heap)
            if pair is not None and len(pair) == 2:
                first, second = concrete_ints(pair[0], call.heap), concrete_ints(pair[1], call.heap)
                if first is not None and second is not None and len(first) == len(second):
                    a_axes = [axis % len(a.shape) for axis in first]
                    b_axes = [axis % len(b.shape) for axis in second]
        if a_axes is None or b_axes is None:
            return Aval(None, dtype, weak, call.origin())
        for i, j in zip(a_axes, b_axes, strict=True):
            problem = _contracting(
                (call.label("a"), call.label("b")), (a, b), a.shape[i], b.shape[j]
            )
            if problem is not None:
                return problem
        kept_a = [d for i, d in enumerate(a.shape) if i not in a_axes]
        kept_b = [d for i, d in enumerate(b.shape) if i not in b_axes]
        return Aval((*kept_a, *kept_b), dtype, weak, call.origin())

    return rule(output)


def dot_general() -> OutputRule:
    """``lax.dot_general(lhs, rhs, (((lc,), (rc,)), ((lb,), (rb,))))``: batch axes, then the
    free axes of ``lhs``, then those of ``rhs``."""

    def output(call: Call) -> Output:
        lhs, rhs = call.aval("lhs"), call.aval("rhs")
        dtype, weak = promoted([lhs, rhs])
        if call.has("preferred_element_type"):
            dtype, weak = call.dtype("preferred_element_type"), False
        numbers = _dimension_numbers(call)
        if lhs.shape is None or rhs.shape is None or numbers is None:
            return Aval(None, dtype, weak, call.origin())
        (lc, rc), (lb, rb) = numbers
        ranks = (len(lhs.shape), len(rhs.shape))
        if any(not 0 <= a < ranks[0] for a in (*lc, *lb)) or any(
            not 0 <= a < ranks[1] for a in (*rc, *rb)
        ):
            return None
        left = tuple(lhs.shape[a] for a in lc)
        right = tuple(rhs.shape[a] for a in rc)
        if len(left) == len(right) and any(
            sh.differ(x, y) for x, y in zip(left, right, strict=True)
        ):
            return Mismatch(
                "matmul",
                "dot_general requires contracting dimensions to have the same shape, got "
                f"{sh.describe(left)} and {sh.describe(right)}",
                (Operand(call.label("lhs"), lhs), Operand(call.label("rhs"), rhs)),
            )
        batch = tuple(lhs.shape[a] for a in lb)
        free_l = [d for i, d in enumerate(lhs.shape) if i not in (*lc, *lb)]
        free_r = [d for i, d in enumerate(rhs.shape) if i not in (*rc, *rb)]
        return Aval((*batch, *free_l, *free_r), dtype, weak, call.origin())

    return rule(output)


def _dimension_numbers(
    call: Call,
) -> tuple[tuple[list[int], list[int]], tuple[list[int], list[int]]] | None:
    outer = call.items("dimension_numbers")
    if outer is None or len(outer) != 2:
        return None
    found = []
    for part in outer:
        pair = items_of(part, call.heap)
        if pair is None or len(pair) != 2:
            return None
        left, right = concrete_ints(pair[0], call.heap), concrete_ints(pair[1], call.heap)
        if left is None or right is None:
            return None
        found.append((left, right))
    return found[0], found[1]


def einsum() -> OutputRule:
    """``jnp.einsum("ij,jk->ik", a, b)``: each operand has one index per axis (``...`` for
    the rest), a label has one size, and the output lists the labels it keeps."""

    def output(call: Call) -> Output:
        subscripts = call.values("subscripts")
        operands = call.items("operands")
        if (
            operands is None
            or len(subscripts) != 1
            or not isinstance(subscripts[0], Const)
            or not isinstance(subscripts[0].value, str)
        ):
            return None
        return _einsum(call, subscripts[0].value, operands)

    return rule(output)


def _einsum(call: Call, spec: str, operands: list[Values]) -> Output:
    spec = spec.replace(" ", "")
    inputs, arrow, result = spec.partition("->")
    terms = inputs.split(",")
    if len(terms) != len(operands):
        return None
    avals = [aval_of(o, call.heap) for o in operands]
    sizes: dict[str, tuple[Dim, int]] = {}
    dtype, weak = promoted(avals)
    ellipsis_shape: Shape | None = ()
    # labels of an operand of unknown shape: a size 1 seen elsewhere may broadcast to its size
    unsized: set[str] = set()
    for index, (term, aval) in enumerate(zip(terms, avals, strict=True)):
        labels = term.replace("...", ".")
        if any(c not in string.ascii_letters + "." for c in labels) or labels.count(".") > 1:
            return None
        if aval.shape is None:
            ellipsis_shape = None
            unsized.update(labels.replace(".", ""))
            continue
        named = labels.replace(".", "")
        if ("." not in labels and len(labels) != len(aval.shape)) or (
            "." in labels and len(named) > len(aval.shape)
        ):
            return Mismatch(
                "einsum",
                f"Einstein sum subscript '{term}' does not contain the correct number of "
                f"indices for operand {index}.",
                (Operand(call.label("operands", index + 1), aval),),
                call.node("operands", index + 1),
            )
        if "." in labels:
            before, after = labels.split(".")
            middle = aval.shape[len(before) : len(aval.shape) - len(after)]
            dims = [*aval.shape[: len(before)], *aval.shape[len(aval.shape) - len(after) :]]
            if ellipsis_shape is not None:
                joined = sh.broadcast([ellipsis_shape, middle])
                ellipsis_shape = None if isinstance(joined, BroadcastFailure) else joined
        else:
            dims = list(aval.shape)
        for label, dim in zip(named, dims, strict=True):
            seen = sizes.get(label)
            if seen is None or seen[0] == 1:
                sizes[label] = (dim, index)
            elif sh.differ(seen[0], dim) and dim != 1:
                return Mismatch(
                    "einsum",
                    f"Size of label '{label}' for operand {index} "
                    f"({sh.describe_dim(dim)}) does not match previous terms "
                    f"({sh.describe_dim(seen[0])}).",
                    (
                        Operand(call.label("operands", seen[1] + 1), avals[seen[1]]),
                        Operand(call.label("operands", index + 1), aval),
                    ),
                    call.node("operands", index + 1),
                )
    if not arrow:
        counts: dict[str, int] = {}
        for term in terms:
            for c in term.replace(".", ""):
                counts[c] = counts.get(c, 0) + 1
        result = ("..." if "..." in inputs else "") + "".join(
            sorted(c for c, n in counts.items() if n == 1)
        )
    out: list[Dim] = []
    for part in result.replace("...", "."):
        if part == ".":
            if ellipsis_shape is None:
                return Aval(None, dtype, weak, call.origin())
            out.extend(ellipsis_shape)
        elif part in sizes and not (part in unsized and sizes[part][0] == 1):
            out.append(sizes[part][0])
        elif part in sizes:
            # ``"bkgs,bskgd->bkgd"`` with g of size 1 in ``v`` only: JAX broadcasts it to the
            # size the operand of unknown shape has there
            return Aval(None, dtype, weak, call.origin())
        else:
            return None
    return Aval(tuple(out), dtype, weak, call.origin())


# shape changes --------------------------------------------------------------------------------


def reshape_shape(
    call: Call, array_name: str, aval: Aval, dims: list[Dim] | None
) -> Shape | Mismatch | None:
    """``a.reshape(dims)`` (one ``-1`` inferred): the size must stay the same."""
    if dims is None:
        return None
    if sum(1 for d in dims if d == -1) > 1:
        return None
    total = sh.size(aval.shape)
    known = [d for d in dims if d != -1]
    product = sh.size(tuple(known))
    if -1 not in dims:
        if isinstance(total, int) and isinstance(product, int) and total != product:
            return Mismatch(
                "reshape",
                f"cannot reshape array of shape {sh.describe(aval.shape)} (size {total}) "
                f"into shape {sh.describe(tuple(dims))} (size {product})",
                (Operand(call.label(array_name), aval),),
            )
        return tuple(dims)
    if isinstance(total, int) and isinstance(product, int) and product and total % product:
        return Mismatch(
            "reshape",
            f"cannot reshape array of shape {sh.describe(aval.shape)} (size {total}) "
            f"into shape {sh.describe(tuple(dims))} because the product of specified "
            f"axis sizes ({product}) does not evenly divide {total}",
            (Operand(call.label(array_name), aval),),
        )
    inferred = sh.floordiv(total, product) if product not in (0, None) else None
    if inferred is not None and sh.mul(inferred, product) != total:
        inferred = None
    return tuple(inferred if d == -1 else d for d in dims)


def reshape(array_name: str = "a", shape_name: str = "shape") -> OutputRule:
    """``jnp.reshape(a, shape)``; for the method, ``x.reshape(2, 3)`` or ``((2, 3))``."""

    def output(call: Call) -> Output:
        aval = call.aval(array_name)
        if call.context.spec.variadic == shape_name:
            # ``x.reshape(2, 3)``, or one argument that is the whole shape (or an unknown)
            items = call.items(shape_name) or []
            dims = ints_of(items[0], call.heap) if len(items) == 1 else call.ints(shape_name)
        else:
            dims = call.ints(shape_name)
        shape = reshape_shape(call, array_name, aval, dims)
        if isinstance(shape, Mismatch):
            return shape
        return Aval(shape, aval.dtype, aval.weak, call.origin())

    return rule(output)


def ravel(name: str = "a") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        size = sh.size(aval.shape)
        return Aval(
            (size,) if aval.shape is not None else None, aval.dtype, aval.weak, call.origin()
        )

    return rule(output)


def transpose(name: str = "a", axes: str = "axes") -> OutputRule:
    """``jnp.transpose(a, axes=None)``: reversed, or permuted by ``axes`` (for the method,
    ``x.transpose(1, 0)`` or ``x.transpose((1, 0))``)."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        if aval.shape is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        permutation = _permutation(call, axes)
        if permutation is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        if isinstance(permutation, str):
            return Aval(tuple(reversed(aval.shape)), aval.dtype, aval.weak, call.origin())
        rank = len(aval.shape)
        normalised = [sh.normalize_axis(a, rank) for a in permutation]
        if len(normalised) != rank or any(a is None for a in normalised):
            return None
        return Aval(
            tuple(aval.shape[a] for a in normalised if a is not None),
            aval.dtype,
            aval.weak,
            call.origin(),
        )

    return rule(output)


def _permutation(call: Call, name: str) -> list[int] | str | None:
    if not call.has(name):
        return "reverse"
    found = concrete_ints(call.values(name), call.heap)
    if found == []:
        return "reverse"  # ``x.transpose()``
    if found is None:
        items = call.items(name)
        if items is not None and len(items) == 0:
            return "reverse"
        if items is not None and len(items) == 1:
            found = concrete_ints(items[0], call.heap)
    return found


def matrix_transpose(name: str = "x") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        if aval.shape is None or len(aval.shape) < 2:
            return None
        shape = (*aval.shape[:-2], aval.shape[-1], aval.shape[-2])
        return Aval(shape, aval.dtype, aval.weak, call.origin())

    return rule(output)


def swapaxes(name: str = "a", first: str = "axis1", second: str = "axis2") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        a, b = call.integer(first), call.integer(second)
        if aval.shape is None or a is None or b is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rank = len(aval.shape)
        i, j = sh.normalize_axis(a, rank), sh.normalize_axis(b, rank)
        if i is None or j is None:
            return None
        shape = list(aval.shape)
        shape[i], shape[j] = shape[j], shape[i]
        return Aval(tuple(shape), aval.dtype, aval.weak, call.origin())

    return rule(output)


def moveaxis(name: str = "a") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        sources = concrete_ints(call.values("source"), call.heap)
        targets = concrete_ints(call.values("destination"), call.heap)
        if aval.shape is None or sources is None or targets is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rank = len(aval.shape)
        src = [sh.normalize_axis(a, rank) for a in sources]
        dst = [sh.normalize_axis(a, rank) for a in targets]
        if None in src or None in dst or len(src) != len(dst):
            return None
        order = [i for i in range(rank) if i not in src]
        for target, source in sorted(zip(dst, src, strict=True), key=lambda p: p[0] or 0):
            assert target is not None and source is not None
            order.insert(target, source)
        return Aval(tuple(aval.shape[i] for i in order), aval.dtype, aval.weak, call.origin())

    return rule(output)


def expand_dims(name: str = "a", axis: str = "axis") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        axes = concrete_ints(call.values(axis), call.heap)
        if aval.shape is None or axes is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rank = len(aval.shape) + len(axes)
        normalised = sorted(sh.normalize_axis(a, rank) or 0 for a in axes)
        shape = list(aval.shape)
        for a in normalised:
            shape.insert(a, 1)
        return Aval(tuple(shape), aval.dtype, aval.weak, call.origin())

    return rule(output)


def squeeze(name: str = "a", axis: str = "axis") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        if aval.shape is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        axes = call.axes(axis)
        if axes == "all":
            if any(not isinstance(d, int) for d in aval.shape):
                return Aval(None, aval.dtype, aval.weak, call.origin())
            return Aval(
                tuple(d for d in aval.shape if d != 1), aval.dtype, aval.weak, call.origin()
            )
        if axes is None or isinstance(axes, str):
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rank = len(aval.shape)
        normalised = {sh.normalize_axis(a, rank) for a in axes}
        if None in normalised:
            return None
        shape = tuple(d for i, d in enumerate(aval.shape) if i not in normalised)
        return Aval(shape, aval.dtype, aval.weak, call.origin())

    return rule(output)


def diag(name: str = "v", offset: str = "k") -> OutputRule:
    """``jnp.diag(v, k)``: a vector makes a square matrix with it on diagonal ``k``; a
    matrix gives its diagonal ``k``; any other rank raises."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        k = call.integer(offset, 0)
        if aval.shape is not None and aval.rank not in (1, 2):
            return Mismatch(
                "diag-rank",
                f"diag input must be 1d or 2d; {call.label(name)} has {aval.rank} axes",
                (Operand(call.label(name), aval),),
                call.node(name),
            )
        if aval.shape is None or k is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        if len(aval.shape) == 1:
            side = sh.add(aval.shape[0], abs(k))
            return Aval((side, side), aval.dtype, aval.weak, call.origin())
        rows, columns = aval.shape
        if not (isinstance(rows, int) and isinstance(columns, int)):
            return Aval(None, aval.dtype, aval.weak, call.origin())
        return Aval((_diagonal_length(rows, columns, k),), aval.dtype, aval.weak, call.origin())

    return rule(output)


def diagonal(name: str = "a") -> OutputRule:
    """``jnp.diagonal(a, offset, axis1, axis2)``: ``a`` without the two axes, with the
    diagonal's length last; an array of fewer than two axes raises."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        if aval.shape is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        if len(aval.shape) < 2:
            return Mismatch(
                "diagonal-rank",
                "diagonal requires an array of at least two dimensions; "
                f"{call.label(name)} has {len(aval.shape)}",
                (Operand(call.label(name), aval),),
                call.node(name),
            )
        offset = call.integer("offset", 0)
        first = call.integer("axis1", 0)
        second = call.integer("axis2", 1)
        rank = len(aval.shape)
        if offset is None or first is None or second is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        one_axis, other_axis = sh.normalize_axis(first, rank), sh.normalize_axis(second, rank)
        if one_axis is None or other_axis is None or one_axis == other_axis:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rows, columns = aval.shape[one_axis], aval.shape[other_axis]
        rest = tuple(d for i, d in enumerate(aval.shape) if i not in (one_axis, other_axis))
        if not (isinstance(rows, int) and isinstance(columns, int)):
            return Aval(None, aval.dtype, aval.weak, call.origin())
        length = _diagonal_length(rows, columns, offset)
        return Aval((*rest, length), aval.dtype, aval.weak, call.origin())

    return rule(output)


def _diagonal_length(rows: int, columns: int, offset: int) -> int:
    """How many elements diagonal ``offset`` of a ``rows`` by ``columns`` matrix holds (above
    the main one where ``offset`` is positive, below it where negative)."""
    if offset >= 0:
        return max(0, min(rows, columns - offset))
    return max(0, min(rows + offset, columns))


def linalg_solve(a_name: str = "a", b_name: str = "b") -> OutputRule:
    """``jnp.linalg.solve(a, b)``: since JAX 0.5 a ``b`` of two or more axes is a (batch of)
    matrices, so a batch of vectors whose last axis is ``a``'s size (and its next-to-last is
    not) raises; the result has ``b``'s shape (batch axes broadcast: left unknown)."""

    def output(call: Call) -> Output:
        a, b = call.aval(a_name), call.aval(b_name)
        dtype, weak = promoted([a, b])
        if a.shape is None or b.shape is None:
            return Aval(None, dtype, weak, call.origin())
        if (
            len(b.shape) > 1
            and len(a.shape) == len(b.shape) + 1
            and sh.same(a.shape[-1], b.shape[-1])
            and sh.differ(a.shape[-1], b.shape[-2])
        ):
            return Mismatch(
                "linalg-solve",
                f"Invalid shapes for solve: {sh.describe(a.shape)}, {sh.describe(b.shape)}: "
                f"{call.label(b_name)} has one axis fewer than {call.label(a_name)}, so JAX "
                "reads it as a batch of matrices, not of vectors",
                (Operand(call.label(a_name), a), Operand(call.label(b_name), b)),
                call.node(b_name),
            )
        if len(a.shape) == 2 and len(b.shape) in (1, 2):
            return Aval(b.shape, dtype, weak, call.origin())
        return Aval(None, dtype, weak, call.origin())

    return rule(output)


def cross(a_name: str = "a", b_name: str = "b") -> OutputRule:
    """``jnp.cross(a, b)`` over the last axes, which must have 3 entries (JAX refuses 2):
    the leading axes broadcast, then 3."""

    def output(call: Call) -> Output:
        a, b = call.aval(a_name), call.aval(b_name)
        result_dtype, weak = promoted([a, b])
        unknown = Aval(None, result_dtype, weak, call.origin())
        if any(call.has(n) for n in ("axisa", "axisb", "axisc", "axis")):
            return unknown
        for label, aval in ((a_name, a), (b_name, b)):
            last = aval.shape[-1] if aval.shape else None
            if isinstance(last, int) and last != 3:
                return Mismatch(
                    "cross-dimension",
                    f"Dimension must be 3 for cross product; {call.label(label)} is "
                    f"{aval.describe()}",
                    (Operand(call.label(label), aval),),
                    call.node(label),
                )
        if not a.shape or not b.shape or a.shape[-1] != 3 or b.shape[-1] != 3:
            return unknown
        leading = sh.broadcast([a.shape[:-1], b.shape[:-1]])
        if leading is None or isinstance(leading, BroadcastFailure):
            return unknown
        return Aval((*leading, 3), result_dtype, weak, call.origin())

    return rule(output)


def broadcast_to(name: str = "array", shape_name: str = "shape") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        return Aval(call.shape(shape_name), aval.dtype, aval.weak, call.origin())

    return rule(output)


def _concatenated(
    call: Call, items_name: str, avals: list[Aval], axis: int
) -> Shape | Mismatch | None:
    """The shape of ``avals`` joined along ``axis``: the same rank, the same other sizes."""
    ranks = [a.rank for a in avals]
    known = [(i, r) for i, r in enumerate(ranks) if r is not None]
    for (i, r), (j, q) in itertools.pairwise(known):
        if r != q:
            return Mismatch(
                "concatenate",
                "Cannot concatenate arrays with different numbers of dimensions: got "
                f"{sh.describe(avals[i].shape)}, {sh.describe(avals[j].shape)}.",
                (
                    Operand(call.label(items_name, i), avals[i]),
                    Operand(call.label(items_name, j), avals[j]),
                ),
                call.node(items_name, j),
            )
    if not known or len(known) != len(avals):
        return None
    rank = known[0][1]
    position = sh.normalize_axis(axis, rank)
    if position is None:
        return None
    for i in range(len(avals)):
        for j in range(i + 1, len(avals)):
            a, b = avals[i].shape, avals[j].shape
            assert a is not None and b is not None
            if any(
                sh.differ(x, y) for k, (x, y) in enumerate(zip(a, b, strict=True)) if k != position
            ):
                return Mismatch(
                    "concatenate",
                    "Cannot concatenate arrays with shapes that differ in dimensions other "
                    f"than the one being concatenated: concatenating along dimension "
                    f"{position} for shapes {sh.describe(a)}, {sh.describe(b)}.",
                    (
                        Operand(call.label(items_name, i), avals[i]),
                        Operand(call.label(items_name, j), avals[j]),
                    ),
                    call.node(items_name, j),
                )
    first = avals[0].shape
    assert first is not None
    total: Dim = 0
    for aval in avals:
        assert aval.shape is not None
        total = sh.add(total, aval.shape[position])
    others = [
        first[k] if all(sh.same(first[k], a.shape[k]) for a in avals if a.shape) else None
        for k in range(rank)
    ]
    others[position] = total
    return tuple(others)


def concatenate(items_name: str = "arrays", axis_name: str = "axis") -> OutputRule:
    """``jnp.concatenate([a, b], axis=0)``; ``axis=None`` flattens them first."""

    def output(call: Call) -> Output:
        items = call.items(items_name)
        if items is None or not items:
            return None
        avals = [aval_of(item, call.heap) for item in items]
        dtype, weak = promoted(avals)
        # (``call.has`` counts an explicit None as absent: here None is an option of its own)
        given = call.context.arguments.get(axis_name)
        axis_values = given if given is not None else (Const(0),)
        if axis_values == (Const(None),):
            return None
        if avals[0].shape == ():
            # JAX reads the rank (and the axis) of the first array alone
            return Mismatch(
                "concatenate-zero-dim",
                "Zero-dimensional arrays cannot be concatenated: the first of "
                f"{call.label(items_name)} is a 0-d array",
                (Operand("the first array", avals[0]),),
                call.node(items_name),
            )
        axis = dim_of(axis_values)
        if not isinstance(axis, int):
            return Aval(None, dtype, weak, call.origin())
        shape = _concatenated(call, items_name, avals, axis)
        if isinstance(shape, Mismatch):
            return shape
        return Aval(shape, dtype, weak, call.origin())

    return rule(output)


def stacked(kind: str) -> OutputRule:
    """``hstack``, ``vstack``, ``dstack``, ``column_stack``: NumPy's rules, as concatenation
    of the operands made at least 1-D, 2-D or 3-D."""

    def output(call: Call) -> Output:
        items = call.items("tup")
        if items is None or not items:
            return None
        avals = [aval_of(item, call.heap) for item in items]
        dtype, weak = promoted(avals)
        lifted: list[Aval] = []
        for aval in avals:
            shape = aval.shape
            if shape is not None:
                if kind == "vstack" and len(shape) < 2:
                    shape = (1, *shape) if shape else (1, 1)
                elif kind == "hstack" and not shape:
                    shape = (1,)
                elif kind == "dstack" and len(shape) < 3:
                    shape = {0: (1, 1, 1), 1: (1, *shape, 1), 2: (*shape, 1)}[len(shape)]
                elif kind == "column_stack" and len(shape) < 2:
                    shape = (*shape, 1) if shape else (1, 1)
            lifted.append(Aval(shape, aval.dtype, aval.weak, aval.origin))
        axis = {"vstack": 0, "dstack": 2, "column_stack": 1}.get(kind, 1)
        if kind == "hstack" and lifted[0].rank == 1:
            axis = 0
        joined = _concatenated(call, "tup", lifted, axis)
        if isinstance(joined, Mismatch):
            return joined
        return Aval(joined, dtype, weak, call.origin())

    return rule(output)


def stack(items_name: str = "arrays", axis_name: str = "axis") -> OutputRule:
    """``jnp.stack([a, b], axis=0)``: every array has one shape; a new axis of their count."""

    def output(call: Call) -> Output:
        items = call.items(items_name)
        if items is None or not items:
            return None
        avals = [aval_of(item, call.heap) for item in items]
        dtype, weak = promoted(avals)
        for i in range(len(avals)):
            for j in range(i + 1, len(avals)):
                a, b = avals[i].shape, avals[j].shape
                if a is None or b is None:
                    continue
                if len(a) != len(b) or any(sh.differ(x, y) for x, y in zip(a, b, strict=True)):
                    if len(a) != len(b) and not (
                        all(isinstance(d, int) for d in a) and all(isinstance(d, int) for d in b)
                    ):
                        continue
                    return Mismatch(
                        "stack",
                        "All input arrays must have the same shape. Got "
                        f"{sh.describe(a)}, {sh.describe(b)}.",
                        (
                            Operand(call.label(items_name, i), avals[i]),
                            Operand(call.label(items_name, j), avals[j]),
                        ),
                        call.node(items_name, j),
                    )
        shapes = [a.shape for a in avals]
        first = shapes[0]
        if first is None or any(s is None or len(s) != len(first) for s in shapes):
            return Aval(None, dtype, weak, call.origin())
        common: list[Dim] = [
            first[k] if all(s is not None and sh.same(first[k], s[k]) for s in shapes) else None
            for k in range(len(first))
        ]
        axis = call.integer(axis_name, 0)
        position = sh.normalize_axis(axis, len(first) + 1) if axis is not None else None
        if position is None:
            return Aval(None, dtype, weak, call.origin())
        common.insert(position, len(avals))
        return Aval(tuple(common), dtype, weak, call.origin())

    return rule(output)


def tile() -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval("A")
        reps = call.ints("reps")
        if aval.shape is None or reps is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rank = max(len(aval.shape), len(reps))
        shape = (1,) * (rank - len(aval.shape)) + aval.shape
        padded: list[Dim] = [1] * (rank - len(reps))
        padded.extend(reps)
        return Aval(
            tuple(sh.mul(d, r) for d, r in zip(shape, padded, strict=True)),
            aval.dtype,
            aval.weak,
            call.origin(),
        )

    return rule(output)


def repeat(name: str = "a") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        repeats = call.ints("repeats")
        if aval.shape is None or repeats is None or len(repeats) != 1:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        axes = call.axes("axis")
        if axes == "all" or (not aval.shape and isinstance(axes, list) and len(axes) == 1):
            # no axis, or a 0-d array (JAX reads no axis of it): a vector of the repeats
            return Aval(
                (sh.mul(sh.size(aval.shape), repeats[0]),), aval.dtype, aval.weak, call.origin()
            )
        if not isinstance(axes, list) or len(axes) != 1:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        position = sh.normalize_axis(axes[0], len(aval.shape))
        if position is None:
            return None
        shape = list(aval.shape)
        shape[position] = sh.mul(shape[position], repeats[0])
        return Aval(tuple(shape), aval.dtype, aval.weak, call.origin())

    return rule(output)


def pad() -> OutputRule:
    """``jnp.pad(array, pad_width)``: an int, a pair, or a pair per axis."""

    def output(call: Call) -> Output:
        aval = call.aval("array")
        if aval.shape is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        rank = len(aval.shape)
        widths = _pad_widths(call, rank)
        if widths is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        empty = _padded_empty_axis(call, aval, widths)
        if empty is not None:
            return empty
        shape = tuple(
            sh.add(d, before + after) for d, (before, after) in zip(aval.shape, widths, strict=True)
        )
        return Aval(shape, aval.dtype, aval.weak, call.origin())

    return rule(output)


#: The modes of ``jnp.pad`` that copy the array's own values outward: an empty axis has none
#: to copy, and padding it raises ValueError (measured on jax 0.12.0.1; "maximum",
#: "minimum", "median" and "linear_ramp" raise other errors, "constant", "mean" and "empty"
#: run).
_COPYING_PAD_MODES = frozenset({"edge", "wrap", "reflect", "symmetric"})


def _padded_empty_axis(call: Call, aval: Aval, widths: list[tuple[int, int]]) -> Mismatch | None:
    """A ``jnp.pad`` of an axis of size 0 by a positive width in a mode that copies the
    array's values (``mode="edge"``): "Cannot apply 'edge' padding to empty axis"."""
    mode = call.values("mode")
    if len(mode) != 1 or not isinstance(mode[0], Const) or aval.shape is None:
        return None
    name = mode[0].value
    if name not in _COPYING_PAD_MODES or any(w < 0 for pair in widths for w in pair):
        return None  # (a negative width raises another error first)
    for axis, (dim, (before, after)) in enumerate(zip(aval.shape, widths, strict=True)):
        if dim == 0 and (before > 0 or after > 0):
            return Mismatch(
                "pad-empty-axis",
                f"Cannot apply '{name}' padding to empty axis: axis {axis} of "
                f"{call.label('array')} has size 0 and is padded by ({before}, {after})",
                node=call.node("mode"),
            )
    return None


def _pad_widths(call: Call, rank: int) -> list[tuple[int, int]] | None:
    values = call.values("pad_width")
    flat = concrete_ints(values, call.heap)
    if flat is not None:
        if len(flat) == 1:
            return [(flat[0], flat[0])] * rank
        if len(flat) == 2:
            return [(flat[0], flat[1])] * rank
        return None
    items = items_of(values, call.heap)
    if items is None:
        return None
    pairs = [concrete_ints(item, call.heap) for item in items]
    if any(p is None for p in pairs):
        return None
    found = [(p[0], p[-1]) for p in pairs if p is not None and len(p) in (1, 2)]
    if len(found) == 1:
        return found * rank
    return found if len(found) == rank else None


def one_hot() -> OutputRule:
    """``jax.nn.one_hot(x, num_classes, dtype=float32, axis=-1)``."""

    def output(call: Call) -> Output:
        aval = call.aval("x")
        classes = (call.ints("num_classes") or [None])[0]
        dtype = call.dtype("dtype") if call.has("dtype") else "float32"
        if aval.shape is None:
            return Aval(None, dtype, False, call.origin())
        axis = call.integer("axis", -1)
        if axis is None:
            return Aval(None, dtype, False, call.origin())
        shape = list(aval.shape)
        position = sh.normalize_axis(axis, len(shape) + 1)
        if position is None:
            return None
        shape.insert(position, classes)
        return Aval(tuple(shape), dtype, False, call.origin())

    return rule(output)


def categorical() -> OutputRule:
    def output(call: Call) -> Output:
        logits = call.aval("logits")
        if call.has("shape"):
            return Aval(call.shape("shape"), "int32", False, call.origin())
        axis = call.integer("axis", -1)
        shape = _reduced(logits.shape, [axis] if axis is not None else None, False)
        return Aval(shape, "int32", False, call.origin())

    return rule(output)


def split_shapes(call: Call, name: str, axis_name: str = "axis") -> tuple[Aval, int] | None:
    """``jnp.split(a, n, axis)`` into equal parts: one part's aval, and how many."""
    aval = call.aval(name)
    sections = call.integer("indices_or_sections")
    axis = call.integer(axis_name, 0)
    if aval.shape is None or sections is None or sections <= 0 or axis is None:
        return None
    position = sh.normalize_axis(axis, len(aval.shape))
    if position is None:
        return None
    dim = aval.shape[position]
    if isinstance(dim, int) and dim % sections:
        return None
    part = list(aval.shape)
    part[position] = sh.floordiv(dim, sections)
    return Aval(tuple(part), aval.dtype, aval.weak, call.origin()), sections


# lax ------------------------------------------------------------------------------------------


def lax_reshape() -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval("operand")
        shape = reshape_shape(call, "operand", aval, call.ints("new_sizes"))
        if isinstance(shape, Mismatch):
            return shape
        return Aval(shape, aval.dtype, aval.weak, call.origin())

    return rule(output)


def lax_broadcast() -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval("operand")
        sizes = call.ints("sizes")
        if aval.shape is None or sizes is None:
            return Aval(None, aval.dtype, aval.weak, call.origin())
        return Aval((*sizes, *aval.shape), aval.dtype, aval.weak, call.origin())

    return rule(output)


def lax_concatenate() -> OutputRule:
    def output(call: Call) -> Output:
        items = call.items("operands")
        axis = call.integer("dimension")
        if items is None or not items or axis is None:
            return None
        avals = [aval_of(item, call.heap) for item in items]
        shape = _concatenated(call, "operands", avals, axis)
        if isinstance(shape, Mismatch):
            return shape
        return Aval(shape, avals[0].dtype, avals[0].weak, call.origin())

    return rule(output)


def lax_reduce(name: str = "operand", axes: str = "axes") -> OutputRule:
    def output(call: Call) -> Output:
        aval = call.aval(name)
        found = concrete_ints(call.values(axes), call.heap)
        return Aval(_reduced(aval.shape, found, False), aval.dtype, aval.weak, call.origin())

    return rule(output)


def lax_iota() -> OutputRule:
    def output(call: Call) -> Output:
        size = (call.ints("size") or [None])[0]
        return Aval((size,), call.dtype("dtype"), False, call.origin())

    return rule(output)


def sized(name: str, sizes: str) -> OutputRule:
    """``lax.dynamic_slice(operand, starts, slice_sizes)``: ``sizes`` is the result's shape."""

    def output(call: Call) -> Output:
        aval = call.aval(name)
        return Aval(call.shape(sizes), aval.dtype, aval.weak, call.origin())

    return rule(output)


# operators ------------------------------------------------------------------------------------

OPERATOR_SYMBOLS: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.MatMult: "@",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.LShift: "<<",
    ast.RShift: ">>",
}


def operator_output(
    op: ast.operator,
    left: Values,
    right: Values,
    heap: Heap,
    node: ast.BinOp | ast.AugAssign | None,
    site: Site | None,
) -> Aval | Mismatch | None:
    """``left <op> right`` on arrays: ``@`` is ``matmul``, ``/`` is inexact, the others
    broadcast and promote."""
    overflow = _int_overflow(op, left, right, node)
    if overflow is not None:
        return overflow
    a, b = aval_of(left, heap), aval_of(right, heap)
    if isinstance(op, ast.MatMult):
        shape = _matmul_shapes(_operand_labels(node), a, b)
        if isinstance(shape, Mismatch):
            return shape
        dtype, weak = promoted([a, b])
        return Aval(shape, dtype, weak, site)
    result = sh.broadcast([a.shape, b.shape])
    if isinstance(result, BroadcastFailure):
        left_label, right_label = _operand_labels(node)
        operands = (Operand(left_label, a), Operand(right_label, b))
        if a.shape is not None and b.shape is not None and len(a.shape) == len(b.shape):
            return _same_rank_mismatch(op, a, b, operands)
        return Mismatch(
            "broadcast",
            "Incompatible shapes for broadcasting: shapes="
            f"[{sh.describe(a.shape)}, {sh.describe(b.shape)}]",
            operands,
        )
    dtype, weak = inexact([a, b]) if isinstance(op, ast.Div) else promoted([a, b])
    return Aval(result, dtype, weak, site)


#: The primitive an operator's TypeError names, where it is the same for every dtype but
#: ``bool`` (measured on jax 0.12.0.1: ``+`` of booleans is ``or``, ``//`` of floats ``rem``).
_OPERATOR_PRIMITIVES: dict[type[ast.operator], str] = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "div",
    ast.Mod: "rem",
    ast.BitAnd: "and",
    ast.BitOr: "or",
    ast.BitXor: "xor",
    ast.LShift: "shift_left",
    ast.RShift: "shift_right_arithmetic",
}


def _same_rank_mismatch(
    op: ast.operator, a: Aval, b: Aval, operands: tuple[Operand, ...]
) -> Mismatch:
    """Operands of one rank that do not broadcast: jax.numpy hands them to the primitive
    unbroadcast, which raises TypeError (``sub got incompatible shapes for broadcasting``),
    not the ValueError operands of different ranks get; so ``except TypeError`` (a test's
    ``assertRaises(TypeError)``) handles it and ``except ValueError`` does not."""
    primitive = _OPERATOR_PRIMITIVES.get(type(op))
    if primitive is not None and "bool" in (a.dtype, b.dtype) and primitive != "sub":
        primitive = None
    shapes = f"{sh.describe(a.shape)}, {sh.describe(b.shape)}"
    summary = (
        f"{primitive} got incompatible shapes for broadcasting: {shapes} (TypeError)"
        if primitive is not None
        else f"TypeError: the operation got incompatible shapes for broadcasting: {shapes}"
    )
    return Mismatch("broadcast", summary, operands, error_class="TypeError")


def _int_overflow(
    op: ast.operator, left: Values, right: Values, node: ast.BinOp | ast.AugAssign | None
) -> Mismatch | None:
    """A JAX array and a Python int that int64 cannot hold: JAX converts the int to an array
    of the default integer type, which overflows in either x64 mode (``**`` keeps an integer
    exponent as it is; ``jaxlsp.apis.int_range``)."""
    if isinstance(op, ast.Pow | ast.MatMult):
        return None
    spelled: tuple[ast.expr | None, ast.expr | None] = (None, None)
    if isinstance(node, ast.BinOp):
        spelled = (node.left, node.right)
    elif isinstance(node, ast.AugAssign):
        spelled = (node.target, node.value)
    for array, number, at in ((left, right, spelled[1]), (right, left, spelled[0])):
        # (the first value settles most: no generator is made and left unfinished)
        if not array or not isinstance(array[0], Array):
            continue
        if not all(isinstance(v, Array) for v in array):
            continue
        big = past_int64(number)
        if big is not None:
            return Mismatch(
                INT_OVERFLOW,
                f"Python int {big} too large to convert to int32 (or int64, with x64 on)",
                node=at,
            )
    return None


def _operand_labels(node: ast.BinOp | ast.AugAssign | None) -> tuple[Spelled, Spelled]:
    if isinstance(node, ast.BinOp):
        return Spelled(node.left, "the left operand"), Spelled(node.right, "the right operand")
    if isinstance(node, ast.AugAssign):
        return Spelled(node.target, "the left operand"), Spelled(node.value, "the right operand")
    return Spelled(None, "the left operand"), Spelled(None, "the right operand")


def compared(left: Values, right: Values, heap: Heap) -> Aval:
    """A comparison of two operands: their broadcast shape (None when not known), bool."""
    avals = [aval_of(left, heap), aval_of(right, heap)]
    result = sh.broadcast([a.shape for a in avals])
    dtype, weak = boolean(avals)
    return Aval(None if isinstance(result, BroadcastFailure) else result, dtype, weak)


# indexing -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Index:
    """One part of a static index."""

    kind: str  # "int", "slice", "newaxis", "ellipsis", "array"
    #: For a slice: its bounds (None where left out).
    bounds: tuple[int | None, int | None, int | None] = (None, None, None)
    #: For an integer array: its shape.
    shape: Shape = ()
    #: For a slice: False when past the end is an error (a ``pl.ds`` window).
    clamps: bool = True
    #: For a slice: False for a ``pl.ds`` window of known length whose start is traced (its
    #: bounds are its length's, at an unknown place).
    placed: bool = True


def indexed(array: Array, index: Values, heap: Heap) -> Shape | None:
    """The shape of ``array[index]`` for a static index: integers, slices with constant
    bounds, ``None``, ``...``, and integer arrays (advanced indexing, their broadcast shape
    in place of the first, or in front when they are not side by side)."""
    if array.shape is None or len(index) != 1:
        return None
    parts = _index_parts(index[0], heap)
    if parts is None:
        return None
    shape = array.shape
    consuming = sum(1 for p in parts if p.kind in ("int", "slice", "array"))
    if consuming > len(shape) or sum(1 for p in parts if p.kind == "ellipsis") > 1:
        return None
    rest = [_Index("slice")] * (len(shape) - consuming)
    if any(p.kind == "ellipsis" for p in parts):
        at = next(i for i, p in enumerate(parts) if p.kind == "ellipsis")
        parts = [*parts[:at], *rest, *parts[at + 1 :]]
    else:
        parts = [*parts, *rest]
    arrays = [i for i, p in enumerate(parts) if p.kind == "array"]
    advanced: Shape = ()
    if arrays:
        joined = sh.broadcast([parts[i].shape for i in arrays])
        if joined is None or isinstance(joined, BroadcastFailure):
            return None
        advanced = joined
    together = arrays == list(range(arrays[0], arrays[-1] + 1)) if arrays else True
    out: list[Dim] = []
    axis = 0
    for position, part in enumerate(parts):
        if part.kind == "newaxis":
            out.append(1)
            continue
        dim = shape[axis]
        axis += 1
        if part.kind == "int":
            continue
        if part.kind == "array":
            if together and position == arrays[0]:
                out.extend(advanced)
            continue
        if not part.clamps and not _window_fits(part.bounds, dim):
            return None  # a window past the end raises (another error), it has no shape
        out.append(_slice_length(part.bounds, dim))
    if arrays and not together:
        out = [*advanced, *out]
    return tuple(out)


@dataclass(frozen=True)
class OutOfBoundWindow:
    """A window of a kernel Ref's index that starts or ends past its dimension."""

    axis: int
    start: int
    #: The window's size (None: a Python slice, whose start alone is past the end).
    size: int | None
    dim: int


def out_of_bound_window(shape: Shape, index: Values, heap: Heap) -> OutOfBoundWindow | None:
    """The first window of a Ref's static index that JAX's Ref indexing refuses for a Ref of
    ``shape``: a ``pl.ds(start, size)`` with a constant start and size whose last element lies
    at or past its dimension, or a slice whose constant start does (a Python slice's end is
    cut short, its start is not: ``x_ref[8:]`` of 8 rows raises).  None when every part of the
    index is known to fit, or one is not known."""
    if len(index) != 1:
        return None
    parts = _index_parts(index[0], heap)
    if parts is None or sum(1 for p in parts if p.kind == "ellipsis") > 1:
        return None
    consuming = sum(1 for p in parts if p.kind in ("int", "slice", "array"))
    if consuming > len(shape):
        return None
    rest = [_Index("slice")] * (len(shape) - consuming)
    if any(p.kind == "ellipsis" for p in parts):
        at = next(i for i, p in enumerate(parts) if p.kind == "ellipsis")
        parts = [*parts[:at], *rest, *parts[at + 1 :]]
    axis = 0
    for part in parts:
        if part.kind == "newaxis":
            continue
        dim = shape[axis] if axis < len(shape) else None
        axis += 1
        if part.kind != "slice" or not part.placed or not isinstance(dim, int):
            continue
        lower, upper, step = part.bounds
        if lower is None or lower < 0 or (step is not None and step < 1):
            continue
        if lower >= dim:
            size = upper - lower if not part.clamps and upper is not None else None
            return OutOfBoundWindow(axis - 1, lower, size, dim)
        if part.clamps or upper is None or upper <= lower:
            continue
        if lower + (upper - lower - 1) * (step or 1) >= dim:
            return OutOfBoundWindow(axis - 1, lower, upper - lower, dim)
    return None


def too_many_indices(
    array: Array, index: Values, heap: Heap, node: ast.AST | None = None
) -> Mismatch | None:
    """``array[index]`` with more entries that use up an axis (integers, slices, integer
    arrays) than ``array`` has axes, when its rank and every entry are known."""
    if array.shape is None or len(index) != 1:
        return None
    parts = _index_parts(index[0], heap)
    if parts is None:
        return None
    consuming = sum(1 for part in parts if part.kind in ("int", "slice", "array"))
    if consuming <= len(array.shape):
        return None
    aval = Aval(array.shape, array.dtype, array.weak, array.origin)
    return Mismatch(
        "index-rank",
        f"Too many indices: array is {len(array.shape)}-dimensional, but {consuming} were indexed",
        (Operand(Spelled(node, "the array"), aval),),
    )


def float_index(array: Array, index: Values, node: ast.AST | None = None) -> Mismatch | None:
    """``array[index]`` of a JAX array with an entry of the index that is surely a float (a
    Python float, or an array of a float or complex dtype: ``x[n / 2]``, ``x[jnp.floor(t)]``):
    JAX indexes with integers and booleans only, and raises TypeError where NumPy would too."""
    if array.tree or len(index) != 1:
        return None
    entries = index[0].items if isinstance(index[0], Tuple) else (index,)
    for entry in entries:
        if len(entry) != 1:
            continue
        value = entry[0]
        if isinstance(value, Const) and type(value.value) in (float, complex):
            dtype = "float64" if type(value.value) is float else "complex128"
        elif isinstance(value, Array) and not value.tree and dtypes.is_inexact(value.dtype):
            dtype = str(value.dtype)
        else:
            continue
        aval = aval_of(entry)
        return Mismatch(
            "index-dtype",
            f"Indexer must have integer or boolean type, got indexer with type {dtype}",
            (Operand(Spelled(node, "the index"), aval),),
        )
    return None


def consumed_axes(index: Values, heap: Heap) -> int | None:
    """How many axes a static index consumes (ints, slices, integer arrays), when every part
    of it is known and it adds none (``None``); ``...`` consumes none itself."""
    if len(index) != 1:
        return None
    parts = _index_parts(index[0], heap)
    if parts is None or any(p.kind == "newaxis" for p in parts):
        return None
    return sum(1 for p in parts if p.kind in ("int", "slice", "array"))


def _index_parts(value: Value, heap: Heap) -> list[_Index] | None:
    items = [one_item for one_item in value.items] if isinstance(value, Tuple) else [(value,)]
    parts: list[_Index] = []
    for item in items:
        part = _index_part(item, heap)
        if part is None:
            return None
        parts.append(part)
    return parts


def _index_part(item: Values, heap: Heap) -> _Index | None:
    if len(item) != 1:
        return None
    value = item[0]
    if isinstance(value, Const):
        if value.value is None:
            return _Index("newaxis")
        if value.value is Ellipsis:
            return _Index("ellipsis")
        if type(value.value) is int:
            return _Index("int")
        return None
    if isinstance(value, Static) and value.type_name == "int":
        return _Index("int")
    if isinstance(value, Slice) and value.length is not None:
        # a window of known length at an unknown start (its start is checked when it runs)
        return _Index("slice", (0, value.length, None), clamps=False, placed=False)
    if isinstance(value, Slice):
        bounds: list[int | None] = []
        for part in (value.lower, value.upper, value.step):
            if part == (Const(None),):
                bounds.append(None)
                continue
            dim = dim_of(part)
            if not isinstance(dim, int):
                return None
            bounds.append(dim)
        return _Index("slice", (bounds[0], bounds[1], bounds[2]), clamps=value.clamps)
    if isinstance(value, Array):
        if value.shape is None or not dtypes.is_integer(value.dtype):
            return None
        return _Index("array", shape=value.shape)
    if isinstance(value, ListValue | Tuple):
        aval = aval_of(item, heap)
        if aval.shape is None or not dtypes.is_integer(aval.dtype):
            return None
        return _Index("array", shape=aval.shape)
    return None


def _window_fits(bounds: tuple[int | None, int | None, int | None], dim: Dim) -> bool:
    """Whether a window that does not clamp surely lies within a dimension of ``dim``."""
    lower, upper, _ = bounds
    if not isinstance(dim, int):
        return False
    return (lower or 0) >= 0 and (upper is None or 0 <= upper <= dim)


def _slice_length(bounds: tuple[int | None, int | None, int | None], dim: Dim) -> Dim:
    lower, upper, step = bounds
    if step == 0:
        return None
    if isinstance(dim, int):
        return len(range(dim)[slice(lower, upper, step)])
    if step not in (None, 1) or dim is None:
        return None
    if upper is None and (lower is None or lower >= 0):
        return sh.sub(dim, lower or 0)
    if lower in (None, 0) and upper is not None and upper < 0:
        return sh.add(dim, upper)
    return None
