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
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar, final

from jaxlsp.apis import shaping
from jaxlsp.apis.spec import ApiSpec
from jaxlsp.infer import dtypes
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.interpreter import ApiCallContext
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
    kind: ClassVar[str] = "Haiku transformed function pair"

    def describe(self) -> str:
        return f"the Haiku transformed pair of `{self.maker}`"


#: The dtypes of arrays that are neither keys nor int seeds (weak floats included).
_NOT_SEEDS = frozenset(
    {*dtypes.FLOATS, *dtypes.COMPLEXES, dtypes.WEAK_FLOAT, dtypes.WEAK_COMPLEX, "bool"}
)

#: The kinds of the mismatches this model makes (the rules that report them).
RNG = "haiku-rng"
MAPPING = "haiku-mapping"


def _transform(context: ApiCallContext) -> Values:
    if "apply_rng" in context.arguments or context.raw.spread:
        return ANY  # (a removed option: another error)
    return one(HaikuTransformed("hk.transform", False, True, context.site))


def _transform_with_state(context: ApiCallContext) -> Values:
    return one(HaikuTransformed("hk.transform_with_state", True, True, context.site))


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
    if made is None or not made.state:
        return ANY
    return one(Tuple((ANY, ANY)))  # (params, state)


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


SPECS: tuple[ApiSpec, ...] = (
    ApiSpec("haiku.transform", ("f",), keyword_only=("apply_rng",), behaviour=_transform),
    ApiSpec("haiku.transform_with_state", ("f",), behaviour=_transform_with_state),
    ApiSpec("haiku.without_apply_rng", ("f",), behaviour=_without_apply_rng),
)

__all__ = ["MAPPING", "RNG", "SPECS", "HaikuTransformed", "attribute", "method_spec"]
