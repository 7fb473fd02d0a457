"""Shapes through the transforms: what ``jax.vmap`` maps away and adds back, what ``lax.scan``
slices and stacks, and the checks JAX makes on them (a vmap's mapped sizes agree and its axes
exist; a loop body keeps its carry's type; the branches of a ``cond`` agree; ``jax.grad``
differentiates a scalar of float inputs).  The transforms' models (``jax_api``, ``lax``) call
these; a check that surely fails returns a ``Mismatch`` for the interpreter to record.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from jaxlsp.apis import shaping
from jaxlsp.apis.shaping import Aval, Call, Mismatch, Operand, Output, Spelled, aval_of
from jaxlsp.apis.tracing import Leaf
from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.pytrees import is_named_tuple, subtrees
from jaxlsp.infer.shapes import Dim
from jaxlsp.infer.values import (
    Array,
    Const,
    DictValue,
    Instance,
    KeyArray,
    ListValue,
    Mesh,
    NamedSharding,
    NumpyArray,
    PartitionSpec,
    Tuple,
    Value,
    Values,
    describe_values,
)

# vmap -------------------------------------------------------------------------------------------


def unbatched(axis: int) -> Leaf:
    """An argument's array as the vmapped function sees it: without its mapped ``axis``."""

    def leaf(array: Array) -> Array:
        shape = array.shape
        if shape is not None:
            position = sh.normalize_axis(axis, len(shape))
            shape = None if position is None else shape[:position] + shape[position + 1 :]
        return array.with_aval(shape, array.dtype, array.weak, array.origin)

    return leaf


def batched(size: Dim, axis: int | None) -> Leaf:
    """A result's array as the vmapped call returns it: with the mapped axis at ``axis``
    (``out_axes``), of ``size``; an unknown ``out_axes`` leaves the shape unknown."""

    def leaf(array: Array) -> Array:
        shape = array.shape
        if shape is not None and axis is not None:
            position = sh.normalize_axis(axis, len(shape) + 1)
            shape = None if position is None else (*shape[:position], size, *shape[position:])
        else:
            shape = None
        return array.with_aval(shape, array.dtype, array.weak, array.origin)

    return leaf


@dataclass(frozen=True)
class Mapped:
    """One array a vmap maps: how the call spells its argument, its aval, the axis."""

    label: str | Spelled
    aval: Aval
    axis: int


def mapped_leaves(
    values: Values, label: str | Spelled, axis: int, heap: Heap | None = None
) -> list[Mapped]:
    """The arrays of one vmapped argument: the argument itself, or the leaves of a container
    whose contents are known (a tuple's items; with the ``heap``, a list's, a dict's, a
    NamedTuple's too)."""
    if len(values) != 1:
        return []
    value = values[0]
    children = (
        subtrees(value, heap)
        if heap is not None
        else [(f"[{i}]", item) for i, item in enumerate(value.items)]
        if isinstance(value, Tuple)
        else None
    )
    if children is not None:
        found: list[Mapped] = []
        for step, item in children:
            found.extend(mapped_leaves(item, f"{label}{step}", axis, heap))
        return found
    if (isinstance(value, Array) and not value.tree) or isinstance(value, NumpyArray | KeyArray):
        return [Mapped(label, aval_of(values), axis)]
    if isinstance(value, Const) and isinstance(value.value, int | float | complex):
        return [Mapped(label, aval_of(values), axis)]
    return []


