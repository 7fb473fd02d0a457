"""``jax.shard_map`` and the mesh and sharding constructors.

A shard_map body runs on per-device blocks; its arguments are tracers of the shard_map's own
trace (no value: it stages, also when the shard_map is called eagerly, where it evaluates the
body op by op).  Whether an outer ``jax.jit`` stages the shard_map itself is the frame's
context, which the symbolic-zeros rule reads.
"""

from __future__ import annotations

from dataclasses import replace

from jaxlsp.apis.contracts import Accepts, Requirement, call_violations
from jaxlsp.apis.spec import ApiSpec, Result
from jaxlsp.apis.tracing import invoke, lift, trace_of, traced
from jaxlsp.infer.frames import Called, Frame, Made, State
from jaxlsp.infer.interpreter import ApiCallContext, Arguments, Interpreter
from jaxlsp.infer.values import Api, Flavour, Partial, ShardMapped, Site, Values, one

SHARD_MAP = "jax.shard_map"


def _make_shard_map(context: ApiCallContext) -> Values:
    if "f" not in context.arguments:
        return one(
            Partial(one(Api(SHARD_MAP)), (), tuple(context.raw.keywords.items()), context.site)
        )
    options = tuple((k, v) for k, v in context.arguments.items() if k != "f")
    value = ShardMapped(context.arguments["f"], context.site, options)
    context.interpreter.facts.made.append(
        Made(context.site, SHARD_MAP, value, context.arguments, context.nodes(), context.frame)
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
    called = Called(
        site,
        value,
        tuple(arguments.positional),
        tuple(arguments.keywords.items()),
        frame,
        arguments.starred,
    )
    broken = call_violations(_SHARD_MAP_SPEC, dict(value.options), called, interpreter.heap)
    interpreter.facts.called.append(replace(called, violations=tuple(broken)))
    if broken:
        interpreter.raises(state)
    trace = trace_of(SHARD_MAP, Flavour.STAGED, value.site, value.body)
    blocks = Arguments(
        [traced(interpreter, v, trace) for v in arguments.positional],
        {k: traced(interpreter, v, trace) for k, v in arguments.keywords.items()},
        arguments.starred,
        arguments.spread,
    )
    result = invoke(interpreter, SHARD_MAP, "body", value.body, blocks, site, frame, state, trace)
    return lift(interpreter, result, frame, [*arguments.positional, *arguments.keywords.values()])


_SHARD_MAP_SPEC = ApiSpec(
    SHARD_MAP,
    ("f", "out_specs", "in_specs", "mesh", "axis_names", "check_vma", "check_rep", "auto"),
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

SPECS = (
    _SHARD_MAP_SPEC,
    ApiSpec(
        "jax.make_mesh",
        ("axis_shapes", "axis_names", "axis_types", "devices"),
        result=Result.STATIC,
        static_type="Mesh",
        note="A mesh of devices with named axes (explicit axis types by default).",
    ),
    ApiSpec(
        "jax.sharding.Mesh",
        ("devices", "axis_names", "axis_types"),
        result=Result.STATIC,
        static_type="Mesh",
    ),
    ApiSpec(
        "jax.sharding.PartitionSpec",
        (),
        variadic="partitions",
        result=Result.STATIC,
        static_type="PartitionSpec",
    ),
    ApiSpec("jax.P", (), variadic="partitions", result=Result.STATIC, static_type="PartitionSpec"),
    ApiSpec(
        "jax.sharding.NamedSharding",
        ("mesh", "spec"),
        result=Result.STATIC,
        static_type="NamedSharding",
    ),
    ApiSpec("jax.sharding.reshard", ("xs", "out_shardings"), result=Result.ARRAY),
    ApiSpec("jax.lax.with_sharding_constraint", ("x", "shardings"), result=Result.ARRAY),
    ApiSpec("jax.set_mesh", ("mesh",), result=Result.UNKNOWN),
)
