"""The core of ``jax``: the transforms (``jit``, ``vmap``, ``grad`` and its kin, ``jvp``,
``vjp``, ``checkpoint``, ``eval_shape``), the custom derivatives (``custom_vjp``/``custom_jvp``
and their ``defvjp``/``defjvp``), the pytree utilities and the device helpers.

A transform applied to a function makes a ``Transformed`` value; calling it runs the function
on tracers of the transform's ``Trace`` (``jax.jit`` stages, ``jax.vmap`` batches,
``jax.grad`` differentiates), except the arguments the transform keeps static.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from jaxlsp.apis import callbacks, int_range, shaping
from jaxlsp.apis import transform_shapes as batching
from jaxlsp.apis.contracts import (
    GUFUNC_SIGNATURE,
    Accepts,
    Requirement,
    SizedByValues,
    Violation,
    bwd_output_structure,
    call_violations,
    fwd_output_difference,
    real_input,
    tree_map_structures,
    wrap_violations,
)
from jaxlsp.apis.keyword_names import KEYWORD_NAMES
from jaxlsp.apis.spec import ApiSpec, AxisParameter, NoContract, NoContractWhy, Result
from jaxlsp.apis.tracing import (
    Leaf,
    axis_names_of,
    int_set,
    invoke,
    leaf_fields,
    lift,
    parameter_names,
    str_set,
    trace_of,
    traced,
    unshaped,
    without,
)
from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.frames import (
    Assumption,
    Frame,
    Made,
    State,
    Unproved,
    binding_scope,
    closure_frame,
)
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import ApiCallContext, Arguments, Interpreter
from jaxlsp.infer.pytrees import Node, eager_difference, structure_of
from jaxlsp.infer.shapes import Dim
from jaxlsp.infer.values import (
    ANY,
    NONE,
    Api,
    Array,
    Const,
    CustomDerivative,
    DictValue,
    EnumMember,
    Flavour,
    Function,
    Instance,
    Key,
    KeyArray,
    ListValue,
    Mesh,
    NamedSharding,
    NumpyArray,
    Partial,
    PartitionSpec,
    PrimalWrapper,
    ShapeDtype,
    Site,
    StateRef,
    Static,
    Trace,
    Transformed,
    Tuple,
    Value,
    Values,
    describe_values,
    distinct,
    join,
    one,
)

#: Transforms that stage the function out (its arguments have no value while it traces).
STAGING = frozenset({"jax.jit", "jax.pmap", "jax.checkpoint", "jax.make_jaxpr"})
#: Forward-mode and reverse-mode differentiation (reverse mode runs the JVP rule too).
HESSIAN = "jax.hessian"
FORWARD_MODE = frozenset({"jax.jvp", "jax.linearize", "jax.jacfwd", HESSIAN})
REVERSE_MODE = frozenset({"jax.grad", "jax.vjp", "jax.value_and_grad", "jax.jacrev"})
DIFFERENTIATION = FORWARD_MODE | REVERSE_MODE
#: The transforms that take ``argnums`` and return a function of the same arguments.
#: Wrappers that call the function with refs holding the call's arguments.
_REF_CALLS = frozenset({"jax.experimental.pallas.run_state"})


def _as_refs(values: Values) -> Values:
    found: list[Value] = []
    for value in values:
        if isinstance(value, Tuple):
            found.append(Tuple(tuple(_as_refs(item) for item in value.items)))
        elif isinstance(value, Array):
            found.append(StateRef(value.flavours))
        else:
            found.append(value)
    return tuple(found)


_GRADIENTS = frozenset(
    {"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.hessian"}
)
#: The transforms that need a scalar output, and those that refuse integer inputs.
_SCALAR_OUTPUTS = frozenset({"jax.grad", "jax.value_and_grad"})
_REAL_INPUTS = frozenset({"jax.grad", "jax.value_and_grad"})

#: The transforms modelled here; their parameters, in order, are the pinned JAX's (generated data).
_OPTIONS: dict[str, tuple[str, ...]] = {
    name: KEYWORD_NAMES[name]
    for name in (
        "jax.jit",
        "jax.pmap",
        "jax.vmap",
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacfwd",
        "jax.jacrev",
        "jax.hessian",
        "jax.checkpoint",
        "jax.make_jaxpr",
        "jax.numpy.vectorize",
        "jax.custom_gradient",
    )
}

#: The axis names of a transform that names none (one set for all its calls).
_NO_AXES: frozenset[str] = frozenset()

_NOTES = {
    "jax.jit": "Traces the function once per input signature and compiles it with XLA; its "
    "arguments are tracers unless listed in static_argnums/static_argnames.",
    "jax.pmap": "Maps the function over devices, compiled like jax.jit.",
    "jax.vmap": "Vectorises the function over an axis of its arguments (in_axes); inside, "
    "mapped arguments are batched tracers.",
    "jax.grad": "Reverse-mode gradient of a scalar function; JAX derives it from the "
    "function's JVP.",
    "jax.value_and_grad": "The function's value and its reverse-mode gradient (derived from "
    "its JVP).",
    "jax.jacfwd": "Jacobian by forward mode (JVPs).",
    "jax.jacrev": "Jacobian by reverse mode (VJPs), derived from the JVP.",
    "jax.hessian": "Hessian by forward-over-reverse differentiation.",
    "jax.checkpoint": "Recomputes the function's intermediates in the backward pass instead of "
    "storing them; the function is traced like under jax.jit.",
    "jax.make_jaxpr": "Traces the function to a jaxpr (staged like jax.jit).",
    "jax.numpy.vectorize": "Makes the function broadcast over the leading (loop) axes of its "
    "arguments, beyond the core axes its signature names; each loop axis is a jax.vmap, so "
    "inside the arguments are batched tracers of their core shapes.",
    "jax.custom_gradient": "The function returns its output and a function of the output's "
    "cotangent giving the inputs' cotangents; a call gives the output alone.",
}


#: The transforms whose ``axis_name`` names the mapped axis for collectives in the function.
_NAMING = frozenset({"jax.vmap", "jax.pmap"})


def _flavour_of(transform: str) -> Flavour:
    if transform in STAGING:
        return Flavour.STAGED
    if transform in _BATCHING:
        return Flavour.BATCHED
    return Flavour.DIFFERENTIATED


_BATCHING = frozenset({"jax.vmap", "jax.numpy.vectorize"})


def _make_transform(context: ApiCallContext) -> Values:
    """``jax.jit(f, ...)`` and kin; without ``f``, a decorator waiting for it."""
    spec = context.spec
    fun_param = spec.params[0]
    if fun_param not in context.arguments:
        return one(
            Partial(one(Api(spec.name)), (), tuple(context.raw.keywords.items()), context.site)
        )
    fun = context.arguments[fun_param]
    options = tuple([(k, v) for k, v in context.arguments.items() if k != fun_param])
    if context.raw.starred or context.raw.spread:
        # ``jax.jit(f, **options)`` of keys not known: any option not given by name may be
        # among them (``static_argnums`` too), so each is unknown rather than absent
        given = {k for k, _ in options}
        options += tuple((k, ANY) for k in spec.params if k != fun_param and k not in given)
    assumed = context.interpreter.path_assumptions(fun, context.frame, context.state)
    value = Transformed(spec.name, fun, options, context.site, assumed)
    refused = tuple(wrap_violations(spec.name, context.arguments, context.interpreter.heap))
    context.interpreter.facts.made.append(
        Made(
            context.site,
            spec.name,
            value,
            context.arguments,
            context.nodes,
            context.frame,
            refused,
        )
    )
    if refused:
        context.interpreter.raises(context.state)  # jit checks its options when it wraps
    return one(value)


def call_transformed(
    interpreter: Interpreter,
    value: Transformed,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    if _called_breaks_contract(interpreter, value, arguments, site, frame):
        interpreter.raises(state, site, None, frame)
    inputs = [*arguments.positional, *arguments.keywords.values()]
    transform = value.transform
    if transform in _REF_CALLS:
        # runs the function on refs holding its arguments
        refs = Arguments([_as_refs(v) for v in arguments.positional])
        invoke(interpreter, transform, "function", value.inner, refs, site, frame, state, None)
        return lift(interpreter, one(Tuple(tuple(arguments.positional))), frame, inputs)
    names = axis_names_of(value.option("axis_name")) if transform in _NAMING else _NO_AXES
    trace = trace_of(transform, _flavour_of(transform), value.site, value.inner, names)
    beyond = _static_beyond_positional(interpreter, value, arguments)
    if beyond is not None:
        # pmap and checkpoint take their static arguments by position only, and check that
        # when called, before they trace the function
        if value.site is not None:
            beyond = replace(beyond, notes=((value.site, f"the {transform} and its options"),))
        interpreter.shape_error(site, transform, beyond, frame, state)
    if transform in _GRADIENTS:
        return _call_gradient(interpreter, value, arguments, site, frame, state, trace, inputs)
    if transform == "jax.custom_gradient":
        return _call_custom_gradient(interpreter, value, arguments, site, frame, state)
    if transform == "jax.numpy.vectorize":
        return _call_vectorized(interpreter, value, arguments, site, frame, state, trace, inputs)
    leaf = None
    if transform == "jax.vmap":
        unmapped = _vmap_given_no_leaf(interpreter, value, arguments)
        unmapped = unmapped or _vmap_maps_nothing(value, arguments)
        if unmapped is not None:
            # vmap looks for an axis to map before anything else, at each call
            if value.site is not None:
                unmapped = replace(unmapped, notes=((value.site, "the jax.vmap"),))
            interpreter.shape_error(site, "jax.vmap", unmapped, frame, state)
        mapped, size = _vmap_arguments(interpreter, value, arguments, trace)
        if _in_axes_miscounted(interpreter, value.option("in_axes"), arguments):
            # vmap refuses a tuple of in_axes of another length than the positional
            # arguments before it looks at any shape (the vmap-in-axes-length rule reports it,
            # at the vmap: noted there, an error only where this call is proved to run)
            interpreter.raises(state, value.site, "ValueError", frame)
        elif isinstance(size, shaping.Mismatch):
            if value.site is not None:
                size = replace(size, notes=((value.site, "the jax.vmap and its in_axes"),))
            interpreter.shape_error(site, "jax.vmap", size, frame, state)
        leaf = _vmap_results(value, size)
    else:
        if transform == "jax.pmap":
            scalar = _pmap_maps_nothing(interpreter, value, arguments)
            scalar = scalar or _pmap_scalar_argument(interpreter, value, arguments)
            scalar = scalar or _pmap_inconsistent_sizes(interpreter, value, arguments)
            if scalar is not None:
                # pmap shards each mapped argument's leading axis over the devices before it
                # traces the function: a scalar has none, and the call raises there
                if value.site is not None:
                    note = (value.site, "the jax.pmap, which maps every argument on axis 0")
                    scalar = replace(scalar, notes=(note,))
                interpreter.shape_error(site, "jax.pmap", scalar, frame, state)
        mapped = _staged_arguments(interpreter, value, arguments, trace)
    result = invoke(
        interpreter, transform, "function", value.inner, mapped, site, frame, state, trace
    )
    if transform == "jax.vmap":
        batched = _vmap_out_axes_none_batched(value, result, trace)
        if batched is not None:
            # vmap moves each output's batch axis to its out_axes once the function returned
            where: list[tuple[Site, str]] = []
            if value.site is not None:
                where.append((value.site, "the jax.vmap and its out_axes"))
            if len(value.inner) == 1 and isinstance(value.inner[0], Function):
                where.append((value.inner[0].site, "the function whose output is batched"))
            interpreter.shape_error(
                site, "jax.vmap", replace(batched, notes=tuple(where)), frame, state
            )
    if transform == "jax.make_jaxpr":
        return ANY
    if (
        transform == "jax.jit"
        and result
        # (the first value settles most: no generator is made and left unfinished)
        and _python_function(result[0])
        and all(_python_function(v) for v in result)
    ):
        # jit's outputs must be arrays (pytrees of them): a returned Python function is not
        notes = () if value.site is None else ((value.site, "the jax.jit"),)
        interpreter.shape_error(
            site,
            transform,
            shaping.Mismatch(
                "jit-output-type",
                f"{value.describe()} traced for jit returned a Python function, which is not a "
                "valid JAX type",
                notes=notes,
            ),
            frame,
            state,
        )
    if transform == "jax.jit" and (invalid := _not_jax_leaf(result)) is not None:
        # a string or an enum member among jit's outputs: no JAX type either
        described, component = invalid
        notes = () if value.site is None else ((value.site, "the jax.jit"),)
        interpreter.shape_error(
            site,
            transform,
            shaping.Mismatch(
                "jit-output-type",
                f"{value.describe()} traced for jit returned a value of type {described}"
                f"{component}, which is not a valid JAX type",
                notes=notes,
            ),
            frame,
            state,
        )
    if transform == "jax.jit" and (overflow := _overflowing_output(result)) is not None:
        # jit makes each output an array: a Python int past int64's range fits no integer type
        number, component = overflow
        notes = () if value.site is None else ((value.site, "the jax.jit"),)
        interpreter.shape_error(
            site,
            transform,
            shaping.Mismatch(
                int_range.KIND,
                f"{value.describe()} traced for jit returned the Python int {number}{component}",
                notes=notes,
            ),
            frame,
            state,
        )
    if transform == "jax.pmap":
        leaf = unshaped  # a leading axis per device, which the function's result does not have
    return lift(interpreter, result, frame, inputs, leaf=leaf, numbers=transform == "jax.jit")


def _call_custom_gradient(
    interpreter: Interpreter,
    value: Transformed,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    """A call of a ``jax.custom_gradient`` function: the function runs on the arguments and
    returns ``(output, gradient function)``; the call gives the output (anything else it
    returns: not known)."""
    result = invoke(
        interpreter, value.transform, "function", value.inner, arguments, site, frame, state, None
    )
    outputs = [v.items[0] if isinstance(v, Tuple) and len(v.items) == 2 else ANY for v in result]
    return join(*outputs) if outputs else ANY


def _call_vectorized(
    interpreter: Interpreter,
    value: Transformed,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    trace: Trace,
    inputs: list[Values],
) -> Values:
    """A call of ``jnp.vectorize(f, signature=...)``: each argument not excluded splits into
    loop axes and the core axes its signature gives it (none without a signature); ``f`` sees
    arrays of the core shapes (batched tracers, unless every loop axis is 1, where JAX calls
    it as it is), and its results gain the loop axes broadcast together in front."""
    heap = interpreter.heap
    excluded = int_set(value.option("excluded") or one(Tuple(())), heap)
    signature = value.option("signature")
    cores = _core_ranks(signature)
    dynamic = [
        position
        for position, values in enumerate(arguments.positional)
        if excluded is not None and position not in excluded and values != one(NONE)
    ]
    known = (
        excluded is not None
        and not arguments.starred
        and not arguments.keywords
        and (len(cores) == len(dynamic) if cores is not None else signature is None)
    )
    loops: list[shaping.Aval] = []
    splits: dict[int, int] = {}
    for index, position in enumerate(dynamic if known else ()):
        aval = shaping.aval_of(arguments.positional[position], heap)
        core = cores[index] if cores is not None else 0
        if aval.shape is None or aval.rank is None or aval.rank < core:
            known = False
            break
        splits[position] = aval.rank - core
        loops.append(replace(aval, shape=aval.shape[: aval.rank - core]))
    loop: Dim | tuple[Dim, ...] | None = None
    if known:
        broadcast = sh.broadcast([aval.shape for aval in loops])
        if isinstance(broadcast, sh.BroadcastFailure):
            first, second = broadcast.first, broadcast.second
            nodes = arguments.nodes
            operands = tuple(
                shaping.Operand(
                    "the loop axes of "
                    + str(
                        shaping.Spelled(
                            nodes[dynamic[i]] if dynamic[i] < len(nodes) else None,
                            f"argument {dynamic[i] + 1}",
                        )
                    ),
                    loops[i],
                )
                for i in (first, second)
            )
            mismatch = shaping.Mismatch(
                "broadcast",
                "Incompatible shapes for broadcasting: shapes="
                f"[{sh.describe(loops[first].shape)}, {sh.describe(loops[second].shape)}]",
                operands,
            )
            interpreter.shape_error(site, "jnp.vectorize", mismatch, frame, state)
        loop = broadcast
    unbatched = isinstance(loop, tuple) and all(d == 1 for d in loop)
    positional: list[Values] = []
    for position, values in enumerate(arguments.positional):
        if position in splits:
            core_of = _core_of(splits[position])
            if unbatched:
                positional.append(tuple(core_of(v) if isinstance(v, Array) else v for v in values))
            else:
                positional.append(traced(interpreter, values, trace, core_of))
        elif known or (excluded is not None and position in excluded):
            positional.append(values)
        else:
            positional.append(_unsure(values))
    mapped = Arguments(
        positional,
        {k: _unsure(v) for k, v in arguments.keywords.items()},
        arguments.starred,
        arguments.spread,
        list(arguments.nodes),
        dict(arguments.keyword_nodes),
    )
    result = invoke(
        interpreter,
        value.transform,
        "function",
        value.inner,
        mapped,
        site,
        frame,
        state,
        None if unbatched else trace,
    )
    return lift(interpreter, result, frame, inputs, leaf=_looped(loop))


def _core_ranks(signature: Values | None) -> list[int] | None:
    """How many core axes a gufunc signature gives each input (``"(m,n),(n)->(m)"``: 2 and
    1), when it is one well-formed string."""
    if signature is None or len(signature) != 1:
        return None
    given = signature[0]
    if not isinstance(given, Const) or not isinstance(given.value, str):
        return None
    if not GUFUNC_SIGNATURE.match(given.value):
        return None
    inputs = given.value.split("->")[0]
    return [len(re.findall(r"\w+", core)) for core in re.findall(r"\([^)]*\)", inputs)]


def _core_of(loop_rank: int) -> Leaf:
    """An argument's array as the vectorized function sees it: its trailing (core) axes."""

    def leaf(array: Array) -> Array:
        shape = array.shape[loop_rank:] if array.shape is not None else None
        return array.with_aval(shape, array.dtype, array.weak, array.origin)

    return leaf


