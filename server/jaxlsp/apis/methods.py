"""Attributes and methods of modelled values: a JAX array's ``shape`` and ``reshape``, its
``.at[i].set(v)``, a custom derivative function's ``defvjp``, a list's ``append``.

Methods are specs named ``<type>.<method>`` (``jax.Array.reshape``) whose first parameter is
``self``, so the rules see a method call like any API call.
"""

from __future__ import annotations

from dataclasses import replace

from jaxlsp.apis import registry, shaping
from jaxlsp.apis.contracts import SizedByValues
from jaxlsp.apis.spec import ApiSpec, AxisParameter
from jaxlsp.infer import shapes as sizes
from jaxlsp.infer.frames import AtUpdate, Frame
from jaxlsp.infer.heap import ANY_FIELD
from jaxlsp.infer.interpreter import ApiCallContext, Interpreter, known_items
from jaxlsp.infer.values import (
    ANY,
    NONE,
    Api,
    ApiMethod,
    Array,
    AtIndexer,
    Const,
    CustomDerivative,
    DictValue,
    Function,
    InstanceDict,
    Key,
    KeyArray,
    ListValue,
    NumpyArray,
    Place,
    PrimalWrapper,
    Property,
    ShapeDtype,
    Site,
    StateRef,
    Static,
    Transformed,
    Tuple,
    Value,
    Values,
    distinct,
    join,
    one,
)

ARRAY = "jax.Array"

#: Array attributes that are static whatever the array (its shape is known while tracing).
_STATIC_ATTRIBUTES = {
    "shape": Static("tuple", one(Static("int"))),
    "ndim": Static("int"),
    "size": Static("int"),
    "dtype": Static("dtype"),
    "itemsize": Static("int"),
    "nbytes": Static("int"),
    "sharding": Static("Sharding"),
    "weak_type": Static("bool"),
}
#: Array attributes that are arrays computed from it.
_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag", "value"})

_ARRAY_METHODS = [
    "reshape",
    "sum",
    "mean",
    "max",
    "min",
    "prod",
    "std",
    "var",
    "any",
    "all",
    "argmax",
    "argmin",
    "cumsum",
    "cumprod",
    "astype",
    "transpose",
    "swapaxes",
    "squeeze",
    "flatten",
    "ravel",
    "clip",
    "round",
    "conj",
    "conjugate",
    "dot",
    "take",
    "repeat",
    "sort",
    "argsort",
    "nonzero",
    "copy",
    "block_until_ready",
    "view",
    "diagonal",
    "trace",
    "ptp",
    "searchsorted",
    "__getitem__",
    "__add__",
    "__mul__",
    "item",
    "tolist",
    "__array__",
    "__index__",
    "__int__",
    "__float__",
    "__bool__",
]


