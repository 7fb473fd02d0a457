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
from jaxlsp.apis.haiku_api import HaikuParams
from jaxlsp.apis.linen_api import LinenParams, LinenVariables
from jaxlsp.apis.module_classes import is_equinox_module
from jaxlsp.apis.spec import ApiSpec
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.interpreter import ApiCallContext
from jaxlsp.infer.pytrees import Difference, Node, difference, structure_of
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


@final
@direct_init
@dataclass(frozen=True, slots=True)
class OptaxState(Unknown):
    """What ``init(params)`` of an optimizer spelled by its alias that keeps a state of each
    leaf (``optax.adam(...).init(params)``) made: unknown to everything else, it remembers
    the structure of ``params`` (as far as it is known), which its moments have, so that an
    ``update`` of updates of another structure surely raises."""

    maker: str
    params: Node
    #: Where ``init`` was called.
    origin: Site | None = field(default=None, compare=False)
    kind: ClassVar[str] = "optax optimizer state"
    kept_traced: ClassVar[bool] = True

    def describe(self) -> str:
        return f"optax optimizer state ({self.maker})"


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


#: Leaf-state optimizers that read ``params`` before their moments: an ``update`` without
#: them raises optax's ValueError first, whatever the updates' structure (measured on optax
#: 0.2.8; adamw, lamb, lion... map the moments first).
PARAMS_READ_FIRST = ("optax.adadelta", "optax.lars")


def _leaf_state_alias(owner: Values) -> OptaxTransformation | None:
    """The one optimizer ``owner`` is when it is spelled by its alias and keeps a state of each
    leaf of ``params`` (not a chain: its state is its parts')."""
    if len(owner) != 1:
        return None
    made = owner[0]
    if (
        not isinstance(made, OptaxTransformation)
        or made.init_reads != "leaves"
        or made.maker == "optax.chain"
    ):
        return None
    return made


#: What a linen or Haiku ``init`` made, and its ``"params"``: surely a dict, its keys unknown
#: (an equinox Module is such a container too: ``is_equinox_module``).
_SURE_MAPPINGS = (LinenVariables, LinenParams, HaikuParams)
#: The structure of such a tree: a container, nothing known of its contents.
CONTAINER = Node("container")


def init_state(context: ApiCallContext) -> Values:
    """``tx.init(params)``: for an optimizer that keeps a state of each leaf, a state that
    remembers the structure of ``params``; unknown otherwise."""
    made = _leaf_state_alias(context.arg("self"))
    params = context.arguments.get("params")
    if made is None or params is None or context.raw.starred or context.raw.spread:
        return ANY
    node = structure_of(params, context.interpreter.heap)
    if not node.known and all(
        isinstance(v, _SURE_MAPPINGS) or is_equinox_module(v) for v in params
    ):
        node = CONTAINER
    if not node.known:
        return ANY
    return one(OptaxState(made.maker, node, context.site))


def update_structure(context: ApiCallContext) -> shaping.Mismatch | None:
    """``tx.update(updates, state)`` where ``state`` is what ``init`` of the same optimizer
    made for params of a structure ``updates`` surely does not have.  The optimizer maps its
    moments over ``updates`` (``jax.tree.map(f, updates, moments)``): where ``updates`` has a
    container the moments lack, JAX raises ValueError (pytree structure error) before any
    ``f``; where it has only a leaf for a container of the moments, ``f`` gets that container
    and its arithmetic raises TypeError (measured on optax 0.2.8 for every leaf-state alias:
    a leaf against a dict, dicts of other keys, a tuple against a dict, a list against a
    tuple, nested dicts, with and without ``params``)."""
    made = _leaf_state_alias(context.arg("self"))
    if made is None or context.raw.starred or context.raw.spread:
        return None
    state = context.arguments.get("state")
    updates = context.arguments.get("updates")
    if state is None or updates is None or len(state) != 1:
        return None
    remembered = state[0]
    if not isinstance(remembered, OptaxState) or remembered.maker != made.maker:
        return None
    given = structure_of(updates, context.interpreter.heap)
    if remembered.params.kind == "container":
        # only where the updates are one leaf is a difference surely known
        not_prefix = None
        leaf = Difference("", CONTAINER, given) if given.kind == "leaf" else None
    else:
        not_prefix = difference(given, remembered.params, prefix=True)
        leaf = None if not_prefix is not None else difference(remembered.params, given)
    if not_prefix is not None:
        kind, found, error = "optax-update-structure", not_prefix, "ValueError"
        said = found.describe("`updates`", "the state's params")
    else:
        if leaf is None:
            return None
        kind, found, error = "optax-update-structure-leaf", leaf, "TypeError"
        said = found.describe("the state's params", "`updates`")
    notes: tuple[tuple[Site, str], ...] = ()
    if remembered.origin is not None:
        notes = ((remembered.origin, "the state made here, for params of another structure"),)
    return shaping.Mismatch(
        kind,
        f"`{made.maker}`'s update maps the moments its `init` made for the params over "
        f"`updates`, and their structures differ: {said}; this raises {error}",
        notes=notes,
    )


def update_checks(context: ApiCallContext) -> shaping.Mismatch | None:
    """What an ``update`` surely raises first: no ``params`` where the optimizer reads them,
    or updates of another structure than the state's."""
    without = update_without_params(context)
    structure = update_structure(context)
    if structure is None:
        return without
    if without is not None and all(
        isinstance(v, OptaxTransformation) and v.maker in PARAMS_READ_FIRST
        for v in context.arg("self")
    ):
        return without
    return structure


def method_spec(name: str) -> ApiSpec | None:
    """The model of method ``name`` of an optax transformation."""
    return _METHODS.get(name)


_METHODS = {
    "update": ApiSpec(
        "optax.GradientTransformation.update",
        ("self", "updates", "state", "params"),
        variadic="extra_args",
        output=update_checks,
        note="Transforms the updates; optimizers with weight decay also need `params`.",
    ),
    "init": ApiSpec(
        "optax.GradientTransformation.init",
        ("self", "params"),
        behaviour=init_state,
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
    "OptaxState",
    "OptaxTransformation",
    "attribute",
    "init_non_array_leaf",
    "method_spec",
]
