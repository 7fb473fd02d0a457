"""flax Linen's ``init`` and ``apply``, as far as their errors need.  Nothing of flax is
imported: the facts were read from flax 0.12.12 (``flax/core/scope.py``, ``linen/module.py``,
``linen/stochastic.py``, ``linen/normalization.py``) and measured on the pinned JAX.

``module.apply(variables, *args, rngs=None, method=None, mutable=False, **kwargs)`` runs the
module's ``__call__`` bound to a scope made of ``variables`` (a dict of collections), the
PRNG streams ``rngs`` (a key alone is the ``"params"`` stream) and the collections ``mutable``
names (``True``: all; a string: that one).  ``init(rngs, *args, **kwargs)`` runs it to make
the variables.  What the layers a run calls need of the scope:

- ``Dense``, ``DenseGeneral``, ``Conv``, ``ConvTranspose``, ``Embed`` read their kernel (or
  embedding) from the ``"params"`` collection: with no ``"params"`` among the variables (and
  ``"params"`` not mutable), ``apply`` raises ScopeCollectionNotFound;
- ``BatchNorm`` reads its statistics from ``"batch_stats"`` (ScopeCollectionNotFound when the
  variables hold none and it is not mutable), and with ``use_running_average`` False it updates
  them: unless ``"batch_stats"`` is mutable, ModifyScopeVariableError;
- ``Dropout`` with a rate strictly between 0 and 1 and ``deterministic`` False asks for a key of
  its ``rng_collection`` (``"dropout"``), or the ``"params"`` stream in its stead: with neither
  among ``rngs``, InvalidRngError;
- the module's own ``self.variable(col, name, ...)`` and ``self.param(name, ...)`` read their
  collection (``col``, ``"params"``) the same way: a variable the scope lacks is made only in a
  mutable collection, else ``Scope.variable``/``Scope.param`` raise ScopeCollectionNotFound
  when the collection is empty (flax/core/scope.py).

A layer's need counts only where its call surely runs when the applied method does: called by
that method itself (not a helper or a submodule), on its straight path (no branch, loop or
``try`` around it, no guard left undecided), with every option it reads known.  Each error is
reported at the ``apply`` call, with the layer's call as its cause.

The parameter shapes, as far as ``Dense`` and ``Conv`` need them: ``init`` makes a ``Dense``'s
kernel of shape ``(x.shape[-1], features)`` and a ``Conv``'s of ``(*kernel_size, x.shape[-1] //
feature_group_count, features)``; ``apply`` checks the stored kernel against the shape the call
asks for and raises ScopeParamShapeError where they differ.  What ``init`` made remembers each
such kernel (``LinenVariables.kernels``; its ``"params"`` item, ``LinenParams``, too), by the
module whose method ran and where the layer is made (a layer ``init``/``apply`` is called on
directly: by its kind), for the layers that surely run as above; a layer made elsewhere in the
run (a branch, a helper, ``setup``) may shift flax's names (``Dense_0``, ``Dense_1``), and the
run then remembers none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, final

from jaxlsp.apis import shaping
from jaxlsp.apis.module_classes import LayerInstance, compact_call, library_base
from jaxlsp.apis.spec import ApiSpec
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.interpreter import ApiCallContext, Arguments
from jaxlsp.infer.values import (
    ANY,
    ApiMethod,
    Array,
    Const,
    DictValue,
    Instance,
    Key,
    KeyArray,
    ListValue,
    Site,
    Tuple,
    Unknown,
    Value,
    Values,
    one,
)

if TYPE_CHECKING:
    from jaxlsp.infer.frames import Frame
    from jaxlsp.infer.interpreter import Interpreter

#: The kinds of the mismatches this model makes (the rules that report them).
RNG_MISSING = "linen-rng-missing"
COLLECTION_MISSING = "linen-collection-missing"
COLLECTION_IMMUTABLE = "linen-collection-immutable"
VARIABLES_NESTED = "linen-variables-nested"
PARAM_SHAPE = "linen-param-shape"

#: The linen layers whose call reads a parameter whatever their options.
_PARAMETER_LAYERS = frozenset(
    f"flax.linen.{name}" for name in ("Dense", "DenseGeneral", "Conv", "ConvTranspose", "Embed")
)
#: apply's own keywords (the others go to the method it runs).
_APPLY_KEYWORDS = frozenset({"rngs", "method", "mutable", "capture_intermediates"})
_INIT_KEYWORDS = frozenset({"method", "mutable", "capture_intermediates"})


#: A kernel ``init`` made: (the module whose method ran, where the layer is made), its shape.
Kernel = tuple[tuple[object, object], tuple[int, ...]]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class LinenVariables(Unknown):
    """What a linen module's ``init`` made: unknown in all but whether it surely holds a
    ``"params"`` collection (a layer that reads a parameter surely ran), and the kernels of
    the layers that surely ran."""

    params: bool
    origin: Site | None = field(default=None, compare=False)
    kernels: tuple[Kernel, ...] = ()
    #: The layers ``init``'s run made, in order (what flax named them by).
    made: tuple[tuple[str, Site], ...] = ()
    kind: ClassVar[str] = "linen variables"

    def item(self, key: object) -> Values | None:
        if key == "params" and self.params:
            return one(LinenParams(self.kernels, self.made, self.origin))
        return None


@final
@direct_init
@dataclass(frozen=True, slots=True)
class LinenParams(Unknown):
    """The ``"params"`` collection of what a linen ``init`` made (``variables["params"]``):
    unknown in all but the kernels of the layers that surely ran."""

    kernels: tuple[Kernel, ...]
    made: tuple[tuple[str, Site], ...]
    origin: Site | None = field(default=None, compare=False)
    kind: ClassVar[str] = "linen params"


@dataclass(frozen=True)
class Need:
    """What a layer's call needs of the scope: a collection read (``"params"``,
    ``"batch_stats"``), a collection updated, or a PRNG stream."""

    what: str  # "read", "update" or "rng"
    name: str
    layer: str
    site: Site
    #: Whether the module's own ``self.variable``/``self.param`` needs it (not a layer).
    own: bool = False


@dataclass
class LinenRun:
    """An ``init`` or ``apply`` running its module's method: where it was called, what the
    scope holds (None: not known), and what the layers its method called need."""

    kind: str
    caller: Frame
    #: The PRNG streams ``rngs`` gives.
    streams: frozenset[str] | None
    #: The collections ``mutable`` names (``ALL``: every one).
    mutable: frozenset[str] | None
    needs: list[Need] = field(default_factory=list)
    #: The module whose method runs (its class; a layer's kind for a layer run directly).
    owner: object = None
    #: The module whose method runs (its own ``self.variable`` and ``self.param`` calls count).
    module: Value | None = None
    #: (where the layer is made, the kernel shape its call asks for, where it is called).
    kernels: list[tuple[object, tuple[int, ...], Site]] = field(default_factory=list)
    #: A layer was made where flax's name for it is not sure: no kernel is remembered.
    unsure: bool = False
    #: Each layer made while the run ran, in order (its kind, where): flax names them so.
    made: list[tuple[str, Site]] = field(default_factory=list)

    def made_layer(self, interpreter: Interpreter, frame: Frame, maker: str, site: Site) -> None:
        """A linen layer made while the run runs: where the applied method itself does not
        surely make it (a branch, a helper, a submodule), flax's names may shift, and the
        run remembers no kernel."""
        self.made.append((maker, site))
        if not _surely_runs(interpreter, self, frame):
            self.unsure = True

    def remembered(self) -> tuple[tuple[object, tuple[int, ...], Site], ...]:
        """The kernels whose layer is sure: each made at one place, called once."""
        if self.unsure or self.owner is None:
            return ()
        seen: dict[object, int] = {}
        for made, _, _ in self.kernels:
            seen[made] = seen.get(made, 0) + 1
        return tuple(entry for entry in self.kernels if seen[entry[0]] == 1)

    @property
    def memo_key(self) -> tuple[str, frozenset[str] | None, frozenset[str] | None]:
        return (self.kind, self.streams, self.mutable)


#: ``mutable=True``.
ALL = frozenset({"*"})


def attribute(value: Value, name: str) -> Value | None:
    """``module.init`` / ``module.apply`` of a user's linen module or a linen layer, and a
    user module's own ``self.variable`` / ``self.param`` (its class defines neither)."""
    if name in _OWN_VARIABLES:
        if isinstance(value, Instance) and library_base(value.cls) == "linen":
            return ApiMethod(one(value), name)
        return None
    if name not in ("init", "apply"):
        return None
    if isinstance(value, Instance) and library_base(value.cls) == "linen":
        return ApiMethod(one(value), name)
    if isinstance(value, LayerInstance) and value.maker.startswith("flax.linen."):
        return ApiMethod(one(value), name)
    return None


