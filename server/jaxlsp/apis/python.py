"""Python's builtins, ``functools`` and ``dataclasses``, as far as JAX code leans on them:
the conversions that need a concrete value (``bool``, ``int``, ``float``, ``range``), the
containers, ``functools.partial`` and the decorators that keep a function as it is."""

from __future__ import annotations

import itertools
import numbers
from dataclasses import replace

from jaxlsp.apis.contracts import Accepts, Requirement
from jaxlsp.apis.methods import array_has, dim_value
from jaxlsp.apis.spec import ApiSpec, Result
from jaxlsp.infer import dtypes
from jaxlsp.infer.heap import ANY_FIELD
from jaxlsp.infer.interpreter import ApiCallContext, Arguments, known_items
from jaxlsp.infer.values import (
    ANY,
    ARRAY_TYPE,
    NONE,
    Api,
    Array,
    ClassValue,
    Const,
    DictValue,
    Function,
    Instance,
    InstanceDict,
    Key,
    KeyArray,
    ListValue,
    NumpyArray,
    Partial,
    Property,
    Ref,
    Static,
    StaticMethod,
    Super,
    Tuple,
    Unknown,
    Value,
    Values,
    join,
    one,
)

BUILTIN_NAMES = frozenset(
    {
        "len",
        "ord",
        "range",
        "int",
        "float",
        "bool",
        "complex",
        "str",
        "repr",
        "print",
        "isinstance",
        "issubclass",
        "hasattr",
        "callable",
        "getattr",
        "setattr",
        "vars",
        "list",
        "tuple",
        "dict",
        "set",
        "frozenset",
        "zip",
        "enumerate",
        "sum",
        "min",
        "max",
        "abs",
        "round",
        "sorted",
        "reversed",
        "map",
        "filter",
        "iter",
        "next",
        "any",
        "all",
        "super",
        "staticmethod",
        "classmethod",
        "property",
        "type",
        "object",
        "id",
        "hash",
        "divmod",
        "pow",
        "format",
        "open",
        "ValueError",
        "TypeError",
        "RuntimeError",
        "NotImplementedError",
        "KeyError",
        "IndexError",
        "AssertionError",
        "Exception",
        "StopIteration",
        "AttributeError",
        "NotImplemented",
        "Ellipsis",
        "slice",
    }
)

#: Class decorators and bases whose classes take their fields as ``__init__`` parameters.
DATACLASS_DECORATORS = frozenset(
    {
        "dataclasses.dataclass",
        "flax.struct.dataclass",
        "chex.dataclass",
        "jax.tree_util.register_dataclass",
        "equinox.Module",
    }
)
#: Class decorators known to leave the class's constructor as the class body defines it.
CLASS_DECORATORS_KEEPING_INIT = frozenset(
    {
        "functools.total_ordering",
        "typing.final",
        "typing.runtime_checkable",
        "typing_extensions.final",
        "typing_extensions.runtime_checkable",
        "enum.unique",
        "jax.tree_util.register_static",
        "jax.tree_util.register_pytree_with_keys_class",
    }
)
DATACLASS_BASES = frozenset(
    {
        "typing.NamedTuple",
        "flax.linen.Module",
        "flax.linen.module.Module",
        "flax.struct.PyTreeNode",
        "equinox.Module",
    }
)


def _converting(operation: str, result: str) -> ApiSpec:
    """``int(x)``, ``float(x)``, ``bool(x)``, ``complex(x)``: a traced ``x`` has no value."""

    def behaviour(context: ApiCallContext) -> Values:
        value = context.arg("x", ())
        if value:
            context.interpreter.convert(
                context.site, operation, value, context.frame, context.node("x"), context.state
            )
            constant = value[0].value if len(value) == 1 and isinstance(value[0], Const) else None
            if constant is not None and isinstance(constant, int | float | bool | str):
                try:
                    return one(Const({"int": int, "float": float, "bool": bool}[result](constant)))
                except (ValueError, TypeError, KeyError, OverflowError):
                    return one(Static(result))
        return one(Static(result))

    return ApiSpec(f"builtins.{operation}", ("x",), behaviour=behaviour)