def vmap_size(leaves: Sequence[Mapped]) -> Dim | Mismatch:
    """The size every mapped axis has, or why vmap refuses: an axis past an argument's rank
    (checked first, as vmap does), or two different sizes."""
    sizes: list[tuple[Dim, Mapped]] = []
    for leaf in leaves:
        shape = leaf.aval.shape
        if shape is None:
            continue
        position = sh.normalize_axis(leaf.axis, len(shape))
        if position is None:
            least = leaf.axis + 1 if leaf.axis >= 0 else -leaf.axis
            return Mismatch(
                "vmap-axis",
                f"vmap was requested to map its argument along axis {leaf.axis}, which "
                f"implies that its rank should be at least {least}, "
                f"but is only {len(shape)} (its shape is {sh.describe(shape)})",
                (Operand(leaf.label, leaf.aval),),
            )
        sizes.append((shape[position], leaf))
    for index, (other_size, other) in enumerate(sizes):
        for size, leaf in sizes[index + 1 :]:
            if sh.differ(size, other_size):
                return Mismatch(
                    "vmap-sizes",
                    "vmap got inconsistent sizes for array axes to be mapped: "
                    f"axis {other.axis} of {other.label} has size {sh.describe_dim(other_size)} "
                    f"({other.aval.describe()}), axis {leaf.axis} of {leaf.label} has size "
                    f"{sh.describe_dim(size)} ({leaf.aval.describe()})",
                    (Operand(other.label, other.aval), Operand(leaf.label, leaf.aval)),
                )
    known = [s for s, _ in sizes if isinstance(s, int)]
    if known:
        return known[0]
    return sizes[0][0] if sizes and all(s == sizes[0][0] for s, _ in sizes) else None


# loops and branches ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TypeDifference:
    """Where two values' types first differ: the path to the component (``[1]``, or ``""``
    for the whole value), the two avals, and whether "shapes" or "dtypes" differ."""

    path: str
    expected: Aval
    got: Aval
    what: str


