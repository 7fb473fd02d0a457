"""``jax.shard_map`` and the mesh and sharding constructors.

A shard_map body runs on per-device blocks; its arguments are tracers of the shard_map's own
trace (no value: it stages, also when the shard_map is called eagerly, where it evaluates the
body op by op).  Whether an outer ``jax.jit`` stages the shard_map itself is the frame's
context, which the symbolic-zeros rule reads.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from jaxlsp.apis import shaping, varying
from jaxlsp.apis import transform_shapes as blocks
from jaxlsp.apis.contracts import Accepts, Requirement, call_violations, mesh_has_spec_axes
from jaxlsp.apis.spec import ApiSpec, NoContract, NoContractWhy, Result
from jaxlsp.apis.tracing import invoke, lift, trace_of, traced, unshaped
from jaxlsp.infer.frames import Frame, Made, State
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import ApiCallContext, Arguments, Interpreter
from jaxlsp.infer.pytrees import subtrees
from jaxlsp.infer.values import (
    NONE,
    Api,
    BoundMethod,
    Const,
    Flavour,
    Function,
    ListValue,
    Mesh,
    NamedSharding,
    NumpyArray,
    Partial,
    PartitionSpec,
    ShardMapped,
    Site,
    SpecEntry,
    Static,
    Tuple,
    Values,
    describe_values,
    one,
)

SHARD_MAP = "jax.shard_map"
#: The unknown entries of a partition spec whose entries are all known (one set for all).
_ALL_KNOWN: frozenset[int] = frozenset()


def _make_shard_map(context: ApiCallContext) -> Values:
    if "f" not in context.arguments:
        return one(
            Partial(
                one(Api(context.spec.name)), (), tuple(context.raw.keywords.items()), context.site
            )
        )
    options = tuple((k, v) for k, v in context.arguments.items() if k != "f")
    value = ShardMapped(context.arguments["f"], context.site, options)
    context.interpreter.facts.made.append(
        Made(context.site, SHARD_MAP, value, context.arguments, context.nodes, context.frame)
    )
    return one(value)


def call_shard_mapped(
    interpreter: Interpreter,
    value: ShardMapped,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    called = arguments.called(site, value, frame)
    broken = call_violations(_SHARD_MAP_SPEC, dict(value.options), called, interpreter.heap)
    interpreter.facts.called.append(replace(called, violations=tuple(broken)))
    if broken:
        interpreter.raises(state)
    mesh = _mesh_of(value)
    names = frozenset(name for name, _ in mesh.axes) if mesh is not None else None
    trace = trace_of(SHARD_MAP, Flavour.STAGED, value.site, value.body, names)
    in_specs = _specs_per_argument(
        interpreter, value.options, "in_specs", len(arguments.positional)
    )
    # shard_map checks, in this order: the specs' axis names, every argument's shape, every
    # argument's sharding; then it runs the body and checks its outputs against out_specs.
    # The names fail any call, but a run for any caller (at the shard_map itself) is no call.
    called_here = site != value.site
    for option in ("in_specs", "out_specs") if called_here else ():
        for spec in _partition_specs(_option(value.options, option), interpreter.heap):
            if unknown := blocks.check_axis_names(spec, mesh, option, None):
                unknown = replace(unknown, notes=((value.site, f"the shard_map and its {option}"),))
                interpreter.shape_error(site, "jax.shard_map", unknown, frame, state)
    notes = ((value.site, "the shard_map and its in_specs"),)
    positional: list[Values] = []
    unplaced: list[shaping.Mismatch] = []
    for position, values in enumerate(arguments.positional):
        spec_tree = in_specs[position] if in_specs is not None else None
        if spec_tree == (NONE,):
            # a ``None`` spec: the argument is passed to the body as it is (measured on
            # 0.12.0.1: an int stays an int, an array a concrete array, not a tracer)
            positional.append(values)
            continue
        node = arguments.nodes[position] if position < len(arguments.nodes) else None
        for path, spec, part in _specs_over(spec_tree, values, interpreter.heap):
            problem = blocks.check_argument(
                part, spec, mesh, position, node, value.body, interpreter.heap, path
            )
            if problem is not None:
                interpreter.shape_error(
                    site, "jax.shard_map", replace(problem, notes=notes), frame, state
                )
            elif placement := blocks.check_placement(part, spec, mesh, position, node, path):
                unplaced.append(placement)
        whole = _single_spec(spec_tree)
        leaf = blocks.to_block(whole, mesh) if whole is not None else unshaped
        positional.append(traced(interpreter, values, trace, leaf))
    if unplaced:
        interpreter.shape_error(
            site, "jax.shard_map", replace(unplaced[0], notes=notes), frame, state
        )
    body_arguments = Arguments(
        positional,
        {k: traced(interpreter, v, trace, unshaped) for k, v in arguments.keywords.items()},
        arguments.starred,
        arguments.spread,
    )
    result = invoke(
        interpreter, SHARD_MAP, "body", value.body, body_arguments, site, frame, state, trace
    )
    inputs = [*arguments.positional, *arguments.keywords.values()]
    out_specs = _option(value.options, "out_specs")
    out_spec = _single_spec(out_specs)
    if out_spec is not None:
        function = describe_values(value.body)
        if called_here and (too_long := blocks.check_output_rank(result, out_spec, function, None)):
            too_long = replace(too_long, notes=((value.site, "the shard_map and its out_specs"),))
            interpreter.shape_error(site, "jax.shard_map", too_long, frame, state)
    # then the outputs' replication; only at a call somebody wrote, with its arguments' count
    # known (not a run for any caller)
    written = called_here and not arguments.starred and not arguments.keywords
    if (
        written
        and in_specs is not None
        and mesh is not None
        and (unreplicated := _unreplicated_output(interpreter, value, in_specs, out_specs, mesh))
    ):
        unreplicated = replace(
            unreplicated, notes=((value.site, "the shard_map and its out_specs"),)
        )
        interpreter.shape_error(site, "jax.shard_map", unreplicated, frame, state)
    if out_spec is not None:
        return lift(interpreter, result, frame, inputs, leaf=blocks.from_block(out_spec, mesh))
    if (
        out_specs is not None
        and len(out_specs) == 1
        and isinstance(out_specs[0], Tuple)
        and len(result) == 1
        and isinstance(result[0], Tuple)
        and len(result[0].items) == len(out_specs[0].items)
    ):
        items = []
        for item, item_spec in zip(result[0].items, out_specs[0].items, strict=True):
            single = item_spec[0] if len(item_spec) == 1 else None
            leaf = (
                blocks.from_block(single, mesh) if isinstance(single, PartitionSpec) else unshaped
            )
            items.append(lift(interpreter, item, frame, inputs, leaf=leaf))
        return one(Tuple(tuple(items)))
    return lift(interpreter, result, frame, inputs, leaf=unshaped)


def _unreplicated_output(
    interpreter: Interpreter,
    value: ShardMapped,
    in_specs: list[Values],
    out_specs: Values | None,
    mesh: Mesh,
) -> shaping.Mismatch | None:
    """An output whose out_spec leaves out a mesh axis the output varies over, with shard_map
    checking it (``check_vma``/``check_rep`` left on) over all of the mesh's axes; how it
    varies is read from the body's source (``jaxlsp.apis.varying``)."""
    for option in ("check_vma", "check_rep"):
        check = _option(value.options, option)
        if check is not None and check != one(Const(True)):
            return None
    if _option(value.options, "axis_names") is not None:
        return None
    names = {name for name, _ in mesh.axes}
    if len(value.body) != 1:
        return None
    body = value.body[0]
    skip_first = isinstance(body, BoundMethod)
    function = body.function if isinstance(body, BoundMethod) else body
    if not isinstance(function, Function) or isinstance(function.node, ast.AsyncFunctionDef):
        return None
    arguments: list[varying.Axes] = []
    for spec_tree in in_specs:
        spec = _single_spec(spec_tree)
        if spec is None or spec.unknown:
            arguments.append(None)
        else:
            arguments.append(frozenset(name for entry in spec.entries for name in entry or ()))
    module = interpreter.modules.get(function.site.module)
    if module is None:
        return None
    statements = (statement for chunk in module.parsed.chunks for statement in chunk.tree.body)
    outputs = varying.output_axes(
        function.node, arguments, varying.ModuleNames.of(statements), skip_first
    )
    if outputs is None:
        return None
    single = _single_spec(out_specs)
    if single is not None:
        specs = [single] * len(outputs)
    elif (
        out_specs is not None
        and len(out_specs) == 1
        and isinstance(out_specs[0], Tuple)
        and len(out_specs[0].items) == len(outputs)
    ):
        found = [_single_spec(item) for item in out_specs[0].items]
        if any(spec is None for spec in found):
            return None
        specs = [spec for spec in found if spec is not None]
    else:
        return None
    for index, (axes, spec) in enumerate(zip(outputs, specs, strict=True)):
        if axes is None or spec.unknown:
            return None
        named = {name for entry in spec.entries for name in entry or ()}
        # an axis of size 1 counts too (measured on the pinned JAX)
        missing = sorted(name for name in axes - named if name in names)
        if not missing:
            continue
        which = f"output {index + 1}" if len(outputs) > 1 else "the output"
        axis_list = ", ".join(repr(name) for name in missing)
        return shaping.Mismatch(
            "shard-map-out-vma",
            f"shard_map applied to the function {describe_values(value.body)} was given "
            "out_specs which require replication which can't be statically inferred given the "
            f"mesh: out_specs is {spec.describe()} for {which}, which varies over mesh "
            f"{'axes' if len(missing) > 1 else 'axis'} {axis_list} of {mesh.describe()} (it "
            "is computed from arguments split over it, and no psum or pmean over it made it "
            "the same on every device)",
        )
    return None