def _dataclass_decorator(context: ApiCallContext) -> Values:
    """``@dataclass`` keeps the class; ``@dataclass(frozen=True)`` is a decorator that will
    (a partial, so the class is still known to be a dataclass)."""
    if context.has("cls"):
        # ``dataclasses.dataclass(cls)`` called by the user's own decorator: the class it
        # returns is the same class, now made by the dataclass's ``__init__``
        return tuple(
            replace(v, flavour="dataclass") if isinstance(v, ClassValue) else v
            for v in context.arg("cls")
        )
    keywords = tuple(context.raw.keywords.items())
    return one(Partial(one(Api(context.spec.name)), (), keywords, context.site))


def _replace(context: ApiCallContext) -> Values:
    """``dataclasses.replace(obj, **changes)``: a new instance of obj's dataclass, made as
    calling the class with obj's fields and the changes would make it."""
    interpreter = context.interpreter
    found: list[Values] = []
    for value in context.arg("obj", ()):
        if not isinstance(value, Instance) or context.raw.starred or context.raw.spread:
            return ANY
        fields = interpreter.apis.dataclass_fields(interpreter, value.cls)
        if fields is None:
            return ANY
        changes = context.raw.keywords
        kept = {
            name: interpreter.attribute(one(value), name, context.frame)
            for name in fields
            if name not in changes
        }
        arguments = Arguments([], {**kept, **changes})
        found.append(
            interpreter.instantiate(
                value.cls, arguments, context.site, context.frame, context.state
            )
        )
    return join(*found) if found else ANY


def _len(context: ApiCallContext) -> Values:
    value = context.arg("obj")
    if len(value) == 1:
        item = value[0]
        if isinstance(item, Tuple):
            return one(Const(len(item.items)))
        if isinstance(item, ListValue):
            items = context.interpreter.heap.list_items(item.ref)
            if items is not None:
                return one(Const(len(items)))
        if isinstance(item, Const) and isinstance(item.value, str | bytes | tuple):
            return one(Const(len(item.value)))
        if isinstance(item, Array) and not item.tree and item.shape:
            return one(dim_value(item.shape[0]))
    return one(Static("int"))


def _range(context: ApiCallContext) -> Values:
    """``range`` converts its arguments with ``__index__``."""
    bounds = context.raw.positional
    for position, values in enumerate(bounds):
        node = context.raw.nodes[position] if position < len(context.raw.nodes) else None
        context.interpreter.convert(
            context.site, "index", values, context.frame, node, context.state
        )
    known = [v[0].value for v in bounds if len(v) == 1 and isinstance(v[0], Const)]
    if (
        len(known) == len(bounds)
        and all(isinstance(k, int) for k in known)
        and len(known)
        in (
            1,
            2,
            3,
        )
    ):
        steps = range(*known)
        if len(steps) <= 16:
            return one(Tuple(tuple(one(Const(i)) for i in steps)))
    return one(Static("range", one(Static("int"))))


def _container(kind: str) -> ApiSpec:
    def behaviour(context: ApiCallContext) -> Values:
        interpreter = context.interpreter
        iterable = context.arg("iterable", ())
        if kind == "tuple":
            if len(iterable) == 1 and isinstance(iterable[0], Tuple):
                return iterable
            if not iterable:
                return one(Tuple(()))
            if len(iterable) == 1 and isinstance(iterable[0], ListValue):
                items = interpreter.heap.list_items(iterable[0].ref)
                if items is not None:
                    return one(Tuple(items))  # a list (or generator) of known items
            element = interpreter.element_of(iterable)
            return one(Static("tuple", element))
        ref = interpreter.ref_at(context.site, context.frame, "list" if kind != "dict" else "dict")
        if kind == "dict":
            return _new_dict(context, ref)
        if iterable:
            element = interpreter.element_of(iterable)
            items = None
            if len(iterable) == 1 and isinstance(iterable[0], Tuple):
                items = iterable[0].items
            elif len(iterable) == 1 and isinstance(iterable[0], ListValue):
                items = interpreter.heap.list_items(iterable[0].ref)  # a copy of a known list
            interpreter.heap.set_list(ref, items, element, interpreter.made_list())
        else:
            interpreter.heap.set_list(ref, (), None, interpreter.made_list())
        return one(ListValue(ref))

    return ApiSpec(f"builtins.{kind}", ("iterable",), behaviour=behaviour)