def _looped(loop: object) -> Leaf:
    """A result's array as the vectorized call returns it: the loop axes, then its own."""

    def leaf(array: Array) -> Array:
        if not isinstance(loop, tuple) or array.shape is None:
            return unshaped(array)
        return array.with_aval((*loop, *array.shape), array.dtype, array.weak, array.origin)

    return leaf


def _called_breaks_contract(
    interpreter: Interpreter,
    value: Transformed,
    arguments: Arguments,
    site: Site,
    frame: Frame,
) -> bool:
    """Record the call of a transformed function, with what it breaks of the contracts its
    transform puts on each call (a static argument that cannot be hashed...)."""
    called = arguments.called(site, value, frame)
    maker = _TRANSFORMS.get(value.transform)
    broken = call_violations(maker, dict(value.options), called, interpreter.heap) if maker else []
    interpreter.facts.called.append(replace(called, violations=tuple(broken)) if broken else called)
    return bool(broken)


def _staged_arguments(
    interpreter: Interpreter, value: Transformed, arguments: Arguments, trace: Trace
) -> Arguments:
    """A jitted call's arguments: tracers, except the static ones."""
    static_positions = int_set(
        value.option("static_argnums") or value.option("static_broadcasted_argnums"),
        interpreter.heap,
    )
    static_names = str_set(value.option("static_argnames"), interpreter.heap)
    if static_positions is None or static_names is None:
        # the static arguments are not known: nothing is known to be traced
        return Arguments(
            [_unsure(v) for v in arguments.positional],
            {k: _unsure(v) for k, v in arguments.keywords.items()},
            arguments.starred,
            arguments.spread,
            list(arguments.nodes),
            dict(arguments.keyword_nodes),
        )
    # a static name may be any positional argument's where jit reads a signature not known
    # here (a ``functools.wraps`` wrapper of an unknown function): those are not known to be
    # traced
    positional_unsure = bool(static_names) and _signature_unknown(value.inner)
    if static_positions or static_names:
        names = parameter_names(value.inner) or []
        count = len(arguments.positional)
        static_positions = {p % count if p < 0 and count else p for p in static_positions}
        static_positions |= {names.index(n) for n in static_names if n in names}
        static_names |= {names[p] for p in static_positions if 0 <= p < len(names)}
    # pmap's function sees one device's slice of each mapped argument (its in_axes are not
    # read here): the shapes are not known
    leaf = unshaped if value.transform == "jax.pmap" else None
    positional = [
        v
        if position in static_positions
        else _unsure(v)
        if positional_unsure
        else traced(interpreter, v, trace, leaf)
        for position, v in enumerate(arguments.positional)
    ]
    keywords = {
        k: v if k in static_names else traced(interpreter, v, trace, leaf)
        for k, v in arguments.keywords.items()
    }
    return Arguments(
        positional,
        keywords,
        arguments.starred,
        arguments.spread,
        list(arguments.nodes),
        dict(arguments.keyword_nodes),
    )


def _signature_unknown(inner: Values) -> bool:
    """The function jit wraps is a ``functools.wraps`` wrapper of what is not one known
    function: the names its positional parameters have for jit are not known."""
    return (
        len(inner) == 1
        and isinstance(inner[0], Function)
        and inner[0].wraps is not None
        and parameter_names(inner) is None
    )


def _unsure(values: Values) -> Values:
    """Arrays (and numbers) that may or may not be traced, with no shape: in a tuple too (a
    vmap's in_axes entry that is a tree maps its items by axes not followed here)."""
    return tuple(
        Array(None)
        if isinstance(v, Array | Const)
        else Tuple(tuple(_unsure(item) for item in v.items))
        if isinstance(v, Tuple)
        else v
        for v in values
    )


def _vmap_arguments(
    interpreter: Interpreter, value: Transformed, arguments: Arguments, trace: Trace
) -> tuple[Arguments, Dim | shaping.Mismatch]:
    """A vmapped call's arguments: batched tracers where ``in_axes`` maps them (keyword
    arguments are always mapped over axis 0), unchanged where it says ``None``; and the size
    of the mapped axes, or why vmap refuses them."""
    in_axes = value.option("in_axes")
    axes = _axes_per_argument(interpreter, in_axes, len(arguments.positional))
    positional: list[Values] = []
    leaves: list[batching.Mapped] = []
    for position, values in enumerate(arguments.positional):
        axis = axes[position] if axes is not None and position < len(axes) else "unknown"
        if axis is None:
            positional.append(values)
        elif isinstance(axis, int):
            positional.append(traced(interpreter, values, trace, batching.unbatched(axis)))
            node = arguments.nodes[position] if position < len(arguments.nodes) else None
            label = shaping.Spelled(node, f"argument {position + 1}")
            leaves.extend(batching.mapped_leaves(values, label, axis, interpreter.heap))
        else:
            positional.append(_unsure(values))
    keywords = {
        k: traced(interpreter, v, trace, batching.unbatched(0))
        for k, v in arguments.keywords.items()
    }
    for name, values in arguments.keywords.items():
        leaves.extend(batching.mapped_leaves(values, f"`{name}`", 0, interpreter.heap))
    mapped = Arguments(
        positional,
        keywords,
        arguments.starred,
        arguments.spread,
        list(arguments.nodes),
        dict(arguments.keyword_nodes),
    )
    return mapped, batching.vmap_size(leaves)


def _vmap_results(value: Transformed, size: Dim | shaping.Mismatch) -> Leaf:
    """What the vmapped call does to its function's results: adds the mapped axis at
    ``out_axes`` (an int for every result; anything else leaves their shapes unknown)."""
    out_axes = value.option("out_axes")
    if isinstance(size, shaping.Mismatch):
        return unshaped
    if out_axes is None:
        return batching.batched(size, 0)
    if len(out_axes) == 1 and isinstance(out_axes[0], Const) and type(out_axes[0].value) is int:
        return batching.batched(size, out_axes[0].value)
    return unshaped


def _python_function(value: Value) -> bool:
    """A function jit cannot return: a ``def``, a lambda or a ``functools.partial``.  A
    ``jax.tree_util.Partial`` is a pytree whose leaves are its bound arguments (netket's jitted
    factories return one over ``jax.linearize``'s function): whether jit takes it rests on
    those, so it is not one."""
    return isinstance(value, Function) or (isinstance(value, Partial) and not value.pytree)


def _not_jax_leaf(result: Values, depth: int = 0) -> tuple[str, str] | None:
    """The type of a leaf jit's output surely holds that is no JAX type, and where (``at
    output component [1]``): a string, bytes or an enum member of no number type, the whole
    output or an item of a tuple of it, on every path."""
    if not result or depth > 4:
        return None
    found: set[tuple[str, str]] = set()
    for value in result:
        if isinstance(value, EnumMember):
            found.add((value.type_repr, ""))
        elif isinstance(value, Const) and type(value.value) in (str, bytes):
            found.add((f"<class '{type(value.value).__name__}'>", ""))
        elif isinstance(value, Tuple):
            inner = next(
                (
                    (position, leaf)
                    for position, item in enumerate(value.items)
                    if (leaf := _not_jax_leaf(item, depth + 1)) is not None
                ),
                None,
            )
            if inner is None:
                return None
            position, (described, where) = inner
            found.add((described, f" at output component [{position}]" if not depth else where))
        else:
            return None
    return min(found) if len(found) == 1 else None


def _overflowing_output(result: Values, depth: int = 0) -> tuple[int, str] | None:
    """The Python int past int64's range a jitted function surely returns, whole or as an item
    of a returned tuple, and where (``at output component [1]``): jit converts its outputs to
    arrays, which no integer type of either mode holds (on every path)."""
    if not result or depth > 4:
        return None
    number = int_range.past_int64(result)
    if number is not None:
        return number, ""
    found: set[tuple[int, str]] = set()
    for value in result:
        if not isinstance(value, Tuple):
            return None
        inner = next(
            (
                (position, leaf)
                for position, item in enumerate(value.items)
                if (leaf := _overflowing_output(item, depth + 1)) is not None
            ),
            None,
        )
        if inner is None:
            return None
        position, (number, where) = inner
        found.add((number, f" as output component [{position}]" if not depth else where))
    return min(found) if len(found) == 1 else None


