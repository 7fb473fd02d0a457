"""How a transform traces a function: its arguments become tracers of one ``Trace``, the
function runs in a frame whose context has that trace, and its results come back to the
caller as arrays computed from the call's arguments (shared by ``jax_api``, ``lax``,
``sharding`` and ``pallas``)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TypeVar

from jaxlsp.apis.module_classes import library_base
from jaxlsp.infer import dtypes
from jaxlsp.infer.frames import Frame, Invocation, State
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import Arguments, Interpreter
from jaxlsp.infer.values import (
    ANY,
    NONE,
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
    NumpyArray,
    Partial,
    Site,
    Static,
    Trace,
    Transformed,
    Tuple,
    Unknown,
    UnknownAt,
    Value,
    Values,
    describe_values,
    distinct,
    join,
    one,
)

_T = TypeVar("_T")


def trace_of(
    api: str,
    flavour: Flavour,
    site: Site | None,
    function: Values,
    axis_names: frozenset[str] | None = frozenset(),
) -> Trace:
    return Trace(api, flavour, site, describe_values(function), axis_names)


def axis_names_of(values: Values | None) -> frozenset[str] | None:
    """The axis names an ``axis_name`` argument gives: a string, or a tuple of strings
    (none when it is not given; None when they are not known)."""
    if values is None or values == (NONE,):
        return frozenset()
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and isinstance(value.value, str):
        return frozenset({value.value})
    if isinstance(value, Tuple):
        names = [
            item[0].value for item in value.items if len(item) == 1 and isinstance(item[0], Const)
        ]
        if len(names) == len(value.items) and all(isinstance(name, str) for name in names):
            return frozenset(names)
    return None


#: What a transform does to each array it traces or returns (``jax.vmap`` drops the mapped
#: axis of its arguments and adds one to its results).
Leaf = Callable[[Array], Array]


def unshaped(array: Array) -> Array:
    return array.with_aval(None, array.dtype, array.weak, array.origin)


def traced(
    interpreter: Interpreter, values: Values, trace: Trace, leaf: Leaf | None = None
) -> Values:
    """``values`` as the function sees them under ``trace``: arrays and numbers become
    tracers; containers keep their structure; static things (functions, strings) stay.
    ``leaf`` reshapes each array (a batched tracer's shape is unknown without one)."""
    if leaf is None and trace.flavour is Flavour.BATCHED:
        leaf = unshaped
    found: list[Value] = []
    flavour = trace.flavour
    for value in values:
        if isinstance(value, UnknownAt):
            value = value.held  # a tracer now, not the value its place holds
        # the commonest first: a value nothing knows (an any-caller parameter), an array
        if isinstance(value, Unknown):
            # (an optimizer's state keeps what it knows of its params' structure)
            found.append(
                value if value.kept_traced else Array(frozenset({flavour}), trace, tree=True)
            )
        elif isinstance(value, Array):
            flavours = frozenset({flavour} | (value.flavours or frozenset()))
            array = value.retraced(flavours, trace)
            found.append(leaf(array) if leaf is not None and not array.tree else array)
        elif isinstance(value, Const):
            if isinstance(value.value, bool | int | float | complex):
                found.append(_scalar_tracer(value, flavour, trace))
            else:
                found.append(value)
        elif isinstance(value, Static) and value.type_name in ("int", "float", "bool", "number"):
            found.append(_scalar_tracer(value, flavour, trace))
        elif isinstance(value, NumpyArray):
            # a host array traced is on the default device, on no mesh
            array = Array(frozenset({flavour}), trace, False, None, value.shape, unplaced=True)
            found.append(leaf(array) if leaf is not None and value.shape is not None else array)
        elif isinstance(value, Key):
            found.append(
                Key(
                    value.identity,
                    value.typed,
                    frozenset({flavour} | (value.flavours or frozenset())),
                )
            )
        elif isinstance(value, KeyArray) and flavour is Flavour.BATCHED:
            # vmap maps over the keys: the function sees one key per element
            identity = (value.identity, "row") if value.identity is not None else None
            found.append(
                Key(identity, value.typed, frozenset({flavour} | (value.flavours or frozenset())))
            )
        elif isinstance(value, KeyArray):
            found.append(
                KeyArray(
                    value.identity,
                    value.typed,
                    frozenset({flavour} | (value.flavours or frozenset())),
                    value.batch,
                )
            )
        elif isinstance(value, Tuple):
            found.append(
                Tuple(tuple(traced(interpreter, item, trace, leaf) for item in value.items))
            )
        elif isinstance(value, ListValue):
            # a pytree's lists stay Python lists under the transform, of tracers
            ref = interpreter.derived_ref(value.ref, trace)
            items = interpreter.heap.list_items(value.ref)
            interpreter.heap.set_list(
                ref,
                None
                if items is None
                else tuple(traced(interpreter, i, trace, leaf) for i in items),
                traced(interpreter, interpreter.heap.list_element(value.ref), trace, leaf),
            )
            found.append(ListValue(ref))
        elif isinstance(value, DictValue):
            ref = interpreter.derived_ref(value.ref, trace)
            # the copy holds what the dict holds now, not what an earlier copy gained since
            # (a key a caller wrote to a loop's result: one dict made by a memoised helper
            # for two callers is traced as one)
            interpreter.heap.clear_dict(ref)
            for key, item in interpreter.heap.dict_items(value.ref):
                interpreter.heap.put_entry(ref, key, traced(interpreter, item, trace, leaf))
            found.append(DictValue(ref))
        elif isinstance(value, Instance) and library_base(value.cls) == "nnx":
            found.append(_traced_nnx_object(interpreter, value, trace, leaf))
        elif isinstance(value, Instance) and value.cls.flavour in ("dataclass", "pytree"):
            found.append(_traced_instance(interpreter, value, trace, leaf))
        elif isinstance(value, Instance):
            found.append(Array(frozenset({flavour}), trace, tree=True))
        else:
            found.append(value)
    return distinct(found)


def _scalar_tracer(value: Const | Static, flavour: Flavour, trace: Trace) -> Array:
    """A Python number as a transform traces it: a 0-d array, weakly typed."""
    python: object = value.value if isinstance(value, Const) else None
    if isinstance(value, Static):
        python = {"int": 0, "float": 0.0, "bool": False}.get(value.type_name)
    typed = dtypes.of_python(python) if python is not None else None
    dtype, weak = typed if typed is not None else (None, False)
    return Array(frozenset({flavour}), trace, False, dtype, (), weak)


def _traced_instance(
    interpreter: Interpreter, value: Instance, trace: Trace, leaf: Leaf | None
) -> Value:
    """A dataclass pytree's fields traced (its methods and static fields still usable)."""
    ref = interpreter.derived_ref(value.ref, trace)
    copy = Instance(value.cls, ref)
    is_leaf = leaf_fields(value.cls)
    unsure = _field_kinds(value.cls)[1]
    known = _leaves_known(value.cls)
    for name, field_values in interpreter.heap.field_items(value.ref):
        if name in unsure or not known:
            field_values = ANY  # static or traced: not known which
        elif is_leaf(name):
            field_values = traced(interpreter, field_values, trace, leaf)
        interpreter.heap.write_field(ref, name, field_values)
    return copy


def _traced_nnx_object(
    interpreter: Interpreter, value: Instance, trace: Trace, leaf: Leaf | None
) -> Value:
    """An nnx object (a Module, a Variable) handed to a transform: nnx decides what is a leaf
    by each attribute's value, not by its declaration (a dataclass field of a Module too).
    Arrays, Variables and nested nnx objects are traced; a Python number, string or None, or
    a container of them, is static structure and stays as it is; what holds anything else
    (an unknown, a mix) may be either."""
    ref = interpreter.derived_ref(value.ref, trace)
    for name, field_values in interpreter.heap.field_items(value.ref):
        kind = _nnx_attribute_kind(interpreter, field_values)
        if kind == "data":
            field_values = traced(interpreter, field_values, trace, leaf)
        elif kind != "static":
            field_values = ANY
        interpreter.heap.write_field(ref, name, field_values)
    return Instance(value.cls, ref)


def _nnx_attribute_kind(interpreter: Interpreter, values: Values, depth: int = 0) -> str:
    """How nnx flattens an attribute holding ``values``: "static", "data" or "unsure"."""
    kinds = {_nnx_value_kind(interpreter, value, depth) for value in values}
    return kinds.pop() if len(kinds) == 1 else "unsure"


def _nnx_value_kind(interpreter: Interpreter, value: Value, depth: int) -> str:
    if isinstance(value, Const):
        python = value.value
        static = python is None or isinstance(python, bool | int | float | complex | str | bytes)
        return "static" if static else "unsure"
    if isinstance(value, Static):
        return "static" if value.type_name in ("int", "float", "bool", "str") else "unsure"
    if isinstance(value, Array) and not value.tree:
        return "data"
    if isinstance(value, NumpyArray | Key | KeyArray):
        return "data"
    if isinstance(value, Instance) and library_base(value.cls) == "nnx":
        return "data"
    if isinstance(value, Tuple) and depth < 4:
        items = [_nnx_attribute_kind(interpreter, item, depth + 1) for item in value.items]
        return "static" if all(kind == "static" for kind in items) else "unsure"
    return "unsure"


def leaf_fields(cls: ClassValue) -> Callable[[str], bool]:
    """Which fields of a pytree class a transform traces: for a class with its own
    ``tree_flatten``, those its children name; for a dataclass pytree, all but the static
    ones (``field(metadata=dict(static=True))`` for ``jax.tree_util.register_dataclass``,
    ``field(static=True)`` for equinox, ``field(pytree_node=False)`` for flax.struct)."""
    if cls.flavour == "pytree":
        children = _flattened_children(cls)
        if children is not None:
            return children.__contains__
    static = _static_fields(cls)
    return lambda name: name not in static


def _static_fields(cls: ClassValue) -> frozenset[str]:
    return _field_kinds(cls)[0]


def _field_kinds(cls: ClassValue, depth: int = 0) -> tuple[frozenset[str], frozenset[str]]:
    """The static fields of a dataclass pytree (its bases' too), and those it is not known
    whether they are: declared by a helper that is no ``field`` (``static_field()``), with a
    flag or metadata that is no literal, or named by a ``register_dataclass`` whose field
    lists are no literals (``meta_fields=[...]`` makes static the fields it names)."""
    static: set[str] = set()
    unsure: set[str] = set()
    if depth < 8:
        for base in cls.bases:
            for value in base:
                if isinstance(value, ClassValue):
                    base_static, base_unsure = _field_kinds(value, depth + 1)
                    static |= base_static
                    unsure |= base_unsure
    declared: list[str] = []
    for statement in cls.node.body:
        if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)):
            continue
        name = statement.target.id
        declared.append(name)
        call = statement.value
        if not isinstance(call, ast.Call):
            continue
        kind = _declared_kind(call)
        if kind == "static":
            static.add(name)
        elif kind == "unsure":
            unsure.add(name)
    for decorator in cls.node.decorator_list:
        if not isinstance(decorator, ast.Call):
            continue
        for keyword in decorator.keywords:
            if keyword.arg not in ("meta_fields", "data_fields"):
                continue
            names = _literal_names(keyword.value)
            if names is None:
                unsure.update(declared)
            elif keyword.arg == "meta_fields":
                static.update(names)
            else:
                static.update(n for n in declared if n not in names)
    return frozenset(static), frozenset(unsure - static)