def _new_dict(context: ApiCallContext, ref: Ref) -> Values:
    """``dict(mapping, **entries)``: known entries when the mapping is a dict of known ones
    (or there is none), unknown ones otherwise."""
    heap = context.interpreter.heap
    raw = context.raw
    given = raw.positional[:1]
    sources = [v[0] for v in given if len(v) == 1 and isinstance(v[0], DictValue)]
    if raw.starred or raw.spread or len(sources) != len(given):
        heap.new_dict(ref)
        heap.write_item(ref, ANY, ANY)  # entries not known, under keys not known
        return one(DictValue(ref))
    heap.new_dict(ref)
    for source in sources:
        heap.merge_dict(ref, source.ref)
    for name, values in raw.keywords.items():
        heap.write_item(ref, one(Const(name)), values)
    return one(DictValue(ref))


#: The most items an iterator over known items is modelled with, item by item.
_MAX_KNOWN_ITEMS = 16


def _zip(context: ApiCallContext) -> Values:
    if context.raw.starred:
        # ``zip(*rows)`` of rows nobody counted: each item has as many parts as there are rows
        return one(Static("zip", ANY))
    heap = context.interpreter.heap
    known = [known_items(v, heap) for v in context.raw.positional]
    if known and all(items is not None for items in known):
        count = min(len(items) for items in known if items is not None)
        if count <= _MAX_KNOWN_ITEMS:
            rows = zip(*(items for items in known if items is not None), strict=False)
            return one(Tuple(tuple(one(Tuple(tuple(row))) for row in rows)))
    elements = [context.interpreter.element_of(v) for v in context.raw.positional]
    return one(Static("zip", one(Tuple(tuple(elements)))))


def _enumerate(context: ApiCallContext) -> Values:
    iterable = context.arg("iterable")
    items = known_items(iterable, context.interpreter.heap)
    start = context.arg("start", one(Const(0)))
    first = start[0].value if len(start) == 1 and isinstance(start[0], Const) else None
    if items is not None and len(items) <= _MAX_KNOWN_ITEMS and type(first) is int:
        return one(
            Tuple(tuple(one(Tuple((one(Const(first + i)), item))) for i, item in enumerate(items)))
        )
    element = context.interpreter.element_of(iterable)
    return one(Static("enumerate", one(Tuple((one(Static("int")), element)))))


def _pairwise(context: ApiCallContext) -> Values:
    """``itertools.pairwise``: each item with the next."""
    iterable = context.arg("iterable")
    items = known_items(iterable, context.interpreter.heap)
    if items is not None and len(items) <= _MAX_KNOWN_ITEMS:
        return one(Tuple(tuple(one(Tuple(pair)) for pair in itertools.pairwise(items))))
    element = context.interpreter.element_of(iterable)
    return one(Static("pairwise", one(Tuple((element, element)))))


def _reduce_builtin(context: ApiCallContext) -> Values:
    """``sum``/``min``/``max``: an array when an item is one; ``min``/``max`` compare their
    items with Python's ``<``, whose result they convert with ``bool``."""
    interpreter = context.interpreter
    if context.raw.starred:
        return ANY  # ``max(*values)``: how many, and what they are, is not known
    values = list(context.raw.positional)
    parts = [interpreter.element_of(values[0])] if len(values) == 1 else values
    has_array = any(isinstance(v, Array) for p in parts for v in p)
    # each item may also be a plain value (a traced argument or its int default): then
    # what the call compares and returns may be Python numbers alone
    plain = [tuple(v for v in p if not isinstance(v, Array | NumpyArray)) for p in parts]
    numbers: Values = ()
    if has_array and all(plain):
        numbers = (
            (one(Static("number")) if all(_python_number(v) for p in plain for v in p) else ANY)
            if all(_python_number(v) for p in plain for v in p)
            else ANY
        )
    if context.spec.name in ("builtins.min", "builtins.max") and has_array:
        # Python numbers compare as Python numbers, under a transform too.
        compared = interpreter.array_result(context.frame, *parts)
        if compared.traced:
            interpreter.convert(
                context.site,
                "bool",
                (compared, *numbers),
                context.frame,
                None,
                context.state,
            )
    if has_array:
        return (interpreter.array_result(context.frame, *parts), *numbers)
    if not all(_python_number(v) for p in parts for v in p):
        return ANY  # items (or a start) not known to be numbers: arrays, perhaps
    return one(Static("number"))


def _python_number(value: Value) -> bool:
    """A Python number or bool, known or not (``sum`` of them is one)."""
    if isinstance(value, Const):
        return isinstance(value.value, int | float | complex)
    return isinstance(value, Static) and value.type_name in ("int", "float", "bool", "number")


