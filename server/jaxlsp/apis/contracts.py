"""What the modelled operations require of their arguments, and when a call surely breaks it.

One source of truth for the interpreter (a path that surely raises ends there, so what follows
it on that path is not reported as well) and the rules (which report the violation): a
conversion of a tracer that has no value to give, a NumPy call on a tracer, a traced dimension
in a shape, a traced bound where a concrete one is needed, a plain int where a PRNG key goes,
an item assignment to a JAX array, a traced boolean mask.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxlsp.apis.signatures import Signature, signature_of
from jaxlsp.apis.tracing import int_set, str_set
from jaxlsp.infer.frames import ApiCall, Conversion, Subscript
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import (
    NONE,
    Array,
    BoundMethod,
    Const,
    DictValue,
    Flavour,
    Key,
    ListValue,
    Static,
    Tuple,
    Value,
    Values,
    surely_traced,
)

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
}


@dataclass(frozen=True)
class Violation:
    """One argument of one call that breaks its API's contract."""

    #: "host" (NumPy converts a tracer), "shape" (a traced dimension), "concrete" (a traced
    #: value where a concrete one is needed), "key" (not a PRNG key where one goes).
    kind: str
    parameter: str
    value: Values
    #: The argument's expression, when the call spells it.
    node: ast.expr | None
    tracer: Array | Key | None = None
    #: For "key": what the value is ("the int 0", "None").
    described: str = ""


def refused(conversion: Conversion) -> Array | Key | None:
    """The tracer a conversion surely cannot convert, if any."""
    refusing = REFUSING.get(conversion.operation)
    if refusing is None:
        return None
    return surely_traced(conversion.value, refusing)


def violations(call: ApiCall, heap: Heap) -> list[Violation]:
    """Every way ``call`` surely breaks its API's contract."""
    spec = call.api
    found: list[Violation] = []
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
    for check in spec.checks:
        violation = check(call, heap)
        if violation is not None:
            found.append(violation)
    return found


def scans_nothing(call: ApiCall, heap: Heap) -> Violation | None:
    """``lax.scan`` with no leaves in ``xs`` (None, an empty tuple, list or dict) and no
    ``length``: nothing says how many steps."""
    xs = call.arguments.get("xs", (NONE,))
    length = call.arguments.get("length", (NONE,))
    if length != (NONE,) or not has_no_leaves(xs, heap):
        return None
    return Violation("scan-length", "xs", xs, call.nodes.get("xs"))


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


def masks_traced(subscript: Subscript) -> Array | None:
    """``x[mask]`` on a JAX array with a traced boolean ``mask``."""
    if subscript.store or not subscript.container:
        return None
    if not all(isinstance(v, Array) and not v.tree for v in subscript.container):
        return None
    return traced_mask(subscript.index)


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
        elif isinstance(value, Array | Key):
            found.append((value,))
    return found


@dataclass(frozen=True)
class WrapViolation:
    """A transform's static options that do not fit the function it wraps (checked by
    ``jax.jit`` when it wraps the function, so the wrap itself raises)."""

    #: "argnums" (an index past the positional parameters) or "argnames" (no such parameter).
    kind: str
    option: str
    #: The offending index or name.
    offending: int | str
    signature: Signature
    bound_method: bool


_ARGNUMS_OPTIONS = ("static_argnums", "donate_argnums", "static_broadcasted_argnums")


def wrap_violations(
    api: str, arguments: dict[str, Values], heap: Heap | None = None
) -> list[WrapViolation]:
    """What ``jax.jit(f, ...)`` (or ``pmap``) refuses when it wraps ``f`` (``heap``: what the
    lists given as options hold)."""
    if api not in ("jax.jit", "jax.pmap"):
        return []
    fun = arguments.get("fun", ())
    signature = signature_of(fun)
    if signature is None:
        return []
    bound = len(fun) == 1 and isinstance(fun[0], BoundMethod)
    found: list[WrapViolation] = []
    if not signature.varargs:
        count = len(signature.positional)
        for option in _ARGNUMS_OPTIONS:
            numbers = int_set(arguments.get(option), heap)
            bad = sorted(n for n in numbers or () if n >= count or n < -count)
            if bad:
                found.append(WrapViolation("argnums", option, bad[0], signature, bound))
                break
    if api == "jax.jit" and not signature.varkw:
        for option in ("static_argnames", "donate_argnames"):
            names = str_set(arguments.get(option), heap) or set()
            unknown = sorted(names - set(signature.names))
            if unknown:
                found.append(WrapViolation("argnames", option, unknown[0], signature, bound))
                break
    return found