def is_module(owner: Values) -> bool:
    return len(owner) == 1 and (
        (isinstance(owner[0], Instance) and library_base(owner[0].cls) == "linen")
        or (isinstance(owner[0], LayerInstance) and owner[0].maker.startswith("flax.linen."))
    )


def method_spec(name: str) -> ApiSpec | None:
    if name in _OWN_VARIABLES:
        return _OWN_VARIABLES[name]
    return _APPLY if name == "apply" else _INIT if name == "init" else None


def _streams(values: Values | None) -> frozenset[str] | None:
    """The PRNG streams an ``rngs`` argument gives (None: not known)."""
    if values is None:
        return frozenset()
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const) and value.value is None:
        return frozenset()
    if isinstance(value, Key | KeyArray):
        return frozenset({"params"})
    return None


def _dict_streams(interpreter: Interpreter, values: Values | None) -> frozenset[str] | None:
    if values is not None and len(values) == 1 and isinstance(values[0], DictValue):
        entries = interpreter.heap.known_entries(values[0].ref)
        if entries is not None:
            return frozenset(entries)
        return None
    return _streams(values)


def _mutable(interpreter: Interpreter, values: Values | None) -> frozenset[str] | None:
    """The collections a ``mutable`` argument names (``ALL``: every one; None: not known)."""
    if values is None:
        return frozenset()
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Const):
        if value.value is False:
            return frozenset()
        if value.value is True:
            return ALL
        if isinstance(value.value, str):
            return frozenset({value.value})
        return None
    items: tuple[Values, ...] | None = None
    if isinstance(value, Tuple):
        items = value.items
    elif isinstance(value, ListValue):
        items = interpreter.heap.list_items(value.ref)
    if items is None:
        return None
    names: set[str] = set()
    for item in items:
        if len(item) != 1 or not isinstance(item[0], Const) or not isinstance(item[0].value, str):
            return None
        names.add(item[0].value)
    return frozenset(names)