def _vmap_out_axes_none_batched(
    value: Transformed, result: Values, trace: Trace
) -> shaping.Mismatch | None:
    """A ``jax.vmap`` whose ``out_axes`` says ``None`` (no mapped axis) for an output the
    function surely computed from a mapped argument: vmap raises once the function returned.
    Only with no ``axis_name`` (a collective over the mapped axis, ``lax.psum``, gives an
    unbatched result under the same trace), and only for an array this vmap's trace surely
    made, as the one result of the function's every path."""
    out_axes = value.option("out_axes")
    if out_axes is None or len(out_axes) != 1:
        return None
    for option in ("axis_name", "spmd_axis_name"):
        named = value.option(option)
        if named is not None and named != (NONE,):
            return None
    found = _batched_under_none(out_axes[0], result, trace, "", 0)
    if found is None:
        return None
    return shaping.Mismatch(
        "vmap-out-axes-none",
        f"at vmap out_axes{found}, got axis spec None but output was batched on axis 0",
    )


def _batched_under_none(
    axes: Value, result: Values, trace: Trace, path: str, depth: int
) -> str | None:
    """The path (``[1]``, or "" for the whole output) of an output that ``axes`` (an
    ``out_axes`` prefix) maps with ``None`` though it is surely batched by ``trace``."""
    if depth > 4 or len(result) != 1:
        return None
    output = result[0]
    if axes == NONE:
        return path if _surely_batched(output, trace, depth) else None
    if isinstance(axes, Tuple) and isinstance(output, Tuple):
        if len(axes.items) != len(output.items):
            return None  # another error (the tree prefix), not this one
        for position, (inner, item) in enumerate(zip(axes.items, output.items, strict=True)):
            if len(inner) == 1:
                found = _batched_under_none(inner[0], item, trace, f"{path}[{position}]", depth + 1)
                if found is not None:
                    return found
    return None


def _surely_batched(output: Value, trace: Trace, depth: int) -> bool:
    """Whether ``output`` is (or holds, in a tuple) an array batched by ``trace``: one the
    vmap's tracers made (its innermost trace is this vmap's)."""
    if isinstance(output, Array):
        return (
            not output.tree
            and output.flavours is not None
            and Flavour.BATCHED in output.flavours
            and output.trace == trace
        )
    if isinstance(output, Tuple) and depth < 4:
        return any(
            len(item) == 1 and _surely_batched(item[0], trace, depth + 1) for item in output.items
        )
    return False


def _static_beyond_positional(
    interpreter: Interpreter, value: Transformed, arguments: Arguments
) -> shaping.Mismatch | None:
    """A call of a ``pmap``/``checkpoint``-transformed function with fewer positional
    arguments than its static argument positions need (a static argument passed by
    keyword, or left to its default)."""
    option = {"jax.pmap": "static_broadcasted_argnums", "jax.checkpoint": "static_argnums"}
    name = option.get(value.transform)
    if name is None or arguments.starred or arguments.spread:
        return None
    static = int_set(value.option(name), interpreter.heap)
    if not static:
        return None
    count = len(arguments.positional)
    if value.transform == "jax.pmap":
        if max(static) < count:
            return None
        return shaping.Mismatch(
            "pmap-static-positional",
            f"pmapped function has static_broadcasted_argnums={tuple(sorted(static))} but "
            f"was called with only {count} positional argument{'s' if count != 1 else ''}: "
            "all static broadcasted arguments must be passed positionally",
        )
    if all(-count <= position < count for position in static):
        return None
    return shaping.Mismatch(
        "checkpoint-static-positional",
        f"the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take "
        f"integer values greater than or equal to `-len(args)` and less than `len(args)`, "
        f"but got {tuple(sorted(static))}, while the call passes {count} positional "
        f"argument{'s' if count != 1 else ''}",
    )


def _vmap_given_no_leaf(
    interpreter: Interpreter, value: Transformed, arguments: Arguments
) -> shaping.Mismatch | None:
    """A call of a ``jax.vmap``-ped function whose arguments surely hold no array nor number
    at all (``None``, empty dicts, tuples, lists), with no ``axis_size``: vmap has nothing
    to read a size from."""
    size = value.option("axis_size")
    if (size is not None and size != (NONE,)) or arguments.starred or arguments.spread:
        return None
    given = [*arguments.positional, *arguments.keywords.values()]
    if not all(_holds_no_leaf(values, interpreter.heap, 0) for values in given):
        return None
    return shaping.Mismatch(
        "vmap-no-arrays",
        "vmap wrapped function must be passed at least one argument containing an array or "
        "axis_size must be specified: "
        + ("it is given no argument" if not given else "its arguments hold no array at all"),
    )


def _surely_a_leaf(values: Values) -> bool:
    """Whether every alternative of ``values`` is an array or a Python number (a leaf)."""
    return bool(values) and all(
        isinstance(v, Array | NumpyArray | Key)
        or (isinstance(v, Const) and type(v.value) in (int, float, complex, bool))
        for v in values
    )


def _holds_no_leaf(values: Values, heap: Heap, depth: int) -> bool:
    """Whether ``values`` is surely ``None`` or a container of only such (no leaf at all)."""
    if not values or depth > 4:
        return False
    for value in values:
        if value == NONE:
            continue
        items: tuple[Values, ...] | None = None
        if isinstance(value, Tuple):
            items = value.items
        elif isinstance(value, ListValue):
            items = heap.list_items(value.ref)
        elif isinstance(value, DictValue):
            entries = heap.known_entries(value.ref)
            items = tuple(entries.values()) if entries is not None else None
        if items is None or not all(_holds_no_leaf(item, heap, depth + 1) for item in items):
            return False
    return True


def _vmap_maps_nothing(value: Transformed, arguments: Arguments) -> shaping.Mismatch | None:
    """A ``jax.vmap`` whose ``in_axes`` surely map no argument (``None``, or a tuple of
    ``None``s) and that is given no ``axis_size``: it has no size to map over.  Keyword
    arguments are mapped on axis 0 whatever ``in_axes`` says."""
    if arguments.keywords or arguments.spread:
        return None
    if not any(_surely_a_leaf(values) for values in arguments.positional):
        return None  # arguments without any leaf raise another error first
    in_axes = value.option("in_axes")
    if in_axes is None or len(in_axes) != 1:
        return None
    size = value.option("axis_size")
    if size is not None and size != (NONE,):
        return None
    axes = in_axes[0]
    if axes == NONE:
        said = "in_axes=None"
    elif isinstance(axes, Tuple) and all(item == (NONE,) for item in axes.items):
        said = f"in_axes={tuple(None for _ in axes.items)}"
    else:
        return None
    return shaping.Mismatch(
        "vmap-no-mapped",
        f"vmap must have at least one non-None value in in_axes or axis_size must be specified: "
        f"{said} maps no argument, and no axis_size says how many times to run the function",
    )


def _pmap_maps_nothing(
    interpreter: Interpreter, value: Transformed, arguments: Arguments
) -> shaping.Mismatch | None:
    """A call of a ``pmap``-ped function (its in_axes left at 0, no static arguments) whose
    every argument is surely a Python number: pmap finds no argument with an axis to map, and
    says so before it looks at shardings."""
    if value.option("in_axes") is not None or arguments.starred or arguments.spread:
        return None
    if arguments.keywords or not arguments.positional:
        return None
    static = int_set(value.option("static_broadcasted_argnums"), interpreter.heap)
    if static != set():
        return None
    for values in arguments.positional:
        # a 0-d array among them raises another error (an IndexError), left alone
        if not values or not all(_python_number(v) for v in values):
            return None
    count = len(arguments.positional)
    return shaping.Mismatch(
        "pmap-no-mapped",
        "pmap requires at least one argument with a mapped axis: "
        + (
            "the argument is a Python number"
            if count == 1
            else f"all {count} arguments are Python numbers"
        )
        + ", so none has a leading axis to split over the devices",
        node=arguments.nodes[0] if arguments.nodes else None,
    )


def _pmap_scalar_argument(
    interpreter: Interpreter, value: Transformed, arguments: Arguments
) -> shaping.Mismatch | None:
    """A positional argument that ``pmap`` maps (its in_axes left at 0, not a static one) and
    that is surely a scalar: a Python number, or an array of rank 0."""
    if value.option("in_axes") is not None or arguments.starred or arguments.spread:
        return None
    static = int_set(value.option("static_broadcasted_argnums"), interpreter.heap)
    if static is None:
        return None
    count = len(arguments.positional)
    static = {p % count if p < 0 and count else p for p in static}
    mapped = [
        (position, values)
        for position, values in enumerate(arguments.positional)
        if position not in static and values
    ]
    if arguments.keywords:
        return None
    leaves = {
        position: batching.mapped_leaves(values, f"argument {position + 1}", 0, interpreter.heap)
        for position, values in mapped
    }
    ranked = any(_surely_ranked(v, interpreter) for _, v in mapped) or any(
        leaf.aval.rank is not None and leaf.aval.rank >= 1
        for found in leaves.values()
        for leaf in found
    )
    # with no argument that has an axis to map, pmap raises another error first
    if not ranked:
        return None
    for position, values in mapped:
        node = arguments.nodes[position] if position < len(arguments.nodes) else None
        ranks = {_scalar_rank(v, interpreter) for v in values}
        if ranks == {0}:
            return shaping.Mismatch(
                "pmap-scalar",
                f"argument {position + 1} is a scalar, so it has no leading axis to split over "
                "the devices (its sharding annotation needs rank at least 1)",
                node=node,
            )
        # a leaf of a container (a dict of parameters holding a learning rate)
        scalar = next((leaf for leaf in leaves[position] if leaf.aval.rank == 0), None)
        if scalar is not None and len(leaves[position]) > 1:
            return shaping.Mismatch(
                "pmap-scalar",
                f"{scalar.label} is a scalar, so it has no leading axis to split over the "
                "devices (its sharding annotation needs rank at least 1)",
                node=node,
            )
    return None


def _pmap_inconsistent_sizes(
    interpreter: Interpreter, value: Transformed, arguments: Arguments
) -> shaping.Mismatch | None:
    """Mapped arguments of a ``pmap``-ped function whose mapped axes surely have different
    sizes.  pmap makes one mesh axis of the first mapped size and splits every mapped
    argument over it: another size is refused, with the sharding checks' IndivisibleError or
    with a squeeze of a block that is not of size one (which, depends on the sizes and the
    device count; both are ValueErrors)."""
    if arguments.starred or arguments.spread:
        return None
    in_axes = value.option("in_axes")
    if in_axes is not None and arguments.keywords:
        return None  # explicit in_axes with keyword arguments: pmap raises another error
    static = int_set(value.option("static_broadcasted_argnums"), interpreter.heap)
    if static is None:
        return None
    count = len(arguments.positional)
    static = {p % count if p < 0 and count else p for p in static}
    axes = _axes_per_argument(interpreter, in_axes, count)
    if axes is None or len(axes) != count:
        return None
    leaves: list[batching.Mapped] = []
    for position, values in enumerate(arguments.positional):
        axis = axes[position]
        if position in static or axis is None:
            continue
        if not isinstance(axis, int):
            return None
        node = arguments.nodes[position] if position < len(arguments.nodes) else None
        label = shaping.Spelled(node, f"argument {position + 1}")
        leaves.extend(batching.mapped_leaves(values, label, axis, interpreter.heap))
    for name, values in arguments.keywords.items():
        leaves.extend(batching.mapped_leaves(values, f"`{name}`", 0, interpreter.heap))
    size = batching.vmap_size(leaves)
    if not isinstance(size, shaping.Mismatch) or size.kind != "vmap-sizes":
        return None
    first, other = size.operands
    return shaping.Mismatch(
        "pmap-sizes",
        "the mapped sizes differ: "
        + size.summary.split(": ", 1)[1]
        + "; pmap splits every mapped argument over one device axis, so the sizes must "
        "agree, and JAX refuses them with a ValueError (a squeeze of a block whose size is "
        "not one, or an IndivisibleError, by the sizes and the device count)",
        (first, other),
    )


def _python_number(value: Value) -> bool:
    return isinstance(value, Const) and type(value.value) in (int, float, complex)


def _surely_ranked(values: Values, interpreter: Interpreter) -> bool:
    """Whether ``values`` is surely an array of rank 1 or more."""
    for value in values:
        if not isinstance(value, Array):
            return False
        rank = shaping.aval_of(one(value), interpreter.heap).rank
        if rank is None or rank < 1:
            return False
    return bool(values)


def _scalar_rank(value: Value, interpreter: Interpreter) -> int | None:
    """0 for a Python number or a 0-d array; None when it is not surely a scalar."""
    if isinstance(value, Const):
        return 0 if isinstance(value.value, int | float | complex) else None
    if isinstance(value, Array):
        aval = shaping.aval_of(one(value), interpreter.heap)
        return aval.rank if aval.rank == 0 else None
    return None


def _in_axes_miscounted(
    interpreter: Interpreter, in_axes: Values | None, arguments: Arguments
) -> bool:
    """Whether ``in_axes`` is surely a tuple (or list) of another length than the call's
    positional arguments."""
    if in_axes is None or len(in_axes) != 1 or arguments.starred:
        return False
    value = in_axes[0]
    if isinstance(value, Tuple):
        count: int | None = len(value.items)
    elif isinstance(value, ListValue):
        items = interpreter.heap.list_items(value.ref)
        count = len(items) if items is not None else None
    else:
        return False
    return count is not None and count != len(arguments.positional)


