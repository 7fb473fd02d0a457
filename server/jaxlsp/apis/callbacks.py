"""What ``jax.pure_callback`` requires of a call, checked when it is made (measured on the
pinned JAX, ``jax/_src/callback.py`` and ``jax/_src/ffi.py``).

- Under ``jax.vmap``, a callback given a batched argument and no ``vmap_method`` raises
  NotImplementedError (the batching rule refuses to guess how the host function batches;
  ``vectorized=True`` no longer chooses one, it is passed on to the callback). A callback
  whose arguments are none of them batched is not batched, and runs.
- ``result_shape_dtypes`` is a pytree of objects with a ``shape`` and a ``dtype`` (a
  ``jax.ShapeDtypeStruct``, an array): a raw shape (``x.shape``, ``[2, 3]``) has Python ints
  as its leaves, and reading the first one's ``dtype`` raises AttributeError.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jaxlsp.apis.contracts import Violation, check_asking
from jaxlsp.apis.shaping import items_of
from jaxlsp.infer.frames import ApiCall
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import (
    ANY,
    Array,
    Const,
    Flavour,
    ShapeDtype,
    Static,
    Tuple,
    Values,
    one,
    surely_traced,
)

if TYPE_CHECKING:
    from jaxlsp.infer.interpreter import ApiCallContext

#: The tracers a callback's batching rule sees: vmap's.
_BATCHED = frozenset({Flavour.BATCHED})
#: The tracers a callback's JVP rule sees: a differentiating transform's.
_DIFFERENTIATED = frozenset({Flavour.DIFFERENTIATED})
#: The Python numbers a raw shape holds (``Static`` of these types: ``x.shape[0]``).
_NUMBER_TYPES = frozenset({"int", "float", "bool"})


def result(context: ApiCallContext) -> Values:
    """What the call returns: one array when ``result_shape_dtypes`` surely is one leaf (a
    ``ShapeDtypeStruct``, an array); otherwise a pytree of its structure (a tuple of two
    gives a pair), not modelled: unknown, never a leaf that a branch's structure would be
    compared with (kfac-jax's ``lax.cond`` of a callback's pair and a pair runs)."""
    given = context.arguments.get("result_shape_dtypes")
    if given and all(isinstance(value, ShapeDtype | Array) for value in given):
        return one(context.interpreter.array_result(context.frame, *context.arguments.values()))
    return ANY


@check_asking("a vmap_method when the call is batched")
def batched_without_vmap_method(call: ApiCall, heap: Heap) -> Violation | None:
    """A callback given a tracer of a ``jax.vmap`` that runs around it, with no
    ``vmap_method`` (or None): vmap's batching rule raises NotImplementedError."""
    if call.open_ended:
        return None  # a ``**options`` may hold vmap_method
    method = call.arguments.get("vmap_method")
    if method is not None and method != (Const(None),):
        return None
    arguments = call.arguments.get("args", ())
    if len(arguments) != 1 or not isinstance(arguments[0], Tuple):
        return None
    for item in arguments[0].items:
        tracer = surely_traced(item, _BATCHED)
        if not isinstance(tracer, Array) or tracer.trace not in call.frame.context:
            continue
        # reported at the call: the mistake is the option it leaves out
        return Violation("callback-vmap-method", "args", item, None, tracer)
    return None


@check_asking("no argument differentiated")
def differentiated(call: ApiCall, heap: Heap) -> Violation | None:
    """A callback given a tracer of a differentiating transform around it (``jax.grad``,
    ``jvp``...): pure_callback has no JVP rule, and raises ValueError."""
    arguments = call.arguments.get("args", ())
    if len(arguments) != 1 or not isinstance(arguments[0], Tuple):
        return None
    for item in arguments[0].items:
        tracer = surely_traced(item, _DIFFERENTIATED)
        if not isinstance(tracer, Array) or tracer.trace not in call.frame.context:
            continue
        return Violation("callback-jvp", "args", item, None, tracer)
    return None


@check_asking("a pytree of ShapeDtypeStructs, not a raw shape")
def raw_result_shape(call: ApiCall, heap: Heap) -> Violation | None:
    """``result_shape_dtypes`` whose first leaf is surely a Python number (a shape given
    where a ``ShapeDtypeStruct`` goes): JAX reads its ``dtype`` and raises AttributeError."""
    values = call.arguments.get("result_shape_dtypes")
    if values is None:
        return None
    leaf = _first_leaf(values, heap, 0)
    if leaf is None:
        return None
    return Violation(
        "callback-result-shape",
        "result_shape_dtypes",
        values,
        call.nodes.get("result_shape_dtypes"),
        described=leaf,
    )


def _first_leaf(values: Values, heap: Heap, depth: int) -> str | None:
    """What the first leaf of a tuple or list argument is, when it surely is a Python
    number (its type's name: "int"); None when it is anything else or not known."""
    if depth > 4:
        return None
    items = items_of(values, heap)
    if items is not None:
        if not items:
            return None  # an empty container has no leaf: its next sibling is first
        return _first_leaf(items[0], heap, depth + 1) if depth < 4 else None
    if not values:
        return None
    described: set[str] = set()
    for value in values:
        if isinstance(value, Const) and type(value.value) in (int, float, bool):
            described.add(type(value.value).__name__)
        elif isinstance(value, Static) and value.type_name in _NUMBER_TYPES:
            described.add(value.type_name)
        else:
            return None
    return " or ".join(sorted(described))