def _abs(context: ApiCallContext) -> Values:
    """``abs``/``round``/``pow``: an array (the array's own ``__abs__``, ``__round__``,
    ``__pow__``) when an argument is one, a Python number when every argument is known to be
    one, else unknown: an operand nobody knows may be an array (``abs(a - b)`` of a model's
    outputs), and a number's rank would prove errors the array does not raise."""
    values = list(context.arguments.values())
    if any(isinstance(v, Array) for value in values for v in value):
        return one(context.interpreter.array_result(context.frame, *values))
    if all(_python_number(v) for value in values for v in value):
        return one(Static("number"))
    return ANY


def _map(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    function = context.arg("function")
    elements = [interpreter.element_of(v) for v in context.raw.positional[1:]]
    given = Arguments(elements, starred=context.raw.starred)  # ``map(f, *columns)``
    result = interpreter.call(function, given, context.site, context.frame, context.state)
    return one(Static("map", result))


def _getattr(context: ApiCallContext) -> Values:
    name = context.arg("name")
    if len(name) == 1 and isinstance(name[0], Const) and isinstance(name[0].value, str):
        owner = context.arg("object")
        found = context.interpreter.attribute(owner, name[0].value, context.frame)
        if found == ANY and "default" in context.arguments:
            if any(isinstance(v, Unknown) for v in owner):
                # an object not known may have the attribute: either may come back
                return join(found, context.arguments["default"])
            return context.arguments["default"]
        return found
    return ANY


def _field(context: ApiCallContext) -> Values:
    """``dataclasses.field(default=12)``: the class attribute, and so the instances' default,
    is the default; without one (a ``default_factory``, a required field) it is not known."""
    return context.arg("default") if "default" in context.raw.keywords else ANY


def _partial(context: ApiCallContext) -> Values:
    positional = context.raw.positional
    if not positional:
        return ANY
    return one(
        Partial(
            positional[0],
            tuple(positional[1:]),
            tuple(context.raw.keywords.items()),
            context.site,
            pytree=context.spec.name == "jax.tree_util.Partial",
            spread=context.raw.starred or context.raw.spread,
        )
    )


def _wraps(context: ApiCallContext) -> Values:
    """``functools.wraps(fn)``: a decorator making its function stand for ``fn``."""
    return one(
        Partial(one(Api("functools.wraps.decorator")), (context.arg("wrapped"),), (), context.site)
    )


def _wraps_decorator(context: ApiCallContext) -> Values:
    wrapped = context.arg("wrapped")
    found = [
        replace(value, wraps=wrapped) if isinstance(value, Function) else value
        for value in context.arg("wrapper")
    ]
    return tuple(found) if found else ANY


def _setattr(context: ApiCallContext) -> Values:
    """``setattr(obj, name, value)`` writes ``obj``'s field as ``obj.name = value`` does; with a
    name not known, any of its fields may now hold anything (``ANY_FIELD``)."""
    interpreter = context.interpreter
    names = context.arg("name")
    known = [v.value for v in names if isinstance(v, Const) and isinstance(v.value, str)]
    name = known[0] if len(known) == len(names) == 1 else ANY_FIELD
    values = context.arg("value") if name != ANY_FIELD else ANY
    for owner in context.arg("object"):
        if isinstance(owner, Instance):
            interpreter.heap.write_field(owner.ref, name, values)
    return one(NONE)


def _vars(context: ApiCallContext) -> Values:
    """``vars(obj)``: the instance's ``__dict__`` (writes through it are writes of fields)."""
    owners = context.arg("object")
    if owners and all(isinstance(v, Instance) for v in owners):
        return tuple(InstanceDict(v) for v in owners if isinstance(v, Instance))
    return ANY


def _identity_decorator(context: ApiCallContext) -> Values:
    """A decorator (or decorator factory) that keeps the function as it is."""
    function = context.raw.positional[0] if context.raw.positional else ()
    if function and all(isinstance(v, Function) for v in function):
        return function
    return ANY


def _super(context: ApiCallContext) -> Values:
    frame = context.frame
    function = frame.function
    if function is None or function.owner is None:
        return ANY
    params = [*function.node.args.posonlyargs, *function.node.args.args]
    if not params:
        return ANY
    self_value = frame.state.env.get(params[0].arg, ANY)
    return one(Super(function.owner, self_value))


def _static_method(context: ApiCallContext) -> Values:
    function = context.arg("function")
    binds_class = context.spec.name == "builtins.classmethod"
    return tuple(StaticMethod(v, binds_class) for v in function) if function else ANY


def _property(context: ApiCallContext) -> Values:
    """``property(fget)``, ``functools.cached_property(func)``: read through the getter."""
    getter = context.arg("fget") if context.has("fget") else context.arg("func")
    functions = [v for v in getter if isinstance(v, Function)]
    return one(Property(functions[0])) if functions else ANY


def _next(context: ApiCallContext) -> Values:
    """Each ``next(keys)`` gives the iterator's next item: a PRNG key taken this way is a key of
    its own, made anew at the call (each pass of a loop takes another)."""
    iterator = context.arg("iterator")
    element = context.interpreter.element_of(iterator)
    if not any(isinstance(value, Key) and value.identity is not None for value in element):
        return element
    identity = (context.site, "next")
    context.interpreter.made_key(identity, context.frame, context.state)
    return join(
        *(
            one(Key(identity, value.typed, value.flavours))
            if isinstance(value, Key) and value.identity is not None
            else one(value)
            for value in element
        )
    )


def _iter(context: ApiCallContext) -> Values:
    iterable = context.arg("iterable")
    element = context.interpreter.element_of(iterable)
    return one(Static("iterator", element))


def _sorted(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    element = interpreter.element_of(context.arg("iterable"))
    ref = interpreter.ref_at(context.site, context.frame, "list")
    interpreter.heap.set_list(ref, None, element)
    return one(ListValue(ref))


def _reversed(context: ApiCallContext) -> Values:
    """``reversed(items)``: the items of a tuple or list of known length, last first (a loop
    over them runs each pass in order, as over the items); else as ``sorted``, of unknown
    order and count."""
    interpreter = context.interpreter
    iterable = context.arg("iterable")
    items = known_items(iterable, interpreter.heap)
    if items is None:
        return _sorted(context)
    ref = interpreter.ref_at(context.site, context.frame, "list")
    interpreter.heap.set_list(ref, tuple(reversed(items)), None)
    return one(ListValue(ref))


def _compares_items(context: ApiCallContext) -> Values:
    """``sorted(items)``: Python compares the items (or their ``key``) with ``<`` and converts
    each result with ``bool``; two or more items of known count are surely compared."""
    interpreter = context.interpreter
    iterable = context.arg("iterable")
    items = known_items(iterable, interpreter.heap)
    if items is not None and len(items) >= 2:
        compared = interpreter.element_of(iterable)
        if "key" in context.arguments:
            compared = interpreter.call(
                context.arg("key"),
                Arguments([compared]),
                context.site,
                context.frame,
                context.state,
            )
        if any(isinstance(v, Array) for v in compared):
            outcome = interpreter.array_result(context.frame, compared)
            interpreter.convert(
                context.site, "bool", (outcome,), context.frame, None, context.state
            )
    return _sorted(context)


def _truth_of_items(context: ApiCallContext) -> Values:
    """``any``/``all``: each item is converted with ``bool`` until one decides (the first
    always is, unless there is none)."""
    interpreter = context.interpreter
    iterable = context.arg("iterable")
    items = known_items(iterable, interpreter.heap)
    if items is None or items:
        node = context.node("iterable")
        element = interpreter.element_of(iterable)
        interpreter.convert(context.site, "bool", element, context.frame, node, context.state)
    return one(Static("bool"))


def _reduce(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    function = context.arg("function")
    element = interpreter.element_of(context.arg("iterable"))
    initial = context.arg("initial", element)
    first = interpreter.call(
        function, Arguments([initial, element]), context.site, context.frame, context.state
    )
    return join(
        first,
        interpreter.call(
            function,
            Arguments([join(initial, first), element]),
            context.site,
            context.frame,
            context.state,
        ),
    )


def _isinstance(context: ApiCallContext) -> Values:
    """Decided when every value the object may be answers the same for its class (an array
    is no ``int``, a tracer is a ``jax.Array``): ``isinstance(x, float) and x == 1.0``."""
    answers = {
        is_instance(value, info)
        for value in context.arg("obj")
        for info in (context.arg("classinfo"),)
    }
    if answers == {True} or answers == {False}:
        return one(Const(answers.pop()))
    return one(Static("bool"))


def _type(context: ApiCallContext) -> Values:
    """``type(x)`` of a JAX array (a tracer too): its class, which is no NumPy or Python type
    (``type(x) is np.ndarray`` is False); of anything else: unknown."""
    found = context.arg("object")
    if found and all(
        (isinstance(v, Array) and not v.tree) or isinstance(v, Key | KeyArray) for v in found
    ):
        return one(Api(ARRAY_TYPE))
    return ANY


def _hasattr(context: ApiCallContext) -> Values:
    """Decided for a JAX array (every one has ``shape``, ``aval``, ``at``...: a guard
    ``hasattr(x, "aval")`` tells JAX values from others) and for a Python constant."""
    name = context.arg("name")
    if not (len(name) == 1 and isinstance(name[0], Const) and isinstance(name[0].value, str)):
        return one(Static("bool"))
    attribute = name[0].value
    answers: set[bool | None] = set()
    for value in context.arg("obj"):
        if isinstance(value, Array) and not value.tree:
            answers.add(True if array_has(attribute) else None)
        elif isinstance(value, Const):
            answers.add(hasattr(value.value, attribute))
        elif isinstance(value, Tuple | ListValue | DictValue):
            # a tuple, list or dict the code built: Python's own type, whose attributes
            # are known (no ``__array__``, ``dtype`` or ``shape``)
            answers.add(hasattr(_BUILT_TYPES[type(value)], attribute))
        else:
            answers.add(None)
    if answers == {True} or answers == {False}:
        return one(Const(answers.pop()))
    return one(Static("bool"))


#: The Python type of each container value the code builds.
_BUILT_TYPES: dict[type[Value], type] = {Tuple: tuple, ListValue: list, DictValue: dict}


def _issubclass(context: ApiCallContext) -> Values:
    return one(Static("bool"))


_PYTHON_TYPES: dict[str, type] = {
    "builtins.int": int,
    "builtins.float": float,
    "builtins.bool": bool,
    "builtins.complex": complex,
    "builtins.str": str,
    "builtins.tuple": tuple,
    "builtins.list": list,
    "builtins.dict": dict,
}
_JAX_ARRAY_TYPES = frozenset({"jax.Array", "jax.numpy.ndarray"})
#: The ABCs of ``numbers``, which no JAX array is registered with.
_NUMBER_TYPES: dict[str, type] = {
    f"numbers.{abc.__name__}": abc
    for abc in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral)
}
#: JAX's tracer class as code names it to tell a traced call from an eager one: a tracer is
#: one, a concrete array or a Python value is not.
_TRACER_TYPES = frozenset(
    {"jax.core.Tracer", "jax._src.core.Tracer", "jax.interpreters.partial_eval.DynamicJaxprTracer"}
)
#: NumPy's array and scalar types: a JAX array (a key too) is none of them.
_NUMPY_TYPES = frozenset(
    f"numpy.{name}"
    for name in (
        *("ndarray", "generic", "number", "integer", "signedinteger", "unsignedinteger"),
        *("floating", "complexfloating"),
        *(dtypes.SCALAR_TYPES - {"bfloat16"}),  # (NumPy has none)
    )
)


def is_instance(value: Value, classinfo: Values) -> bool | None:
    """``isinstance(value, classinfo)``: True, False, or None when not known."""
    answers: set[bool | None] = set()
    for info in classinfo:
        if isinstance(info, Tuple):
            parts = {is_instance(value, item) for item in info.items}
            answers.add(True if True in parts else (False if parts == {False} else None))
        elif isinstance(info, Api) and info.qualified in _PYTHON_TYPES:
            answers.add(_is_python_type(value, _PYTHON_TYPES[info.qualified]))
        elif isinstance(info, Api) and info.qualified in _JAX_ARRAY_TYPES:
            answers.add(_is_jax_array(value))
        elif isinstance(info, Api) and info.qualified in _NUMPY_TYPES:
            answers.add(False if _is_jax_array(value) else None)
        elif isinstance(info, Api) and info.qualified in _TRACER_TYPES:
            answers.add(_is_tracer(value))
        elif isinstance(info, Api) and info.qualified in _NUMBER_TYPES:
            answers.add(_is_number(value, _NUMBER_TYPES[info.qualified]))
        elif isinstance(info, ClassValue) and isinstance(value, Instance):
            answers.add(True if _subclass_of(value.cls, info) else None)
        elif isinstance(info, ClassValue) and isinstance(value, Const | Array | Tuple):
            answers.add(False if not (isinstance(value, Array) and value.tree) else None)
        else:
            answers.add(None)
    return answers.pop() if len(answers) == 1 else None


def _is_python_type(value: Value, python_type: type) -> bool | None:
    if isinstance(value, Const):
        return isinstance(value.value, python_type)
    if isinstance(value, Static) and value.type_name in _STATIC_TYPES:
        return issubclass(_STATIC_TYPES[value.type_name], python_type)
    if (isinstance(value, Array) and not value.tree) or isinstance(value, Key | KeyArray):
        return False
    if isinstance(value, Tuple):
        return python_type is tuple
    if isinstance(value, ListValue):
        return python_type is list
    if isinstance(value, DictValue):
        return python_type is dict
    if isinstance(value, Function):
        return False
    return None


_STATIC_TYPES: dict[str, type] = {
    name.removeprefix("builtins."): python_type for name, python_type in _PYTHON_TYPES.items()
}


def _is_jax_array(value: Value) -> bool | None:
    if (isinstance(value, Array) and not value.tree) or isinstance(value, Key | KeyArray):
        return True
    if isinstance(value, Const | NumpyArray | Tuple | ListValue | DictValue | Function):
        return False
    return None


def _is_number(value: Value, abc: type) -> bool | None:
    """``isinstance(value, numbers.Real)`` (an ABC of ``numbers``): a JAX array, a tracer
    too, is none of them; a Python constant is what it is."""
    if (isinstance(value, Array) and not value.tree) or isinstance(value, Key | KeyArray):
        return False
    if isinstance(value, Const):
        return isinstance(value.value, abc)
    if isinstance(value, Tuple | ListValue | DictValue | Function):
        return False
    return None


def _isscalar(context: ApiCallContext) -> Values:
    """``np.isscalar(x)``: False for a JAX array (a tracer too), known for a constant."""
    answers: set[bool | None] = set()
    for value in context.arg("element"):
        if isinstance(value, Const):
            answers.add(isinstance(value.value, int | float | complex | bool | str | bytes))
        else:
            answers.add(_is_number(value, numbers.Number))
    if answers == {True} or answers == {False}:
        return one(Const(answers.pop()))
    return one(Static("bool"))


def _is_tracer(value: Value) -> bool | None:
    """``isinstance(value, jax.core.Tracer)``: known for an array whose tracer-ness is, and
    for Python values and NumPy arrays (never tracers)."""
    if isinstance(value, Array) and not value.tree and value.flavours is not None:
        return value.traced
    if isinstance(value, Const | NumpyArray | Tuple | ListValue | DictValue | Function):
        return False
    return None


def _subclass_of(cls: ClassValue, base: ClassValue) -> bool:
    if cls == base:
        return True
    return any(
        isinstance(parent, ClassValue) and _subclass_of(parent, base)
        for values in cls.bases
        for parent in values
    )


SPECS = (
    _converting("int", "int"),
    _converting("float", "float"),
    _converting("bool", "bool"),
    _converting("complex", "complex"),
    ApiSpec(
        "builtins.len",
        ("obj",),
        behaviour=_len,
        accepts=(
            Accepts(
                "obj",
                Requirement.SIZED,
                "len-of-0d-array",
                "import jax.numpy as jnp\n\nlen(jnp.ones(3).sum())\n",
            ),
        ),
    ),
    ApiSpec("builtins.range", ("start", "stop", "step"), behaviour=_range),
    ApiSpec("builtins.str", ("object",), result=Result.STATIC, static_type="str"),
    ApiSpec("builtins.repr", ("object",), result=Result.STATIC, static_type="str"),
    ApiSpec("builtins.format", ("value", "format_spec"), result=Result.STATIC, static_type="str"),
    ApiSpec("builtins.print", variadic="values", result=Result.NONE),
    ApiSpec("builtins.isinstance", ("obj", "classinfo"), behaviour=_isinstance),
    ApiSpec("builtins.issubclass", ("cls", "classinfo"), behaviour=_issubclass),
    ApiSpec("builtins.hasattr", ("obj", "name"), behaviour=_hasattr),
    ApiSpec("numpy.isscalar", ("element",), behaviour=_isscalar),
    ApiSpec("builtins.callable", ("obj",), result=Result.STATIC, static_type="bool"),
    ApiSpec("builtins.getattr", ("object", "name", "default"), behaviour=_getattr),
    ApiSpec("builtins.setattr", ("object", "name", "value"), behaviour=_setattr),
    ApiSpec("builtins.vars", ("object",), behaviour=_vars),
    # a frozen dataclass's ``__post_init__`` (and ``super().__setattr__``) sets fields so
    ApiSpec("builtins.object.__setattr__", ("object", "name", "value"), behaviour=_setattr),
    _container("list"),
    _container("tuple"),
    _container("dict"),
    _container("set"),
    _container("frozenset"),
    ApiSpec("builtins.zip", variadic="iterables", behaviour=_zip),
    ApiSpec("itertools.pairwise", ("iterable",), behaviour=_pairwise),
    ApiSpec("builtins.enumerate", ("iterable", "start"), behaviour=_enumerate),
    ApiSpec("builtins.sum", ("iterable", "start"), behaviour=_reduce_builtin),
    ApiSpec("builtins.min", variadic="args", behaviour=_reduce_builtin),
    ApiSpec("builtins.max", variadic="args", behaviour=_reduce_builtin),
    ApiSpec("builtins.abs", ("x",), behaviour=_abs),
    ApiSpec("builtins.round", ("number", "ndigits"), behaviour=_abs),
    ApiSpec("builtins.sorted", ("iterable", "key", "reverse"), behaviour=_compares_items),
    ApiSpec("builtins.reversed", ("iterable",), behaviour=_reversed),
    ApiSpec("builtins.map", ("function",), variadic="iterables", behaviour=_map),
    ApiSpec("builtins.filter", ("function", "iterable"), behaviour=_sorted),
    ApiSpec("builtins.iter", ("iterable",), behaviour=_iter),
    ApiSpec("builtins.next", ("iterator", "default"), behaviour=_next),
    ApiSpec("builtins.any", ("iterable",), behaviour=_truth_of_items),
    ApiSpec("builtins.all", ("iterable",), behaviour=_truth_of_items),
    ApiSpec("builtins.super", ("type", "object"), behaviour=_super),
    ApiSpec("builtins.staticmethod", ("function",), behaviour=_static_method),
    ApiSpec("builtins.classmethod", ("function",), behaviour=_static_method),
    ApiSpec("builtins.property", ("fget", "fset", "fdel", "doc"), behaviour=_property),
    ApiSpec("builtins.type", ("object",), behaviour=_type),
    ApiSpec("builtins.id", ("obj",), result=Result.STATIC, static_type="int"),
    ApiSpec("builtins.ord", ("c",), result=Result.STATIC, static_type="int"),
    ApiSpec("builtins.hash", ("obj",), result=Result.STATIC, static_type="int"),
    ApiSpec("builtins.divmod", ("a", "b"), result=Result.UNKNOWN),
    ApiSpec("builtins.pow", ("base", "exp"), behaviour=_abs),
    ApiSpec("builtins.slice", ("start", "stop", "step"), result=Result.STATIC, static_type="slice"),
    ApiSpec(
        "functools.partial",
        ("func",),
        behaviour=_partial,
        note="Fixes some arguments of a function; jaxlsp follows the call through it.",
    ),
    ApiSpec(
        "jax.tree_util.Partial",
        ("func",),
        behaviour=_partial,
        note="functools.partial as a pytree: its bound arguments are its leaves, so it can be "
        "passed to a jitted function; jaxlsp follows the call through it.",
    ),
    ApiSpec("functools.wraps", ("wrapped",), behaviour=_wraps),
    ApiSpec("functools.wraps.decorator", ("wrapped", "wrapper"), behaviour=_wraps_decorator),
    ApiSpec("functools.reduce", ("function", "iterable", "initial"), behaviour=_reduce),
    ApiSpec("functools.lru_cache", ("maxsize",), behaviour=_identity_decorator),
    ApiSpec("functools.cache", ("user_function",), behaviour=_identity_decorator),
    ApiSpec("functools.cached_property", ("func",), behaviour=_property),
    ApiSpec("dataclasses.field", (), behaviour=_field),
    ApiSpec("dataclasses.replace", ("obj",), behaviour=_replace),
    *(
        ApiSpec(name, ("cls",), behaviour=_dataclass_decorator)
        for name in ("dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass")
    ),
    ApiSpec("typing.cast", ("typ", "val"), behaviour=lambda c: c.arg("val")),
    ApiSpec("builtins.NotImplementedError", variadic="args", result=Result.UNKNOWN),
)

__all__ = ["BUILTIN_NAMES", "NONE", "SPECS"]