def type_difference(
    expected: Values, got: Values, heap: Heap, path: str = ""
) -> TypeDifference | None:
    """The first component where ``got`` surely has another shape or dtype than ``expected``
    (the same structure walked: tuples and lists of known length).  A weakly typed
    ``expected`` takes ``got``'s dtype (a loop promotes a Python number it starts from to the
    type its body returns), so only its shape counts; a weakly typed ``got`` does not: its
    dtype is the one JAX compares (``carry + 1.5`` of an int32 carry is a float32)."""
    if len(expected) != 1 or len(got) != 1:
        return None
    want, have = expected[0], got[0]
    if isinstance(want, Tuple | ListValue) and isinstance(have, Tuple | ListValue):
        wanted, had = _items(want, heap), _items(have, heap)
        if wanted is None or had is None or len(wanted) != len(had):
            return None
        for index, (w, h) in enumerate(zip(wanted, had, strict=True)):
            found = type_difference(w, h, heap, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if isinstance(want, DictValue) and isinstance(have, DictValue):
        wanted_items, had_items = dict(heap.dict_items(want.ref)), dict(heap.dict_items(have.ref))
        if set(wanted_items) != set(had_items):
            return None
        for key, item in wanted_items.items():
            label = key.value if isinstance(key, Const) else key
            found = type_difference(item, had_items[key], heap, f"{path}[{label!r}]")
            if found is not None:
                return found
        return None
    if isinstance(want, Instance) and isinstance(have, Instance):
        return _fields_difference(want, have, heap, path)
    if not _is_array(want) or not _is_array(have):
        return None
    a, b = aval_of(expected, heap), aval_of(got, heap)
    if a.shape is not None and b.shape is not None and not _same_shape(a.shape, b.shape):
        return TypeDifference(path, a, b, "shapes")
    if a.dtype is not None and b.dtype is not None and a.dtype != b.dtype and not a.weak:
        return TypeDifference(path, a, b, "dtypes")
    return None


def _fields_difference(
    want: Instance, have: Instance, heap: Heap, path: str
) -> TypeDifference | None:
    """Two instances of one NamedTuple class (a pytree of its fields, in order): the first
    field whose type surely differs."""
    if want.cls != have.cls or not is_named_tuple(want.cls):
        return None
    wanted, had = heap.field_items(want.ref), heap.field_items(have.ref)
    if not wanted or [name for name, _ in wanted] != [name for name, _ in had]:
        return None
    for (name, w), (_, h) in zip(wanted, had, strict=True):
        found = type_difference(w, h, heap, f"{path}.{name}")
        if found is not None:
            return found
    return None


def _same_shape(a: sh.Shape, b: sh.Shape) -> bool:
    """Whether two known-rank shapes may be equal (no two integers differ)."""
    return len(a) == len(b) and not any(sh.differ(x, y) for x, y in zip(a, b, strict=True))


def _items(value: Value, heap: Heap) -> tuple[Values, ...] | None:
    if isinstance(value, Tuple):
        return value.items
    if isinstance(value, ListValue):
        return heap.list_items(value.ref)
    return None


def _is_array(value: Value) -> bool:
    return isinstance(value, Array) and not value.tree


def cotangent_difference(
    primals: Sequence[Values], cotangents: Values, heap: Heap
) -> tuple[int, Aval, Aval] | None:
    """The first primal argument whose cotangent (its entry in a custom_vjp ``bwd``'s
    output tuple) surely has another shape: its position, the argument's aval and the
    cotangent's.  An argument of an integer dtype has a float0 cotangent JAX does not
    check, and a ``None`` entry stands for zeros."""
    if len(cotangents) != 1:
        return None
    entries = _items(cotangents[0], heap)
    if entries is None or len(entries) != len(primals):
        return None
    for position, (primal, cotangent) in enumerate(zip(primals, entries, strict=True)):
        if not all(is_array_leaf(v) for v in (*primal, *cotangent)):
            continue  # a None entry (zeros), a pytree argument
        a, b = aval_of(primal, heap), aval_of(cotangent, heap)
        if not dtypes.is_inexact(a.dtype):
            continue
        if a.shape is not None and b.shape is not None and not _same_shape(a.shape, b.shape):
            return position, a, b
    return None


def tangent_difference(
    primal_out: Values, tangent_out: Values, heap: Heap
) -> TypeDifference | None:
    """Where a custom_jvp rule's tangent output surely has another shape than its primal
    output (JAX wants each tangent of its primal's shape; dtypes are not compared here, as
    an integer primal's tangent is float0)."""
    found = type_difference(primal_out, tangent_out, heap)
    return found if found is not None and found.what == "shapes" else None


def is_array_leaf(value: Value) -> bool:
    """An array or a Python number: a pytree leaf with an aval."""
    return (isinstance(value, Array) and not value.tree) or (
        isinstance(value, Const) and isinstance(value.value, int | float | complex)
    )


def carry_mismatch(
    loop: str, kind: str, carry: str, difference: TypeDifference, node: ast.AST | None = None
) -> Mismatch:
    """``scan``/``while_loop``'s complaint about a body that changed its carry's type."""
    component = f"{carry}{difference.path}"
    return Mismatch(
        kind,
        f"{loop} body function carry input and carry output must have equal types, but they "
        f"differ: the input carry {component} has type {difference.expected.describe()} but "
        f"the corresponding output carry component has type {difference.got.describe()}, so "
        f"the {difference.what} do not match.",
        (
            Operand(f"the input carry {component}", difference.expected),
            Operand("the output carry", difference.got),
        ),
        node,
    )


def branch_mismatch(
    api: str, names: tuple[str, str], difference: TypeDifference, node: ast.AST | None = None
) -> Mismatch:
    """``cond``/``switch``'s complaint about branches that return different types."""
    where = f" at {difference.path}" if difference.path else ""
    return Mismatch(
        "cond-branches" if api == "cond" else "switch-branches",
        f"{api} branches must have equal output types but they differ: the output of "
        f"{names[0]}{where} has type {difference.expected.describe()} but the corresponding "
        f"output of {names[1]} has type {difference.got.describe()}, so the "
        f"{difference.what} do not match.",
        (
            Operand(f"the output of {names[0]}", difference.expected),
            Operand(f"the output of {names[1]}", difference.got),
        ),
        node,
    )


def leading_size(values: Values, heap: Heap) -> Dim:
    """The length of the leading axis every array of ``xs`` shares (a scan's length)."""
    found: list[Dim] = []
    for value in values:
        if isinstance(value, Tuple):
            for item in value.items:
                found.append(leading_size(item, heap))
        elif isinstance(value, Array) and not value.tree:
            found.append(value.shape[0] if value.shape else None)
        else:
            return None
    known = [d for d in found if d is not None]
    return known[0] if known and all(d == known[0] for d in known) else None


# shard_map --------------------------------------------------------------------------------------


def _split_sizes(spec: PartitionSpec, mesh: Mesh | None, rank: int) -> list[int | None] | None:
    """How many blocks each array axis is split into (1: not split; None: not known)."""
    if len(spec.entries) > rank:
        return None
    found: list[int | None] = []
    for index in range(rank):
        entry = spec.entries[index] if index < len(spec.entries) else None
        if index in spec.unknown:
            found.append(None)
        elif entry is None:
            found.append(1)
        elif mesh is None:
            found.append(None)
        else:
            product: int | None = 1
            for name in entry:
                size = mesh.size_of(name)
                product = None if size is None or product is None else product * size
            found.append(product)
    return found


def to_block(spec: PartitionSpec, mesh: Mesh | None) -> Leaf:
    """An argument's array as the shard_map body sees it: each split axis divided."""

    def leaf(array: Array) -> Array:
        shape = array.shape
        splits = _split_sizes(spec, mesh, len(shape)) if shape is not None else None
        if shape is None or splits is None:
            return array.with_aval(None, array.dtype, array.weak, array.origin)
        block = tuple(
            d if n == 1 else (sh.floordiv(d, n) if n is not None else None)
            for d, n in zip(shape, splits, strict=True)
        )
        return array.with_aval(block, array.dtype, array.weak, array.origin)

    return leaf


def from_block(spec: PartitionSpec, mesh: Mesh | None) -> Leaf:
    """A result's block as the shard_map call returns it: each split axis multiplied."""

    def leaf(array: Array) -> Array:
        shape = array.shape
        splits = _split_sizes(spec, mesh, len(shape)) if shape is not None else None
        if shape is None or splits is None:
            return array.with_aval(None, array.dtype, array.weak, array.origin)
        full = tuple(
            d if n == 1 else (sh.mul(d, n) if n is not None else None)
            for d, n in zip(shape, splits, strict=True)
        )
        return array.with_aval(full, array.dtype, array.weak, array.origin)

    return leaf


def check_argument(
    values: Values,
    spec: PartitionSpec,
    mesh: Mesh | None,
    position: int,
    node: ast.AST | None,
    body: Values,
    heap: Heap,
    path: str = "",
) -> Mismatch | None:
    """What shard_map refuses in one argument (or a part of it a spec of an in_specs tree
    covers): a spec longer than an array's rank, or an array axis its mesh axes do not evenly
    divide."""
    label = Spelled(node, f"args[{position}]") if not path else f"args[{position}]{path}"
    function = describe_values(body)
    for leaf in mapped_leaves(values, label, 0, heap):
        shape = leaf.aval.shape
        if shape is None:
            continue
        if len(spec.entries) > len(shape):
            return Mismatch(
                "shard-map-rank",
                f"shard_map applied to the function {function} was given an in_specs entry "
                f"which is too long to be compatible with the corresponding input value: "
                f"in_specs is {spec.describe()} which has length {len(spec.entries)}, but "
                f"the passed args[{position}] ({leaf.label}) has shape "
                f"{leaf.aval.describe()}, which has rank {len(shape)} "
                f"(and {len(shape)} < {len(spec.entries)})",
                (Operand(leaf.label, leaf.aval),),
                node,
            )
        splits = _split_sizes(spec, mesh, len(shape)) or []
        for axis, (dim, split) in enumerate(zip(shape, splits, strict=True)):
            if isinstance(dim, int) and isinstance(split, int) and split > 1 and dim % split:
                entry = spec.entries[axis] or ()
                names = ", ".join(repr(n) for n in entry)
                assert mesh is not None
                return Mismatch(
                    "shard-map-divisible",
                    f"shard_map applied to the function {function} was given argument arrays "
                    "with axis sizes that are not evenly divisible by the corresponding mesh "
                    f"axis sizes: the passed args[{position}] ({leaf.label}) of shape "
                    f"{leaf.aval.describe()} corresponds to in_specs of value "
                    f"{spec.describe()}, which maps array axis {axis} (of size {dim}) to mesh "
                    f"axis {names} (of size {split}), but {split} does not evenly divide {dim}",
                    (Operand(leaf.label, leaf.aval),),
                    node,
                )
    return None


def check_placement(
    values: Values,
    spec: PartitionSpec,
    mesh: Mesh | None,
    position: int,
    node: ast.AST | None,
    path: str = "",
) -> Mismatch | None:
    """An argument shard_map refuses on a mesh whose axes are all Explicit: its in_specs split
    it over mesh axes, but it was never placed on the mesh (a new array, a NumPy one, or
    operators over only such), so its sharding (replicated) is not the one the spec says."""
    if mesh is None or mesh.explicit is not True or not any(spec.entries):
        return None
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Array):
        if value.tree or not value.unplaced:
            return None
    elif not isinstance(value, NumpyArray):
        return None
    aval = aval_of(values)
    label = Spelled(node, f"args[{position}]") if not path else f"args[{position}]{path}"
    if aval.shape is not None and len(aval.shape) >= len(spec.entries):
        replicated = PartitionSpec(tuple([None] * len(aval.shape)), frozenset()).describe()
        shape = f" of shape {aval.describe()}"
    else:
        replicated, shape = "replicated", ""
    return Mismatch(
        "shard-map-in-specs-input-sharding",
        f"in_specs passed to shard_map: {spec.describe()} does not match the specs of the "
        f"input: {replicated} for args[{position}] ({label}){shape}, an array never placed "
        f"on {mesh.describe()}, whose axes jax.make_mesh made Explicit",
        (Operand(label, aval),),
        node,
    )