def _declared_kind(call: ast.Call) -> str:
    """How a field declared ``name: T = call`` is flattened: "static", "leaf" or "unsure"."""
    callee = call.func
    named = callee.attr if isinstance(callee, ast.Attribute) else None
    if isinstance(callee, ast.Name):
        named = callee.id
    for keyword in call.keywords:
        if (
            _is_true(keyword, "static")
            or (
                keyword.arg == "pytree_node"
                and isinstance(keyword.value, ast.Constant)
                and keyword.value.value is False
            )
            or (keyword.arg == "metadata" and _static_metadata(keyword.value))
        ):
            return "static"
        if keyword.arg in ("static", "pytree_node") and not isinstance(keyword.value, ast.Constant):
            return "unsure"
        if keyword.arg == "metadata" and not isinstance(keyword.value, ast.Dict | ast.Call):
            return "unsure"
    if named == "field":
        return "leaf"
    return "unsure"  # a helper of the library's own (``static_field()``) may make it static


def _literal_names(node: ast.expr) -> list[str] | None:
    """The names a literal list or tuple of strings holds (None: not such a literal)."""
    if not isinstance(node, ast.List | ast.Tuple):
        return None
    names = []
    for element in node.elts:
        if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
            return None
        names.append(element.value)
    return names


def _flattened_children(cls: ClassValue) -> frozenset[str] | None:
    """The ``self.<field>`` names in the children ``tree_flatten`` returns (the first item of
    its returned pair), when it spells them out."""
    for statement in cls.node.body:
        if isinstance(statement, ast.FunctionDef) and statement.name == "tree_flatten":
            for node in ast.walk(statement):
                if (
                    isinstance(node, ast.Return)
                    and isinstance(node.value, ast.Tuple)
                    and node.value.elts
                ):
                    children = node.value.elts[0]
                    if isinstance(children, ast.Name):  # ``children = (...)`` before
                        children = _assigned_once(statement, children.id) or children
                    if isinstance(children, ast.Tuple | ast.List):
                        names = {
                            e.attr
                            for e in children.elts
                            if isinstance(e, ast.Attribute)
                            and isinstance(e.value, ast.Name)
                            and e.value.id == "self"
                        }
                        if len(names) == len(children.elts):
                            return frozenset(names)
            return None
    return None