def _option(options: tuple[tuple[str, Values], ...], name: str) -> Values | None:
    for key, values in options:
        if key == name:
            return values
    return None


def _mesh_of(value: ShardMapped) -> Mesh | None:
    mesh = _option(value.options, "mesh")
    if mesh is not None and len(mesh) == 1 and isinstance(mesh[0], Mesh):
        return mesh[0]
    return None


def _specs_per_argument(
    interpreter: Interpreter,
    options: tuple[tuple[str, Values], ...],
    name: str,
    count: int,
) -> list[Values] | None:
    """The spec tree of each positional argument: one spec for all, or one entry per
    argument (a spec, or a pytree of specs the argument's pytree has as a prefix)."""
    specs = _option(options, name)
    if specs is None or len(specs) != 1:
        return None
    value = specs[0]
    if isinstance(value, PartitionSpec):
        return [specs] * count
    items: tuple[Values, ...] | None = None
    if isinstance(value, Tuple):
        items = value.items
    elif isinstance(value, ListValue):
        items = interpreter.heap.list_items(value.ref)
    if items is None or len(items) != count:
        return None
    return list(items)


def _partition_specs(tree: Values | None, heap: Heap) -> Iterator[PartitionSpec]:
    """The PartitionSpecs of a spec tree whose structure is known (``in_specs=(P("i"), P())``)."""
    if tree is None or len(tree) != 1:
        return
    if isinstance(tree[0], PartitionSpec):
        yield tree[0]
        return
    for _, child in subtrees(tree[0], heap) or ():
        yield from _partition_specs(child, heap)