def attribute_of_value(
    interpreter: Interpreter, value: Value, name: str, frame: Frame, site: Site | None
) -> Values:
    if isinstance(value, Array):
        known = _known_attribute(value, name)
        if known is not None:
            return one(known)
        static = _STATIC_ATTRIBUTES.get(name)
        if static is not None:
            return one(static)
        if name == "at":
            return one(AtIndexer(one(value), None, site))
        if name == "device" and value.flavours == frozenset() and not value.tree:
            # a concrete array's device (a property since JAX 0.4.31; a tracer has none),
            # which keeps the array it was read from (where it was made, for the finding)
            return one(Static("Device", element=one(value)))
        if value.tree and (name in _LIST_METHODS or name in _DICT_METHODS):
            # a value that may be any pytree (a vmapped parameter nobody knows): ``copy``,
            # ``pop``, ``sort``... are a dict's or a list's methods too, so what they return
            # is not known to be an array (pyRDDLGym's ``fls = fls.copy()`` of a dict)
            return ANY
        if name in _ARRAY_ATTRIBUTES:
            made = interpreter.array_result(frame, one(value))
            shape = value.shape if name in ("real", "imag", "value") else None
            if name == "T" and value.shape is not None:
                shape = tuple(reversed(value.shape))
            elif name == "mT" and value.shape is not None and len(value.shape) >= 2:
                shape = (*value.shape[:-2], value.shape[-1], value.shape[-2])
            dtype = value.dtype
            if name in ("real", "imag"):
                dtype = shaping.real_part([shaping.Aval(None, dtype)])[0]
            return one(made.with_aval(shape, dtype, value.weak, site or value.origin))
        if name in _ARRAY_METHOD_NAMES:
            return one(ApiMethod(one(value), name, site=site))
        # a field of a pytree nobody knows the class of: a leaf, or a static field or
        # property (flax's ``pytree_node=False``, aux data, a shape), so unknown
        return ANY
    if isinstance(value, ShapeDtype):
        struct = _known_attribute(Array(frozenset(), None, False, value.dtype, value.shape), name)
        return one(struct) if struct is not None else ANY
    if isinstance(value, StateRef) and name in _REF_ATTRIBUTES:
        # a kernel Ref's block shape and dtype are static (``o_ref.shape``, ``x_ref.dtype``)
        known = _known_attribute(Array(frozenset(), None, False, value.dtype, value.shape), name)
        return one(known) if known is not None else ANY
    if isinstance(value, NumpyArray):
        if name in _STATIC_ATTRIBUTES:
            return one(_STATIC_ATTRIBUTES[name])
        return one(ApiMethod(one(value), name, site=site)) if name in _ARRAY_METHOD_NAMES else ANY
    if isinstance(value, AtIndexer) and value.index is not None:
        if name in _AT_METHODS:
            return one(ApiMethod(value.array, name, value.index, value.site))
        return ANY
    if isinstance(value, CustomDerivative):
        if name in ("defvjp", "defjvp", "defjvps"):
            return one(ApiMethod(one(value), name, site=site))
        return ANY
    if isinstance(value, PrimalWrapper):
        if name == "value":
            return value.value
        if name == "perturbed":
            return one(Static("bool"))
        return ANY
    if isinstance(value, Property):
        if name in ("setter", "getter", "deleter"):
            return one(ApiMethod(one(value), name, site=site))
        return ANY
    if isinstance(value, Key | KeyArray):
        if name in _STATIC_ATTRIBUTES:
            return one(_STATIC_ATTRIBUTES[name])
        return ANY
    if (
        isinstance(value, ListValue | DictValue)
        and name in _RELAYOUT.get(value.ref.what, ())
        and (value.ref.what, name) != ("dict", "pop")  # ``_dict_pop`` reads the entry first
    ):
        interpreter.heap.forget_layout(value.ref)  # a method that removes what it holds
    if isinstance(value, ListValue) and name in _LIST_METHODS:
        return one(ApiMethod(one(value), name, site=site))
    if isinstance(value, DictValue) and name in _DICT_METHODS:
        return one(ApiMethod(one(value), name, site=site))
    if isinstance(value, Const) and isinstance(value.value, str) and name in _STR_SPECS:
        return one(ApiMethod(one(value), name, site=site))
    if isinstance(value, InstanceDict) and name == "update":
        return one(ApiMethod(one(value), name, site=site))
    if isinstance(value, Transformed) and name in ("__wrapped__",):
        return value.inner
    if isinstance(value, Static) and name in ("shape", "ndim", "dtype"):
        return ANY
    if isinstance(value, Static) and value.type_name == "iinfo" and value.element:
        limit = _integer_limit(value.element, name)
        return ANY if limit is None else one(Const(limit))
    return ANY


#: The bits of each sized integer dtype (``np.iinfo(np.int64)``), and whether it is unsigned.
_INTEGER_BITS = {
    **{f"int{bits}": (bits, False) for bits in (8, 16, 32, 64)},
    **{f"uint{bits}": (bits, True) for bits in (8, 16, 32, 64)},
}


def iinfo_of(values: Values) -> Values:
    """``np.iinfo(dtype)`` / ``jnp.iinfo(dtype)`` of a sized integer dtype named for certain
    (``np.int64``, ``"uint8"``): an object that knows its ``min``, ``max`` and ``bits``; any
    other argument (``int``, whose size depends on the platform or on x64, an array) gives
    one that does not."""
    name = shaping.dtype_name(values)
    if name is None or name not in _INTEGER_BITS:
        return one(Static("iinfo"))
    return one(Static("iinfo", element=one(Const(name))))


