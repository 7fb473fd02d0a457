"""``jax.lax``: the control-flow primitives (their bodies are staged: the carry and the
iterated values are tracers), the collectives and the array operations users call directly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from jaxlsp.apis import shaping
from jaxlsp.apis import transform_shapes as batching
from jaxlsp.apis.contracts import (
    NO_VALUE,
    Accepts,
    CarryOfJaxTypes,
    IntOperand,
    Requirement,
    Violation,
    check_asking,
    loop_carry_structure,
    not_callable,
    old_cond_form,
    real_input,
    same_dtype,
    scans_nothing,
)
from jaxlsp.apis.jax_api import REVERSE_MODE, tree_like
from jaxlsp.apis.spec import ApiSpec, AxisParameter, Result
from jaxlsp.apis.tracing import (
    axis_names_of,
    invoke,
    lift,
    trace_of,
    traced,
    unshaped,
    without,
)
from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.frames import ApiCall
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import ApiCallContext, Arguments
from jaxlsp.infer.pytrees import difference, structure_of
from jaxlsp.infer.values import (
    ANY,
    NONE,
    Api,
    ApiMethod,
    Array,
    BoundMethod,
    ClassValue,
    Const,
    CustomDerivative,
    DictValue,
    Flavour,
    Function,
    ListValue,
    NumpyArray,
    Partial,
    ShardMapped,
    Static,
    Transformed,
    Tuple,
    Value,
    Values,
    join,
    one,
    surely_traced,
)


def _scan(context: ApiCallContext) -> Values:
    """``lax.scan(f, init, xs, length)``: ``f(carry, x)`` traced once; it must return
    ``(carry, y)`` with the carry's type unchanged; the result is ``(carry, stacked ys)``."""
    interpreter = context.interpreter
    body = context.arg("f")
    trace = trace_of("jax.lax.scan", Flavour.STAGED, context.site, body)
    carry = traced(interpreter, context.arg("init"), trace)
    xs = context.arg("xs", one(NONE))
    x = one(NONE) if xs == one(NONE) else traced(interpreter, xs, trace, batching.unbatched(0))
    result = invoke(
        interpreter,
        "jax.lax.scan",
        "body",
        body,
        Arguments([carry, x]),
        context.site,
        context.frame,
        context.state,
        trace,
    )
    parts = interpreter.unpack(result, 2, context.frame, context.site.node)
    if result and all(isinstance(v, Tuple) and len(v.items) == 2 for v in result):
        # (a body that returns no pair fails on that first)
        _check_carry(context, "scan", "scan-carry", carry, parts[0], _parameter(body, 0))
    length = shaping.dim_of(context.arg("length", ())) if context.has("length") else None
    if length is None and xs != one(NONE):
        length = batching.leading_size(xs, interpreter.heap)
    inputs = list(context.arguments.values())
    return one(
        Tuple(
            (
                lift(interpreter, parts[0], context.frame, inputs),
                lift(
                    interpreter, parts[1], context.frame, inputs, leaf=batching.batched(length, 0)
                ),
            )
        )
    )


def _check_carry(
    context: ApiCallContext, loop: str, kind: str, carry: Values, returned: Values, name: str
) -> None:
    """A loop body that surely returns its carry with another shape or dtype raises."""
    difference = batching.type_difference(carry, returned, context.interpreter.heap)
    if difference is not None:
        mismatch = batching.carry_mismatch(loop, kind, name, difference)
        context.interpreter.shape_error(
            context.site, context.spec.short, mismatch, context.frame, context.state
        )


def _parameter(function: Values, position: int) -> str:
    """The name of a function's parameter (for messages), else "carry"."""
    if len(function) == 1 and isinstance(function[0], Function):
        args = function[0].node.args
        names = [a.arg for a in (*args.posonlyargs, *args.args)]
        if position < len(names):
            return names[position]
    return "carry"


def _check_axis_bound(context: ApiCallContext) -> None:
    """A collective whose axis name no enclosing transform binds raises NameError: reported
    (ending the path) where every transform around the frame is known (its callers are) and
    says which names it binds.  An unbound name inside a shard_map raises another error."""
    frame = context.frame
    names = axis_names_of(context.arguments.get("axis_name"))
    if frame.open_context or not names:
        return
    bound: set[str] = set()
    in_shard_map = False
    for trace in frame.context:
        if trace.axis_names is None:
            return
        in_shard_map = in_shard_map or trace.kind == "jax.shard_map"
        bound |= trace.axis_names
    unbound = sorted(names - bound)
    if not unbound:
        return
    if in_shard_map:
        _check_axis_in_mesh(context, names, unbound)
        return
    around = ", ".join(f"`{trace.kind}`" for trace in frame.context) or "none"
    mismatch = shaping.Mismatch(
        "unbound-axis-name",
        f"Found an unbound axis name: {unbound[0]!r}: no enclosing jax.vmap or jax.pmap "
        f"(axis_name=...) or jax.shard_map (its mesh's axes) binds it; the transforms around "
        f"this call: {around}",
        (),
        context.node("axis_name"),
    )
    context.interpreter.shape_error(
        context.site, context.spec.short, mismatch, context.frame, context.state
    )