def _single_spec(spec_tree: Values | None) -> PartitionSpec | None:
    if spec_tree is not None and len(spec_tree) == 1 and isinstance(spec_tree[0], PartitionSpec):
        return spec_tree[0]
    return None


def _specs_over(
    spec_tree: Values | None, argument: Values, heap: Heap, path: str = ""
) -> Iterator[tuple[str, PartitionSpec, Values]]:
    """Each spec of an argument's spec tree with the part of the argument it covers (and that
    part's key path): the trees are walked together where both are containers whose contents
    are known and whose structures agree (a mismatch is another error, not claimed here)."""
    spec = _single_spec(spec_tree)
    if spec is not None:
        yield path, spec, argument
        return
    if spec_tree is None or len(spec_tree) != 1 or len(argument) != 1:
        return
    spec_children = subtrees(spec_tree[0], heap)
    argument_children = subtrees(argument[0], heap)
    if spec_children is None or argument_children is None:
        return
    if [step for step, _ in spec_children] != [step for step, _ in argument_children]:
        return
    for (step, spec_child), (_, part) in zip(spec_children, argument_children, strict=True):
        yield from _specs_over(spec_child, part, heap, path + step)


def _make_mesh(context: ApiCallContext) -> Values:
    """``jax.make_mesh((4, 2), ("data", "model"))``: its axes' names and sizes; without
    ``axis_types`` every axis is Explicit (axis types it is given are not read)."""
    names = _strings(context.arg("axis_names", ()), context)
    sizes = shaping.concrete_ints(context.arg("axis_shapes", ()), context.interpreter.heap)
    if names is None:
        return one(Static("Mesh"))
    explicit = None if context.has("axis_types") else True
    if sizes is None or len(sizes) != len(names):
        return one(Mesh(tuple((name, None) for name in names), explicit))
    return one(Mesh(tuple(zip(names, sizes, strict=True)), explicit))