def _integer_limit(element: Values, name: str) -> int | None:
    """``min``, ``max`` or ``bits`` of the integer dtype ``element`` names."""
    if len(element) != 1 or not isinstance(element[0], Const):
        return None
    found = _INTEGER_BITS.get(str(element[0].value))
    if found is None:
        return None
    bits, unsigned = found
    if name == "bits":
        return bits
    limit: int = 1 << (bits if unsigned else bits - 1)
    if name == "max":
        return limit - 1
    if name == "min":
        return 0 if unsigned else -limit
    return None


#: The attributes of a Ref read as those of an array of its shape and dtype.
_REF_ATTRIBUTES = frozenset({"shape", "ndim", "size", "dtype"})


def _known_attribute(array: Array, name: str) -> Value | None:
    """``x.shape``, ``x.ndim``, ``x.size``, ``x.dtype`` of an array whose shape (or dtype) is
    known: the static values themselves (``x.shape`` is a tuple of its dimensions)."""
    if array.tree:
        return None
    shape = array.shape
    if name == "shape" and shape is not None:
        return Tuple(tuple(one(dim_value(d)) for d in shape))
    if name == "ndim" and shape is not None:
        return Const(len(shape))
    if name == "size" and shape is not None:
        return dim_value(sizes.size(shape))
    if name == "dtype" and array.dtype is not None:
        return Api(f"jax.numpy.{array.dtype}")
    return None


def dim_value(dim: sizes.Dim) -> Value:
    """A dimension as a Python value: an int, or an int named in terms of sizes."""
    if isinstance(dim, int):
        return Const(dim)
    return Static("int", dim=dim)


def spec_of_method(method: ApiMethod) -> ApiSpec | None:
    """The spec of a modelled method, by its owner's type."""
    owners = method.owner
    if method.index is not None:
        return _AT_SPECS.get(method.name)
    if all(isinstance(v, Array | NumpyArray) for v in owners):
        return _ARRAY_SPECS.get(method.name)
    if all(isinstance(v, CustomDerivative) for v in owners):
        api = owners[0].api  # type: ignore[attr-defined]
        return registry.spec_for(f"{api}.{method.name}")
    if all(isinstance(v, ListValue) for v in owners):
        return _LIST_SPECS.get(method.name)
    if all(isinstance(v, DictValue) for v in owners):
        return _DICT_SPECS.get(method.name)
    if all(isinstance(v, Const) and isinstance(v.value, str) for v in owners):
        return _STR_SPECS.get(method.name)
    if all(isinstance(v, InstanceDict) for v in owners) and method.name == "update":
        return _FIELDS_UPDATE
    if all(isinstance(v, Property) for v in owners):
        return _PROPERTY_SPECS.get(method.name)
    return None


def _conversion(operation: str, *, nested: bool = False) -> object:
    def behaviour(context: ApiCallContext) -> Values:
        """``x.item()``, ``x.tolist()``: the value on the host.  ``tolist`` (``nested``) of an
        array with dimensions is a nested list, not a number: a number only where every array
        is known to be 0-d, else unknown (its rank would prove errors the list does not raise)."""
        owner = context.arg("self")
        if any(isinstance(v, Array) for v in owner):
            context.interpreter.convert(
                context.site, operation, owner, context.frame, None, context.state
            )
        if nested and not all(isinstance(v, Array | NumpyArray) and v.shape == () for v in owner):
            return ANY
        return one(Static("number"))

    return behaviour


#: NumPy array methods that may give a NumPy scalar (hashable), not an array.
NUMPY_SCALAR_METHODS = frozenset(
    [
        "sum",
        "mean",
        "max",
        "min",
        "prod",
        "std",
        "var",
        "argmax",
        "argmin",
        "any",
        "all",
        "item",
        "ptp",
        "trace",
    ]
)


def _array_method(context: ApiCallContext) -> Values:
    owner = context.arg("self")
    if all(isinstance(v, NumpyArray) for v in owner):
        method = context.method.name if context.method is not None else ""
        return ANY if method in NUMPY_SCALAR_METHODS else one(NumpyArray())
    return one(context.interpreter.array_result(context.frame, *context.arguments.values()))


