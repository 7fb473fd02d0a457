"""Optax, as far as its errors need: which optimizers read the current parameters in
``update``, so that an ``update(grads, state)`` without ``params`` raises; and which ones make
their state in ``init`` with ``jnp.zeros_like``/``full_like`` of every leaf of ``params``, so
that a tree holding a function (an equinox Module's activation) or a class raises there.

An optimizer made by a modelled optax API is an ``OptaxTransformation``: an unknown value to
everything else (its ``init`` and ``update`` results stay unknown), which knows whether its
``update`` surely needs ``params``.  Nothing of optax is imported; the table below was measured
on the pinned optax (0.2.8) by calling each optimizer's ``update`` without ``params``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import ClassVar, final

from jaxlsp.apis import shaping
from jaxlsp.apis.contracts import not_an_array
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
    #: What its ``init`` does with the leaves of ``params``: "leaves" (makes a state of each
    #: with ``jnp.zeros_like``/``full_like``: a leaf that is no array raises TypeError),
    #: "none" (reads no leaf), "" (not known).
    init_reads: str = ""
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


#: The optimizers (optax's aliases) whose ``init`` makes a state of every leaf of
#: ``params`` with ``jnp.zeros_like`` or ``jnp.full_like`` whatever their other arguments
#: (moments, accumulators): a leaf that is no array (a function, a class) raises TypeError
#: "zeros_like requires ndarray or scalar arguments".  Measured on optax 0.2.8 by calling
#: each alias's ``init`` on a tree holding ``jax.nn.relu``; ``sgd``, ``noisy_sgd``,
#: ``sign_sgd`` and ``fromage`` keep no such state (``sgd`` does with a momentum), ``sm3`` and
#: ``adafactor`` fail otherwise.
LEAF_STATE = (
    "adabelief",
    "adadelta",
    "adagrad",
    "adam",
    "adamax",
    "adamaxw",
    "adamw",
    "adan",
    "amsgrad",
    "lamb",
    "lars",
    "lion",
    "nadam",
    "nadamw",
    "novograd",
    "optimistic_adam",
    "optimistic_adam_v2",
    "optimistic_gradient_descent",
    "radam",
    "rmsprop",
    "rprop",
    "signum",
    "yogi",
)

#: Transformations whose ``init`` reads no leaf of ``params`` (an empty state).
EMPTY_STATE = ("add_decayed_weights", "clip", "clip_by_global_norm", "scale", "identity")


def _made(
    context: ApiCallContext, maker: str, needs: bool, reads: bool, init_reads: str = ""
) -> Values:
    return one(OptaxTransformation(maker, needs, reads, init_reads, context.site))


def _called_by_name(context: ApiCallContext, name: str) -> bool:
    """Whether the call spells the alias itself (``optax.adam(...)``, ``adam(...)``), not a
    factory that wraps it (``optax.inject_hyperparams(optax.adam)(...)``, whose ``init``
    fails on another check first)."""
    node = context.site.node
    if not isinstance(node, ast.Call):
        return False
    function = node.func
    spelled = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    return spelled == name


def _alias(name: str) -> ApiSpec:
    return ApiSpec(
        f"optax.{name}",
        ("learning_rate",),
        variadic="options",
        behaviour=lambda context: _made(
            context,
            f"optax.{name}",
            True,
            True,
            "leaves" if name in LEAF_STATE and _called_by_name(context, name) else "",
        ),
        note=f"optax's {name} optimizer: its `update` needs the current `params`.",
    )


def _leaf_state(name: str) -> ApiSpec:
    return ApiSpec(
        f"optax.{name}",
        ("learning_rate",),
        variadic="options",
        behaviour=lambda context: _made(
            context,
            f"optax.{name}",
            False,
            False,
            "leaves" if _called_by_name(context, name) else "",
        ),
        note=f"optax's {name} optimizer: its `init` makes a state of each parameter.",
    )


def _empty_state(name: str) -> ApiSpec:
    return ApiSpec(
        f"optax.{name}",
        (),
        variadic="options",
        behaviour=lambda context: _made(
            context, f"optax.{name}", False, name in READS_PARAMS, "none"
        ),
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
        behaviour=lambda context: _made(
            context, f"optax.{name}", False, True, "none" if name in EMPTY_STATE else ""
        ),
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
    # its ``init`` runs each part's in turn: the first part that surely makes a state of
    # each leaf raises there, when every part before it surely reads none
    init_reads = ""
    for values in context.raw.positional:
        part = values[0] if len(values) == 1 else None
        if not isinstance(part, OptaxTransformation) or not part.init_reads:
            break
        if part.init_reads == "leaves":
            init_reads = "leaves"
            break
    return _made(context, "optax.chain", reads, reads, init_reads)


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


def init_non_array_leaf(context: ApiCallContext) -> shaping.Mismatch | None:
    """``tx.init(params)`` of a transformation that makes a state of each leaf, where a leaf
    of ``params`` surely is a function or a class (an equinox Module holding
    ``jax.nn.relu``, a layer list with an activation in it)."""
    owner = context.arg("self")
    if not owner or not all(
        isinstance(v, OptaxTransformation) and v.init_reads == "leaves" for v in owner
    ):
        return None
    params = context.arguments.get("params")
    if params is None or context.raw.starred or context.raw.spread:
        return None
    described = not_an_array(params, context.interpreter.heap)
    if described is None or "string" in described or "NumPy" in described:
        return None  # (a string leaf fails on its dtype first)
    made = next(v for v in owner if isinstance(v, OptaxTransformation))
    notes = () if made.origin is None else ((made.origin, f"`{made.maker}` made here"),)
    return shaping.Mismatch(
        "optax-init-non-array",
        f"`{made.maker}`'s init makes its state with `jnp.zeros_like` (or `full_like`) of each "
        f"leaf of `params`, but `params` is {described}: this raises TypeError "
        "(zeros_like requires ndarray or scalar arguments)",
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
    "init": ApiSpec(
        "optax.GradientTransformation.init",
        ("self", "params"),
        output=init_non_array_leaf,
        note="Makes the optimizer's state for `params`.",
    ),
}


def attribute(value: OptaxTransformation, name: str) -> Value | None:
    """``tx.update`` / ``tx.init``: methods the models know; anything else unknown."""
    return ApiMethod(one(value), name) if name in _METHODS else None


SPECS: tuple[ApiSpec, ...] = (
    *(_alias(name) for name in NEEDS_PARAMS),
    *(_alias_at_defaults(name) for name in NEEDS_PARAMS_AT_DEFAULTS),
    *(_reader(name) for name in READS_PARAMS),
    *(_leaf_state(name) for name in LEAF_STATE if name not in NEEDS_PARAMS),
    *(_empty_state(name) for name in EMPTY_STATE if name not in READS_PARAMS),
    ApiSpec("optax.chain", (), variadic="args", behaviour=_chain),
    ApiSpec(
        "optax.inject_hyperparams",
        ("inner_factory", "static_args", "hyperparam_dtype"),
        behaviour=_inject_hyperparams,
    ),
)

__all__ = [
    "NO_PARAMS",
    "SPECS",
    "OptaxTransformation",
    "attribute",
    "init_non_array_leaf",
    "method_spec",
]