#: The collectives that, inside a shard_map, raise a bare AssertionError for an array over an
#: axis name the mesh lacks (measured on the pinned JAX; all_gather and a psum of a Python
#: number raise the unbound-name NameError there instead).
_ASSERTING_COLLECTIVES = frozenset({"psum", "pmean", "pmax", "pmin", "ppermute"})


def _check_axis_in_mesh(context: ApiCallContext, names: frozenset[str], unbound: list[str]) -> None:
    """Inside a shard_map (its mesh's axes, and any vmap's axis_name inside it, known): a
    collective of one array over one name nothing binds; ``axis_index`` of it raises the
    unbound-name NameError, a reduction or ``ppermute`` an AssertionError."""
    short = context.spec.short
    name = short.rsplit(".", 1)[-1]
    if name == "axis_index":
        kind, summary = (
            "unbound-axis-name",
            f"Found an unbound axis name: {unbound[0]!r}: the shard_map around this call has "
            "no mesh axis of that name",
        )
    elif (
        name in {"all_gather", "psum"} and len(names) == 1 and _all_gather_or_number(name, context)
    ):
        kind, summary = (
            "unbound-axis-name",
            f"unbound axis name: {unbound[0]!r}: {name} inside a shard_map whose mesh has no "
            "axis of that name",
        )
    elif name in _ASSERTING_COLLECTIVES and len(names) == 1:
        operand = context.arg("x", ())
        if not operand or not all(isinstance(v, Array) and not v.tree for v in operand):
            return
        kind, summary = (
            "collective-axis-not-in-mesh",
            f"AssertionError: {name} over {unbound[0]!r} inside a shard_map whose mesh has no "
            "axis of that name (JAX fails an internal assertion, with no message)",
        )
    else:
        return
    mismatch = shaping.Mismatch(kind, summary, (), context.node("axis_name"))
    context.interpreter.shape_error(context.site, short, mismatch, context.frame, context.state)


def _all_gather_or_number(name: str, context: ApiCallContext) -> bool:
    """An ``all_gather`` of one array, or a ``psum`` of a Python number: inside a shard_map,
    over a name its mesh lacks, these look the name up and raise NameError (measured)."""
    operand = context.arg("x", ())
    if not operand:
        return False
    if name == "all_gather":
        return all(isinstance(v, Array) and not v.tree for v in operand)
    return all(isinstance(v, Const) and type(v.value) in (int, float) for v in operand)


def _collective(context: ApiCallContext) -> Values:
    """A collective (``lax.pmean(x, "i")``): an array, once its axis name is bound; of a
    pytree (a dict of metrics), that tree with an array at each leaf."""
    _check_axis_bound(context)
    return _leafwise(
        context, one(context.interpreter.array_result(context.frame, *context.arguments.values()))
    )


def _leafwise(context: ApiCallContext, leaf: Values) -> Values:
    """What a collective over ``x`` returns, ``leaf`` at each of its leaves: ``x``'s tree
    where ``x`` is surely a container (a dict of metrics, a tuple), else ``leaf``."""
    x = context.arg("x", ())
    if x and all(isinstance(v, Tuple | ListValue | DictValue) for v in x):
        tag = ("collective", id(context.site.node))
        return tree_like(context.interpreter, context.frame, x, leaf, tag)
    return leaf


def _axis_index(context: ApiCallContext) -> Values:
    """``lax.axis_index("i")``: a new integer array, once its axis name is bound."""
    _check_axis_bound(context)
    return one(context.interpreter.array_result(context.frame))


def _psum(context: ApiCallContext) -> Values:
    """``lax.psum(1, axis)`` of a Python number is a Python number (the axis size idiom);
    of an array, an array."""
    _check_axis_bound(context)
    x = context.arg("x", ())
    if x and all(
        (isinstance(v, Const) and isinstance(v.value, int | float)) or isinstance(v, Static)
        for v in x
    ):
        return one(Static("number"))
    return _leafwise(
        context, one(context.interpreter.array_result(context.frame, *context.arguments.values()))
    )