def _reshape(context: ApiCallContext) -> Values:
    """``x.reshape(a, b)`` or ``x.reshape((a, b))``: a shape, as for ``jnp.reshape`` (a NumPy
    array keeps an explicit one: ``np.array(jax.devices()).reshape(4, 2)``)."""
    owner = context.arg("self")
    if all(isinstance(v, NumpyArray) for v in owner):
        dims = shaping.shape_argument(context.arg("shape", ()), context.interpreter.heap)
        if dims is not None and all(d >= 0 for d in dims):
            return one(NumpyArray(tuple(dims)))
    return _array_method(context)


def _astype(context: ApiCallContext) -> Values:
    owner = context.arg("self")
    if all(isinstance(v, NumpyArray) for v in owner):
        return one(NumpyArray())
    made = context.interpreter.array_result(context.frame, owner)
    dtype = shaping.dtype_name(context.arg("dtype", ()))
    return one(Array(made.flavours, made.trace, False, dtype))


def _at_update(name: str) -> object:
    def behaviour(context: ApiCallContext) -> Values:
        interpreter = context.interpreter
        owner = context.arg("self")
        method = context.method
        index = method.index if method is not None and method.index is not None else ANY
        interpreter.facts.at_updates.append(
            AtUpdate(
                context.site, owner, index, name, context.frame, method.site if method else None
            )
        )
        return one(interpreter.array_result(context.frame, owner, context.arg("values", ())))

    return behaviour


def _list_grow(context: ApiCallContext) -> Values:
    """``append``, ``extend``, ``insert``: a statement of its own in the straight code that
    made the list (``Interpreter.straight``) appends or extends it in order; any other grows
    it to an unknown length."""
    interpreter = context.interpreter
    name = context.spec.name
    given = context.arg("object", ANY)
    extends = name.endswith(".extend")
    element = interpreter.element_of(given) if extends else given
    added: tuple[Values, ...] | None = None
    if interpreter.statement_call is context.site.node and not name.endswith(".insert"):
        items = known_items(given, interpreter.heap) if extends else [given]
        added = tuple(items) if items is not None else None
    for owner in context.arg("self"):
        if not isinstance(owner, ListValue):
            continue
        if added is None:
            interpreter.heap.grow_list(owner.ref, element)
        else:
            interpreter.heap.add_items(owner.ref, added, element, interpreter.straight)
    return one(NONE)


def _list_pop(context: ApiCallContext) -> Values:
    """``lst.pop()``: one of the list's items.  Which one is not followed (each pop takes
    another), so a key from several is the key this call took: two pops are not one key
    consumed twice."""
    found = [
        context.interpreter.heap.list_element(owner.ref)
        for owner in context.arg("self")
        if isinstance(owner, ListValue)
    ]
    popped = join(*found) if found else ANY
    identities = {v.identity for v in popped if isinstance(v, Key)}
    if not identities or (len(identities) == 1 and not _any_item(next(iter(identities)))):
        return popped  # no key, or one key every item is (``[key, key].pop()``)
    # the key this call took: its own (a second pop is another key; this one used twice is
    # one key reused)
    taken = (context.site, "popped") if context.site is not None else None
    return distinct([Key(taken, v.typed, v.flavours) if isinstance(v, Key) else v for v in popped])


def _any_item(identity: object) -> bool:
    """Whether a key's identity is "an item of a key array, not known which" (what iterating
    ``jax.random.split(key, n)`` gives)."""
    return isinstance(identity, tuple) and len(identity) == 2 and identity[1] == "item"


def _dict_get(context: ApiCallContext) -> Values:
    """``d.get(key, default)`` (and ``setdefault``): the entry where the key is there, the
    default where it is not."""
    found: list[Values] = []
    heap = context.interpreter.heap
    key = context.arg("key")
    default = context.arguments.get("default", one(NONE))
    for owner in context.arg("self"):
        if not isinstance(owner, DictValue):
            found.append(ANY)
            continue
        held = heap.has_item(owner.ref, key)
        if held is not False:
            found.append(heap.read_item(owner.ref, key))
        if held is not True:
            found.append(default)
            if context.spec.name.endswith(".setdefault"):
                heap.write_item(owner.ref, key, default)
    return join(*found) if found else ANY


