"""Haiku's transforms, as far as their errors need: ``hk.transform(f)`` and
``hk.transform_with_state(f)`` make a pair of functions, ``init(rng, *args)`` and
``apply(params, rng, *args)`` (``apply(params, state, rng, *args)`` with state), and
``hk.without_apply_rng`` drops ``apply``'s rng. Each ``apply`` first checks that ``params``
(and ``state``) is a mapping or None (TypeError "params argument does not appear valid"), then
that the rng is None, an int seed or a PRNG key (ValueError "Apply must be called with an RNG
as the second argument"); ``init`` checks its rng the same way. Measured on dm-haiku 0.0.17
(``haiku/_src/transform.py``: ``check_mapping``, ``to_prng_sequence``).

A transformed pair is a ``HaikuTransformed``: unknown to everything else, but for its
``init``/``apply`` methods. ``init`` of a transform with state gives a pair (params, state):
kept whole as the params, it is a tuple that ``apply`` refuses. Nothing of Haiku is imported.

The parameter store, as far as ``hk.Linear`` needs it: ``init`` and ``apply`` run the
transformed function on their other arguments (under a ``HaikuRun``).  ``hk.Linear(n)(x)``
makes its weight ``w`` of shape ``(x.shape[-1], n)`` at ``init``; at ``apply`` it reads the
stored one back and raises ValueError ("'linear/w' with retrieved shape (420, 30) does not
match shape=[940, 30]") where the input's last axis differs.  ``init`` gives a ``HaikuParams``
that remembers, for each layer called on the function's own straight path, the input size it
saw; ``apply`` of those params by the same pair compares.  A layer is named by where it is
made, so the comparison holds only while every ``hk.Linear`` of the run is made on that path
(a layer made in a branch, a loop or a helper shifts Haiku's names: the run then remembers
nothing).

The rng, as far as ``hk.next_rng_key`` needs it: a transformed function that surely draws a key
(``hk.next_rng_key()``, ``hk.next_rng_keys(n)`` on its own straight path) run by an ``init`` or
``apply`` given no rng (None, or an ``apply`` of ``hk.without_apply_rng``, which takes none)
raises MissingRNGError.  ``hk.maybe_next_rng_key`` gives None instead, and draws nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, final

from jaxlsp.apis import shaping
from jaxlsp.apis.contracts import Accepts, Requirement
from jaxlsp.apis.spec import ApiSpec
from jaxlsp.infer import dtypes
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.interpreter import ApiCallContext, Arguments
from jaxlsp.infer.values import (
    ANY,
    ApiMethod,
    Array,
    Const,
    DictValue,
    ListValue,
    NumpyArray,
    Site,
    Tuple,
    Unknown,
    Value,
    Values,
    one,
)

if TYPE_CHECKING:
    from jaxlsp.apis.module_classes import LayerInstance
    from jaxlsp.infer.frames import Frame
    from jaxlsp.infer.interpreter import Interpreter


@final
@direct_init
@dataclass(frozen=True, slots=True)
class HaikuTransformed(Unknown):
    """The pair of functions a Haiku transform made (``maker``: ``hk.transform``...)."""

    maker: str
    #: Made by ``transform_with_state``: ``init`` gives (params, state), ``apply`` takes state.
    state: bool
    #: ``apply`` takes an rng after params (and state): not after ``without_apply_rng``.
    apply_rng: bool = True
    origin: Site | None = field(default=None, compare=False)
    #: The function transformed (what ``init`` and ``apply`` run).
    function: Values = ()
    kind: ClassVar[str] = "Haiku transformed function pair"

    def describe(self) -> str:
        return f"the Haiku transformed pair of `{self.maker}`"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class HaikuParams(Unknown):
    """The parameters ``init`` of a transformed pair made: unknown in all but the input size
    each ``hk.Linear`` it surely ran saw (by where the layer is made)."""

    #: Where the pair was made (``HaikuTransformed.origin``).
    pair: Site
    #: (where the layer is made, its input's last axis, where it was called) for each layer.
    linears: tuple[tuple[Site, int, Site], ...]
    #: Where each ``hk.Linear`` of the run was made, in order (Haiku names them so).
    made: tuple[Site, ...] = ()
    origin: Site | None = field(default=None, compare=False)
    kind: ClassVar[str] = "Haiku parameters"


@dataclass
class HaikuRun:
    """An ``init`` or ``apply`` running the transformed function: the ``hk.Linear`` calls
    that surely run with it, and whether a layer was made where its name is not sure."""

    kind: str
    caller: Frame
    linears: list[tuple[Site, int, Site]] = field(default_factory=list)
    unsure: bool = False
    #: Where each ``hk.Linear`` of the run was made, in order.
    made: list[Site] = field(default_factory=list)
    #: Where the function surely drew a key from the rng (``hk.next_rng_key()``).
    draws: list[Site] = field(default_factory=list)

    @property
    def memo_key(self) -> tuple[str, str]:
        return ("haiku", self.kind)

    def remembered(self) -> tuple[tuple[Site, int, Site], ...]:
        """The layers whose input size is sure: each made at one place, called once."""
        if self.unsure:
            return ()
        seen: dict[Site, int] = {}
        for made, _, _ in self.linears:
            seen[made] = seen.get(made, 0) + 1
        return tuple(entry for entry in self.linears if seen[entry[0]] == 1)


#: The dtypes of arrays that are neither keys nor int seeds (weak floats included).
_NOT_SEEDS = frozenset(
    {*dtypes.FLOATS, *dtypes.COMPLEXES, dtypes.WEAK_FLOAT, dtypes.WEAK_COMPLEX, "bool"}
)

#: The kinds of the mismatches this model makes (the rules that report them).
RNG = "haiku-rng"
MAPPING = "haiku-mapping"


#: The kind of the mismatch ``apply`` makes where a layer's input size changed since ``init``.
PARAMETER_SHAPE = "haiku-parameter-shape"
#: The kind of the mismatch ``init``/``apply`` makes where the function draws a key and no rng
#: is given.
MISSING_RNG = "haiku-missing-rng"


def _transform(context: ApiCallContext) -> Values:
    if "apply_rng" in context.arguments or context.raw.spread:
        return ANY  # (a removed option: another error)
    return one(HaikuTransformed("hk.transform", False, True, context.site, _function(context)))


def _transform_with_state(context: ApiCallContext) -> Values:
    return one(
        HaikuTransformed("hk.transform_with_state", True, True, context.site, _function(context))
    )


def _function(context: ApiCallContext) -> Values:
    """The function transformed, when the call surely gives it (else nothing to run)."""
    if context.raw.starred or context.raw.spread:
        return ()
    return context.arguments.get("f", ())


def _without_apply_rng(context: ApiCallContext) -> Values:
    made = _owner(context.arg("f"))
    return ANY if made is None else one(replace(made, apply_rng=False))


def _owner(values: Values) -> HaikuTransformed | None:
    """The one transformed pair ``values`` surely is."""
    if len(values) == 1 and isinstance(values[0], HaikuTransformed):
        return values[0]
    return None


def _init_result(context: ApiCallContext) -> Values:
    made = _owner(context.arg("self"))
    if made is None:
        return ANY
    run = _run(context, made, "init")
    if run is not None:
        _drawn_without_rng(context, made, run)
    params: Value = ANY[0]
    if run is not None and made.origin is not None:
        params = HaikuParams(made.origin, run.remembered(), tuple(run.made), context.site)
    if not made.state:
        return one(params)
    return one(Tuple((one(params), ANY)))  # (params, state)


def _apply_result(context: ApiCallContext) -> Values:
    """Run the function on ``apply``'s other arguments; report a layer whose input size
    differs from the one the params were made with."""
    made = _owner(context.arg("self"))
    if made is None:
        return ANY
    run = _run(context, made, "apply")
    if run is not None:
        _drawn_without_rng(context, made, run)
    if run is None or made.origin is None:
        return ANY
    given = context.arguments.get("params")
    if not given or len(given) != 1 or not isinstance(given[0], HaikuParams):
        return ANY
    params = given[0]
    if params.pair != made.origin or params.made != tuple(run.made):
        return ANY  # another pair's, or the layers were made otherwise (named otherwise)
    stored = {layer: (size, site) for layer, size, site in params.linears}
    for layer, size, site in run.remembered():
        if layer not in stored or stored[layer][0] == size:
            continue
        before, init_site = stored[layer]
        context.interpreter.shape_error(
            context.site,
            "apply",
            shaping.Mismatch(
                PARAMETER_SHAPE,
                f"the `hk.Linear` weight `w` was made by `init` for inputs of {before} "
                f"features, and `apply` calls the layer on inputs of {size}: Haiku retrieves "
                f"a weight of shape ({before}, n) where the layer asks for ({size}, n)",
                notes=(
                    (layer, "the `hk.Linear` layer made here"),
                    (init_site, f"called on {before} features under `init`"),
                    (site, f"called on {size} features under `apply`"),
                ),
            ),
            context.frame,
            context.state,
        )
    return ANY


def _run(context: ApiCallContext, made: HaikuTransformed, kind: str) -> HaikuRun | None:
    """Run the transformed function on the call's arguments after its own (``init``'s rng,
    ``apply``'s params, state and rng), under a ``HaikuRun``; None where it cannot be (the
    call refused before running it, or its arguments or function are not known)."""
    raw = context.raw
    if raw.starred or raw.spread or len(made.function) != 1:
        return None
    if _checked(context, made, kind) is not None:
        return None  # Haiku raises before the function runs
    spec = method_spec((made,), kind)
    if spec is None:
        return None
    own = spec.params
    skip = len(own)
    if len(raw.positional) < skip or any(name in raw.keywords for name in own):
        return None
    interpreter = context.interpreter
    arguments = Arguments(
        list(raw.positional[skip:]),
        dict(raw.keywords),
        False,
        False,
        list(raw.nodes[skip:]),
        dict(raw.keyword_nodes),
    )
    run = HaikuRun(kind, context.frame)
    interpreter.library_runs.append(run)
    try:
        interpreter.call(made.function, arguments, context.site, context.frame, context.state)
    finally:
        interpreter.library_runs.pop()
    return run


def _drawn_without_rng(context: ApiCallContext, made: HaikuTransformed, run: HaikuRun) -> None:
    """The function surely drew a key while the call surely gave no rng: MissingRNGError."""
    if not run.draws:
        return
    if run.kind == "apply" and not made.apply_rng:
        given = "`apply` of `hk.without_apply_rng` takes no rng"
    else:
        rng = context.arguments.get("rng")
        if (
            rng is None
            or len(rng) != 1
            or not isinstance(rng[0], Const)
            or rng[0].value is not None
        ):
            return
        given = f"`{run.kind}` is given None as its rng"
    context.interpreter.shape_error(
        context.site,
        run.kind,
        shaping.Mismatch(
            MISSING_RNG,
            "You must pass a non-None PRNGKey to init and/or apply if you make use of random "
            f"numbers: the transformed function draws a key (`hk.next_rng_key()`), and {given}",
            notes=((run.draws[0], "a key drawn here"),),
        ),
        context.frame,
        context.state,
    )


def _draw(context: ApiCallContext) -> Values:
    """``hk.next_rng_key()`` / ``hk.next_rng_keys(n)``: a key drawn from the rng of the
    ``init``/``apply`` running, noted where it surely runs with the function."""
    runs = context.interpreter.library_runs
    if runs and isinstance(runs[-1], HaikuRun):
        run = runs[-1]
        if _surely_runs(context.interpreter, run, context.frame):
            run.draws.append(context.site)
    return ANY


def linear_made(interpreter: Interpreter, frame: Frame, site: Site) -> None:
    """An ``hk.Linear`` made while a ``HaikuRun`` runs: where its name is not sure (not on
    the transformed function's own straight path), the run remembers no layer."""
    runs = interpreter.library_runs
    if not runs or not isinstance(runs[-1], HaikuRun):
        return
    run = runs[-1]
    run.made.append(site)
    if not _surely_runs(interpreter, run, frame):
        run.unsure = True


def layer_called(
    interpreter: Interpreter, layer: LayerInstance, arguments: Arguments, site: Site, frame: Frame
) -> None:
    """An ``hk.Linear`` called while a ``HaikuRun`` runs, on the transformed function's own
    straight path, on one array of known last axis: the run remembers the size."""
    runs = interpreter.library_runs
    if not runs or layer.maker != LINEAR or layer.origin is None:
        return
    run = runs[-1]
    if not isinstance(run, HaikuRun) or not _surely_runs(interpreter, run, frame):
        return
    if arguments.starred or arguments.spread or len(arguments.positional) != 1:
        return
    given = arguments.positional[0]
    if len(given) != 1 or not isinstance(given[0], Array) or given[0].tree:
        return
    shape = given[0].shape
    if shape is None or not shape or not isinstance(shape[-1], int):
        return
    run.linears.append((layer.origin, shape[-1], site))


def _surely_runs(interpreter: Interpreter, run: HaikuRun, frame: Frame) -> bool:
    """Whether the code now evaluated is the transformed function's own, on its straight
    path, resting on nothing."""
    return (
        frame.caller is run.caller
        and interpreter.straight is not None
        and interpreter.rests_on(None, frame) is None
    )


#: ``hk.Linear``'s qualified name.
LINEAR = "haiku.Linear"


def _surely_not_mapping(values: Values) -> str | None:
    """What a params or state argument is when it surely is no mapping nor None."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Tuple):
            described.append("a tuple")
        elif isinstance(value, ListValue):
            described.append("a list")
        elif isinstance(value, NumpyArray) or (isinstance(value, Array) and not value.tree):
            # (a transform's argument may be a pytree of tracers: a dict of them, under grad)
            described.append("an array")
        elif isinstance(value, Const) and value.value is not None:
            described.append(f"a {type(value.value).__name__}")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def _surely_not_rng(values: Values) -> str | None:
    """What an rng argument is when it surely is none of None, an int seed (a Python int or a
    0-d int32 array), a PRNG key or a (key, subkeys) pair: a string, a float, a list or dict,
    an array of floats, complex numbers or bools."""
    if not values:
        return None
    described: list[str] = []
    for value in values:
        if isinstance(value, Const) and type(value.value) in (str, float, complex, bytes):
            described.append(f"a {type(value.value).__name__}")
        elif isinstance(value, ListValue | DictValue):
            described.append(f"a {value.kind}")
        elif (
            isinstance(value, Array)
            and not value.tree
            and value.dtype is not None
            and (value.dtype in _NOT_SEEDS)
        ):
            described.append(f"an array of {value.dtype}")
        else:
            return None
    return " or ".join(dict.fromkeys(described))


def _checked(
    context: ApiCallContext, made: HaikuTransformed, method: str
) -> shaping.Mismatch | None:
    """The first of ``method``'s checks the call surely fails, in Haiku's order."""
    if context.raw.starred or context.raw.spread:
        return None
    notes = () if made.origin is None else ((made.origin, f"`{made.maker}` made here"),)
    if method == "apply":
        for name in ("params", "state") if made.state else ("params",):
            given = context.arguments.get(name)
            described = _surely_not_mapping(given) if given is not None else None
            if described is not None:
                return shaping.Mismatch(
                    MAPPING,
                    f"{name} argument does not appear valid. It should be a mapping but is "
                    f"{described}",
                    node=context.node(name),
                    notes=notes,
                )
        if not made.apply_rng:
            return None
        position = "third" if made.state else "second"
    else:
        position = "first"
    given = context.arguments.get("rng")
    described = _surely_not_rng(given) if given is not None else None
    if described is None:
        return None
    return shaping.Mismatch(
        RNG,
        f"{method.capitalize()} must be called with an RNG as the {position} argument, but "
        f"it is given {described}",
        node=context.node("rng"),
        notes=notes,
    )


def _apply_output(context: ApiCallContext) -> shaping.Mismatch | None:
    made = _owner(context.arg("self"))
    return None if made is None else _checked(context, made, "apply")


def _init_output(context: ApiCallContext) -> shaping.Mismatch | None:
    made = _owner(context.arg("self"))
    return None if made is None else _checked(context, made, "init")


def _apply(name: str, params: tuple[str, ...]) -> ApiSpec:
    return ApiSpec(
        f"haiku.{name}.apply",
        ("self", *params),
        variadic="args",
        behaviour=_apply_result,
        output=_apply_output,
        note="Runs the transformed function with the given parameters.",
    )


_INIT = ApiSpec(
    "haiku.Transformed.init",
    ("self", "rng"),
    variadic="args",
    behaviour=_init_result,
    output=_init_output,
    note="Runs the transformed function to make its parameters (and state).",
)
#: ``apply``'s parameters for each (state, rng) of the pair.
_APPLY = {
    (False, True): _apply("Transformed", ("params", "rng")),
    (True, True): _apply("TransformedWithState", ("params", "state", "rng")),
    (False, False): _apply("Transformed", ("params",)),
    (True, False): _apply("TransformedWithState", ("params", "state")),
}


def method_spec(owner: Values, name: str) -> ApiSpec | None:
    """The model of ``init`` or ``apply`` of the pair ``owner`` surely is."""
    made = _owner(owner)
    if made is None:
        return None
    if name == "init":
        return _INIT
    if name == "apply":
        return _APPLY[(made.state, made.apply_rng)]
    return None


def attribute(value: HaikuTransformed, name: str) -> Value | None:
    """``f.init`` / ``f.apply``: methods the model knows; anything else unknown."""
    return ApiMethod(one(value), name) if name in ("init", "apply") else None


def _linear(context: ApiCallContext) -> Values:
    """``hk.Linear(...)``: a layer, known by where it is made (and its options, where the
    call gives them all)."""
    from jaxlsp.apis.module_classes import LayerInstance

    linear_made(context.interpreter, context.frame, context.site)
    known = not context.raw.starred and not context.raw.spread
    options = tuple(context.arguments.items()) if known else (("**", ANY),)
    return one(LayerInstance(LINEAR, None, context.site, None, options))


def linear_init_call(layer: LayerInstance, interpreter: Interpreter) -> ApiSpec | None:
    """The contract of an ``hk.Linear`` call under ``init`` with its default ``w_init``: the
    weight is made then, by a truncated normal of the input's dtype, which reads
    ``jnp.finfo`` of it (ValueError for an integer or boolean input). None elsewhere."""
    runs = interpreter.library_runs
    if not runs or not isinstance(runs[-1], HaikuRun) or runs[-1].kind != "init":
        return None
    if layer.maker != LINEAR or any(name in ("w_init", "**") for name, _ in layer.options):
        return None
    return _LINEAR_INIT_CALL


_LINEAR_INIT_CALL = ApiSpec(
    "haiku.Linear.__call__",
    ("self", "inputs"),
    keyword_only=("precision",),
    accepts=(
        Accepts(
            "inputs",
            Requirement.INEXACT_DTYPE,
            "finfo-integer-dtype",
            "import haiku as hk\nimport jax\nimport jax.numpy as jnp\n\n"
            "net = hk.transform(lambda x: hk.Linear(8)(x))\n"
            "net.init(jax.random.PRNGKey(0), jnp.ones((6, 1), dtype=jnp.int32))\n",
        ),
    ),
    note="Makes the weight under `init` (its default initializer reads `jnp.finfo` of the "
    "input's dtype), then multiplies.",
)


SPECS: tuple[ApiSpec, ...] = (
    ApiSpec("haiku.transform", ("f",), keyword_only=("apply_rng",), behaviour=_transform),
    ApiSpec(LINEAR, ("output_size", "with_bias", "w_init", "b_init", "name"), behaviour=_linear),
    ApiSpec("haiku.next_rng_key", (), behaviour=_draw),
    ApiSpec("haiku.next_rng_keys", ("num",), behaviour=_draw),
    ApiSpec("haiku.transform_with_state", ("f",), behaviour=_transform_with_state),
    ApiSpec("haiku.without_apply_rng", ("f",), behaviour=_without_apply_rng),
)

__all__ = [
    "LINEAR",
    "MAPPING",
    "MISSING_RNG",
    "PARAMETER_SHAPE",
    "RNG",
    "SPECS",
    "HaikuParams",
    "HaikuTransformed",
    "attribute",
    "layer_called",
    "linear_init_call",
    "linear_made",
    "method_spec",
]