def check_axis_names(
    spec: PartitionSpec, mesh: Mesh | None, option: str, node: ast.AST | None
) -> Mismatch | None:
    """A spec of shard_map's ``in_specs`` or ``out_specs`` (``option``) naming an axis its
    mesh lacks: shard_map checks the names before anything else when called."""
    if mesh is None:
        return None
    names = {name for name, _ in mesh.axes}
    for index, entry in enumerate(spec.entries):
        if index in spec.unknown or entry is None:
            continue
        for name in entry:
            if name not in names:
                manual = "frozenset({" + ", ".join(repr(n) for n, _ in mesh.axes) + "})"
                return Mismatch(
                    "shard-map-axis-name",
                    f"shard_map {option} argument must refer to an axis marked as manual "
                    f"({manual}), but: {option} refers to {name!r} ({spec.describe()}; the "
                    f"shard_map's mesh is {mesh.describe()})",
                    (),
                    node,
                )
    return None


def check_output_rank(
    result: Values, spec: PartitionSpec, function: str, node: ast.AST | None
) -> Mismatch | None:
    """The body's one array output has fewer axes than its ``out_specs`` entry names."""
    if len(result) != 1 or not isinstance(result[0], Array) or result[0].tree:
        return None
    shape = result[0].shape
    if shape is None or len(spec.entries) <= len(shape):
        return None
    aval = aval_of(result)
    return Mismatch(
        "shard-map-out-rank",
        f"shard_map applied to the function {function} was given an out_specs entry which is "
        f"too long to be compatible with the corresponding output value from the function: "
        f"out_specs is {spec.describe()} which has length {len(spec.entries)}, but the "
        f"function's output has shape {aval.describe()}, which has rank {len(shape)} (and "
        f"{len(shape)} < {len(spec.entries)})",
        (Operand("the output", aval),),
        node,
    )