def _dict_pop(context: ApiCallContext) -> Values:
    """``d.pop(key, default)``: the entry where the key is there, the default where it is not
    (``kwargs.pop("flag", True)``); then that key may be gone, and only it: options popped
    one after another each read their own entry (``Heap.remove_item``).  Without a default,
    a key not there raises KeyError: nothing is known of that path's value."""
    found: list[Values] = []
    heap = context.interpreter.heap
    key = context.arg("key")
    for owner in context.arg("self"):
        if not isinstance(owner, DictValue):
            found.append(ANY)
            continue
        held = heap.has_item(owner.ref, key)
        if held is not False:
            found.append(heap.read_item(owner.ref, key))
        if held is not True:
            found.append(context.arguments.get("default", ANY))
        heap.remove_item(owner.ref, key)
    return join(*found) if found else ANY


def _dict_values(context: ApiCallContext) -> Values:
    """``d.items()``/``d.values()``: each entry in order when every key is known (a loop
    over a config dict's items), else a view of any of them."""
    owner = context.arg("self")
    items = context.spec.name.endswith(".items")
    if len(owner) == 1 and isinstance(owner[0], DictValue):
        entries = context.interpreter.heap.constant_entries(owner[0].ref)
        if entries:
            return one(
                Tuple(
                    tuple(
                        one(Tuple((one(Const(key)), value))) if items else value
                        for key, value in entries
                    )
                )
            )
    found = [
        context.interpreter.heap.dict_values(owner.ref)
        for owner in context.arg("self")
        if isinstance(owner, DictValue)
    ]
    element = join(*found) if found else ANY
    if items:
        element = one(Tuple((ANY, element)))
    return one(Static("view", element))


def _dict_update(context: ApiCallContext) -> Values:
    """``d.update(other, **entries)``: the entries are written (unknown ones under any key)."""
    heap = context.interpreter.heap
    for owner in context.arg("self"):
        if not isinstance(owner, DictValue):
            continue
        for name, values in context.raw.keywords.items():
            heap.write_item(owner.ref, one(Const(name)), values)
        for other in context.raw.positional[1:]:
            sources = [v for v in other if isinstance(v, DictValue)]
            if len(sources) != len(other):
                heap.write_item(owner.ref, ANY, ANY)
            for source in sources:
                heap.merge_dict(owner.ref, source.ref)
        if context.raw.starred or context.raw.spread:
            heap.write_item(owner.ref, ANY, ANY)
    return one(NONE)


_AT_METHODS = ("set", "add", "multiply", "mul", "divide", "power", "min", "max", "apply", "get")
_ARRAY_METHOD_NAMES = frozenset(_ARRAY_METHODS)
#: Methods that remove items or keys (not modelled item by item): after one, a container's
#: length or keys are unknown.


def array_has(name: str) -> bool:
    """Whether every JAX array (a tracer too) has the attribute ``name``."""
    return (
        name in _STATIC_ATTRIBUTES
        or name in _ARRAY_ATTRIBUTES
        or name in _ARRAY_METHOD_NAMES
        or name in ("at", "aval")
    )


_RELAYOUT = {
    "list": frozenset({"pop", "remove", "clear", "__delitem__"}),
    "dict": frozenset({"pop", "popitem", "clear", "__delitem__"}),
}
_LIST_METHODS = ("append", "extend", "insert", "pop", "index", "count", "copy", "reverse", "sort")
_DICT_METHODS = ("get", "items", "values", "keys", "update", "setdefault", "pop", "copy")

_ARRAY_SPECS: dict[str, ApiSpec] = {
    name: ApiSpec(f"{ARRAY}.{name}", ("self",), variadic="args", behaviour=_array_method)
    for name in _ARRAY_METHODS
}
_REDUCING = ("self", "axis", "dtype", "out", "keepdims")
_SELECTING = ("self", "axis", "out", "keepdims")


def _method(
    name: str,
    params: tuple[str, ...],
    output: shaping.OutputRule,
    variadic: str | None = None,
    axes: tuple[str, ...] = ("axis",),
) -> ApiSpec:
    """An array method; ``axes``: its parameters that name axes of the array."""
    return ApiSpec(
        f"{ARRAY}.{name}",
        params,
        variadic=variadic,
        behaviour=_array_method,
        output=output,
        axis_parameters=tuple(
            AxisParameter(axis, "self") for axis in axes if axis in (*params, variadic)
        ),
    )