def _holds(interpreter: Interpreter, variables: Values, collection: str) -> bool | None:
    """Whether the variables dict surely holds (True) or surely lacks (False) a collection."""
    if len(variables) != 1 or not isinstance(variables[0], DictValue):
        return None
    return interpreter.heap.has_item(variables[0].ref, one(Const(collection)))


def _const(values: Values | None) -> object:
    """The one constant ``values`` surely is, else ``_UNKNOWN``."""
    if values is not None and len(values) == 1 and isinstance(values[0], Const):
        return values[0].value
    return _UNKNOWN


_UNKNOWN = object()


def _merged(layer: LayerInstance, arguments: Arguments, name: str, position: int) -> object:
    """An option flax merges from the constructor and the call (``merge_param``): known when
    exactly one of them surely gives it."""
    options = dict(layer.options)
    given = options.get(name)
    passed = arguments.keywords.get(name)
    if passed is None and len(arguments.positional) > position:
        passed = arguments.positional[position]
    if (given is None) == (passed is None):
        return _UNKNOWN  # both, or neither (flax raises another error then), or unknown
    return _const(given if given is not None else passed)


def layer_needs(layer: LayerInstance, arguments: Arguments, site: Site) -> list[Need]:
    """What a call of a linen layer surely needs of the scope it runs in."""
    if arguments.starred or arguments.spread or not arguments.positional:
        return []
    name = layer.maker.rsplit(".", 1)[-1]
    if layer.maker in _PARAMETER_LAYERS:
        return [Need("read", "params", name, site)]
    if name == "BatchNorm":
        needs = [Need("read", "batch_stats", name, site)]
        if _merged(layer, arguments, "use_running_average", 1) is False:
            needs.append(Need("update", "batch_stats", name, site))
        return needs
    if name == "Dropout":
        options = dict(layer.options)
        rate = _const(options.get("rate"))
        collection = _const(options.get("rng_collection", one(Const("dropout"))))
        if (
            isinstance(rate, int | float)
            and not isinstance(rate, bool)
            and 0 < rate < 1
            and isinstance(collection, str)
            and _merged(layer, arguments, "deterministic", 1) is False
            and _const(arguments.keywords.get("rng", one(Const(None)))) is None
            and len(arguments.positional) < 3
        ):
            return [Need("rng", collection, name, site)]
    return []