def _axes_per_argument(
    interpreter: Interpreter, in_axes: Values | None, count: int
) -> list[object] | None:
    """Per positional argument: an int (mapped), None (not mapped), "tree" (a prefix tree,
    mapped somewhere) or "unknown"."""
    if in_axes is None:
        return [0] * count
    if len(in_axes) != 1:
        return None
    value = in_axes[0]
    if isinstance(value, Const):
        if value.value is None or isinstance(value.value, int):
            return [value.value] * count
        return None
    items: tuple[Values, ...] | None = None
    if isinstance(value, Tuple):
        items = value.items
    elif isinstance(value, ListValue):
        items = interpreter.heap.list_items(value.ref)
    if items is None:
        return None
    axes: list[object] = []
    for item in items:
        if (
            len(item) == 1
            and isinstance(item[0], Const)
            and (item[0].value is None or isinstance(item[0].value, int))
        ):
            axes.append(item[0].value)
        else:
            axes.append("unknown")
    return axes


def _call_gradient(
    interpreter: Interpreter,
    value: Transformed,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    trace: Trace,
    inputs: list[Values],
) -> Values:
    argnums = int_set(value.option("argnums") or one(Const(0)), interpreter.heap)
    positional: list[Values] = []
    differentiated: list[Values] = []
    allow_int = value.option("allow_int") == one(Const(True))
    for position, values in enumerate(arguments.positional):
        if argnums is None:
            positional.append(_unsure(values))
        elif position in argnums:
            node = arguments.nodes[position] if position < len(arguments.nodes) else None
            label = shaping.Spelled(node, f"argument {position + 1}")
            refused = None if allow_int else batching.integer_input(values, interpreter.heap, label)
            if refused is not None and value.transform in _REAL_INPUTS:
                interpreter.shape_error(site, value.transform, refused, frame, state)
            positional.append(traced(interpreter, values, trace))
            differentiated.append(values)
        else:
            positional.append(values)
    mapped = Arguments(
        positional,
        dict(arguments.keywords),
        arguments.starred,
        arguments.spread,
        list(arguments.nodes),
        dict(arguments.keyword_nodes),
    )
    result = invoke(
        interpreter, value.transform, "function", value.inner, mapped, site, frame, state, trace
    )
    has_aux = value.option("has_aux")
    aux: Values | None = None
    output = result
    if has_aux is not None and has_aux == one(Const(True)):
        returned = _surely_not_pair(result, interpreter)
        # a run for any caller (at the transform itself) is no call: JAX unpacks at a call
        if returned is not None and site != value.site:
            # JAX unpacks (output, aux) from what the function returns, and raises otherwise
            notes = () if value.site is None else ((value.site, "has_aux=True is set here"),)
            interpreter.shape_error(
                site,
                value.transform,
                shaping.Mismatch(
                    "has-aux-output",
                    f"expected function with aux output to return a two-element tuple, but "
                    f"{value.describe()} returns {returned}",
                    notes=notes,
                ),
                frame,
                state,
            )
        parts = interpreter.unpack(result, 2, frame, site.node)
        output, aux = parts[0], lift(interpreter, parts[1], frame, inputs)
    # (whether the function returns a pair to unpack is unknown: nothing to say of its output)
    aux_unknown = has_aux is not None and has_aux not in (one(Const(True)), one(Const(False)))
    if value.transform in _SCALAR_OUTPUTS and not aux_unknown:
        output_label = f"the output of {value.describe()}"
        non_scalar = batching.non_scalar_output(output, interpreter.heap, output_label)
        if non_scalar is not None:
            interpreter.shape_error(site, value.transform, non_scalar, frame, state)
    gradient_inputs = differentiated or inputs
    if len(differentiated) == 1 and isinstance(value.option("argnums") or one(Const(0)), tuple):
        grads = lift(interpreter, differentiated[0], frame, gradient_inputs)
    else:
        grads = _gradients_like(interpreter, value, differentiated, frame, gradient_inputs)
    if value.transform == "jax.value_and_grad":
        primal = lift(interpreter, output, frame, inputs)
        if aux is not None:
            primal = one(Tuple((primal, aux)))
        return one(Tuple((primal, grads)))
    if value.transform == "jax.grad":
        return one(Tuple((grads, aux))) if aux is not None else grads
    jacobian = _jacobian(interpreter, value, output, differentiated, frame, inputs)
    return one(Tuple((jacobian, aux))) if aux is not None else jacobian


def _jacobian(
    interpreter: Interpreter,
    value: Transformed,
    output: Values,
    differentiated: list[Values],
    frame: Frame,
    inputs: list[Values],
) -> Values:
    """What ``jacfwd``, ``jacrev`` or ``hessian`` gives: per leaf of the output, the structure
    of the differentiated argument(s) (a tuple of them for a tuple of argnums), each leaf of
    the output's shape followed by the argument's (twice for ``hessian``).  Worked out only
    for one argument that is one array; otherwise unknown, never the output's own shape."""
    argnums = value.option("argnums") or one(Const(0))
    number = argnums[0] if len(argnums) == 1 else None
    if not isinstance(number, Const) or not isinstance(number.value, int):
        return ANY
    if len(differentiated) != 1:
        return ANY
    argument = differentiated[0]
    if not all(isinstance(v, Array) and not v.tree for v in argument):
        return ANY
    shapes = {v.shape for v in argument if isinstance(v, Array)}
    argument_shape = shapes.pop() if len(shapes) == 1 else None
    times = 2 if value.transform == "jax.hessian" else 1

    def leaf(array: Array) -> Array:
        shape = None
        if array.shape is not None and argument_shape is not None:
            shape = (*array.shape, *argument_shape * times)
        return array.with_aval(shape, array.dtype, False, array.origin)

    return lift(interpreter, output, frame, inputs, leaf=leaf)


def _gradients_like(
    interpreter: Interpreter,
    value: Transformed,
    differentiated: list[Values],
    frame: Frame,
    inputs: list[Values],
) -> Values:
    """The gradient has the structure of the differentiated argument(s)."""
    argnums = value.option("argnums")
    grads = [lift(interpreter, d, frame, inputs) for d in differentiated]
    if argnums is not None and len(argnums) == 1 and isinstance(argnums[0], Tuple):
        return one(Tuple(tuple(grads)))
    return grads[0] if grads else one(interpreter.array_result(frame, *inputs))


def _jvp(context: ApiCallContext) -> Values:
    """``jax.jvp(f, primals, tangents)``: ``f`` on differentiated tracers, now."""
    interpreter = context.interpreter
    fun = context.arg("fun")
    trace = trace_of("jax.jvp", Flavour.DIFFERENTIATED, context.site, fun)
    primals = _items(interpreter, context.arg("primals"))
    inputs = list(context.arguments.values())
    if primals is None:
        arguments = Arguments(starred=True)
    else:
        arguments = Arguments([traced(interpreter, p, trace) for p in primals])
    result = invoke(
        interpreter,
        "jax.jvp",
        "function",
        fun,
        arguments,
        context.site,
        context.frame,
        context.state,
        trace,
    )
    out = lift(interpreter, result, context.frame, inputs)
    if context.arg("has_aux", one(Const(False))) == one(Const(True)):
        parts = interpreter.unpack(out, 2, context.frame, context.site.node)
        return one(Tuple((parts[0], parts[0], parts[1])))
    return one(Tuple((out, out)))


def _vjp_like(api: str) -> object:
    def behaviour(context: ApiCallContext) -> Values:
        """``jax.vjp(f, *primals)`` / ``jax.linearize``: ``f`` on differentiated tracers."""
        interpreter = context.interpreter
        fun = context.arg("fun")
        trace = trace_of(api, Flavour.DIFFERENTIATED, context.site, fun)
        primals = _items(interpreter, context.arg("primals"))
        inputs = list(context.arguments.values())
        arguments = (
            Arguments(starred=True)
            if primals is None
            else Arguments([traced(interpreter, p, trace) for p in primals])
        )
        result = invoke(
            interpreter,
            api,
            "function",
            fun,
            arguments,
            context.site,
            context.frame,
            context.state,
            trace,
        )
        out = lift(interpreter, result, context.frame, inputs)
        if context.arg("has_aux", one(Const(False))) == one(Const(True)):
            parts = interpreter.unpack(out, 2, context.frame, context.site.node)
            return one(Tuple((parts[0], ANY, parts[1])))
        return one(Tuple((out, ANY)))

    return behaviour


def _eval_shape(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    fun = context.arg("fun")
    trace = trace_of("jax.eval_shape", Flavour.STAGED, context.site, fun)
    rest = _items(interpreter, context.arg("args"))
    arguments = (
        Arguments(starred=True)
        if rest is None
        else Arguments([traced(interpreter, shaping.as_arrays(a), trace) for a in rest])
    )
    result = invoke(
        interpreter,
        "jax.eval_shape",
        "function",
        fun,
        arguments,
        context.site,
        context.frame,
        context.state,
        trace,
    )
    return _as_structs(result)


def _as_structs(values: Values) -> Values:
    """What ``jax.eval_shape`` returns for a result: a ``ShapeDtypeStruct`` per array."""
    found: list[Value] = []
    for value in values:
        if isinstance(value, Array) and not value.tree:
            found.append(ShapeDtype(value.shape, value.dtype))
        elif isinstance(value, Tuple):
            found.append(Tuple(tuple(_as_structs(item) for item in value.items)))
        else:
            found.append(Static("ShapeDtypeStruct"))
    return distinct(found)


def _typeof(context: ApiCallContext) -> Values:
    """``jax.typeof(x)``: the abstract value of an array, its shape and dtype (a Pallas
    ``out_shape`` takes it as it takes a ``ShapeDtypeStruct``); unknown for anything else."""
    given = context.arg("x")
    if given and all(isinstance(v, Array) and not v.tree for v in given):
        return distinct([ShapeDtype(v.shape, v.dtype) for v in given if isinstance(v, Array)])
    return ANY


def _shape_dtype_struct(context: ApiCallContext) -> Values:
    call = shaping.Call(context)
    return one(ShapeDtype(call.shape("shape"), call.dtype("dtype")))


def _items(interpreter: Interpreter, values: Values) -> list[Values] | None:
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Tuple):
        return list(value.items)
    if isinstance(value, ListValue):
        items = interpreter.heap.list_items(value.ref)
        return list(items) if items is not None else None
    return None


# custom derivatives -------------------------------------------------------------------------


def _make_custom(context: ApiCallContext) -> Values:
    spec = context.spec
    if "fun" not in context.arguments:
        return one(
            Partial(one(Api(spec.name)), (), tuple(context.raw.keywords.items()), context.site)
        )
    heap = context.interpreter.heap
    fun = context.arguments["fun"]
    nondiff = int_set(context.arguments.get("nondiff_argnums"), heap)
    names = str_set(context.arguments.get("nondiff_argnames"), heap)
    parameters = parameter_names(fun) if names else []
    unknown = nondiff is None or names is None or parameters is None
    positions = set(nondiff or ())
    if names and parameters is not None:
        # JAX turns the names into positions by the function's signature when it is made
        unknown = unknown or not names <= set(parameters)
        positions |= {parameters.index(name) for name in names if name in parameters}
    ref = context.interpreter.ref_at(context.site, context.frame, "custom")
    value = CustomDerivative(
        spec.name, fun, ref, context.site, tuple(sorted(positions)), nondiff_unknown=unknown
    )
    context.interpreter.facts.made.append(
        Made(context.site, spec.name, value, context.arguments, context.nodes, context.frame)
    )
    return one(value)


def _register(rule: str) -> object:
    def behaviour(context: ApiCallContext) -> Values:
        """``f.defvjp(fwd, bwd, ...)`` / ``f.defjvp(jvp)``: the rules, kept with ``f``."""
        owners = context.arg("self")
        for owner in owners:
            if isinstance(owner, CustomDerivative):
                made = Made(
                    context.site,
                    context.spec.name,
                    owner,
                    context.arguments,
                    context.nodes,
                    context.frame,
                )
                context.interpreter.heap.register(owner.ref, made)
                context.interpreter.facts.made.append(made)
        if rule == "jvp":
            return context.arg("jvp")  # ``@f.defjvp`` keeps the rule under its name
        return one(NONE)

    return behaviour