_ARRAY_SPECS.update(
    {
        "item": ApiSpec(f"{ARRAY}.item", ("self",), variadic="args", behaviour=_conversion("item")),  # type: ignore[arg-type]
        "tolist": ApiSpec(f"{ARRAY}.tolist", ("self",), behaviour=_conversion("item", nested=True)),  # type: ignore[arg-type]
        "reshape": ApiSpec(
            f"{ARRAY}.reshape",
            ("self",),
            variadic="shape",
            shapes=("shape",),
            behaviour=_reshape,
            output=shaping.reshape("self", "shape"),
        ),
        "astype": ApiSpec(
            f"{ARRAY}.astype",
            ("self", "dtype"),
            behaviour=_astype,
            output=shaping.cast("self", "dtype"),
        ),
        **{
            name: _method(name, _REDUCING, shaping.reduction("self", dtype=shaping.summed))
            for name in ("sum", "prod")
        },
        "mean": _method("mean", _REDUCING, shaping.reduction("self", dtype=shaping.inexact)),
        **{
            name: _method(
                name,
                ("self", "axis", "dtype", "out", "ddof", "keepdims"),
                shaping.reduction("self", dtype=shaping.inexact),
            )
            for name in ("std", "var")
        },
        **{
            name: _method(name, _SELECTING, shaping.reduction("self"))
            for name in ("max", "min", "ptp")
        },
        **{
            name: _method(name, _SELECTING, shaping.reduction("self", dtype=shaping.boolean))
            for name in ("any", "all")
        },
        **{
            name: _method(name, _SELECTING, shaping.reduction("self", dtype=shaping.integer))
            for name in ("argmax", "argmin")
        },
        **{
            name: _method(name, ("self", "axis", "dtype", "out"), shaping.cumulative("self"))
            for name in ("cumsum", "cumprod")
        },
        "transpose": _method(
            "transpose", ("self",), shaping.transpose("self", "axes"), "axes", ("axes",)
        ),
        "swapaxes": _method(
            "swapaxes",
            ("self", "axis1", "axis2"),
            shaping.swapaxes("self"),
            axes=("axis1", "axis2"),
        ),
        "squeeze": _method("squeeze", ("self", "axis"), shaping.squeeze("self")),
        "flatten": _method("flatten", ("self", "order"), shaping.ravel("self")),
        "ravel": _method("ravel", ("self", "order"), shaping.ravel("self")),
        "dot": _method("dot", ("self", "b"), shaping.dot("self", "b")),
        "repeat": replace(
            _method("repeat", ("self", "repeats", "axis"), shaping.repeat("self")),
            checks=(SizedByValues(("repeats",), "total_repeat_length", constants_traced=False),),
        ),
        "nonzero": ApiSpec(
            f"{ARRAY}.nonzero",
            ("self",),
            behaviour=_array_method,
            checks=(SizedByValues(("self",)),),
        ),
        "argsort": _method("argsort", ("self", "axis"), shaping.same_as("self", shaping.integer)),
        "diagonal": _method(
            "diagonal", ("self", "offset", "axis1", "axis2"), shaping.diagonal("self"), axes=()
        ),
        **{
            name: _method(name, ("self",), shaping.same_as("self"), "args")
            for name in ("clip", "round", "conj", "conjugate", "copy", "sort", "block_until_ready")
        },
    }
)
_AT_SPECS: dict[str, ApiSpec] = {
    name: ApiSpec(f"{ARRAY}.at.{name}", ("self", "values"), behaviour=_at_update(name))  # type: ignore[arg-type]
    for name in _AT_METHODS
}
_LIST_SPECS: dict[str, ApiSpec] = {
    "append": ApiSpec("builtins.list.append", ("self", "object"), behaviour=_list_grow),
    "extend": ApiSpec("builtins.list.extend", ("self", "object"), behaviour=_list_grow),
    "insert": ApiSpec("builtins.list.insert", ("self", "index", "object"), behaviour=_list_grow),
    "pop": ApiSpec("builtins.list.pop", ("self", "index"), behaviour=_list_pop),
}
_DICT_SPECS: dict[str, ApiSpec] = {
    "get": ApiSpec("builtins.dict.get", ("self", "key", "default"), behaviour=_dict_get),
    "items": ApiSpec("builtins.dict.items", ("self",), behaviour=_dict_values),
    "values": ApiSpec("builtins.dict.values", ("self",), behaviour=_dict_values),
    "update": ApiSpec("builtins.dict.update", ("self",), behaviour=_dict_update),
    "setdefault": ApiSpec(
        "builtins.dict.setdefault", ("self", "key", "default"), behaviour=_dict_get
    ),
    "pop": ApiSpec("builtins.dict.pop", ("self", "key", "default"), behaviour=_dict_pop),
}