def _cond(context: ApiCallContext) -> Values:
    """``lax.cond(pred, true_fun, false_fun, *operands)``: both branches traced; a function
    given as the predicate (instead of its value) raises before either is."""
    pred = context.arg("pred", ())
    if pred and all(isinstance(v, Function | BoundMethod) for v in pred):
        described = pred[0].describe() if len(pred) == 1 else "a function"
        mismatch = shaping.Mismatch(
            "cond-predicate",
            f"Pred type must be either boolean or number, got {described}, a function: the "
            "predicate is a value, so call the function on the operands to get it",
            (),
            context.node("pred"),
            tuple((v.site, "the function, made here") for v in pred[:1] if isinstance(v, Function)),
        )
        context.interpreter.shape_error(
            context.site, context.spec.short, mismatch, context.frame, context.state
        )
    elif pred and all(isinstance(v, Array | NumpyArray) for v in pred):
        aval = shaping.aval_of(pred, context.interpreter.heap)
        if aval.shape is not None and len(aval.shape) >= 1:
            spelled = shaping.Spelled(context.node("pred"), "the predicate")
            mismatch = shaping.Mismatch(
                "cond-predicate-rank",
                f"Pred must be a scalar, got {spelled} of shape {sh.describe(aval.shape)} "
                f"({aval.describe()}): cond takes one branch for the whole call",
                (shaping.Operand(spelled, aval),),
                context.node("pred"),
            )
            context.interpreter.shape_error(
                context.site, context.spec.short, mismatch, context.frame, context.state
            )
    operands = _operands(context, "operands")
    old = _old_cond_form(context, operands)
    if old is not None:
        return old
    branches = [(role, context.arg(role)) for role in ("true_fun", "false_fun")]
    return _branches(context, "jax.lax.cond", branches, operands)


def _old_cond_form(context: ApiCallContext, operands: list[Values]) -> Values | None:
    """``lax.cond(pred, true_operand, true_fun, false_operand, false_fun)``, the deprecated
    form JAX still runs: where the second argument surely is no function and the operands are
    two whose second may be one, each function is traced on its own operand (``true_fun``
    there is an operand: calling ``false_fun`` on both operands would pass a function to it,
    jax_vumps's ``lax.cond(svd, A, polarU_SVD, A, polarU_QDWH)``).  None: the current form."""
    heap = context.interpreter.heap
    if len(operands) != 2 or not_callable(operands[1], heap) is not None:
        return None
    true_operand = context.arg("true_fun", ())
    if not_callable(true_operand, heap) is None:
        if _functions(operands[1]) and not _functions(true_operand):
            # the last operand a function, the second argument not known to be one (a
            # parameter of a function run for any caller, an array that may be a pytree):
            # JAX picks the form by what that argument is, so either may run: neither traced
            return lift(context.interpreter, ANY, context.frame, list(context.arguments.values()))
        return None
    branches = [("true_fun", context.arg("false_fun")), ("false_fun", operands[1])]
    return _branches(
        context, "jax.lax.cond", branches, [], per_branch=[[true_operand], [operands[0]]]
    )


#: Values that surely are callables: the code's functions and methods, partials, what a
#: transform or an API gave, classes.
_CALLABLES = (
    Function,
    BoundMethod,
    Partial,
    Transformed,
    CustomDerivative,
    ShardMapped,
    Api,
    ApiMethod,
    ClassValue,
)


def _functions(values: Values) -> bool:
    """Whether every alternative surely is a callable (``_CALLABLES``)."""
    return bool(values) and all(isinstance(v, _CALLABLES) for v in values)