def _mesh(context: ApiCallContext) -> Values:
    """``Mesh(devices, ("data",))``: its axes' names, sized by the devices' array's shape
    when known (``np.array(jax.devices()).reshape(4, 2)``, ``create_device_mesh((4, 2))``)."""
    names = _strings(context.arg("axis_names", ()), context)
    if names is None:
        return one(Static("Mesh"))
    devices = context.arg("devices", ())
    shape = devices[0].shape if len(devices) == 1 and isinstance(devices[0], NumpyArray) else None
    if shape is None or len(shape) != len(names):
        return one(Mesh(tuple((name, None) for name in names)))
    return one(Mesh(tuple(zip(names, shape, strict=True))))


def _device_mesh(context: ApiCallContext) -> Values:
    """``mesh_utils.create_device_mesh((4, 2))``: a NumPy array of devices of that shape."""
    dims = shaping.concrete_ints(context.arg("mesh_shape", ()), context.interpreter.heap)
    return one(NumpyArray(tuple(dims) if dims is not None else None))


def _strings(values: Values, context: ApiCallContext) -> list[str] | None:
    if len(values) == 1 and isinstance(values[0], Const) and isinstance(values[0].value, str):
        return [values[0].value]
    items = shaping.items_of(values, context.interpreter.heap)
    if items is None:
        return None
    found = []
    for item in items:
        if len(item) != 1 or not isinstance(item[0], Const) or not isinstance(item[0].value, str):
            return None
        found.append(item[0].value)
    return found


def _partition_spec(context: ApiCallContext) -> Values:
    """``P("data", None, ("x", "y"))``: per array axis, the mesh axes it is split over."""
    parts = context.arg("partitions", ())
    if len(parts) != 1 or not isinstance(parts[0], Tuple):
        return one(Static("PartitionSpec"))
    entries: list[SpecEntry] = []
    unknown: set[int] = set()
    for index, item in enumerate(parts[0].items):
        if item == one(NONE):
            entries.append(None)
            continue
        names = _strings(item, context)
        if names is None:
            entries.append(None)
            unknown.add(index)
        else:
            entries.append(tuple(names))
    return one(PartitionSpec(tuple(entries), frozenset(unknown) if unknown else _ALL_KNOWN))


def _named_sharding(context: ApiCallContext) -> Values:
    """``NamedSharding(mesh, P(...))``: its mesh and spec, where both are known."""
    mesh, spec = context.arg("mesh", ()), context.arg("spec", ())
    if len(mesh) != 1 or len(spec) != 1:
        return one(Static("NamedSharding"))
    if not isinstance(mesh[0], Mesh) or not isinstance(spec[0], PartitionSpec):
        return one(Static("NamedSharding"))
    return one(NamedSharding(mesh[0], spec[0]))