def _fields_update(context: ApiCallContext) -> Values:
    """``obj.__dict__.update(mapping, **entries)``: each known entry sets the field of its
    name; a mapping whose entries are not known may set any field to anything."""
    heap = context.interpreter.heap
    entries: list[tuple[str | int, Values]] = list(context.raw.keywords.items())
    known = not (context.raw.starred or context.raw.spread)
    for mapping in context.raw.positional[1:]:
        found = (
            heap.constant_entries(mapping[0].ref)
            if len(mapping) == 1 and isinstance(mapping[0], DictValue)
            else None
        )
        if found is None:
            known = False
        else:
            entries.extend(found)
    for owner in context.arg("self"):
        if not isinstance(owner, InstanceDict):
            continue
        ref = owner.instance.ref
        if not known:
            for field_name, _ in heap.field_items(ref):
                heap.write_field(ref, field_name, ANY)
                context.state.forget(Place(ref, field_name))
            heap.write_field(ref, ANY_FIELD, ANY)  # and any field not written before
        for key, values in entries:
            if isinstance(key, str):
                heap.write_field(ref, key, values)
                context.state.forget(Place(ref, key))  # what a test of it said is stale
    return one(NONE)


_FIELDS_UPDATE = ApiSpec("builtins.object.__dict__.update", ("self",), behaviour=_fields_update)


def _property_accessor(context: ApiCallContext) -> Values:
    """``@name.setter`` (``deleter``): the same property, read through its getter still;
    ``@name.getter``: a property read through the new function."""
    owner = context.arg("self")
    if context.spec.name.endswith(".getter"):
        functions = [v for v in context.arg("function") if isinstance(v, Function)]
        return one(Property(functions[0])) if functions else ANY
    return owner


_PROPERTY_SPECS = {
    name: ApiSpec(f"builtins.property.{name}", ("self", "function"), behaviour=_property_accessor)
    for name in ("setter", "getter", "deleter")
}


def _str_method(context: ApiCallContext) -> Values:
    """A string method of a known string (``name.startswith("aux_")``): computed when its
    arguments are known constants too, so a branch or a filter on a name is known."""
    name = context.spec.name.rsplit(".", 1)[-1]
    owner = context.arg("self")
    constants = [
        a[0].value for a in context.raw.positional[1:] if len(a) == 1 and isinstance(a[0], Const)
    ]
    if (
        len(owner) == 1
        and isinstance(owner[0], Const)
        and not context.raw.keywords
        and len(constants) == len(context.raw.positional) - 1
    ):
        try:
            result = getattr(str, name)(owner[0].value, *constants)
        except (TypeError, ValueError):
            return ANY  # the call raises; not this model's to say
        if isinstance(result, bool) or (isinstance(result, str) and len(result) <= 4096):
            return one(Const(result))
    return one(Static("bool" if name.startswith(("starts", "ends", "is")) else "str"))


#: Methods of a string whose result follows from the string and their arguments alone.
_STR_METHODS = """
    startswith endswith isdigit isalpha isidentifier lower upper strip lstrip rstrip replace
    removeprefix removesuffix
"""
_STR_SPECS: dict[str, ApiSpec] = {
    name: ApiSpec(f"builtins.str.{name}", ("self",), variadic="args", behaviour=_str_method)
    for name in _STR_METHODS.split()
}

SPECS = (
    *_ARRAY_SPECS.values(),
    *_AT_SPECS.values(),
    *_LIST_SPECS.values(),
    *_DICT_SPECS.values(),
    *_STR_SPECS.values(),
    _FIELDS_UPDATE,
)

__all__ = ["SPECS", "Const", "attribute_of_value", "spec_of_method"]