def _check_nondiff_tracers(
    interpreter: Interpreter,
    value: CustomDerivative,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> None:
    """A custom_vjp function (its rules registered) given a tracer at a ``nondiff_argnums``
    position: every call checks those arguments first, under any transform (jit, vmap, grad,
    a loop body) and also where no tangent flows, and raises UnexpectedTracerError.  Only a
    positional argument before any ``*args`` is read, and only one that is surely a single
    traced array (a pytree parameter may hold no arrays at all)."""
    if arguments.starred:
        return
    for index in value.nondiff_argnums:
        if index >= len(arguments.positional):
            continue
        passed = arguments.positional[index]
        if not passed or not all(
            isinstance(v, Array) and v.flavours and not v.tree and v.trace is not None
            for v in passed
        ):
            continue
        trace = next(v.trace for v in passed if isinstance(v, Array) and v.trace is not None)
        node = arguments.nodes[index] if index < len(arguments.nodes) else None
        label: str | shaping.Spelled = (
            shaping.Spelled(node, f"argument {index + 1}")
            if node is not None
            else f"argument {index + 1}"
        )
        mismatch = shaping.Mismatch(
            "custom-vjp-nondiff-tracer",
            f"Found a JAX Tracer object passed as an argument to a custom_vjp function in a "
            f"position indicated by nondiff_argnums as non-differentiable: argument {index + 1} of "
            f"{describe_values(value.inner)} is a tracer of {trace.kind}",
            (shaping.Operand(label, shaping.aval_of(passed, interpreter.heap)),),
            None,
            ((value.site, "the custom_vjp and its nondiff_argnums"),),
        )
        interpreter.shape_error(site, value.api, mismatch, frame, state)


#: The loops whose body's tracers escape a custom_jvp's nondiff arguments under
#: differentiation (measured: jit raises another error there, vmap runs).
_LOOPS = frozenset({"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop"})


def _check_nondiff_loop_tracers(
    interpreter: Interpreter,
    value: CustomDerivative,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    differentiated: Trace,
) -> None:
    """A custom_jvp function differentiated from outside a loop (``grad`` of a function that
    runs ``lax.scan``) and given, at a ``nondiff_argnums`` position, a tracer of the loop's
    body (a carry, a slice of ``xs``): JAX's rule closes over it, it escapes the body, and the
    loop raises UnexpectedTracerError where it is called."""
    if arguments.starred:
        return
    context = frame.context
    if differentiated not in context:
        return
    inside = context[context.index(differentiated) + 1 :]
    for index in value.nondiff_argnums:
        if index >= len(arguments.positional):
            continue
        passed = arguments.positional[index]
        loops = {
            v.trace
            for v in passed
            if isinstance(v, Array) and v.flavours and not v.tree and v.trace is not None
        }
        if len(loops) != 1 or len(passed) != len(
            [v for v in passed if isinstance(v, Array) and v.trace in loops]
        ):
            continue
        loop = next(iter(loops))
        if loop is None or loop.kind not in _LOOPS or loop not in inside or loop.site is None:
            continue
        mismatch = shaping.Mismatch(
            "custom-rule-closure",
            f"Encountered an unexpected tracer: argument {index + 1} of the custom_jvp function "
            f"{describe_values(value.inner)}, one of its nondiff_argnums, is a tracer of the "
            f"{loop.kind} body, and {differentiated.kind} differentiates the loop: the "
            "custom_jvp rule closes over it and it escapes the body",
            (),
            None,
            ((site, "the custom_jvp function is called here"),),
        )
        interpreter.shape_error(loop.site, value.api, mismatch, frame, state)


def _check_closure(
    interpreter: Interpreter,
    value: CustomDerivative,
    site: Site,
    frame: Frame,
    state: State,
    differentiated: Trace,
) -> None:
    """A custom derivative function called under differentiation whose primal reads a value
    that differentiation is tracing, from an enclosing function rather than as an argument:
    its rules see only the arguments, the tracer escapes them, and JAX raises
    UnexpectedTracerError (even when every argument's tangent is zero)."""
    if len(value.inner) != 1 or not isinstance(value.inner[0], Function):
        return
    primal = value.inner[0]
    for name in _free_names(primal.node):
        read = _enclosing_value(primal, name)
        if read and all(
            isinstance(v, Array) and v.flavours and Flavour.DIFFERENTIATED in v.flavours
            for v in read
        ):
            mismatch = shaping.Mismatch(
                "custom-rule-closure",
                f"Encountered an unexpected tracer: the {value.api.split('.')[-1]} function "
                f"{describe_values(value.inner)} reads `{name}` from the function around it, "
                f"and {differentiated.kind} differentiates `{name}`: the custom rules see only "
                f"the function's arguments, so the tracer of `{name}` escapes them",
                (),
                None,
            )
            interpreter.shape_error(site, value.api, mismatch, frame, state)


def _free_names(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[str]:
    """The names a function reads but neither takes nor assigns (nested functions' bodies
    left out: their own parameters shadow), in order."""
    arguments = node.args
    bound = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} | {
        a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None
    }
    loads: dict[str, None] = {}
    body = [node.body] if isinstance(node, ast.Lambda) else node.body
    pending: list[ast.AST] = list(body)
    while pending:
        current = pending.pop(0)
        if isinstance(current, ast.Name):
            if isinstance(current.ctx, ast.Load):
                loads.setdefault(current.id)
            else:
                bound.add(current.id)
        if isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            if not isinstance(current, ast.Lambda):
                bound.add(current.name)
            continue
        pending.extend(ast.iter_child_nodes(current))
    return [name for name in loads if name not in bound]


def _enclosing_value(function: Function, name: str) -> Values:
    """What ``name`` holds in the function that encloses ``function`` (empty: it is not one
    of its locals, or there is no enclosing function)."""
    enclosing = binding_scope(closure_frame(function), name)
    return () if enclosing is None else enclosing.state.env.get(name, ())


def registrations(interpreter: Interpreter, custom: CustomDerivative) -> list[Made]:
    return interpreter.heap.registered(custom.ref)


def _no_tangent(values: Values) -> bool:
    """Whether a value surely has a zero tangent (``lax.stop_gradient``'s result, a
    constant, an array made without the differentiated inputs)."""
    for value in values:
        if isinstance(value, Tuple):
            if not all(_no_tangent(item) for item in value.items):
                return False
        elif isinstance(value, Array):
            if value.flavours is None or Flavour.DIFFERENTIATED in value.flavours:
                return False
        elif not isinstance(
            value, Key | Const | Static | Function | Api | Mesh | PartitionSpec | NamedSharding
        ):
            return False
    return True


def _odeint(context: ApiCallContext) -> Values:
    forward_mode_error(
        context.interpreter,
        "`odeint` (a custom_vjp function)",
        context.raw,
        context.site,
        context.frame,
        context.state,
    )
    return one(context.interpreter.array_result(context.frame, *context.arguments.values()))


def forward_mode_error(
    interpreter: Interpreter,
    function: str,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> None:
    """A call of a custom_vjp function (``function`` names it) under forward-mode
    differentiation that surely gives it a tangent: JAX raises TypeError at that call (the
    user's innermost line in its traceback, also under jit and inside a fwd rule that
    hessian's outer pass differentiates), not where the transformed function is called."""
    differentiated = frame.under(Flavour.DIFFERENTIATED)
    if differentiated is None or not _forward_tangent(differentiated, arguments):
        return
    interpreter.shape_error(
        site,
        differentiated.kind,
        shaping.Mismatch(
            "custom-vjp-forward",
            f"can't apply forward-mode autodiff (jvp) to a custom_vjp function: {function} "
            f"is called under {differentiated.kind}",
            notes=(
                ((differentiated.site, "the forward-mode differentiation is applied here"),)
                if differentiated.site is not None
                else ()
            ),
        ),
        frame,
        state,
    )


def _forward_tangent(trace: Trace, arguments: Arguments) -> bool:
    """Whether ``trace``, the innermost differentiation, is forward mode and an argument is
    surely one of its tracers (so the call gets a nonzero tangent from it)."""
    if trace.kind not in FORWARD_MODE:
        return False
    for values in (*arguments.positional, *arguments.keywords.values()):
        if values and all(
            isinstance(v, Array)
            and v.flavours is not None
            and Flavour.DIFFERENTIATED in v.flavours
            and v.trace is not None
            and v.trace.kind in FORWARD_MODE
            for v in values
        ):
            return True
    return False


def call_custom(
    interpreter: Interpreter,
    value: CustomDerivative,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    """Calling a custom derivative function: its primal runs; under differentiation its
    rules run instead (fwd and bwd, or the JVP rule), outside that differentiation."""
    rules = registrations(interpreter, value)
    called = arguments.called(site, value, frame, before_rules=not rules)
    position = len(interpreter.facts.called)
    interpreter.facts.called.append(called)
    if rules and value.api == "jax.custom_vjp":
        _check_nondiff_tracers(interpreter, value, arguments, site, frame, state)
    if value.nondiff_unknown:
        rules = []  # which arguments JAX hands the rules is not known: follow the primal only
    differentiated = frame.under(Flavour.DIFFERENTIATED)
    if differentiated is not None and rules:
        _check_closure(interpreter, value, site, frame, state, differentiated)
    if differentiated is not None and all(
        _no_tangent(v) for v in (*arguments.positional, *arguments.keywords.values())
    ):
        differentiated = None  # every tangent is zero: JAX runs the primal, not the rules
    if differentiated is None or not rules:
        return invoke(
            interpreter, value.api, "primal", value.inner, arguments, site, frame, state, None
        )
    if value.api == "jax.custom_jvp":
        _check_nondiff_loop_tracers(
            interpreter, value, arguments, site, frame, state, differentiated
        )
    #: hessian is jacfwd of jacrev: its reverse pass meets the call and runs the rules, under
    #: its forward pass (fwd's arguments keep their tangents there)
    forward_pass: Trace | None = None
    if value.api == "jax.custom_vjp" and differentiated.kind == HESSIAN:
        forward_pass = replace(differentiated, kind="jax.jacfwd")
        forward_arguments = arguments
    elif value.api == "jax.custom_vjp":
        # JAX has no forward-mode rule for a custom_vjp function: jvp (jacfwd, linearize) of
        # it raises TypeError at the call
        forward_mode_error(interpreter, describe_values(one(value)), arguments, site, frame, state)
    inputs = [*arguments.positional, *arguments.keywords.values()]
    primal_values = [without(v, Flavour.DIFFERENTIATED) for v in arguments.positional]
    arguments = Arguments(
        primal_values,
        {k: without(v, Flavour.DIFFERENTIATED) for k, v in arguments.keywords.items()},
        arguments.starred,
        arguments.spread,
        list(arguments.nodes),
        dict(arguments.keyword_nodes),
    )
    results: list[Values] = []
    for made in rules:
        if value.api == "jax.custom_vjp":
            symbolic = made.arguments.get("symbolic_zeros") == one(Const(True))
            fwd_arguments = arguments if forward_pass is None else forward_arguments
            if symbolic:
                fwd_arguments = Arguments(
                    [one(PrimalWrapper(v)) for v in fwd_arguments.positional],
                    fwd_arguments.keywords,
                    fwd_arguments.starred,
                    fwd_arguments.spread,
                    list(fwd_arguments.nodes),
                    dict(fwd_arguments.keyword_nodes),
                )
            fwd = made.arguments.get("fwd", ANY)
            out = invoke(
                interpreter,
                value.api,
                "fwd",
                fwd,
                fwd_arguments,
                site,
                frame,
                state,
                forward_pass,
                Flavour.DIFFERENTIATED,
            )
            parts = interpreter.unpack(out, 2, frame, site.node)
            # checks that need fwd's pair (JAX first checks it is one), and bwd called as
            # JAX calls it (not yet with the nondiff arguments first)
            fwd_wrong = not _surely_pair(out, interpreter) or bool(value.nondiff_argnums)
            checked_and_raised = False
            if not fwd_wrong and _primal_traced_first(frame):
                primal = invoke(
                    interpreter,
                    value.api,
                    "primal",
                    value.inner,
                    arguments,
                    site,
                    frame,
                    state,
                    None,
                )
                wrong = fwd_output_difference(primal, parts[0], interpreter.heap)
                shapes = batching.type_difference(primal, parts[0], interpreter.heap)
                if wrong is None and shapes is not None and shapes.what == "shapes":
                    where = f" at {shapes.path}" if shapes.path else ""
                    wrong = (
                        f"the function's output{where} has type {shapes.expected.describe()} "
                        f"but fwd's primal output has type {shapes.got.describe()}"
                    )
                if wrong is not None:
                    _violated(interpreter, position, "fwd-structure", "fwd", out, wrong)
                    fwd_wrong = True  # JAX raises here, before bwd runs
                    checked_and_raised = True
            elif (
                not fwd_wrong and forward_pass is None and not _staged_inside_differentiation(frame)
            ):
                _check_eager_fwd_output(
                    interpreter, value, arguments, site, frame, state, position, out, parts[0]
                )
            # the backward pass runs after the forward one, on values: the cotangent is a
            # tracer of the transforms around the differentiation only (jit), not of it
            primal_inputs = [without(v, Flavour.DIFFERENTIATED) for v in inputs]
            cotangent = interpreter.array_result(frame, *primal_inputs)
            if not fwd_wrong:
                cotangent = _like(cotangent, parts[0], interpreter)
            bwd = made.arguments.get("bwd", ANY)
            bound = _bound_positionally(value, arguments)
            bwd_arguments = _bwd_arguments(value, bound, parts[1], one(cotangent))
            cotangents = (
                ANY
                if bwd_arguments is None
                else invoke(
                    interpreter,
                    value.api,
                    "bwd",
                    bwd,
                    bwd_arguments,
                    site,
                    frame,
                    state,
                    None,
                    Flavour.DIFFERENTIATED,
                )
            )
            if bound is not None:
                differentiable = [
                    v for index, v in enumerate(bound) if index not in value.nondiff_argnums
                ]
                wrong = bwd_output_structure(len(differentiable), cotangents, interpreter.heap)
                if wrong is not None:
                    _violated(interpreter, position, "bwd-structure", "bwd", bwd, wrong)
                elif not fwd_wrong and (
                    unlike := batching.cotangent_difference(
                        differentiable, cotangents, interpreter.heap
                    )
                ):
                    index, argument, got = unlike
                    described = (
                        f"a cotangent of type {got.describe()} for argument {index + 1} of type "
                        f"{argument.describe()}"
                    )
                    _violated(interpreter, position, "bwd-shape", "bwd", bwd, described)
            # where JAX's check raised, nothing after the call runs: its value is not fwd's
            results.append(ANY if checked_and_raised else parts[0])
        else:
            rule = made.arguments.get("jvp", ANY)
            # JAX binds the call's keywords and defaults to the function's positions, then
            # calls the rule with the nondiff arguments first, then the primals and tangents
            # of the others
            nondiff = value.nondiff_argnums
            bound = _bound_positionally(value, arguments)
            if bound is None or any(index >= len(bound) for index in nondiff):
                results.append(ANY)  # which argument goes where is not known: not followed
                continue
            differentiable = [p for index, p in enumerate(bound) if index not in nondiff]
            primals = one(Tuple(tuple(differentiable)))
            tangents = one(
                Tuple(tuple(_tangent_tree(p, frame, interpreter) for p in differentiable))
            )
            out = invoke(
                interpreter,
                value.api,
                "jvp",
                rule,
                Arguments([*(bound[i] for i in nondiff), primals, tangents]),
                site,
                frame,
                state,
                None,
                Flavour.DIFFERENTIATED,
            )
            primal_out, tangent_out = interpreter.unpack(out, 2, frame, site.node)
            tangent_wrong = None
            if _surely_pair(out, interpreter) and not value.nondiff_argnums:
                tangent_wrong = batching.tangent_difference(
                    primal_out, tangent_out, interpreter.heap
                )
            if tangent_wrong is not None:
                where = f" at {tangent_wrong.path}" if tangent_wrong.path else ""
                described = (
                    f"a tangent{where} of type {tangent_wrong.got.describe()} for a primal "
                    f"output of type {tangent_wrong.expected.describe()}"
                )
                _violated(interpreter, position, "jvp-tangent-shape", "jvp", out, described)
            results.append(primal_out)
    return lift(interpreter, join(*results), frame, inputs)


def _bwd_arguments(
    value: CustomDerivative, bound: list[Values] | None, residuals: Values, cotangent: Values
) -> Arguments | None:
    """bwd's arguments as JAX passes them: the nondiff arguments first (each as the call gave
    it, ``bound`` by the function's signature; unknown where that binding is not known), then
    the residuals and the cotangent. None where which arguments are nondiff is not known: bwd
    is then not followed, since no parameter of it can be given its value."""
    if value.nondiff_unknown:
        return None
    if not value.nondiff_argnums:
        return Arguments([residuals, cotangent])
    nondiff = [
        bound[index] if bound is not None and index < len(bound) else ANY
        for index in value.nondiff_argnums
    ]
    return Arguments([*nondiff, residuals, cotangent])


def _bound_positionally(value: CustomDerivative, arguments: Arguments) -> list[Values] | None:
    """The call's arguments as a custom_vjp or custom_jvp passes them to its rules: JAX binds
    the keywords and the defaults of the function's signature to positions first (a partial's
    signature is opaque to it); None where that is not known."""
    if arguments.starred or arguments.spread:
        return None
    inner = value.inner
    if len(inner) != 1 or not isinstance(inner[0], Function):
        return None if arguments.keywords else list(arguments.positional)
    function = inner[0]
    signature = function.node.args
    if signature.vararg is not None or signature.kwarg is not None or signature.kwonlyargs:
        return None if arguments.keywords else list(arguments.positional)
    names = [a.arg for a in (*signature.posonlyargs, *signature.args)]
    if len(arguments.positional) > len(names) or not set(arguments.keywords) <= set(names):
        return None  # the call itself raises TypeError: not a count of cotangents
    first_default = len(names) - len(signature.defaults)
    bound = list(arguments.positional)
    for index in range(len(bound), len(names)):
        given = arguments.keywords.get(names[index])
        if given is None and index < first_default:
            return None  # a missing argument: the call raises TypeError
        bound.append(given if given is not None else ANY)
    return bound


def _surely_not_pair(values: Values, interpreter: Interpreter) -> str | None:
    """What a function returns, when it is surely not a tuple or list of two (an array, a
    number, a dict, a tuple or list of another length): None otherwise."""
    described: list[str] = []
    for value in values:
        if isinstance(value, Array):
            described.append("an array")
        elif isinstance(value, Const) and isinstance(value.value, int | float | complex):
            described.append("a number")
        elif isinstance(value, DictValue):
            described.append("a dict")
        elif isinstance(value, Tuple) and len(value.items) != 2:
            described.append(f"a tuple of {len(value.items)}")
        elif isinstance(value, ListValue):
            items = interpreter.heap.list_items(value.ref)
            if items is None or len(items) == 2:
                return None
            described.append(f"a list of {len(items)}")
        else:
            return None
    if not described:
        return None
    return " or ".join(dict.fromkeys(described))


def _surely_pair(values: Values, interpreter: Interpreter) -> bool:
    """Whether a rule's output surely is the pair JAX wants (a tuple or list of two)."""
    for value in values:
        if isinstance(value, ListValue):
            items = interpreter.heap.list_items(value.ref)
            if items is None or len(items) != 2:
                return False
        elif not isinstance(value, Tuple) or len(value.items) != 2:
            return False
    return bool(values)


def _check_eager_fwd_output(
    interpreter: Interpreter,
    value: CustomDerivative,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    position: int,
    out: Values,
    fwd_primal: Values,
) -> None:
    """Differentiated eagerly (no ``jax.jit`` inside the differentiation), JAX runs ``fwd``
    without comparing its primal output to the function's, and the call returns fwd's.  When
    the two surely differ in a way code after the call sees (a leaf for a sequence, other
    lengths or dict keys; a list for a tuple is not counted), the violation is recorded."""
    if not structure_of(fwd_primal, interpreter.heap).known:
        return
    primal = invoke(
        interpreter, value.api, "primal", value.inner, arguments, site, frame, state, None
    )
    found = eager_difference(
        structure_of(primal, interpreter.heap), structure_of(fwd_primal, interpreter.heap)
    )
    if found is not None:
        described = found.describe("the function's output", "fwd's primal output")
        _violated(interpreter, position, "fwd-structure-eager", "fwd", out, described)


#: Staging transforms that, inside a differentiation, trace a custom_vjp function before its
#: ``fwd`` runs, so that JAX compares the two outputs (each measured on jax 0.12.0.1 with a fwd
#: returning a pair for an array: TypeError 'Custom VJP fwd rule ... must produce a pair').
TRACES_PRIMAL_FIRST = frozenset(
    {
        "jax.jit",
        "jax.lax.scan",
        "jax.lax.map",
        "jax.lax.fori_loop",
        "jax.lax.cond",
        "jax.checkpoint",
        "jax.remat",
    }
)


def _primal_traced_first(frame: Frame) -> bool:
    """Whether JAX traces a custom_vjp function's primal before running its ``fwd`` (and so
    checks ``fwd``'s primal output against it): when a staging transform of
    ``TRACES_PRIMAL_FIRST`` inside the differentiation stages the call."""
    differentiated = False
    for trace in frame.context:
        if trace.flavour is Flavour.DIFFERENTIATED:
            differentiated = True
        elif differentiated and trace.kind in TRACES_PRIMAL_FIRST:
            return True
    return False


def _staged_inside_differentiation(frame: Frame) -> bool:
    """Whether any staging transform (not only those known to check fwd) stands between the
    differentiation and the call: then the call may not be evaluated eagerly."""
    differentiated = False
    for trace in frame.context:
        if trace.flavour is Flavour.DIFFERENTIATED:
            differentiated = True
        elif differentiated and trace.flavour is Flavour.STAGED:
            return True
    return False


def _tangent_tree(primal: Values, frame: Frame, interpreter: Interpreter) -> Values:
    """The tangent JAX hands a custom_jvp rule for one primal argument: a tree of the
    primal's structure (a tuple's tangent is a tuple), an array leaf for an array leaf; unknown
    where the structure is not known (an object registered as a pytree, a mix)."""
    if primal and all(batching.is_array_leaf(v) for v in primal):
        made = _like(interpreter.array_result(frame, primal), primal, interpreter)
        return without(one(made), Flavour.DIFFERENTIATED)
    if len(primal) == 1 and isinstance(primal[0], Tuple):
        items = primal[0].items
        return one(Tuple(tuple(_tangent_tree(item, frame, interpreter) for item in items)))
    return ANY


def _like(array: Array, values: Values, interpreter: Interpreter) -> Array:
    """``array`` (a tangent or cotangent) with the shape of the array ``values`` stand for,
    and its dtype when inexact (an integer's tangent is float0); as it is otherwise."""
    if not all(batching.is_array_leaf(v) for v in values):
        return array
    aval = shaping.aval_of(values, interpreter.heap)
    if aval.shape is None:
        return array
    dtype = aval.dtype if dtypes.is_inexact(aval.dtype) else None
    return array.with_aval(aval.shape, dtype, aval.weak, aval.origin)


#: The builtin exception JAX's check of a custom rule's output raises, by violation kind.
_RULE_CHECK_ERRORS = {
    "fwd-structure": "TypeError",
    "bwd-structure": "TypeError",
    "jvp-tangent-shape": "TypeError",
    "bwd-shape": "ValueError",
    "fwd-structure-eager": "ValueError",
}


def _violated(
    interpreter: Interpreter,
    position: int,
    kind: str,
    parameter: str,
    value: Values,
    described: str,
) -> None:
    """Record on the custom derivative's call (``facts.called[position]``) that its rule
    broke JAX's check of what it returns."""
    called = interpreter.facts.called[position]
    broken = Violation(kind, parameter, value, None, described=described)
    interpreter.facts.called[position] = replace(called, violations=(*called.violations, broken))
    if interpreter.rests_on(_RULE_CHECK_ERRORS.get(kind)) is Assumption.HANDLED:
        # JAX raises where the rules run, inside the call (a ``try`` around it, or the body
        # of ``pytest.raises``, may catch it): no error finding at the call or at the
        # differentiation that runs the rules
        trace = called.frame.under(Flavour.DIFFERENTIATED)
        for site in (called.site, trace.site if trace is not None else None):
            if site is not None:
                interpreter.facts.unproved.append(Unproved(site, Assumption.HANDLED))


def run_unused_rules(
    interpreter: Interpreter, value: CustomDerivative, site: Site, frame: Frame, state: State
) -> None:
    """Run the registered rules of a custom derivative function nothing differentiated, for
    any caller (they will run when someone does)."""
    ran = interpreter.rules_run
    for made in registrations(interpreter, value):
        role = "fwd" if value.api == "jax.custom_vjp" else "jvp"
        for rule in made.arguments.get(role, ()):
            if not isinstance(rule, Function) or ran.holds(rule.site):
                continue
            count = len(rule.node.args.args) + len(rule.node.args.posonlyargs)
            invoke(
                interpreter,
                value.api,
                role,
                one(rule),
                Arguments([ANY] * count),
                site,
                replace(frame, open_context=True),
                state,
                None,
            )


# pytrees --------------------------------------------------------------------------------------


def _tree_map(context: ApiCallContext) -> Values:
    """``tree_map(f, tree, *rest)``: ``f`` on the leaves; the result has the tree's structure."""
    interpreter = context.interpreter
    trees = [context.arg("tree"), *(_items(interpreter, context.arg("rest")) or [])]
    leaves = [_leaves(interpreter, t) for t in trees]
    result = interpreter.call(
        context.arg("f"), Arguments(leaves), context.site, context.frame, context.state
    )
    tag = ("tree_map", id(context.site.node))
    if not all(_same_structure(interpreter, trees[0], tree) for tree in trees[1:]):
        # the first tree may be a prefix of another: where that one goes deeper, ``f`` gets
        # (and may return) a whole subtree, so what each leaf becomes is not known
        result = ANY
    return _rebuild(interpreter, context.frame, trees[0], result, tag, 0)


def _same_structure(interpreter: Interpreter, first: Values, other: Values) -> bool:
    """Whether ``other`` surely has exactly ``first``'s pytree structure."""
    node = structure_of(first, interpreter.heap)
    return _fully_known(node) and node == structure_of(other, interpreter.heap)


def _fully_known(node: Node) -> bool:
    return node.known and all(_fully_known(child) for child in node.children)


def tree_like(
    interpreter: Interpreter, frame: Frame, tree: Values, leaf: Values, tag: object
) -> Values:
    """``tree``'s pytree structure with every leaf ``leaf`` (what a leafwise operation, a
    ``tree_map`` or a collective over a tree, makes of it)."""
    return _rebuild(interpreter, frame, tree, leaf, tag, 0)


def _rebuild(
    interpreter: Interpreter, frame: Frame, tree: Values, leaf: Values, tag: object, depth: int
) -> Values:
    """``tree``'s structure with each leaf replaced by ``leaf`` (what ``f`` returned): a
    dict stays a dict, a pytree instance keeps its static fields."""
    if depth > 8:
        return ANY
    found: list[Values] = []
    for value in tree:
        if isinstance(value, Tuple):
            found.append(
                one(
                    Tuple(
                        tuple(
                            _rebuild(interpreter, frame, item, leaf, tag, depth + 1)
                            for item in value.items
                        )
                    )
                )
            )
        elif isinstance(value, ListValue):
            ref = interpreter.derived_ref(value.ref, tag)
            element = interpreter.heap.list_element(value.ref)
            interpreter.heap.set_list(
                ref, None, _rebuild(interpreter, frame, element, leaf, tag, depth + 1)
            )
            found.append(one(ListValue(ref)))
        elif isinstance(value, DictValue):
            ref = interpreter.derived_ref(value.ref, tag)
            for key, item in interpreter.heap.dict_items(value.ref):
                rebuilt = _rebuild(interpreter, frame, item, leaf, tag, depth + 1)
                interpreter.heap.put_entry(ref, key, rebuilt)
            found.append(one(DictValue(ref)))
        elif isinstance(value, Instance) and value.cls.flavour in ("dataclass", "pytree"):
            ref = interpreter.derived_ref(value.ref, tag)
            is_leaf = leaf_fields(value.cls)
            for name, field in interpreter.heap.field_items(value.ref):
                if is_leaf(name):
                    field = _rebuild(interpreter, frame, field, leaf, tag, depth + 1)
                interpreter.heap.write_field(ref, name, field)
            found.append(one(Instance(value.cls, ref)))
        elif value == NONE:
            found.append(one(NONE))  # None is an empty pytree
        elif (
            (isinstance(value, Array) and not value.tree)
            or isinstance(value, NumpyArray | Key | KeyArray)
            or (isinstance(value, Const) and isinstance(value.value, int | float | complex))
        ):
            found.append(leaf)
        elif isinstance(value, Array) and any(isinstance(v, Array) for v in leaf):
            made = interpreter.array_result(frame, leaf)
            found.append(one(Array(made.flavours, made.trace, True)))
        else:
            found.append(ANY)
    return join(*found) if found else ANY


def _leaves(interpreter: Interpreter, tree: Values) -> Values:
    found: list[Values] = []
    for value in tree:
        if isinstance(value, Tuple):
            found.extend(_leaves(interpreter, item) for item in value.items)
        elif isinstance(value, ListValue):
            found.append(_leaves(interpreter, interpreter.heap.list_element(value.ref)))
        elif isinstance(value, Array):
            found.append(one(Array(value.flavours, value.trace, False, value.dtype)))
        elif isinstance(value, NumpyArray | Key | KeyArray) or (
            isinstance(value, Const) and isinstance(value.value, int | float | complex)
        ):
            found.append(one(value))
        elif isinstance(value, DictValue):
            found.append(_leaves(interpreter, interpreter.heap.dict_values(value.ref)))
        else:
            found.append(ANY)
    return join(*found) if found else ANY


def _tree_leaves(context: ApiCallContext) -> Values:
    interpreter = context.interpreter
    ref = interpreter.ref_at(context.site, context.frame, "list")
    interpreter.heap.set_list(ref, None, _leaves(interpreter, context.arg("tree")))
    return one(ListValue(ref))


def _tree_flatten(context: ApiCallContext) -> Values:
    """``(leaves, treedef)``: the leaves as ``tree_leaves`` gives them, and a PyTreeDef."""
    return one(Tuple((_tree_leaves(context), one(Static("PyTreeDef")))))


def _callable(parameter: str, example: str) -> Accepts:
    return Accepts(parameter, Requirement.CALLABLE, "function-argument-not-callable", example)


#: A program per transform that passes it something to call that is not a function.
_NOT_CALLABLE = {
    name: "import jax\nimport jax.numpy as jnp\n\n\ndef loss(w):\n    return (w**2).sum()"
    f"\n\n\n{name}(loss(jnp.ones(3)))\n"
    for name in (
        "jax.jit",
        "jax.pmap",
        "jax.vmap",
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacfwd",
        "jax.jacrev",
        "jax.hessian",
    )
}
_GRAD_BY_KEYWORD = (
    "import jax\n\n\ndef f(x, y):\n    return x * y\n\n\n{}(f, argnums=0)(x=1.0, y=2.0)\n"
)
_ACCEPTS: dict[str, tuple[Accepts, ...]] = {
    name: (_callable("fun", example),) for name, example in _NOT_CALLABLE.items()
}
_ACCEPTS["jax.jit"] += (
    Accepts(
        "static_argnums",
        Requirement.HASHABLE_AT_CALL,
        "jit-unhashable-static-argument",
        "import jax\n\n\ndef resize(x, shape):\n    return x.reshape(shape)\n\n\n"
        "jax.jit(resize, static_argnums=1)(jax.numpy.ones(6), [2, 3])\n",
    ),
    Accepts(
        "static_argnames",
        Requirement.HASHABLE_AT_CALL,
        "jit-unhashable-static-argument",
        "import jax\n\n\ndef resize(x, shape):\n    return x.reshape(shape)\n\n\n"
        "jax.jit(resize, static_argnames='shape')(jax.numpy.ones(6), shape=[2, 3])\n",
    ),
    Accepts(
        "static_argnums",
        Requirement.ARRAYS_UNLESS_STATIC_AT_CALL,
        "jit-non-array-argument",
        "import jax\n\n\ndef activate(x, kind):\n    return x if kind == 'linear' else -x\n\n\n"
        "jax.jit(activate)(jax.numpy.ones(3), 'relu')\n",
    ),
)
_ACCEPTS["jax.pmap"] += (
    Accepts(
        "static_broadcasted_argnums",
        Requirement.HASHABLE_AT_CALL,
        "jit-unhashable-static-argument",
        "import jax\n\n\ndef scale(x, factors):\n    return x * factors[0]\n\n\n"
        "jax.pmap(scale, static_broadcasted_argnums=1)(jax.numpy.ones((1, 2)), [2.0])\n",
    ),
)
_DIFFERENTIATE_A_FUNCTION = (
    "import jax\nimport jax.numpy as jnp\n\n\ndef loss(scale, act):\n"
    "    return jnp.sum(act(scale * jnp.ones(3)))\n\n\n"
    "{}(loss, argnums=1)(2.0, jnp.tanh)\n"
)
for _name in ("jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian"):
    _ACCEPTS[_name] += (
        Accepts(
            "argnums",
            Requirement.DIFFERENTIABLE_AT_CALL,
            "argument-of-type-is-not-a-valid-jax-type",
            _DIFFERENTIATE_A_FUNCTION.format(_name),
        ),
    )
for _name in ("jax.grad", "jax.value_and_grad"):
    _ACCEPTS[_name] += (
        Accepts(
            "argnums",
            Requirement.POSITIONAL_AT_CALL,
            "grad-argnums-not-positional",
            _GRAD_BY_KEYWORD.format(_name),
        ),
    )
_ACCEPTS["jax.vmap"] += (
    Accepts(
        "in_axes",
        Requirement.AXES_PER_ARGUMENT,
        "vmap-in-axes-length",
        "import jax\n\n\ndef f(x):\n    return x['a']\n\n\n"
        "jax.vmap(f, in_axes={'a': 0})({'a': jax.numpy.zeros((3, 3))})\n",
    ),
    Accepts(
        "in_axes",
        Requirement.PREFIX_OF_ARGUMENT_AT_CALL,
        "vmap-in-axes-tree-prefix",
        "import jax\n\n\ndef predict(params, x):\n    return x @ params['w']\n\n\n"
        "params = {'w': jax.numpy.ones((3, 2))}\n"
        "jax.vmap(predict, in_axes=({'w': None, 'b': None}, 0))(params, jax.numpy.ones((5, 3)))\n",
    ),
)
_NORM = "import jax.numpy as jnp\n\n\ndef norm(v):\n    return jnp.sqrt((v**2).sum())\n\n\n"
_ACCEPTS["jax.numpy.vectorize"] = (
    Accepts(
        "pyfunc",
        Requirement.CALLABLE_AT_CALL,
        "function-argument-not-callable",
        "import jax.numpy as jnp\n\n\ndef relu(x):\n    return jnp.maximum(x, 0.0)\n\n\n"
        "activate = jnp.vectorize(relu(jnp.ones(3)))\nactivate(jnp.ones((4, 3)))\n",
    ),
    Accepts(
        "excluded",
        Requirement.ARGUMENT_POSITIONS,
        "vectorize-excluded-not-positions",
        "import jax.numpy as jnp\n\n\ndef power(x, n):\n    return x**n\n\n\n"
        "powers = jnp.vectorize(power, excluded={-1})\n",
    ),
    Accepts(
        "signature",
        Requirement.GUFUNC_SIGNATURE_AT_CALL,
        "vectorize-signature-malformed",
        _NORM + "row_norms = jnp.vectorize(norm, signature='(n) -> ()')\n"
        "row_norms(jnp.ones((4, 3)))\n",
    ),
)
#: ``argnums`` is read in Python when the gradient is taken: a traced one cannot be.
_CONCRETE = {name: ("argnums",) for name in _GRADIENTS}
#: ``jax.nn``'s elementwise functions (and those along one axis), by result dtype.
_NN_ELEMENTWISE = {
    shaping.first_dtype: "relu relu6 hard_tanh",
    shaping.inexact: """
        gelu silu swish sigmoid softplus soft_sign log_sigmoid elu selu celu leaky_relu
        hard_sigmoid hard_silu tanh softmax log_softmax standardize sparse_plus mish
        squareplus
    """,
}

#: ``jax.scipy.special``'s elementwise functions of one array ``x`` (an inexact result).
SPECIAL_ELEMENTWISE = "expit logit erf erfc erfinv gammaln digamma i0 i0e i1 i1e"
#: Those of them that refuse a complex argument (their lax primitives take floats only).
_REAL_ONLY = frozenset({"erf", "erfc", "erfinv", "gammaln", "digamma", "i0e", "i1e"})


def _map_coordinates(call: shaping.Call) -> shaping.Output:
    """``map_coordinates(input, coordinates, order)``: one value per point, so the shape of
    each coordinate array (a list of them, one per axis of ``input``, or an array whose
    leading axis indexes them), in ``input``'s dtype."""
    image = call.aval("input")
    items = call.items("coordinates")
    if items is not None:
        shapes = [shaping.aval_of(item, call.heap).shape for item in items]
        shape = shapes[0] if shapes and all(s == shapes[0] for s in shapes) else None
    else:
        whole = call.aval("coordinates").shape
        shape = whole[1:] if whole else None
    return shaping.Aval(shape, image.dtype, image.weak, call.origin())


#: The activations that work along an axis (the others take none).
_NN_ALONG_AXIS = frozenset({"softmax", "log_softmax", "standardize"})
_X_AXIS = (AxisParameter("axis", "x"),)


def _transform(name: str, **extra: object) -> ApiSpec:
    return ApiSpec(
        name,
        _OPTIONS[name],
        behaviour=_make_transform,
        note=_NOTES[name],
        accepts=_ACCEPTS.get(name, ()),
        concrete=_CONCRETE.get(name, ()),
        **extra,  # type: ignore[arg-type]
    )


def _apply_along_axis(context: ApiCallContext) -> Values:
    """``jnp.apply_along_axis(func1d, axis, arr)`` of a 2-D ``arr``: jax 0.12.0.1 wraps
    ``func1d`` in ``jax.vmap`` (``in_axes=0`` for the last axis; ``in_axes=1, out_axes=-1`` for
    the first) and calls that on ``arr``, so ``func1d`` runs on batched 1-D tracers.  Other
    ranks, extra arguments for ``func1d`` or an axis not known: not followed."""
    extra = context.arguments.get("args")
    if (
        context.raw.starred
        or context.raw.spread
        or set(context.arguments) != {"func1d", "axis", "arr", "args"}
        or extra is None
        or not all(isinstance(value, Tuple) and not value.items for value in extra)
    ):
        return ANY
    axis = context.arguments["axis"]
    arr = context.arguments["arr"]
    if len(axis) != 1 or not isinstance(axis[0], Const) or type(axis[0].value) is not int:
        return ANY
    shape = shaping.aval_of(arr, context.interpreter.heap).shape
    if shape is None or len(shape) != 2 or not -2 <= axis[0].value < 2:
        return ANY
    last = axis[0].value % 2 == 1
    options: tuple[tuple[str, Values], ...] = (
        (("in_axes", one(Const(0))),)
        if last
        else (("in_axes", one(Const(1))), ("out_axes", one(Const(-1))))
    )
    mapped = Transformed("jax.vmap", context.arguments["func1d"], options, context.site)
    return call_transformed(
        context.interpreter,
        mapped,
        Arguments([arr], nodes=[context.nodes.get("arr")]),
        context.site,
        context.frame,
        context.state,
    )


def _fun_called(api: str, call: str) -> Accepts:
    return _callable(
        "fun",
        f"import jax\nimport jax.numpy as jnp\n\n\ndef loss(w):\n    return (w**2).sum()"
        f"\n\n\nw = jnp.ones(3)\n{api}(loss(w), {call})\n",
    )


#: The pytree functions that take any value: what is not a registered container is a leaf.
_ANY_TREE = NoContract(NoContractWhy.ANY_VALUE, "what is not a registered pytree node is a leaf")

SPECS = (
    *(_transform(name) for name in _OPTIONS),
    ApiSpec(
        "jax.numpy.apply_along_axis",
        ("func1d", "axis", "arr"),
        variadic="args",
        behaviour=_apply_along_axis,
        note="Applies the function to 1-D slices of the array along the axis: each other "
        "axis is a jax.vmap, so inside the slices are batched tracers.",
    ),
    ApiSpec(
        "jax.image.resize",
        ("image", "shape", "method", "antialias", "precision"),
        result=Result.ARRAY,
        shapes=("shape",),
        output=shaping.sized("image", "shape"),
        note="A resized image: an array of the given shape (static Python ints).",
    ),
    ApiSpec(
        "jax.jvp",
        ("fun", "primals", "tangents", "has_aux"),
        behaviour=_jvp,
        accepts=(_fun_called("jax.jvp", "(w,), (w,)"),),
        note="Forward-mode differentiation: evaluates a function and its JVP at a point.",
    ),
    ApiSpec(
        "jax.vjp",
        ("fun",),
        variadic="primals",
        behaviour=_vjp_like("jax.vjp"),  # type: ignore[arg-type]
        accepts=(_fun_called("jax.vjp", "w"),),
        note="Reverse-mode VJP; derived from the function's JVP.",
    ),
    ApiSpec(
        "jax.linearize",
        ("fun",),
        variadic="primals",
        behaviour=_vjp_like("jax.linearize"),  # type: ignore[arg-type]
        accepts=(_fun_called("jax.linearize", "w"),),
        note="Forward-mode differentiation returning a linear function for the JVP.",
    ),
    ApiSpec(
        "jax.eval_shape",
        ("fun",),
        variadic="args",
        behaviour=_eval_shape,
        accepts=(_fun_called("jax.eval_shape", "w"),),
        note="The shapes and dtypes of the function's outputs, traced without running it.",
    ),
    ApiSpec(
        "jax.custom_vjp",
        ("fun", "nondiff_argnums", "nondiff_argnames"),
        behaviour=_make_custom,
        note="Gives a function a hand-written reverse-mode rule, registered with "
        "`f.defvjp(fwd, bwd)`.",
    ),
    ApiSpec(
        "jax.custom_jvp",
        ("fun", "nondiff_argnums", "nondiff_argnames"),
        behaviour=_make_custom,
        note="Gives a function a hand-written forward-mode rule, registered with "
        "`f.defjvp(rule)`; reverse mode is derived from it.",
    ),
    ApiSpec(
        "jax.custom_vjp.defvjp",
        ("self", "fwd", "bwd", "symbolic_zeros", "optimize_remat"),
        behaviour=_register("vjp"),  # type: ignore[arg-type]
        note="Registers the forward and backward functions of a custom_vjp function; "
        "`symbolic_zeros=True` passes CustomVJPPrimal leaves to fwd and may pass SymbolicZero "
        "cotangents to bwd.",
    ),
    ApiSpec(
        "jax.custom_jvp.defjvp",
        ("self", "jvp", "symbolic_zeros"),
        behaviour=_register("jvp"),  # type: ignore[arg-type]
        note="Registers the JVP rule of a custom_jvp function.",
    ),
    ApiSpec(
        "jax.custom_jvp.defjvps",
        ("self",),
        variadic="jvps",
        behaviour=_register("jvps"),  # type: ignore[arg-type]
        note="Registers one JVP function per argument of a custom_jvp function.",
    ),
    ApiSpec(
        "jax.tree_util.tree_map",
        ("f", "tree"),
        variadic="rest",
        behaviour=_tree_map,
        checks=(tree_map_structures,),
    ),
    ApiSpec(
        "jax.tree_util.tree_leaves",
        ("tree", "is_leaf"),
        behaviour=_tree_leaves,
        no_contract=_ANY_TREE,
    ),
    ApiSpec(
        "jax.tree_util.tree_flatten",
        ("tree", "is_leaf"),
        behaviour=_tree_flatten,
        no_contract=_ANY_TREE,
    ),
    ApiSpec(
        "jax.tree_util.tree_unflatten",
        ("treedef", "leaves"),
        result=Result.UNKNOWN,
        accepts=(
            Accepts(
                "treedef",
                Requirement.TREEDEF,
                "tree-unflatten-not-treedef",
                "import jax\n\nleaves, treedef = jax.tree_util.tree_flatten({'w': 1.0})\n"
                "params = jax.tree_util.tree_unflatten(leaves, treedef)\n",
            ),
        ),
    ),
    ApiSpec(
        "jax.tree_util.tree_structure",
        ("tree", "is_leaf"),
        result=Result.STATIC,
        static_type="PyTreeDef",
        no_contract=_ANY_TREE,
    ),
    ApiSpec(
        "jax.tree_util.keystr",
        ("keys", "simple", "separator"),
        result=Result.STATIC,
        static_type="str",
        no_contract=NoContract(
            NoContractWhy.ANY_VALUE,
            "a key path as tree_flatten_with_path gives it: any tuple of keys prints",
        ),
    ),
    ApiSpec(
        "jax.flatten_util.ravel_pytree",
        ("pytree",),
        no_contract=NoContract(
            NoContractWhy.ANY_VALUE,
            "any pytree of arrays and numbers: leaves of mixed dtypes are promoted to one",
        ),
    ),
    *(
        ApiSpec(
            f"jax.monitoring.{name}",
            params,
            result=Result.NONE,
            no_contract=NoContract(
                NoContractWhy.ANY_VALUE,
                "an event name and a value, recorded for the listeners (none by default)",
            ),
        )
        for name, params in (
            ("record_event", ("event",)),
            ("record_event_duration_secs", ("event", "duration")),
            ("record_scalar", ("event", "value")),
        )
    ),
    ApiSpec(
        "jax.tree_util.register_pytree_node_class",
        ("cls",),
        behaviour=lambda c: c.arg("cls"),
        accepts=(
            Accepts(
                "cls",
                Requirement.PYTREE_CLASS,
                "register-pytree-node-class-without-unflatten",
                "import jax\n\n\n@jax.tree_util.register_pytree_node_class\nclass Box:\n"
                "    def __init__(self, value):\n        self.value = value\n\n"
                "    def tree_flatten(self):\n        return (self.value,), None\n",
            ),
        ),
    ),
    ApiSpec(
        "jax.numpy_dtype_promotion",
        ("promotion",),
        accepts=(
            Accepts(
                "promotion",
                Requirement.ONE_OF,
                "numpy-dtype-promotion-unknown",
                'import jax\n\nwith jax.numpy_dtype_promotion("Strict"):\n    pass\n',
                choices=frozenset({"standard", "strict"}),
            ),
        ),
    ),
    ApiSpec(
        "jax.tree_util.register_dataclass", ("nodetype",), behaviour=lambda c: c.arg("nodetype")
    ),
    ApiSpec(
        "jax.device_put",
        ("x", "device"),
        result=Result.FIRST_LEAVES,
        output=batching.device_put_output,
        note="Moves an array to a device or sharding.",
    ),
    ApiSpec("jax.block_until_ready", ("x",), result=Result.FIRST),
    ApiSpec(
        "jax.devices",
        ("backend",),
        result=Result.STATIC,
        static_type="list",
        no_contract=NoContract(
            NoContractWhy.MACHINE,
            "a backend name (or none): whether that backend is there is known only on the "
            "machine the code runs on",
        ),
    ),
    ApiSpec(
        "jax.local_devices", ("process_index", "backend"), result=Result.STATIC, static_type="list"
    ),
    ApiSpec("jax.device_count", ("backend",), result=Result.STATIC, static_type="int"),
    ApiSpec("jax.local_device_count", ("backend",), result=Result.STATIC, static_type="int"),
    ApiSpec("jax.process_index", ("backend",), result=Result.STATIC, static_type="int"),
    ApiSpec("jax.process_count", ("backend",), result=Result.STATIC, static_type="int"),
    ApiSpec("jax.default_backend", (), result=Result.STATIC, static_type="str"),
    ApiSpec("jax.named_call", ("fun", "name"), behaviour=lambda c: c.arg("fun")),
    ApiSpec("jax.debug.print", ("fmt",), variadic="args", result=Result.NONE),
    ApiSpec("jax.debug.callback", ("callback",), variadic="args", result=Result.NONE),
    ApiSpec(
        "jax.pure_callback",
        ("callback", "result_shape_dtypes"),
        variadic="args",
        behaviour=callbacks.result,
        checks=(
            callbacks.raw_result_shape,
            callbacks.batched_without_vmap_method,
            callbacks.differentiated,
        ),
    ),
    ApiSpec(
        "jax.typeof",
        ("x",),
        behaviour=_typeof,
        note="The abstract value (shape and dtype) of an array.",
    ),
    ApiSpec(
        "jax.ShapeDtypeStruct",
        ("shape", "dtype", "sharding", "weak_type"),
        behaviour=_shape_dtype_struct,
        accepts=(
            Accepts(
                "dtype",
                Requirement.NOT_NONE,
                "shape-dtype-struct-without-dtype",
                "import jax\n\n\ndef result_shape(shape, dtype=None):\n"
                "    return jax.ShapeDtypeStruct(shape, dtype)\n\n\nresult_shape((8, 128))\n",
            ),
        ),
    ),
    ApiSpec(
        "jax.config.update",
        ("name", "value"),
        result=Result.NONE,
        accepts=(
            Accepts(
                "name",
                Requirement.CONFIG_OPTION,
                "config-option-unrecognized",
                'import jax\n\njax.config.update("enable_x64", True)\n',
            ),
        ),
    ),
    *(
        ApiSpec(
            f"jax.nn.{name}",
            ("x", "axis"),
            variadic="args",
            result=Result.ARRAY,
            output=shaping.same_as("x", dtype),
            axis_parameters=_X_AXIS if name in _NN_ALONG_AXIS else (),
        )
        for dtype, names in _NN_ELEMENTWISE.items()
        for name in names.split()
    ),
    *(
        ApiSpec(
            f"jax.scipy.special.{name}",
            ("x",),
            result=Result.ARRAY,
            output=shaping.same_as("x", shaping.inexact),
            accepts=(real_input(f"jax.scipy.special.{name}"),) if name in _REAL_ONLY else (),
        )
        for name in SPECIAL_ELEMENTWISE.split()
    ),
    ApiSpec(
        "jax.scipy.ndimage.map_coordinates",
        ("input", "coordinates", "order", "mode", "cval"),
        result=Result.ARRAY,
        output=shaping.rule(_map_coordinates),
    ),
    ApiSpec(
        "jax.nn.logsumexp",
        ("a", "axis", "b", "keepdims"),
        result=Result.ARRAY,
        output=shaping.reduction(dtype=shaping.inexact),
        axis_parameters=(AxisParameter("axis", "a"),),
    ),
    ApiSpec(
        "jax.scipy.special.logsumexp",
        ("a", "axis", "b", "keepdims"),
        result=Result.ARRAY,
        output=shaping.reduction(dtype=shaping.inexact),
        axis_parameters=(AxisParameter("axis", "a"),),
    ),
    # odeint is a custom_vjp function: forward-mode differentiation of it raises
    ApiSpec(
        "jax.experimental.ode.odeint",
        ("func", "y0", "t"),
        variadic="args",
        behaviour=_odeint,
        note="Integrates an ODE; differentiable in reverse mode only (a custom_vjp).",
    ),
    ApiSpec(
        "jax.nn.one_hot",
        ("x", "num_classes", "dtype", "axis"),
        result=Result.ARRAY,
        output=shaping.one_hot(),
        axis_parameters=(AxisParameter("axis", "x", added=1),),
        # the class count is the result's size: a traced one raises ConcretizationTypeError
        concrete=("num_classes",),
    ),
    # a segment reduction's size is `num_segments`, else the largest segment id plus one
    *(
        ApiSpec(
            f"jax.ops.{name}",
            ("data", "segment_ids", "num_segments", "indices_are_sorted", "unique_indices"),
            result=Result.ARRAY,
            checks=(SizedByValues(("segment_ids",), "num_segments"),),
        )
        for name in ("segment_sum", "segment_prod", "segment_max", "segment_min")
    ),
    # `d` counts the terms (an arange of it): a traced one raises ConcretizationTypeError
    ApiSpec("jax.scipy.special.multigammaln", ("a", "d"), result=Result.ARRAY, concrete=("d",)),
    ApiSpec("jax.nn.glu", ("x", "axis"), result=Result.ARRAY, axis_parameters=_X_AXIS),
)

#: The transforms by name (``jax.jit``, ``jax.vmap``...): each call of a function one made
#: must keep the contracts its spec puts on such calls.
_TRANSFORMS = {spec.name: spec for spec in SPECS if spec.behaviour is _make_transform}

__all__ = ["DIFFERENTIATION", "SPECS", "STAGING", "Value", "call_custom", "call_transformed"]
