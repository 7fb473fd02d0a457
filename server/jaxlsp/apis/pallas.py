"""Pallas: ``pl.pallas_call`` (a kernel over a grid) and ``pl.kernel`` / ``pl.core_map``
(a kernel over a mesh).  A mesh kernel has no differentiation rule; the Pallas rule reads the
context of the frame that calls (or, for ``core_map``, makes) one."""

from __future__ import annotations

from jaxlsp.apis.spec import ApiSpec, NoContract, NoContractWhy
from jaxlsp.apis.tracing import invoke, lift, trace_of
from jaxlsp.infer.frames import Frame, Made, State
from jaxlsp.infer.interpreter import ApiCallContext, Arguments, Interpreter
from jaxlsp.infer.values import (
    ANY,
    NONE,
    Api,
    Const,
    Flavour,
    Kernel,
    Partial,
    Site,
    Transformed,
    Values,
    one,
)

PALLAS = "jax.experimental.pallas"
KERNEL = f"{PALLAS}.kernel"
CORE_MAP = f"{PALLAS}.core_map"
PALLAS_CALL = f"{PALLAS}.pallas_call"


def _has_mesh(values: Values | None) -> bool:
    return values is not None and values != one(NONE) and values != one(Const(None))


def _make_kernel(context: ApiCallContext) -> Values:
    """``pl.kernel(body, out_type, mesh=...)``; without ``body``, a decorator."""
    if "body" not in context.arguments:
        return one(
            Partial(
                one(Api(KERNEL)),
                tuple(context.raw.positional),
                tuple(context.raw.keywords.items()),
                context.site,
            )
        )
    value = Kernel(
        KERNEL, _has_mesh(context.arguments.get("mesh")), context.arguments["body"], context.site
    )
    context.interpreter.facts.made.append(
        Made(context.site, KERNEL, value, context.arguments, context.nodes, context.frame)
    )
    return one(value)


def _make_pallas_call(context: ApiCallContext) -> Values:
    value = Kernel(PALLAS_CALL, False, context.arg("kernel"), context.site)
    context.interpreter.facts.made.append(
        Made(context.site, PALLAS_CALL, value, context.arguments, context.nodes, context.frame)
    )
    return one(value)


def _core_map(context: ApiCallContext) -> Values:
    """``pl.core_map(mesh)`` is a decorator that runs its function on the mesh at once."""
    return one(Partial(one(Api(f"{CORE_MAP}.decorator")), (), (), context.site))


def _core_map_decorator(context: ApiCallContext) -> Values:
    value = Kernel(CORE_MAP, True, context.arg("body"), context.site, executes=True)
    interpreter = context.interpreter
    interpreter.facts.made.append(
        Made(context.site, CORE_MAP, value, context.arguments, context.nodes, context.frame)
    )
    call_kernel(interpreter, value, Arguments(), context.site, context.frame, context.state)
    return one(NONE)


def _run_state(context: ApiCallContext) -> Values:
    """``pl.run_state(f)``: a function that runs ``f`` on refs holding its arguments."""
    return one(Transformed(f"{PALLAS}.run_state", context.arg("stateful"), (), context.site))


def call_kernel(
    interpreter: Interpreter,
    value: Kernel,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    interpreter.facts.called.append(arguments.called(site, value, frame))
    # a mesh kernel binds its mesh's axes, which are not modelled: names not known
    trace = trace_of(value.maker, Flavour.STAGED, value.site, value.body, None)
    refs = Arguments(starred=True, spread=True)
    invoke(interpreter, value.maker, "body", value.body, refs, site, frame, state, trace)
    if value.executes:
        return one(NONE)
    return (
        lift(
            interpreter,
            one(interpreter.array_result(frame, *arguments.positional)),
            frame,
            list(arguments.positional),
        )
        if arguments.positional
        else ANY
    )


SPECS = (
    ApiSpec(
        KERNEL,
        ("body", "out_type", "mesh", "scratch_types", "compiler_params", "interpret"),
        behaviour=_make_kernel,
        note="Builds a Pallas kernel that runs over a mesh (`mesh=`); mesh kernels have no "
        "differentiation rule.",
    ),
    ApiSpec(
        PALLAS_CALL,
        ("kernel", "out_shape"),
        behaviour=_make_pallas_call,
        note="Calls a Pallas kernel over a grid of blocks.",
    ),
    ApiSpec(
        CORE_MAP,
        ("mesh",),
        behaviour=_core_map,
        note="Runs a function once per core of a mesh (deprecated in favour of `pl.kernel`); "
        "it has no differentiation rule.",
    ),
    ApiSpec(f"{CORE_MAP}.decorator", ("body",), behaviour=_core_map_decorator),
    ApiSpec(f"{PALLAS}.run_state", ("stateful",), behaviour=_run_state),
    *(
        ApiSpec(
            f"{PALLAS}.triton.{name}",
            params,
            no_contract=NoContract(
                NoContractWhy.GPU_ONLY,
                "a Triton kernel's reference and indices; what it refuses shows only when the "
                "kernel is lowered for a GPU, which the pinned CPU JAX cannot reproduce",
            ),
        )
        for name, params in (
            ("load", ("x_ref_or_view", "mask", "other", "cache_modifier")),
            ("store", ("x_ref_or_view", "val", "mask", "eviction_policy")),
        )
    ),
)