# device_put -------------------------------------------------------------------------------------

_SAME_AS_X = shaping.same_as("x")


def _device_put(call: Call) -> Output:
    """``jax.device_put(x, NamedSharding(mesh, spec))``: ``x``'s aval, or the ValueError of a
    spec longer than ``x``'s rank, or of an axis of ``x`` that the mesh axes its spec names do
    not evenly divide (the array's shape, the spec and the mesh's sizes known)."""
    found = _spec_too_long(call, "device_put", "device")
    if found is None:
        found = _indivisible(call)
    return found if found is not None else _SAME_AS_X(call.context)


def _constrained(call: Call) -> Output:
    """``jax.lax.with_sharding_constraint(x, NamedSharding(mesh, spec))``: ``x``'s aval, or the
    ValueError of a spec longer than ``x``'s rank."""
    found = _spec_too_long(call, "with_sharding_constraint", "shardings")
    return found if found is not None else _SAME_AS_X(call.context)


def _spec_too_long(call: Call, api: str, parameter: str) -> Mismatch | None:
    """One array (a known shape, no pytree) given one ``NamedSharding`` whose spec names more
    axes than the array has: ``NamedSharding.check_compatible_aval`` refuses it (with an
    Explicit mesh ``device_put`` refuses the spec's length first, also a ValueError)."""
    arrays, shardings = call.values("x"), call.values(parameter)
    if len(arrays) != 1 or len(shardings) != 1 or not isinstance(shardings[0], NamedSharding):
        return None
    if not (isinstance(arrays[0], Array) and not arrays[0].tree) and not isinstance(
        arrays[0], NumpyArray
    ):
        return None  # a pytree, a Python number: not claimed
    sharding, aval = shardings[0], call.aval("x")
    if aval.shape is None or len(sharding.spec.entries) <= len(aval.shape):
        return None
    args = "args" if api == "device_put" else "arguments"
    return Mismatch(
        "sharding-rank",
        f"One of {api} {args} is incompatible with its sharding annotation: Sharding "
        f"{sharding.describe()} is only valid for values of rank at least "
        f"{len(sharding.spec.entries)}, but was applied to a value of rank {len(aval.shape)} "
        f"(shape {sh.describe(aval.shape)})",
        (Operand(call.label("x"), aval),),
        call.node("x"),
    )


