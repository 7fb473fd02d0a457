"""Optax, as far as its errors need: which optimizers read the current parameters in
``update``, so that an ``update(grads, state)`` without ``params`` raises.

An optimizer made by a modelled optax API is an ``OptaxTransformation``: an unknown value to
everything else (its ``init`` and ``update`` results stay unknown), which knows whether its
``update`` surely needs ``params``.  Nothing of optax is imported; the table below was measured
on the pinned optax (0.2.8) by calling each optimizer's ``update`` without ``params``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, final

from jaxlsp.apis import shaping
from jaxlsp.apis.spec import ApiSpec
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.interpreter import ApiCallContext
from jaxlsp.infer.values import ANY, Api, ApiMethod, Const, Site, Unknown, Value, Values, one


@final
@direct_init
@dataclass(frozen=True, slots=True)
class OptaxTransformation(Unknown):
    """An optax gradient transformation made by ``maker`` (``optax.adamw``): unknown in all
    but whether its ``update`` reads the parameters."""

    maker: str
    #: An ``update`` without ``params`` surely raises optax's ValueError (the optimizer adds
    #: decayed weights, or scales by the parameters' norm, inside a chain of its own).
    needs_params: bool = False
    #: It reads the parameters when it runs: a chain holding it then needs ``params`` (alone,
    #: a bare transformation's ``update`` misses the positional argument: a TypeError).
    reads_params: bool = False
    #: Where it was made (the call of ``maker``).
    origin: Site | None = field(default=None, compare=False)
    kind: ClassVar[str] = "optax GradientTransformation"

    def describe(self) -> str:
        return f"optax GradientTransformation ({self.maker})"


#: The optimizers (optax's aliases) whose ``update`` needs ``params`` whatever their other
#: arguments: each chains a transformation that reads them (decayed weights, also with
#: ``weight_decay=0``; Fromage's and LARS's parameter norms).
NEEDS_PARAMS = (
    "adadelta",
    "adamaxw",
    "adamw",
    "adan",
    "fromage",
    "lamb",
    "lars",
    "lion",
)

#: Optimizers that need ``params`` only with some arguments (adafactor scales by the
#: parameters unless ``multiply_by_parameter_scale=False`` and no weight decay): with only
#: their learning rate given, they need them.
NEEDS_PARAMS_AT_DEFAULTS = ("adafactor",)

#: Transformations that read the parameters, to be chained (``optax.chain`` then needs them).
READS_PARAMS = ("add_decayed_weights", "keep_params_nonnegative")

#: The message optax raises (``optax._src.base.NO_PARAMS_MSG``), as its start.
NO_PARAMS = (
    "You are using a transformation that requires the current value of parameters, but you "
    "are not passing `params` when calling `update`"
)


def _made(context: ApiCallContext, maker: str, needs: bool, reads: bool) -> Values:
    return one(OptaxTransformation(maker, needs, reads, context.site))


def _alias(name: str) -> ApiSpec:
    return ApiSpec(
        f"optax.{name}",
        ("learning_rate",),
        variadic="options",
        behaviour=lambda context: _made(context, f"optax.{name}", True, True),
        note=f"optax's {name} optimizer: its `update` needs the current `params`.",
    )


def _alias_at_defaults(name: str) -> ApiSpec:
    def behaviour(context: ApiCallContext) -> Values:
        raw = context.raw
        only_rate = (
            len(raw.positional) <= 1
            and not raw.starred
            and not raw.spread
            and set(raw.keywords) <= {"learning_rate"}
        )
        return _made(context, f"optax.{name}", only_rate, only_rate)

    return ApiSpec(f"optax.{name}", ("learning_rate",), variadic="options", behaviour=behaviour)


def _reader(name: str) -> ApiSpec:
    return ApiSpec(
        f"optax.{name}",
        (),
        variadic="options",
        behaviour=lambda context: _made(context, f"optax.{name}", False, True),
    )


def _chain(context: ApiCallContext) -> Values:
    """``optax.chain(*transforms)``: it needs ``params`` when one of its parts surely reads
    them (each part given, as the one value it surely is)."""
    if context.raw.starred:
        return _made(context, "optax.chain", False, False)
    reads = any(
        len(values) == 1 and isinstance(values[0], OptaxTransformation) and values[0].reads_params
        for values in context.raw.positional
    )
    return _made(context, "optax.chain", reads, reads)


def _inject_hyperparams(context: ApiCallContext) -> Values:
    """``optax.inject_hyperparams(optax.adamw)``: a factory that makes what the optimizer it
    wraps makes (its hyperparameters kept in the state), so it is that optimizer's API."""
    inner = context.arg("inner_factory")
    if len(inner) == 1 and isinstance(inner[0], Api) and inner[0].qualified.startswith("optax."):
        return inner
    return ANY


def update_without_params(context: ApiCallContext) -> shaping.Mismatch | None:
    """``tx.update(updates, state)`` of an optimizer that surely reads the parameters, with no
    ``params`` (or ``params=None``)."""
    owner = context.arg("self")
    if not owner or not all(isinstance(v, OptaxTransformation) and v.needs_params for v in owner):
        return None
    raw = context.raw
    if raw.starred or raw.spread:
        return None
    if "params" in context.arguments:
        given = context.arguments["params"]
        if not (given and all(isinstance(v, Const) and v.value is None for v in given)):
            return None
    elif "updates" not in context.arguments or "state" not in context.arguments:
        return None  # (another error: a missing updates or state)
    made = next(v for v in owner if isinstance(v, OptaxTransformation))
    notes = () if made.origin is None else ((made.origin, f"`{made.maker}` made here"),)
    return shaping.Mismatch(
        "optax-update-params",
        f"{NO_PARAMS}: `{made.maker}` reads the current parameters in `update`",
        notes=notes,
    )


def method_spec(name: str) -> ApiSpec | None:
    """The model of method ``name`` of an optax transformation."""
    return _METHODS.get(name)


_METHODS = {
    "update": ApiSpec(
        "optax.GradientTransformation.update",
        ("self", "updates", "state", "params"),
        variadic="extra_args",
        output=update_without_params,
        note="Transforms the updates; optimizers with weight decay also need `params`.",
    ),
    "init": ApiSpec("optax.GradientTransformation.init", ("self", "params")),
}


def attribute(value: OptaxTransformation, name: str) -> Value | None:
    """``tx.update`` / ``tx.init``: methods the models know; anything else unknown."""
    return ApiMethod(one(value), name) if name in _METHODS else None


SPECS: tuple[ApiSpec, ...] = (
    *(_alias(name) for name in NEEDS_PARAMS),
    *(_alias_at_defaults(name) for name in NEEDS_PARAMS_AT_DEFAULTS),
    *(_reader(name) for name in READS_PARAMS),
    ApiSpec("optax.chain", (), variadic="args", behaviour=_chain),
    ApiSpec(
        "optax.inject_hyperparams",
        ("inner_factory", "static_args", "hyperparam_dtype"),
        behaviour=_inject_hyperparams,
    ),
)

__all__ = ["NO_PARAMS", "SPECS", "OptaxTransformation", "attribute", "method_spec"]