_SHARD_MAP_SPEC = ApiSpec(
    SHARD_MAP,
    ("f",),
    keyword_only=("out_specs", "in_specs", "mesh", "axis_names", "check_vma"),
    behaviour=_make_shard_map,
    accepts=(
        Accepts(
            "f",
            Requirement.CALLABLE,
            "function-argument-not-callable",
            "import jax\nfrom jax.sharding import PartitionSpec as P\n\n\ndef body(x):\n"
            "    return x * 2\n\n\nmesh = jax.make_mesh((8,), ('i',))\n"
            "jax.shard_map(body(1.0), mesh=mesh, in_specs=P('i'), out_specs=P('i'))\n",
        ),
        Accepts(
            "in_specs",
            Requirement.ONE_PER_ARGUMENT_AT_CALL,
            "shard-map-in-specs-structure",
            "import jax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P"
            "\n\n\ndef add(x, y):\n    return x + y\n\n\nmesh = jax.make_mesh((8,), ('i',))"
            "\nf = jax.shard_map(add, mesh=mesh, in_specs=(P('i'), P('i')), out_specs=P('i'))"
            "\nf(jnp.arange(8.0))\n",
        ),
    ),
    note="Maps a function over the shards of its inputs on a device mesh; the body sees "
    "per-device blocks. Run eagerly, its body is evaluated by shard_map's own tracer.",
)

#: The deprecated spelling takes its parameters in another order, positionally too, and names
#: ``check_vma`` ``check_rep``; it makes the same shard_map.
_EXPERIMENTAL_SHARD_MAP_SPEC = replace(
    _SHARD_MAP_SPEC,
    name="jax.experimental.shard_map.shard_map",
    params=("f", "mesh", "in_specs", "out_specs", "check_rep"),
    keyword_only=(),
)

_NAMED_SHARDING_SPEC = ApiSpec(
    "jax.sharding.NamedSharding",
    ("mesh", "spec"),
    behaviour=_named_sharding,
    static_type="NamedSharding",
    checks=(mesh_has_spec_axes,),
)

SPECS = (
    _SHARD_MAP_SPEC,
    _EXPERIMENTAL_SHARD_MAP_SPEC,
    ApiSpec(
        "jax.make_mesh",
        ("axis_shapes", "axis_names", "axis_types", "devices"),
        behaviour=_make_mesh,
        note="A mesh of devices with named axes (explicit axis types by default).",
    ),
    ApiSpec(
        "jax.sharding.Mesh",
        ("devices", "axis_names", "axis_types"),
        behaviour=_mesh,
        accepts=(
            Accepts(
                "axis_names",
                Requirement.NAME_PER_DEVICE_AXIS,
                "mesh-axis-names-count",
                "from jax.experimental import mesh_utils\nfrom jax.sharding import Mesh\n\n"
                'mesh = Mesh(mesh_utils.create_device_mesh((4, 2)), ("data",))\n',
            ),
        ),
    ),
    ApiSpec(
        "jax.experimental.mesh_utils.create_device_mesh",
        ("mesh_shape", "devices"),
        behaviour=_device_mesh,
    ),
    ApiSpec(
        "jax.sharding.PartitionSpec",
        (),
        variadic="partitions",
        behaviour=_partition_spec,
        no_contract=NoContract(
            NoContractWhy.CHECKED_WHERE_USED,
            "any entries when it is made; NamedSharding and shard_map check them against the "
            "mesh and the array's rank (their contracts)",
        ),
    ),
    ApiSpec("jax.P", (), variadic="partitions", behaviour=_partition_spec),
    _NAMED_SHARDING_SPEC,
    replace(_NAMED_SHARDING_SPEC, name="jax.NamedSharding"),
    ApiSpec(
        "jax.sharding.reshard",
        ("xs", "out_shardings"),
        result=Result.FIRST_LEAVES,
        output=shaping.same_as("xs"),
    ),
    ApiSpec(
        "jax.lax.with_sharding_constraint",
        ("x", "shardings"),
        result=Result.FIRST_LEAVES,
        output=blocks.constrained_output,
    ),
    ApiSpec("jax.set_mesh", ("mesh",), result=Result.UNKNOWN),
)
