"""Models of the JAX, NumPy and Python APIs user code calls, as data: one ``ApiSpec`` per
function, grouped by namespace (``jax_api`` for the transforms and custom derivatives,
``numpy`` for ``jax.numpy`` and NumPy, ``lax``, ``random``, ``sharding``, ``pallas``,
``python`` for builtins and ``functools``, ``methods`` for the methods of arrays and other
modelled values).  To teach jaxlsp a new API, add one entry to the module of its namespace.

The interpreter asks this package three things: what a call of a modelled value does
(``call_value``), what an attribute of one is (``attribute_of_value``), and how a class is made
(``class_flavour``, ``dataclass_fields``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from jaxlsp.apis import (
    annotated,
    contracts,
    convolution,
    haiku_api,
    index_arguments,
    jax_api,
    lax,
    library_layers,
    linen_api,
    methods,
    module_classes,
    no_contracts,
    numpy,
    optax_api,
    pallas,
    python,
    random,
    shaping,
    sharding,
    tracing,
)
from jaxlsp.apis.registry import SPECS, spec_for
from jaxlsp.apis.spec import ApiSpec, Result
from jaxlsp.infer.frames import ApiCall, Conversion, Frame, State
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import ApiCallContext, Arguments
from jaxlsp.infer.pytrees import LEAF, structure_of
from jaxlsp.infer.values import (
    ANY,
    NONE,
    Api,
    ApiMethod,
    Array,
    AtIndexer,
    ClassValue,
    CustomDerivative,
    Instance,
    Kernel,
    NumpyArray,
    Partial,
    ShardMapped,
    Site,
    Static,
    Transformed,
    Tuple,
    Value,
    Values,
    all_unplaced,
    one,
)

if TYPE_CHECKING:
    from jaxlsp.infer.interpreter import Interpreter

#: Old or alternative spellings of the same API, mapped to the name the models use.
ALIASES: dict[str, str] = {
    "jax.experimental.pallas.tpu.kernel": "jax.experimental.pallas.kernel",
    "jax.experimental.pallas.tpu.core_map": "jax.experimental.pallas.core_map",
    "jax.experimental.pjit.pjit": "jax.jit",
    # nnx's jit lifts the graph nodes given as arguments (the analysis leaves them unknown)
    "flax.nnx.jit": "jax.jit",
    "jax.api.jit": "jax.jit",
    "jax.random.PRNGKeyArray": "jax.Array",
    "jax.remat": "jax.checkpoint",
    "jax.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax.tree.map": "jax.tree_util.tree_map",
    "jax.tree.leaves": "jax.tree_util.tree_leaves",
    "jax.tree.flatten": "jax.tree_util.tree_flatten",
    "jax.tree.unflatten": "jax.tree_util.tree_unflatten",
    "jax.tree.structure": "jax.tree_util.tree_structure",
    "jax.tree_map": "jax.tree_util.tree_map",
    "jax.tree_leaves": "jax.tree_util.tree_leaves",
    "jax.numpy.DeviceArray": "jax.Array",
    "jax.experimental.pallas.pallas_call": "jax.experimental.pallas.pallas_call",
    "numpy.random.default_rng": "numpy.random.default_rng",
}

for _module in (
    jax_api,
    lax,
    convolution,
    numpy,
    pallas,
    python,
    random,
    sharding,
    methods,
    optax_api,
    module_classes,
    haiku_api,
):
    for _spec in _module.SPECS:
        if _spec.name in SPECS:
            raise ValueError(f"two models of {_spec.name}")
        SPECS[_spec.name] = _spec

for _spec in no_contracts.specs(set(SPECS)):
    SPECS[_spec.name] = _spec
for _name, _indexed in index_arguments.INDEX_ARGUMENTS.items():
    SPECS[_name] = replace(SPECS[_name], index_arguments=_indexed)

BUILTIN_NAMES = python.BUILTIN_NAMES


def is_modelled(qualified: str) -> bool:
    """Whether a call of the API ``qualified`` runs a model of it (a spec): one that does not
    runs nothing of what it is given."""
    return qualified in SPECS


@lru_cache(maxsize=16384)
def canonical(qualified: str) -> str:
    """The name the models use for ``qualified`` (an import's target plus attributes)."""
    for old, new in ALIASES.items():
        if qualified == old or qualified.startswith(old + "."):
            return new + qualified[len(old) :]
    return qualified


def note_for(qualified: str) -> str:
    spec = SPECS.get(qualified)
    return spec.note if spec is not None else ""


def call_value(
    interpreter: Interpreter,
    value: Value,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    """A call of a value the models know (an API, a method of a modelled value, a function a
    transform made); ANY for anything else."""
    if isinstance(value, Api):
        spec = SPECS.get(value.qualified)
        if spec is None:
            return ANY
        return call_spec(interpreter, spec, arguments, site, frame, state)
    if isinstance(value, ApiMethod):
        if value.owner and all(isinstance(v, optax_api.OptaxTransformation) for v in value.owner):
            spec = optax_api.method_spec(value.name)
        elif value.owner and all(isinstance(v, haiku_api.HaikuTransformed) for v in value.owner):
            spec = haiku_api.method_spec(value.owner, value.name)
        elif linen_api.is_module(value.owner):
            spec = linen_api.method_spec(value.name)
        else:
            spec = methods.spec_of_method(value)
        if spec is None:
            return ANY
        with_self = arguments.with_self(value.owner)
        return call_spec(interpreter, spec, with_self, site, frame, state, method=value)
    if isinstance(value, Static) and value.type_name == "Device":
        # a Device is no function: ``x.device()`` written for the method JAX 0.4.27 removed
        # (a concrete array's device keeps the array as its element: where it was made)
        notes = tuple(
            (array.origin, "a concrete array made here: its `device` is a property")
            for array in value.element or ()
            if isinstance(array, Array) and array.origin is not None
        )
        interpreter.shape_error(
            site,
            "device",
            shaping.Mismatch(
                "device-called",
                "'Device' object is not callable: a JAX device (a concrete array's `device` "
                "property, an item of `jax.devices()`) is called",
                notes=notes,
            ),
            frame,
            state,
        )
    if isinstance(value, Transformed):
        return jax_api.call_transformed(interpreter, value, arguments, site, frame, state)
    if isinstance(value, CustomDerivative):
        return jax_api.call_custom(interpreter, value, arguments, site, frame, state)
    if isinstance(value, Kernel):
        return pallas.call_kernel(interpreter, value, arguments, site, frame, state)
    if isinstance(value, ShardMapped):
        return sharding.call_shard_mapped(interpreter, value, arguments, site, frame, state)
    if isinstance(value, module_classes.LayerInstance):
        if frame.function is None and value.maker in module_classes.LINEN_COMPACT_LAYERS:
            # the module's own code runs in no init/apply: the layer is bound to no scope
            name = value.maker.rsplit(".", 1)[-1]
            interpreter.shape_error(
                site,
                name,
                shaping.Mismatch(
                    "linen-unbound-call",
                    "Can't call compact methods on unbound modules: the "
                    f"`{name}` layer is called directly, outside `init` or `apply`",
                    notes=((value.origin, f"the `{name}` layer made here"),)
                    if value.origin is not None
                    else (),
                ),
                frame,
                state,
            )
        linen_api.layer_called(interpreter, value, arguments, site, frame)
        haiku_api.layer_called(interpreter, value, arguments, site, frame)
        ran = library_layers.call_layer(interpreter, (value,), arguments, site, frame, state)
        if ran is not None:
            return ran
        layer_call = library_layers.call_spec((value,)) or haiku_api.linear_init_call(
            value, interpreter
        )
        if layer_call is None:
            return ANY
        with_self = arguments.with_self((value,))
        return call_spec(interpreter, layer_call, with_self, site, frame, state)
    return ANY


def call_spec(
    interpreter: Interpreter,
    spec: ApiSpec,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    method: ApiMethod | None = None,
) -> Values:
    context = _bound_call(interpreter, spec, arguments, site, frame, state, method)
    bound = context.arguments
    if spec.index_arguments and _index_refused(context, spec):
        # JAX reads the parameter with operator.index first, and a tracer refuses: the
        # analysis goes on with an unknown result (outside a try that may catch it)
        if interpreter.in_try():
            interpreter.raises(state, site)
        return ANY
    if spec.key is not None and spec.consumes_key and spec.key in bound:
        node = context.node(spec.key)
        interpreter.consume(
            bound[spec.key], site, frame, state, _source(node) if node is not None else None, node
        )
    behaviour = spec.behaviour
    result = behaviour(context) if behaviour is not None else default_result(context, spec)
    mismatch = None
    if spec.output is not None:
        outcome = spec.output(context)
        if isinstance(outcome, shaping.Mismatch):
            mismatch = outcome
        else:
            result = shaping.shaped(result, outcome)
    open_ended = arguments.starred or arguments.spread
    made = interpreter.new_array(frame) if frame.staged is not None else None
    staging = made if made is not None and made.flavours else None
    call = ApiCall(
        site, spec, bound, context.nodes, frame, result, open_ended=open_ended, staging=staging
    )
    broken = contracts.violations(call, spec, interpreter.heap)
    if broken:
        call = replace(call, violations=tuple(broken))
    interpreter.facts.api_calls.append(call)
    # A call that surely raises ends the path only inside a ``try`` that may catch it (what
    # runs next is the handler); elsewhere the analysis goes on with an unknown result, so
    # every independent error of the code is reported in one pass.
    if mismatch is not None:
        if interpreter.catches(mismatch.error):
            interpreter.shape_error(site, spec.short, mismatch, frame, state)
        interpreter.note_shape_error(site, spec.short, mismatch, frame)
        return ANY
    if broken:
        if interpreter.in_try():
            interpreter.raises(state, site, None, frame)
        interpreter.note_if_unproved(site, None, frame)
        return ANY
    return result


def _index_refused(context: ApiCallContext, spec: ApiSpec) -> bool:
    """Record each value the call's ``index_arguments`` convert with ``operator.index``;
    whether one surely is a tracer that refuses."""
    interpreter = context.interpreter
    refused = False
    for indexed in spec.index_arguments:
        values = context.arguments.get(indexed.parameter)
        if values is None:
            continue
        node = context.node(indexed.parameter)
        converted: list[tuple[Values, ast.expr | None]] = []
        if indexed.form is index_arguments.IndexForm.VALUE:
            if all(isinstance(v, Array) for v in values):
                converted.append((values, node))
        elif len(values) == 1 and isinstance(values[0], Tuple):
            items = values[0].items
            elements = node.elts if isinstance(node, ast.Tuple | ast.List) else None
            for position, item in enumerate(items):
                spelled = elements[position] if elements and len(elements) == len(items) else node
                converted.append((item, spelled))
        for item, spelled in converted:
            if not any(isinstance(v, Array) for v in item):
                continue
            conversion = Conversion(context.site, "index", item, context.frame, spelled)
            interpreter.facts.conversions.append(conversion)
            refused = refused or contracts.refused(conversion) is not None
    return refused


def _bound_call(
    interpreter: Interpreter,
    spec: ApiSpec,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
    method: ApiMethod | None,
) -> ApiCallContext:
    """The call as its API's behaviour sees it: the arguments by parameter name (positional
    ones past ``params`` gathered in the ``*args`` parameter, when their count is known), with
    the expressions the call spells them with (a keyword's value, else the positional argument
    at the parameter's position)."""
    params = spec.params
    positional = arguments.positional
    expressions = arguments.nodes
    spelled = len(expressions)
    bound: dict[str, Values] = {}
    nodes: dict[str, ast.expr] = {}
    for position in range(min(len(params), len(positional))):
        name = params[position]
        bound[name] = positional[position]
        if position < spelled and (node := expressions[position]) is not None:
            nodes[name] = node
    if spec.variadic is not None and not arguments.starred:
        bound[spec.variadic] = one(Tuple(tuple(positional[len(params) :])))
    keywords = arguments.keywords
    if keywords:
        bound.update(keywords)
        keyword_nodes = arguments.keyword_nodes
        for name in keywords:
            node = keyword_nodes.get(name)
            if node is not None:
                nodes[name] = node
    return ApiCallContext(interpreter, spec, bound, arguments, nodes, site, frame, state, method)


#: The parameters that put a new array on devices of a mesh (``jnp.zeros(8, device=sharding)``).
_PLACING_PARAMETERS = frozenset({"device", "out_sharding", "sharding"})
#: The APIs whose static result is a flat list of devices (``jax.devices()``): a ``Mesh`` of one
#: has one axis, whatever the machine's device count.
_DEVICE_LISTS = frozenset({"jax.devices", "jax.local_devices"})
#: What those lists hold.
DEVICE = Static("Device")


def default_result(context: ApiCallContext, spec: ApiSpec) -> Values:
    """What a call of ``spec`` returns when no ``behaviour`` says more (``ApiSpec.result``)."""
    interpreter = context.interpreter
    if spec.result is Result.ARRAY and spec.shape_only:
        inputs = [v for name, v in context.arguments.items() if name not in spec.shape_only]
        return one(interpreter.array_result(context.frame, *inputs))
    if spec.result is Result.ARRAY:
        return one(interpreter.array_result(context.frame, *context.arguments.values()))
    if spec.result is Result.BOOL_ARRAY:
        made = interpreter.array_result(context.frame, *context.arguments.values())
        return one(Array(made.flavours, made.trace, False, "bool"))
    if spec.result is Result.NEW_ARRAY:
        # traced when any argument is (``jnp.full(shape, tracer)``), else new
        inputs = [v for name, v in context.arguments.items() if name not in spec.shapes]
        made = interpreter.array_result(context.frame, *inputs)
        if made.flavours is None and not context.frame.open_context:
            made = interpreter.new_array(context.frame)
        given = context.raw.keywords
        if (
            not context.raw.spread
            and _PLACING_PARAMETERS.isdisjoint(given)
            and all_unplaced(inputs)
        ):
            made = replace(made, unplaced=True)
        return one(made)
    if spec.result is Result.NUMPY:
        return one(NumpyArray())
    if spec.result is Result.STATIC:
        if spec.name in _DEVICE_LISTS:
            return one(Static(spec.static_type, element=(DEVICE,)))
        return one(Static(spec.static_type))
    if spec.result is Result.NONE:
        return one(NONE)
    if spec.result is Result.FIRST:
        first = spec.params[0] if spec.params else None
        return context.arguments.get(first, ANY) if first else ANY
    if spec.result is Result.FIRST_LEAVES:
        made = interpreter.array_result(context.frame, *context.arguments.values())
        return _leaves_of(context.arguments.get(spec.params[0], ANY), made, interpreter.heap)
    return ANY


def _leaves_of(given: Values, made: Array, heap: Heap, depth: int = 0) -> Values:
    """``made`` (the array an API makes of each leaf) in the pytree structure of ``given``:
    JAX maps the call over the leaves, so a tuple of two arrays comes back as a tuple of two.
    One array where ``given`` surely is one leaf, a tuple where it surely is a tuple; any
    other (a list, a dict, an instance, a value not known) an array that may be a pytree:
    its structure unknown, so none is claimed (a leaf here made a ``lax.cond`` over
    ``jax.device_put((x, y))`` and a pair a mismatch, where both are pairs and it runs)."""
    if structure_of(given, heap) == LEAF:
        return one(made)
    if depth < 4 and len(given) == 1 and isinstance(given[0], Tuple):
        return one(Tuple(tuple(_leaves_of(item, made, heap, depth + 1) for item in given[0].items)))
    return one(replace(made, tree=True))


def attribute_of_value(
    interpreter: Interpreter, value: Value, name: str, frame: Frame, site: Site | None
) -> Values:
    if name == "at" and pallas.is_ref(value):
        return one(AtIndexer(one(value), None, site))  # ``x_ref.at[...]``, a window of it
    if isinstance(value, optax_api.OptaxTransformation):
        method = optax_api.attribute(value, name)
        return ANY if method is None else one(method)
    if isinstance(value, haiku_api.HaikuTransformed):
        method = haiku_api.attribute(value, name)
        return ANY if method is None else one(method)
    if isinstance(value, module_classes.LayerInstance | Instance):
        method = linen_api.attribute(value, name)
        if method is not None:
            return one(method)
        if isinstance(value, Instance):
            return ANY
        known = library_layers.attribute((value,), name)
        return ANY if known is None else known
    return methods.attribute_of_value(interpreter, value, name, frame, site)


def attribute_assigned(
    interpreter: Interpreter, owner: Values, target: ast.Attribute, frame: Frame, state: State
) -> None:
    """``owner.name = ...``: record the error it surely raises, if any (a frozen module)."""
    module_classes.check_assignment(interpreter, owner, target, frame, state)


def class_flavour(bases: Iterable[Values], decorators: Iterable[Values]) -> str:
    """How instances of a class are made: "dataclass" (fields are ``__init__``'s parameters:
    ``@dataclass``, flax/equinox modules, NamedTuple), "opaque" (a decorator whose effect is
    not modelled, or a base made by one, may have given the class its constructor: what an
    instance's annotated fields hold is not known), or "class"."""
    values = [v for decorator in decorators for v in decorator]
    decorated = {_qualified(v) for v in values}
    if "jax.tree_util.register_pytree_node_class" in decorated:
        return "pytree"
    if decorated & python.DATACLASS_DECORATORS:
        return "dataclass"
    flavour = "class"
    if any(_qualified(v) not in python.CLASS_DECORATORS_KEEPING_INIT for v in values):
        flavour = "opaque"
    for base in bases:
        for value in base:
            qualified = _qualified(value)
            if qualified in python.DATACLASS_BASES:
                return "dataclass"
            if isinstance(value, ClassValue) and value.flavour == "dataclass":
                return "dataclass"
            if isinstance(value, ClassValue) and value.flavour == "opaque":
                flavour = "opaque"
    return flavour


def _qualified(value: Value) -> str | None:
    if isinstance(value, Api):
        return value.qualified
    if isinstance(value, Transformed | CustomDerivative):
        return None
    if isinstance(value, Partial) and value.func and isinstance(value.func[0], Api):
        return value.func[0].qualified
    return None


def dataclass_fields(interpreter: Interpreter, cls: ClassValue) -> list[str] | None:
    """The ``__init__`` parameters of a dataclass-like class (its annotated fields, bases
    first), or None for a plain class."""
    if cls.flavour != "dataclass":
        return None
    if cls.lookup("__init__") is not None and "__init__" in cls.namespace:
        return None
    fields: list[str] = []
    for base in cls.bases:
        for value in base:
            if isinstance(value, ClassValue):
                inherited = dataclass_fields(interpreter, value) or []
                fields.extend(f for f in inherited if f not in fields)
    for statement in cls.node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            name = statement.target.id
            annotation = ast.unparse(statement.annotation)
            if "ClassVar" in annotation or "InitVar" in annotation:
                continue
            if name not in fields:
                fields.append(name)
    return fields


def _source(node: object) -> str | None:
    if isinstance(node, ast.AST):
        try:
            return ast.unparse(node)
        except (ValueError, RecursionError):
            return None
    return None


__all__ = [
    "BUILTIN_NAMES",
    "SPECS",
    "ApiSpec",
    "Result",
    "annotated",
    "attribute_assigned",
    "attribute_of_value",
    "call_value",
    "canonical",
    "class_flavour",
    "contracts",
    "dataclass_fields",
    "is_modelled",
    "jax_api",
    "methods",
    "pallas",
    "python",
    "shaping",
    "spec_for",
    "tracing",
]