def _switch(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    mismatch = _switch_index(context)
    if mismatch is not None:
        interpreter.shape_error(
            context.site, context.spec.short, mismatch, context.frame, context.state
        )
    operands = _operands(context, "operands")
    functions: list[Values] = []
    for value in context.arg("branches"):
        if isinstance(value, Tuple):
            functions.extend(value.items)
        elif isinstance(value, ListValue):
            items = interpreter.heap.list_items(value.ref)
            functions.extend(items or [interpreter.heap.list_element(value.ref)])
    return _branches(context, "jax.lax.switch", [("branch", f) for f in functions], operands)


def _switch_index(context: ApiCallContext) -> shaping.Mismatch | None:
    """``lax.switch``'s index when it surely is no integer scalar: an array of rank >= 1
    (one branch is taken for the whole call), or a boolean or inexact value (a comparison's
    result, a float): switch checks both before tracing a branch."""
    index = context.arg("index", ())
    if not index or not all(isinstance(v, Array | NumpyArray | Const) for v in index):
        return None
    aval = shaping.aval_of(index, context.interpreter.heap)
    spelled = shaping.Spelled(context.node("index"), "the index")
    if aval.shape is not None and len(aval.shape) >= 1:
        return shaping.Mismatch(
            "switch-index",
            f"Branch index must be scalar, got {spelled} of shape {sh.describe(aval.shape)} "
            f"({aval.describe()}): switch takes one branch for the whole call",
            (shaping.Operand(spelled, aval),),
            context.node("index"),
        )
    if aval.dtype is None or dtypes.is_integer(aval.dtype):
        return None
    # a Python float is float32 or float64 as x64 is off or on
    kind = "a float" if aval.weak else dtypes.describe(aval.dtype)
    return shaping.Mismatch(
        "switch-index",
        f"Index type must be an integer, got {spelled} as {kind}: "
        "switch picks its branch by position",
        (shaping.Operand(spelled, aval),),
        context.node("index"),
    )


def _branches(
    context: ApiCallContext,
    api: str,
    branches: list[tuple[str, Values]],
    operands: list[Values],
    per_branch: list[list[Values]] | None = None,
) -> Values:
    """Trace every branch from the same state (only one runs); a key is consumed after the
    call if any branch consumed it, as JAX's key-reuse checker joins them.  Each branch
    takes ``operands``, or its own of ``per_branch`` (the old form of ``cond``)."""
    interpreter = context.interpreter
    results = []
    consumed = dict(context.state.consumed)
    for index, (role, branch) in enumerate(branches):
        trace = trace_of(api, Flavour.STAGED, context.site, branch)
        given = operands if per_branch is None else per_branch[index]
        arguments = Arguments([traced(interpreter, o, trace) for o in given])
        path = context.state.copy()
        results.append(
            invoke(
                interpreter, api, role, branch, arguments, context.site, context.frame, path, trace
            )
        )
        for identity, site in path.consumed.items():
            consumed.setdefault(identity, site)
    context.state.consumed = consumed
    short = api.rsplit(".", 1)[-1]
    names = [role if role != "branch" else f"branch {i}" for i, (role, _) in enumerate(branches)]
    for index in range(1, len(results)):
        difference = batching.type_difference(results[0], results[index], interpreter.heap)
        mismatch = None
        if difference is not None:
            mismatch = batching.branch_mismatch(short, (names[0], names[index]), difference)
        else:
            mismatch = _branch_structures(
                short, names[0], names[index], results, index, interpreter.heap
            )
        if mismatch is not None:
            interpreter.shape_error(
                context.site, context.spec.short, mismatch, context.frame, context.state
            )
    return lift(interpreter, join(*results), context.frame, list(context.arguments.values()))


def _branch_structures(
    api: str, first: str, other: str, results: list[Values], index: int, heap: Heap
) -> shaping.Mismatch | None:
    """Branches whose outputs surely have different pytree structures (a dict with other
    keys, a tuple and an array, a tuple and a list): JAX compares the structures before the
    leaves' types, so this is the same error as a type that differs."""
    found = difference(structure_of(results[0], heap), structure_of(results[index], heap))
    if found is None:
        return None
    return shaping.Mismatch(
        "cond-branches" if api == "cond" else "switch-branches",
        f"{api} branch outputs must have the same pytree structure, but they differ: "
        f"{found.describe(f'the output of {first}', f'the output of {other}')}.",
        (),
        None,
    )


def _while_loop(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    inputs = list(context.arguments.values())
    result: Values = ANY
    carry: Values = ANY
    for role in ("cond_fun", "body_fun"):
        function = context.arg(role)
        trace = trace_of("jax.lax.while_loop", Flavour.STAGED, context.site, function)
        carry = traced(interpreter, context.arg("init_val"), trace)
        result = invoke(
            interpreter,
            "jax.lax.while_loop",
            role,
            function,
            Arguments([carry]),
            context.site,
            context.frame,
            context.state,
            trace,
        )
    name = _parameter(context.arg("body_fun"), 0)
    _check_carry(context, "while_loop", "while-carry", carry, result, name)
    return _loop_result(context, result, inputs)


def _fori_loop(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    body = context.arg("body_fun")
    trace = trace_of("jax.lax.fori_loop", Flavour.STAGED, context.site, body)
    index = traced(interpreter, one(Const(0)), trace)
    carry = traced(interpreter, context.arg("init_val"), trace)
    result = invoke(
        interpreter,
        "jax.lax.fori_loop",
        "body_fun",
        body,
        Arguments([index, carry]),
        context.site,
        context.frame,
        context.state,
        trace,
    )
    # static bounds make it a scan, traced ones a while_loop (each with its own message)
    static = all(
        isinstance(shaping.dim_of(context.arg(bound, ())), int) for bound in ("lower", "upper")
    )
    traced_bounds = any(
        all(isinstance(v, Array) and v.flavours for v in context.arg(bound, (Const(0),)))
        for bound in ("lower", "upper")
    )
    if static:
        _check_carry(context, "scan", "scan-carry", carry, result, "loop_carry[1]")
    elif traced_bounds:
        _check_carry(context, "while_loop", "while-carry", carry, result, "loop_carry[1]")
    return _loop_result(context, result, list(context.arguments.values()))


def _loop_result(context: ApiCallContext, body_result: Values, inputs: list[Values]) -> Values:
    """A loop's result: what its body returns (a key the body splits and replaces comes back
    as the new key), or the initial value when the body's result is not known."""
    carried = context.arg("init_val") if body_result == ANY else body_result
    closed = _differentiation_closed_over(context, body_result)
    return lift(context.interpreter, carried, context.frame, [*inputs, *closed])


def _differentiation_closed_over(context: ApiCallContext, body_result: Values) -> list[Values]:
    """The differentiation a loop body's result carries from what the body closes over
    (``acc * x`` with ``x`` differentiated outside the loop): the loop's result carries it
    too, though no argument of the loop does."""
    outer = next(
        (t for t in reversed(context.frame.context) if t.flavour is Flavour.DIFFERENTIATED), None
    )
    if outer is None or _differentiated_float(body_result, context.interpreter.heap) is None:
        return []
    return [one(Array(frozenset({Flavour.DIFFERENTIATED}), outer))]


def _map(context: ApiCallContext) -> Values:
    """``lax.map(f, xs)``: ``f`` traced once on a row of ``xs`` (a scan without a carry); the
    result stacks its outputs along a new leading axis."""
    interpreter = context.interpreter
    function = context.arg("f")
    trace = trace_of("jax.lax.map", Flavour.STAGED, context.site, function)
    xs = context.arg("xs")
    x = traced(interpreter, xs, trace, batching.unbatched(0))
    result = invoke(
        interpreter,
        "jax.lax.map",
        "f",
        function,
        Arguments([x]),
        context.site,
        context.frame,
        context.state,
        trace,
    )
    length = batching.leading_size(xs, interpreter.heap)
    inputs = list(context.arguments.values())
    return lift(interpreter, result, context.frame, inputs, leaf=batching.batched(length, 0))


def _associative_scan(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    function = context.arg("fn")
    trace = trace_of("jax.lax.associative_scan", Flavour.STAGED, context.site, function)
    # ``fn`` combines slices of ever other lengths along the scanned axis
    elements = traced(interpreter, context.arg("elems"), trace, unshaped)
    invoke(
        interpreter,
        "jax.lax.associative_scan",
        "fn",
        function,
        Arguments([elements, elements]),
        context.site,
        context.frame,
        context.state,
        trace,
    )
    return lift(interpreter, context.arg("elems"), context.frame, list(context.arguments.values()))


def _stop_gradient(context: ApiCallContext) -> Values:
    return without(context.arg("x"), Flavour.DIFFERENTIATED)


#: Transforms that run a backward pass (``hessian`` is jacfwd of jacrev).
_BACKWARD_PASSES = REVERSE_MODE | {"jax.hessian"}


@check_asking("static bounds under a backward pass")
def reverse_differentiated_loop(call: ApiCall, heap: Heap) -> Violation | None:
    """A while loop (``while_loop``, or ``fori_loop`` with traced bounds, which is one) whose
    carry holds a float value a backward pass differentiates (from the start, or from what
    the body closes over): JAX has no transpose for it.  Claimed only where every
    differentiation the call runs under is a backward one (a ``jvp`` outside runs the loop
    forward)."""
    kinds = {t.kind for t in call.frame.context if t.flavour is Flavour.DIFFERENTIATED}
    if not kinds or not kinds <= _BACKWARD_PASSES:
        return None
    if call.api.name == "jax.lax.fori_loop" and not any(
        surely_traced(call.arguments.get(bound, ()), NO_VALUE) for bound in ("lower", "upper")
    ):
        return None  # static bounds make it a scan, which transposes
    init = call.arguments.get("init_val", ())
    tracer, source = _differentiated_float(init, heap), "init_val"
    if tracer is None:
        tracer, source = _differentiated_float(call.result, heap), "body_fun"
    if tracer is None:
        return None
    node = call.nodes.get("init_val")
    return Violation("loop-backward", source, init, node, tracer)


def _differentiated_float(values: Values, heap: Heap, depth: int = 0) -> Array | None:
    """A float array being differentiated among the leaves of every alternative of
    ``values`` (its tangent is not zero), or None."""
    if not values or depth > 8:
        return None
    first: Array | None = None
    for value in values:
        found = _differentiated_leaf(value, heap, depth)
        if found is None:
            return None
        first = first or found
    return first


def _differentiated_leaf(value: Value, heap: Heap, depth: int) -> Array | None:
    if isinstance(value, Array):
        differentiated = value.flavours and Flavour.DIFFERENTIATED in value.flavours
        return value if differentiated and dtypes.is_inexact(value.dtype) else None
    items: list[Values] | None = None
    if isinstance(value, Tuple):
        items = list(value.items)
    elif isinstance(value, ListValue):
        listed = heap.list_items(value.ref)
        items = list(listed) if listed is not None else None
    for item in items or ():
        found = _differentiated_float(item, heap, depth + 1)
        if found is not None:
            return found
    return None


def _operands(context: ApiCallContext, name: str) -> list[Values]:
    values = context.arg(name)
    if len(values) == 1 and isinstance(values[0], Tuple):
        return list(values[0].items)
    return []


def _not_callable(parameter: str, call: str) -> Accepts:
    """``parameter`` must be a function; ``call`` passes the value ``step(...)`` returned."""
    return Accepts(
        parameter,
        Requirement.CALLABLE,
        "function-argument-not-callable",
        "import jax\nimport jax.numpy as jnp\n\n\ndef step(*args):\n    return jnp.zeros(())"
        f"\n\n\n{call}\n",
    )


def _index_converted(parameter: str) -> Callable[[ApiCallContext], Values]:
    """An API that converts ``parameter`` with ``operator.index`` (a size it reads as a
    Python int) before it computes an array from its arguments."""

    def behaviour(context: ApiCallContext) -> Values:
        if context.has(parameter):
            context.interpreter.convert(
                context.site,
                "index",
                context.arg(parameter),
                context.frame,
                context.node(parameter),
                context.state,
            )
        return one(context.interpreter.array_result(context.frame, *context.arguments.values()))

    return behaviour


def _lax(name: str, params: tuple[str, ...], **extra: object) -> ApiSpec:
    return ApiSpec(f"jax.lax.{name}", params, **extra)  # type: ignore[arg-type]


def _shaped(
    name: str,
    params: tuple[str, ...],
    output: shaping.OutputRule,
    axis_parameters: tuple[AxisParameter, ...] = (),
) -> ApiSpec:
    return _lax(name, params, result=Result.ARRAY, output=output, axis_parameters=axis_parameters)


def _axes(parameter: str, array: str = "operand") -> tuple[AxisParameter, ...]:
    """An axis parameter of lax, which takes no negative axis (XLA's own rule)."""
    return (AxisParameter(parameter, array, negative=False),)


#: lax operations that name axes, beyond the shaped ones: their parameters and axes.
_AXED = (
    _lax(
        "argmax",
        ("operand", "axis", "index_dtype"),
        result=Result.ARRAY,
        axis_parameters=_axes("axis"),
    ),
    _lax(
        "argmin",
        ("operand", "axis", "index_dtype"),
        result=Result.ARRAY,
        axis_parameters=_axes("axis"),
    ),
    _lax(
        "reduce",
        ("operands", "init_values", "computation", "dimensions"),
        axis_parameters=_axes("dimensions", "operands"),
    ),
    _lax(
        "rev",
        ("operand", "dimensions"),
        result=Result.ARRAY,
        output=shaping.same_as("operand"),
        axis_parameters=_axes("dimensions"),
    ),
    _lax(
        "sort",
        ("operand", "dimension", "is_stable", "num_keys"),
        result=Result.ARRAY,
        axis_parameters=(AxisParameter("dimension", "operand"),),
    ),
    _lax(
        "index_in_dim",
        ("operand", "index", "axis", "keepdims"),
        result=Result.ARRAY,
        axis_parameters=(AxisParameter("axis", "operand"),),
    ),
    _lax(
        "slice_in_dim",
        ("operand", "start_index", "limit_index", "stride", "axis"),
        result=Result.ARRAY,
        axis_parameters=(AxisParameter("axis", "operand"),),
    ),
)


#: Elementwise operations (lax does not broadcast ranks, but equal shapes are the same).
_UNARY = {
    shaping.first_dtype: """
        neg exp log sin cos tan tanh logistic sqrt rsqrt cbrt sign floor ceil round
        square erf erf_inv lgamma digamma exp2 log1p expm1
    """,
    shaping.real_part: "abs",
    shaping.boolean: "is_finite",
}
#: Those whose primitive takes floats only: a complex argument raises.
_REAL_ONLY = frozenset(
    {"floor", "ceil", "cbrt", "round", "erf", "erf_inv", "lgamma", "digamma", "is_finite"}
)
_BINARY = "add sub mul div max min pow rem atan2 nextafter"
#: Those whose operands must have one dtype (``pow`` takes an integer exponent; ``atan2``
#: refuses integers with an error of its own).
_SAME_DTYPES = frozenset({"add", "sub", "mul", "div", "max", "min", "rem"})
_SHAPED = (
    *(
        replace(
            _shaped(name, ("x",), shaping.same_as("x", dtype)),
            accepts=(real_input(f"lax.{name}"),) if name in _REAL_ONLY else (),
            checks=(IntOperand("x"),),
        )
        for dtype, names in _UNARY.items()
        for name in names.split()
    ),
    *(
        replace(
            _shaped(name, ("x", "y"), shaping.elementwise("x", "y")),
            accepts=(same_dtype(name, "y", "x"),) if name in _SAME_DTYPES else (),
            checks=(IntOperand("x"), IntOperand("y")),
        )
        for name in _BINARY.split()
    ),
    _shaped("integer_pow", ("x", "y"), shaping.same_as("x")),
    _shaped(
        "dot_general",
        ("lhs", "rhs", "dimension_numbers", "precision", "preferred_element_type"),
        shaping.dot_general(),
    ),
    _shaped("dot", ("lhs", "rhs"), shaping.dot("lhs", "rhs")),
    _shaped(
        "concatenate",
        ("operands", "dimension"),
        shaping.lax_concatenate(),
        (AxisParameter("dimension", "operands", sequence=True, least_rank=1, negative=False),),
    ),
    _shaped("transpose", ("operand", "permutation"), shaping.transpose("operand", "permutation")),
    _shaped(
        "squeeze",
        ("array", "dimensions"),
        shaping.squeeze("array", "dimensions"),
        (AxisParameter("dimensions", "array"),),
    ),
    _shaped(
        "expand_dims",
        ("array", "dimensions"),
        shaping.expand_dims("array", "dimensions"),
        (AxisParameter("dimensions", "array", each_adds=True),),
    ),
    _shaped("convert_element_type", ("operand", "new_dtype"), shaping.cast("operand", "new_dtype")),
    _shaped(
        "dynamic_update_slice",
        ("operand", "update", "start_indices"),
        shaping.same_as("operand"),
    ),
    *(
        _shaped(name, ("operand", "axes"), shaping.lax_reduce(), _axes("axes"))
        for name in ("reduce_sum", "reduce_max", "reduce_min", "reduce_prod")
    ),
    *(
        _shaped(name, ("operand", "axis", "reverse"), shaping.same_as("operand"), _axes("axis"))
        for name in ("cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp")
    ),
    replace(
        _shaped("select", ("pred", "on_true", "on_false"), shaping.same_as("on_true")),
        # JAX names the dtypes in the order select_n takes them: on_false, then on_true
        accepts=(same_dtype("select", "on_true", "on_false", "jnp.ones(3, bool), "),),
    ),
    _shaped("clamp", ("min", "x", "max"), shaping.same_as("x")),
)
_DEFINED = frozenset(spec.name for spec in (*_SHAPED, *_AXED))


SPECS = (
    _lax(
        "scan",
        ("f", "init", "xs", "length", "reverse", "unroll", "_split_transpose"),
        behaviour=_scan,
        checks=(CarryOfJaxTypes("init"), scans_nothing, loop_carry_structure),
        # the loop's trip count and unrolling are Python ints at trace time (int() of them)
        concrete=("length", "unroll"),
        accepts=(_not_callable("f", "jax.lax.scan(step(0.0, 0.0), 0.0, jnp.ones(3))"),),
        note="Loops `f(carry, x) -> (carry, y)` over the leading axis of `xs` (or `length` "
        "times), staged like jax.jit.",
    ),
    _lax(
        "cond",
        ("pred", "true_fun", "false_fun"),
        variadic="operands",
        behaviour=_cond,
        accepts=(
            replace(
                _not_callable("true_fun", "jax.lax.cond(True, step(), step, 1.0)"),
                unless=old_cond_form,
            ),
            _not_callable("false_fun", "jax.lax.cond(True, step, step(), 1.0)"),
        ),
        note="Runs one of two branches by a (traced) predicate; both branches are traced and "
        "must return the same types.",
    ),
    _lax(
        "switch",
        ("index", "branches"),
        variadic="operands",
        behaviour=_switch,
        note="Runs one of several branches by a (traced) index.",
    ),
    _lax(
        "while_loop",
        ("cond_fun", "body_fun", "init_val"),
        behaviour=_while_loop,
        checks=(CarryOfJaxTypes("init_val"), reverse_differentiated_loop),
        accepts=(
            _not_callable("cond_fun", "jax.lax.while_loop(step(0.0), step, 0.0)"),
            _not_callable("body_fun", "jax.lax.while_loop(step, step(0.0), 0.0)"),
        ),
        note="Loops `body_fun` while `cond_fun` holds; both are traced and the carry keeps "
        "its type.",
    ),
    _lax(
        "fori_loop",
        ("lower", "upper", "body_fun", "init_val", "unroll"),
        behaviour=_fori_loop,
        checks=(CarryOfJaxTypes("init_val"), loop_carry_structure, reverse_differentiated_loop),
        accepts=(_not_callable("body_fun", "jax.lax.fori_loop(0, 3, step(0, 0.0), 0.0)"),),
        note="Loops `body_fun(i, val)` from lower to upper; the index is a tracer.",
    ),
    _lax(
        "map",
        ("f", "xs", "batch_size"),
        behaviour=_map,
        note="Maps `f` over the leading axis of `xs` (a scan).",
    ),
    _lax(
        "associative_scan",
        ("fn", "elems", "reverse", "axis"),
        behaviour=_associative_scan,
        accepts=(_not_callable("fn", "jax.lax.associative_scan(step(), jnp.ones(3))"),),
    ),
    _lax(
        "stop_gradient",
        ("x",),
        behaviour=_stop_gradient,
        output=shaping.same_as("x"),
        note="The value, with no derivative flowing through it.",
    ),
    _lax("psum", ("x", "axis_name"), behaviour=_psum),
    *(
        _lax(name, ("x", "axis_name"), variadic="args", behaviour=_collective)
        for name in [
            "pmean",
            "pmax",
            "pmin",
            "all_gather",
            "all_to_all",
            "ppermute",
            "psum_scatter",
            "pbroadcast",
        ]
    ),
    *_SHAPED,
    *_AXED,
    *(
        _lax(name, ("x",), variadic="args", result=Result.ARRAY)
        for name in [
            "dynamic_update_slice",
            "dynamic_index_in_dim",
            "dynamic_update_index_in_dim",
            "dot_general",
            "dot",
            "add",
            "sub",
            "mul",
            "div",
            "neg",
            "exp",
            "log",
            "sin",
            "cos",
            "tanh",
            "logistic",
            "max",
            "min",
            "abs",
            "sqrt",
            "rsqrt",
            "pow",
            "integer_pow",
            "select",
            "clamp",
            "concatenate",
            "pad",
            "squeeze",
            "expand_dims",
            "transpose",
            "rev",
            "sort",
            "argmax",
            "argmin",
            "reduce_sum",
            "reduce_max",
            "reduce_min",
            "cumsum",
            "cumprod",
            "cummax",
            "convert_element_type",
            "bitcast_convert_type",
            "slice_in_dim",
            "index_in_dim",
            "gather",
            "scatter",
            "scatter_add",
            "erf",
            "erf_inv",
            "lgamma",
            "digamma",
            "square",
            "cbrt",
            "sign",
            "floor",
            "ceil",
            "round",
            "is_finite",
            "nextafter",
            "top_k",
        ]
        if f"jax.lax.{name}" not in _DEFINED
    ),
    # its size is read with operator.index: a traced one raises TracerIntegerConversionError
    _lax(
        "dynamic_slice_in_dim",
        ("operand", "start_index", "slice_size", "axis"),
        behaviour=_index_converted("slice_size"),
    ),
    _lax(
        "dynamic_slice",
        ("operand", "start_indices", "slice_sizes"),
        result=Result.ARRAY,
        shapes=("slice_sizes",),
        output=shaping.sized("operand", "slice_sizes"),
    ),
    _lax(
        "reshape",
        ("operand", "new_sizes", "dimensions"),
        result=Result.ARRAY,
        shapes=("new_sizes",),
        output=shaping.lax_reshape(),
    ),
    _lax(
        "broadcast",
        ("operand", "sizes"),
        result=Result.ARRAY,
        shapes=("sizes",),
        output=shaping.lax_broadcast(),
    ),
    _lax(
        "broadcast_in_dim",
        ("operand", "shape", "broadcast_dimensions"),
        result=Result.ARRAY,
        shapes=("shape",),
        output=shaping.sized("operand", "shape"),
    ),
    _lax(
        "iota",
        ("dtype", "size", "dimension", "sharding"),
        result=Result.NEW_ARRAY,
        concrete=("size",),
        output=shaping.lax_iota(),
    ),
    _lax(
        "broadcasted_iota",
        ("dtype", "shape", "dimension", "sharding"),
        result=Result.NEW_ARRAY,
        shapes=("shape",),
        output=shaping.creation("shape", "dtype", "int32"),
    ),
    _lax(
        "full",
        ("shape", "fill_value", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("shape",),
        output=shaping.full(),
    ),
    _lax(
        "broadcast_shapes",
        (),
        variadic="shapes",
        behaviour=shaping.broadcast_shapes_value,
        output=shaping.broadcast_shapes(),
    ),
    _lax("axis_index", ("axis_name",), behaviour=_axis_index),
    _lax("axis_size", ("axis_name",), result=Result.STATIC, static_type="int"),
)

__all__ = ["ANY", "SPECS"]