def _indivisible(call: Call) -> Mismatch | None:
    arrays, devices = call.values("x"), call.values("device")
    if len(arrays) != 1 or len(devices) != 1 or not isinstance(devices[0], NamedSharding):
        return None
    if not (isinstance(arrays[0], Array) and not arrays[0].tree) and not isinstance(
        arrays[0], NumpyArray
    ):
        return None  # a pytree, a Python number: not claimed
    sharding, aval = devices[0], call.aval("x")
    if aval.shape is None:
        return None
    pieces = sharding.pieces(len(aval.shape)) or []
    for axis, (dim, count) in enumerate(zip(aval.shape, pieces, strict=True)):
        if isinstance(dim, int) and isinstance(count, int) and count > 1 and dim % count:
            return Mismatch(
                "device-put-divisible",
                f"Sharding spec {sharding.spec.describe()} implies that array axis {axis} is "
                f"partitioned {count} times, but does not evenly divide the dimension size "
                f"{dim}. Got shape: {sh.describe(aval.shape)} and sharding "
                f"{sharding.describe()}",
                (Operand(call.label("x"), aval),),
                call.node("x"),
            )
    return None


device_put_output = shaping.rule(_device_put)
constrained_output = shaping.rule(_constrained)


# grad -------------------------------------------------------------------------------------------

#: Values JAX cannot take as grad's output, by what it says they are.
_CONTAINERS: dict[type[Value], str] = {Tuple: "tuple", ListValue: "list", DictValue: "dict"}


def non_scalar_output(output: Values, heap: Heap, label: str | Spelled) -> Mismatch | None:
    """``jax.grad`` of a function whose output surely is not a scalar array: an array of
    another shape, or a container (a loss returned with other values, without ``has_aux``)."""
    if len(output) != 1:
        return None
    value = output[0]
    container = _CONTAINERS.get(type(value))
    if container is not None:
        pair = isinstance(value, Tuple) and len(value.items) == 2
        return Mismatch(
            "grad-scalar",
            f"Gradient only defined for scalar-output functions. Output was a {container}"
            + (" (with has_aux=True, grad differentiates its first item)" if pair else ""),
        )
    if not _is_array(output[0]):
        return None
    aval = aval_of(output, heap)
    if aval.shape is None or aval.shape == () or any(d is None for d in aval.shape):
        return None
    return Mismatch(
        "grad-scalar",
        f"Gradient only defined for scalar-output functions. Output had shape: "
        f"{sh.describe(aval.shape)}.",
        (Operand(label, aval),),
    )


def integer_input(argument: Values, heap: Heap, label: str | Spelled) -> Mismatch | None:
    """``jax.grad`` with respect to an argument whose dtype surely is integer or bool."""
    for leaf in mapped_leaves(argument, label, 0, heap):
        if dtypes.is_discrete(leaf.aval.dtype):
            return Mismatch(
                "grad-int",
                "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype "
                f"of np.inexact), but got {leaf.aval.dtype}.",
                (Operand(leaf.label, leaf.aval),),
            )
    return None