def kernel_shape(layer: LayerInstance, arguments: Arguments) -> tuple[int, ...] | None:
    """The kernel shape a call of a ``Dense`` or ``Conv`` asks for, where every part of it is
    known: the input's last axis and the layer's options."""
    if layer.maker not in _KERNEL_LAYERS:
        return None
    if arguments.starred or arguments.spread or len(arguments.positional) != 1:
        return None
    given = arguments.positional[0]
    if len(given) != 1 or not isinstance(given[0], Array) or given[0].tree:
        return None
    shape = given[0].shape
    if not shape or not isinstance(shape[-1], int):
        return None
    options = dict(layer.options)
    features = _const(options.get("features"))
    if not isinstance(features, int) or isinstance(features, bool):
        return None
    if layer.maker == "flax.linen.Dense":
        return (shape[-1], features)
    window = options.get("kernel_size")
    groups = _const(options.get("feature_group_count", one(Const(1))))
    if window is None or len(window) != 1 or not isinstance(window[0], Tuple):
        return None
    sizes = [_const(item) for item in window[0].items]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in sizes):
        return None
    if not isinstance(groups, int) or groups < 1 or shape[-1] % groups:
        return None
    return (*(n for n in sizes if isinstance(n, int)), shape[-1] // groups, features)


#: The linen layers whose kernel shape the model knows (``kernel_shape``).
_KERNEL_LAYERS = frozenset({"flax.linen.Dense", "flax.linen.Conv"})


def _surely_runs(interpreter: Interpreter, run: LinenRun, frame: Frame) -> bool:
    return (
        frame.caller is run.caller
        and interpreter.straight is not None
        and interpreter.rests_on(None, frame) is None
    )


def layer_called(
    interpreter: Interpreter, layer: LayerInstance, arguments: Arguments, site: Site, frame: Frame
) -> None:
    """A linen layer called: what it needs counts for the ``init``/``apply`` running now when
    the call surely runs whenever the applied method does."""
    runs = interpreter.library_runs
    if not runs or not layer.maker.startswith("flax.linen."):
        return
    run = runs[-1]
    if not isinstance(run, LinenRun) or not _surely_runs(interpreter, run, frame):
        return
    run.needs.extend(layer_needs(layer, arguments, site))
    kernel = kernel_shape(layer, arguments)
    if kernel is not None and layer.origin is not None:
        run.kernels.append((layer.origin, kernel, site))


def _own_variable(context: ApiCallContext) -> Values:
    """``self.variable(col, ...)`` / ``self.param(name, ...)`` called by the applied method
    itself, on its straight path: it reads its collection (a known string) as a layer does."""
    interpreter, frame, raw = context.interpreter, context.frame, context.raw
    runs = interpreter.library_runs
    if not runs or raw.starred or raw.spread:
        return ANY
    run = runs[-1]
    if not isinstance(run, LinenRun) or not _surely_runs(interpreter, run, frame):
        return ANY
    owner = context.arg("self")
    if len(owner) != 1 or run.module is None or owner[0] != run.module:
        return ANY
    method = context.spec.name.rsplit(".", 1)[-1]
    collection = "params" if method == "param" else _const(context.arguments.get("col"))
    if isinstance(collection, str):
        run.needs.append(Need("read", collection, f"self.{method}", context.site, own=True))
    return ANY


def _failing(
    interpreter: Interpreter, run: LinenRun, variables: Values | None
) -> shaping.Mismatch | None:
    """The first need of the run the scope surely refuses, as flax raises it."""
    for need in run.needs:
        reader = f"`{need.layer}`" if need.own else f"the `{need.layer}` layer"
        notes = ((need.site, f"{reader} called here"),)
        mutable = run.mutable
        if need.what == "rng":
            if run.streams is None or {need.name, "params"} & run.streams:
                continue
            return shaping.Mismatch(
                RNG_MISSING,
                f'{need.layer} needs PRNG for "{need.name}": `apply` is given no '
                f'"{need.name}" stream (`rngs=`), and the layer, not deterministic, draws '
                "its mask from one",
                notes=notes,
            )
        if run.kind != "apply" or mutable is None or mutable == ALL or need.name in mutable:
            continue
        if need.what == "read" and variables is not None:
            if _holds(interpreter, variables, need.name) is False:
                return shaping.Mismatch(
                    COLLECTION_MISSING,
                    f'Tried to access a variable from collection "{need.name}" but the '
                    f'collection is empty: the variables given to `apply` hold no "{need.name}"'
                    f" ({reader} reads it)",
                    notes=notes,
                )
        elif need.what == "update":
            return shaping.Mismatch(
                COLLECTION_IMMUTABLE,
                f'Cannot update variable in "{need.name}" because collection "{need.name}" is '
                f"immutable: the `{need.layer}` layer updates its statistics (not "
                f"`use_running_average`), and `apply` is not given "
                f"`mutable=['{need.name}']`",
                notes=notes,
            )
    return None


def _nested(interpreter: Interpreter, variables: Values) -> shaping.Mismatch | None:
    """The variables' "params" collection is surely a dict ``init`` made with a "params"
    collection of its own: ``{'params': variables}``."""
    if len(variables) != 1 or not isinstance(variables[0], DictValue):
        return None
    entries = interpreter.heap.known_entries(variables[0].ref)
    given = entries.get("params") if entries is not None else None
    if not given or not all(isinstance(v, LinenVariables) and v.params for v in given):
        return None
    origins = [v.origin for v in given if isinstance(v, LinenVariables) and v.origin is not None]
    return shaping.Mismatch(
        VARIABLES_NESTED,
        'Expect the `variables` passed to apply() to be a dict with the structure {"params": '
        '...}, but got a dict with an extra params layer: its "params" is the whole dict '
        '`init` returned, which holds a "params" collection itself',
        notes=tuple((origin, "`init` returned it here") for origin in origins[:1]),
    )


def _run(context: ApiCallContext, kind: str, skip: int, own: frozenset[str]) -> Values:
    """Run the module's ``__call__`` (after its ``setup``) on the call's other arguments,
    under a ``LinenRun`` that collects what its layers need; None when it cannot be."""
    interpreter, raw = context.interpreter, context.raw
    owner = context.arg("self")
    if "method" in context.arguments:
        if kind == "apply" and not raw.starred and not raw.spread:
            _method_module(context)
        return ANY
    if raw.starred or raw.spread or len(owner) != 1:
        return ANY
    streams = (
        _dict_streams(interpreter, context.arguments.get("rngs"))
        if kind == "apply"
        else frozenset({"params"})
    )
    mutable = _mutable(interpreter, context.arguments.get("mutable"))
    run = LinenRun(kind, context.frame, streams, mutable if kind == "apply" else ALL)
    arguments = Arguments(
        list(raw.positional[skip:]),
        {k: v for k, v in raw.keywords.items() if k not in own},
        False,
        False,
        list(raw.nodes[skip:]),
        {k: v for k, v in raw.keyword_nodes.items() if k not in own},
    )
    if kind == "apply" and (nested := _nested(interpreter, context.arg("variables"))):
        interpreter.shape_error(context.site, "apply", nested, context.frame, context.state)
    module = owner[0]
    run.module = module
    result: Values = ANY
    if isinstance(module, LayerInstance):
        run.needs.extend(layer_needs(module, arguments, context.site))
        kernel = kernel_shape(module, arguments)
        if kernel is not None:
            run.owner = module.maker
            run.kernels.append((module.maker, kernel, context.site))
    elif isinstance(module, Instance):
        run.owner = module.cls
        method = module.cls.lookup("__call__")
        if method is None:
            return ANY
        interpreter.library_runs.append(run)
        try:
            result = interpreter.call(
                interpreter.bind_member(method, owner, context.frame),
                arguments,
                context.site,
                context.frame,
                context.state,
            )
        finally:
            interpreter.library_runs.pop()
    variables = context.arguments.get("variables") if kind == "apply" else None
    failing = _failing(interpreter, run, variables)
    if failing is None and variables is not None:
        failing = _kernel_mismatch(interpreter, run, variables)
    if failing is not None:
        interpreter.shape_error(context.site, f"{kind}", failing, context.frame, context.state)
    if kind == "init":
        made = any(n.what == "read" and n.name == "params" for n in run.needs)
        kernels = tuple(((run.owner, layer), shape) for layer, shape, _ in run.remembered())
        return one(LinenVariables(made, context.site, kernels, tuple(run.made)))
    if mutable is None:
        return ANY
    return one(Tuple((result, ANY))) if mutable else result


def _stored(interpreter: Interpreter, variables: Values) -> LinenVariables | LinenParams | None:
    """What ``init`` made that the variables given to ``apply`` surely are: whole, or the
    ``"params"`` of a dict literal."""
    if len(variables) != 1:
        return None
    value = variables[0]
    if isinstance(value, LinenVariables):
        return value
    if isinstance(value, DictValue):
        entries = interpreter.heap.known_entries(value.ref)
        given = entries.get("params") if entries is not None else None
        if given is not None and len(given) == 1 and isinstance(given[0], LinenParams):
            return given[0]
    return None


def _kernel_mismatch(
    interpreter: Interpreter, run: LinenRun, variables: Values
) -> shaping.Mismatch | None:
    """A kernel the applied method's layer asks for of another shape than the one the
    variables hold for it (ScopeParamShapeError); only where ``apply``'s run made the same
    layers in the same order as ``init``'s (so flax gave them the same names)."""
    stored = _stored(interpreter, variables)
    if stored is None or not stored.kernels or stored.made != tuple(run.made):
        return None
    by_layer = dict(stored.kernels)
    makers: dict[object, str] = {made: maker for maker, made in run.made}
    for layer, shape, site in run.remembered():
        held = by_layer.get((run.owner, layer))
        if held is None or held == shape:
            continue
        maker = layer if isinstance(layer, str) else makers.get(layer)
        what = f"the `{maker.rsplit('.', 1)[-1]}` layer" if maker else "a layer"
        return shaping.Mismatch(
            PARAM_SHAPE,
            'For parameter "kernel", the given initializer is expected to generate shape '
            f"{shape}, but the existing parameter it received has shape {held}: {what} is "
            "applied with a kernel `init` made for another input size (or another layer)",
            notes=((site, f"the layer called here asks for a kernel of shape {shape}"),),
        )
    return None


def _method_module(context: ApiCallContext) -> None:
    """``apply(variables, ..., method=module.sub)`` where ``sub`` surely is a linen module
    whose ``__call__`` is compact (a layer, or a submodule held in a field): ``apply`` calls
    it as given, unbound (the clone it binds is passed as its first argument), and the
    compact method raises CallCompactUnboundModuleError.  Only where the variables surely
    are a dict (a literal, or what ``init`` returned) and no ``rngs`` is given, which ``apply``
    checks first."""
    method = context.arguments["method"]
    if len(method) != 1 or "rngs" in context.arguments:
        return
    name = compact_call(method[0])
    variables = context.arguments.get("variables")
    if name is None or not variables or len(variables) != 1:
        return
    if not isinstance(variables[0], LinenVariables | DictValue):
        return
    context.interpreter.shape_error(
        context.site,
        "apply",
        shaping.Mismatch(
            "linen-unbound-call",
            "Can't call compact methods on unbound modules: `method=` is the "
            f"`{name}` module itself, which `apply` calls unbound (it binds only the module it "
            "is called on)",
        ),
        context.frame,
        context.state,
    )


def _apply(context: ApiCallContext) -> Values:
    return _run(context, "apply", 2, _APPLY_KEYWORDS)


def _init(context: ApiCallContext) -> Values:
    return _run(context, "init", 2, _INIT_KEYWORDS)


_VARIABLE = ApiSpec(
    "flax.linen.Module.variable",
    ("self", "col", "name", "init_fn"),
    variadic="init_args",
    behaviour=_own_variable,
    note="Declares (or reads) a variable of the collection `col` in the module's scope.",
)
_PARAM = ApiSpec(
    "flax.linen.Module.param",
    ("self", "name", "init_fn"),
    variadic="init_args",
    behaviour=_own_variable,
    note="Declares (or reads) a parameter of the module's scope.",
)
#: The methods of a linen module that declare its own variables.
_OWN_VARIABLES = {"variable": _VARIABLE, "param": _PARAM}

_APPLY = ApiSpec(
    "flax.linen.Module.apply",
    ("self", "variables"),
    variadic="args",
    behaviour=_apply,
    note="Runs the module's `__call__` with the given variables.",
)
_INIT = ApiSpec(
    "flax.linen.Module.init",
    ("self", "rngs"),
    variadic="args",
    behaviour=_init,
    note="Runs the module's `__call__` to make its variables.",
)

__all__ = [
    "COLLECTION_IMMUTABLE",
    "COLLECTION_MISSING",
    "PARAM_SHAPE",
    "RNG_MISSING",
    "VARIABLES_NESTED",
    "LinenParams",
    "LinenVariables",
    "attribute",
    "is_module",
    "layer_called",
    "method_spec",
]