def _assigned_once(function: ast.FunctionDef, name: str) -> ast.expr | None:
    """The value of ``name``'s one plain assignment in ``function`` (None: none, or more)."""
    values = [
        node.value
        for node in ast.walk(function)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    return values[0] if len(values) == 1 else None


def _leaves_known(cls: ClassValue) -> bool:
    """Whether which fields of a pytree instance are its leaves is known: a class with its own
    ``tree_flatten`` whose children are not spelled out may keep any field as aux data."""
    return cls.flavour != "pytree" or _flattened_children(cls) is not None


def _is_true(keyword: ast.keyword, name: str) -> bool:
    return (
        keyword.arg == name
        and isinstance(keyword.value, ast.Constant)
        and keyword.value.value is True
    )


def _static_metadata(node: ast.expr) -> bool:
    if isinstance(node, ast.Dict):
        return any(
            isinstance(k, ast.Constant)
            and k.value == "static"
            and isinstance(v, ast.Constant)
            and v.value is True
            for k, v in zip(node.keys, node.values, strict=True)
        )
    if isinstance(node, ast.Call):
        return any(_is_true(keyword, "static") for keyword in node.keywords)
    return False


def without(values: Values, flavour: Flavour) -> Values:
    """``values`` with tracers of ``flavour`` seen from outside that transform: what JAX passes
    a custom rule (the primal values), or what ``lax.stop_gradient`` returns."""
    found: list[Value] = []
    for value in values:
        if isinstance(value, Array) and value.flavours and flavour in value.flavours:
            found.append(value.retraced(value.flavours - {flavour}, value.trace))
        elif isinstance(value, Tuple):
            found.append(Tuple(tuple(without(item, flavour) for item in value.items)))
        else:
            found.append(value)
    return distinct(found)


def lift(
    interpreter: Interpreter,
    result: Values,
    frame: Frame,
    inputs: list[Values],
    depth: int = 0,
    leaf: Leaf | None = None,
    numbers: bool = False,
) -> Values:
    """A transformed call's result as its caller sees it: arrays computed from the call's
    inputs in the caller's frame (their tracer-ness is the caller's, not the body's), in
    the containers and pytree instances the body returned; ``leaf`` reshapes each array.
    With ``numbers`` (jit), a Python number the body returns comes out as an array too
    (``jax.jit(lambda i: i + 1)(3)`` is an Array, traced under an outer trace)."""
    if depth > _MAX_LIFT_DEPTH:
        return ANY
    found: list[Value] = []
    for value in result:
        if isinstance(value, Array):
            made = interpreter.array_result(frame, *inputs)
            array = value.retraced(made.flavours, made.trace)
            found.append(leaf(array) if leaf is not None and not array.tree else array)
        elif isinstance(value, Tuple):
            found.append(
                Tuple(
                    tuple(
                        lift(interpreter, item, frame, inputs, depth + 1, leaf, numbers)
                        for item in value.items
                    )
                )
            )
        elif isinstance(value, Key):
            made = interpreter.array_result(frame, *inputs)
            found.append(Key(value.identity, value.typed, made.flavours))
        elif isinstance(value, KeyArray):
            # split keys the body returns are the caller's arrays, as any other (a stacking
            # transform adds an axis to their batch, of a size not known here)
            made = interpreter.array_result(frame, *inputs)
            batch = value.batch if leaf is None else None
            found.append(KeyArray(value.identity, value.typed, made.flavours, batch))
        elif isinstance(value, Instance) and library_base(value.cls) == "nnx":
            found.append(_lifted_nnx_object(interpreter, value, frame, inputs, depth, leaf))
        elif isinstance(value, Instance):
            ref = interpreter.derived_ref(value.ref, ("lifted", frame.context, leaf is not None))
            # a pytree's static fields are its structure, not leaves: they come out as they
            # went in (a Python int stays an int, never a stacked array)
            pytree = value.cls.flavour in ("dataclass", "pytree")
            is_leaf = leaf_fields(value.cls) if pytree else None
            unsure = _field_kinds(value.cls)[1] if pytree else frozenset()
            known = _leaves_known(value.cls)
            for name, field_values in interpreter.heap.field_items(value.ref):
                if name in unsure or not known:
                    lifted = ANY  # static or a leaf: not known which
                elif is_leaf is not None and not is_leaf(name):
                    lifted = field_values
                else:
                    lifted = lift(
                        interpreter, field_values, frame, inputs, depth + 1, leaf, numbers
                    )
                interpreter.heap.write_field(ref, name, lifted)
            found.append(Instance(value.cls, ref))
        elif isinstance(value, DictValue):
            ref = interpreter.derived_ref(value.ref, ("lifted", frame.context, leaf is not None))
            interpreter.heap.clear_dict(ref)  # what the result holds now (as ``traced``)
            for key, item in interpreter.heap.dict_items(value.ref):
                lifted = lift(interpreter, item, frame, inputs, depth + 1, leaf, numbers)
                interpreter.heap.put_entry(ref, key, lifted)
            found.append(DictValue(ref))
        elif isinstance(value, ListValue):
            ref = interpreter.derived_ref(value.ref, ("lifted", frame.context, leaf is not None))
            items = interpreter.heap.list_items(value.ref)
            interpreter.heap.set_list(
                ref,
                None
                if items is None
                else tuple(
                    lift(interpreter, i, frame, inputs, depth + 1, leaf, numbers) for i in items
                ),
                lift(
                    interpreter,
                    interpreter.heap.list_element(value.ref),
                    frame,
                    inputs,
                    depth + 1,
                    leaf,
                    numbers,
                ),
            )
            found.append(ListValue(ref))
        elif (leaf is not None or numbers) and (number := _number_aval(value)) is not None:
            # a number the body returns is stacked like an array (vmap, scan's ys); jit's
            # outputs are arrays
            made = interpreter.array_result(frame, *inputs)
            array = made.with_aval((), number[0], number[1], None)
            found.append(leaf(array) if leaf is not None else array)
        else:
            found.append(value)
    return distinct(found) if found else ANY


def _lifted_nnx_object(
    interpreter: Interpreter,
    value: Instance,
    frame: Frame,
    inputs: list[Values],
    depth: int,
    leaf: Leaf | None,
) -> Value:
    """An nnx object a transformed body returns: its data attributes are the caller's arrays,
    its static ones come out as they went in (as ``_traced_nnx_object`` took them)."""
    ref = interpreter.derived_ref(value.ref, ("lifted", frame.context, leaf is not None))
    for name, field_values in interpreter.heap.field_items(value.ref):
        kind = _nnx_attribute_kind(interpreter, field_values)
        if kind == "data":
            field_values = lift(interpreter, field_values, frame, inputs, depth + 1, leaf)
        elif kind != "static":
            field_values = ANY
        interpreter.heap.write_field(ref, name, field_values)
    return Instance(value.cls, ref)


def _number_aval(value: Value) -> tuple[str | None, bool] | None:
    """The dtype and weakness of a Python number (a constant, or a known kind of number)."""
    if isinstance(value, Const) and type(value.value) in (bool, int, float, complex):
        return dtypes.of_python(value.value)
    if isinstance(value, Static) and value.type_name in ("bool", "int", "float", "complex"):
        return dtypes.of_python({"bool": False, "int": 0, "float": 0.0}.get(value.type_name, 0j))
    return None


#: How deep ``lift`` follows containers in a result (deeper parts are unknown).
_MAX_LIFT_DEPTH = 8


def under(frame: Frame, trace: Trace | None, drop: Flavour | None = None) -> Frame:
    """A view of ``frame`` that calls made from it run under ``trace`` (the transform's
    frame context), optionally without the traces of flavour ``drop``."""
    context = frame.context
    if drop is not None:
        context = tuple(t for t in context if t.flavour is not drop)
    if trace is not None:
        context = (*context, trace)
    return frame.view(context, staging=trace is not None)


def invoke(
    interpreter: Interpreter,
    api: str,
    role: str,
    function: Values,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    trace: Trace | None,
    drop: Flavour | None = None,
) -> Values:
    """Call ``function`` for an API under ``trace`` and record the invocation."""
    inner_frame = under(frame, trace, drop)
    before = len(interpreter.facts.frames)
    result = interpreter.call(function, arguments, site, inner_frame, state)
    ran = _frame_of(interpreter, function, before)
    for value in function:
        interpreter.facts.invocations.append(Invocation(api, role, site, value, ran, result, frame))
        if role in _RULES and isinstance(value, Function):
            interpreter.rules_run.add(value.site)
    return result


#: The roles of a custom derivative's rules.
_RULES = frozenset({"fwd", "jvp"})


def _frame_of(interpreter: Interpreter, function: Values, before: int) -> Frame | None:
    """The frame the function's body ran in: the first new one for it, else (it ran from the
    memo) the first it ever ran in."""
    targets = {f.site for f in _functions(function)}
    for frame in interpreter.facts.frames[before:]:
        if frame.function is not None and frame.function.site in targets:
            return frame
    for target in targets:
        if (known := interpreter.frames_of.get(target)) is not None:
            return known
    return None


def _functions(values: Values) -> list[Function]:
    found: list[Function] = []
    for value in values:
        if isinstance(value, Function):
            found.append(value)
        elif isinstance(value, BoundMethod):
            found.append(value.function)
        elif isinstance(value, Partial):
            found.extend(_functions(value.func))
        elif isinstance(value, Transformed):
            found.extend(_functions(value.inner))
    return found


def parameter_names(function: Values) -> list[str] | None:
    """The positional parameter names of the function a transform wraps (a bound method's
    without ``self``; a partial's without the positions it fixes), when known."""
    if len(function) != 1:
        return None
    value = function[0]
    if isinstance(value, Function):
        if value.wraps is not None:
            # ``functools.wraps(fn)`` gives the wrapper ``fn``'s signature (``__wrapped__``,
            # which inspect follows): jit maps static names to positions by it
            return parameter_names(value.wraps)
        args = value.node.args
        return [a.arg for a in (*args.posonlyargs, *args.args)]
    if isinstance(value, BoundMethod):
        names = parameter_names(one(value.function))
        return names[1:] if names else names
    if isinstance(value, Partial):
        names = parameter_names(value.func)
        if names is None:
            return None
        fixed = {name for name, _ in value.keywords}
        return [n for n in names[len(value.args) :] if n not in fixed]
    if isinstance(value, Transformed):
        # JAX's transforms keep the signature of what they wrap (functools.wraps), and jit
        # reads it through them: a static_argnums position names that parameter
        return parameter_names(value.inner)
    if isinstance(value, ClassValue):
        return None
    return None


def int_set(values: Values | None, heap: Heap | None = None) -> set[int] | None:
    """A static ``argnums`` option as a set of ints (None when not known): an int, or a tuple
    or (with the ``heap`` that holds it) a list of ints."""
    return _static_set(values, heap, int)


def str_set(values: Values | None, heap: Heap | None = None) -> set[str] | None:
    """A static ``argnames`` option as a set of names (None when not known)."""
    return _static_set(values, heap, str)


def _static_set(values: Values | None, heap: Heap | None, kind: type[_T]) -> set[_T] | None:
    if values is None:
        return set()
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const):
        if value.value is None:
            return set()
        if isinstance(value.value, kind) and not isinstance(value.value, bool):
            return {value.value}
        return None
    items: tuple[Values, ...] | None = None
    if isinstance(value, Tuple):
        items = value.items
    elif isinstance(value, ListValue) and heap is not None:
        items = heap.list_items(value.ref)
    if items is None:
        return None
    found: set[_T] = set()
    for item in items:
        if len(item) == 1 and isinstance(item[0], Const) and isinstance(item[0].value, kind):
            found.add(item[0].value)
        else:
            return None
    return found


__all__ = ["NONE", "Static", "join", "lift", "trace_of", "traced", "under"]
