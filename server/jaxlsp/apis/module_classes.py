"""What the module classes of equinox and flax.linen require of attribute assignment, as far
as their errors need.  Nothing of either library is imported.

- An ``equinox.Module`` is a frozen dataclass once its ``__init__`` (and ``__post_init__``)
  returned: setting any attribute later raises ``FrozenInstanceError``, for a user's module
  and for a layer of ``equinox.nn`` alike.
- A ``flax.linen.Module`` is frozen outside ``setup`` once ``Module.__post_init__`` ran:
  inside a ``@nn.compact`` method (which only runs bound, under ``init``/``apply``: an unbound
  call raises before its body) setting an attribute of ``self``, or of a layer made there,
  raises ``SetAttributeFrozenModuleError``; so does one set in a ``__post_init__`` after the
  call of ``super().__post_init__()``.  In ``setup``, setting one of the module's dataclass
  fields (its construction attributes) raises ``SetAttributeInModuleSetupError``.

Each check is made only where every step is known: the class is one of theirs through bases
that are each one known value, and it defines no ``__setattr__`` of its own.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, final

from jaxlsp.apis import library_layers, shaping
from jaxlsp.apis.spec import ApiSpec
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.interpreter import ApiCallContext
from jaxlsp.infer.values import (
    ANY,
    Api,
    ClassValue,
    Function,
    Instance,
    Site,
    Unknown,
    Value,
    Values,
    one,
)

if TYPE_CHECKING:
    from jaxlsp.infer.frames import Frame, State
    from jaxlsp.infer.interpreter import Interpreter

EQUINOX_MODULE = frozenset({"equinox.Module", "equinox._module.Module"})
LINEN_MODULE = frozenset({"flax.linen.Module", "flax.linen.module.Module"})
LINEN_COMPACT = frozenset({"flax.linen.compact", "flax.linen.module.compact"})
NNX_OBJECT = frozenset(
    {
        "flax.nnx.Module",
        "flax.nnx.Variable",
        "flax.nnx.Param",
        "flax.nnx.BatchStat",
        "flax.nnx.Intermediate",
        "flax.nnx.Object",
        "flax.nnx.Pytree",
    }
)

#: The layers of ``equinox.nn`` (each an ``equinox.Module``), as the pinned equinox (0.13.8)
#: exports them.
EQUINOX_LAYERS = (
    "Linear",
    "Identity",
    "MLP",
    "Conv",
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "ConvTranspose",
    "ConvTranspose1d",
    "ConvTranspose2d",
    "ConvTranspose3d",
    "Embedding",
    "GRUCell",
    "LSTMCell",
    "LayerNorm",
    "GroupNorm",
    "RMSNorm",
    "BatchNorm",
    "Dropout",
    "MultiheadAttention",
    "Sequential",
    "Lambda",
    "PReLU",
    "MaxPool1d",
    "MaxPool2d",
    "MaxPool3d",
    "AvgPool1d",
    "AvgPool2d",
    "AvgPool3d",
    "Pool",
)

#: The layers of ``flax.linen`` users make inside a compact method (each a linen Module).
LINEN_LAYERS = (
    "Dense",
    "DenseGeneral",
    "Conv",
    "ConvTranspose",
    "Embed",
    "LayerNorm",
    "BatchNorm",
    "GroupNorm",
    "RMSNorm",
    "Dropout",
    "MultiHeadDotProductAttention",
    "SelfAttention",
    "LSTMCell",
    "GRUCell",
    "OptimizedLSTMCell",
    "Sequential",
)

#: The linen layers whose ``__call__`` is compact (measured on flax 0.12.12): called on an
#: instance bound to no scope (outside ``init``/``apply``) they raise
#: CallCompactUnboundModuleError.  ``Embed`` (set up in ``setup``) raises another error.
LINEN_COMPACT_LAYERS = frozenset(
    f"flax.linen.{name}"
    for name in (
        "Dense",
        "DenseGeneral",
        "Conv",
        "ConvTranspose",
        "LayerNorm",
        "BatchNorm",
        "GroupNorm",
        "RMSNorm",
        "Dropout",
        "MultiHeadDotProductAttention",
        "SelfAttention",
    )
)


@final
@direct_init
@dataclass(frozen=True, slots=True)
class LayerInstance(Unknown):
    """A layer a library made (``eqx.nn.Linear(...)``, ``nn.Dense(...)``): unknown in all but
    whether setting an attribute of it raises, and which error."""

    maker: str
    #: The kind of ``Mismatch`` an attribute assignment to it makes (None: it may be set).
    frozen: str | None
    #: Where it was made.
    origin: Site | None = field(default=None, compare=False)
    #: What its constructor's arguments tell of its calls and fields (None: nothing).
    facts: library_layers.LayerFacts | None = None
    #: The constructor's arguments by parameter name, where the layer's options are modelled
    #: (a linen ``Dropout``'s rate, a ``BatchNorm``'s ``use_running_average``): what a call
    #: under ``init``/``apply`` needs of it (``linen_api``).
    options: tuple[tuple[str, Values], ...] = field(default=(), compare=False)
    kind: ClassVar[str] = "layer"

    def describe(self) -> str:
        return f"a `{self.maker.rsplit('.', 1)[-1]}` layer"


#: The methods decorated with ``nn.compact`` (their def nodes), as the decorator's model saw
#: them; weak, so an analysis's trees are not kept alive by it.
_COMPACT_METHODS: weakref.WeakSet[ast.AST] = weakref.WeakSet()


def _compact(context: ApiCallContext) -> Values:
    """``@nn.compact``: the method itself, noted as compact."""
    method = context.arg("fun")
    for value in method:
        if isinstance(value, Function):
            _COMPACT_METHODS.add(value.node)
    return method


_EQUINOX_CONV = (
    "in_channels",
    "out_channels",
    "kernel_size",
    "stride",
    "padding",
    "dilation",
    "groups",
    "use_bias",
    "padding_mode",
    "dtype",
)

#: The equinox layers whose constructor arguments the models read: their parameters, as
#: equinox 0.13.8 declares them, and what they make of them.
_EQUINOX_SIGNATURES: dict[
    str,
    tuple[tuple[str, ...], tuple[str, ...], Callable[[ApiCallContext], library_layers.LayerFacts]],
] = {
    "Linear": (
        ("in_features", "out_features", "use_bias", "dtype"),
        ("key",),
        library_layers.linear_facts,
    ),
    "MLP": (
        (
            "in_size",
            "out_size",
            "width_size",
            "depth",
            "activation",
            "final_activation",
            "use_bias",
            "use_final_bias",
            "dtype",
        ),
        ("scan", "key"),
        library_layers.mlp_facts,
    ),
    "Sequential": (("layers",), (), library_layers.sequential_facts),
    "Lambda": (("fn",), (), library_layers.lambda_facts),
    "Conv": (
        ("num_spatial_dims", *_EQUINOX_CONV),
        ("key",),
        library_layers.equinox_conv_facts(None),
    ),
    **{
        f"Conv{dims}d": (_EQUINOX_CONV, ("key",), library_layers.equinox_conv_facts(dims))
        for dims in (1, 2, 3)
    },
    **{
        f"{kind}Pool{dims}d": (
            ("kernel_size", "stride", "padding", "use_ceil"),
            (),
            library_layers.pool_facts(f"{kind}Pool{dims}d"),
        )
        for kind in ("Max", "Avg")
        for dims in (1, 2, 3)
    },
}


def _equinox_layer(name: str) -> ApiSpec:
    qualified = f"equinox.nn.{name}"
    signature = _EQUINOX_SIGNATURES.get(name)
    if signature is None:
        return ApiSpec(
            qualified,
            (),
            variadic="args",
            behaviour=lambda context: one(
                LayerInstance(qualified, "eqx-frozen-field", context.site)
            ),
        )
    params, keyword_only, read = signature

    def behaviour(context: ApiCallContext) -> Values:
        known = not context.raw.starred and not context.raw.spread
        facts = read(context) if known else None
        return one(LayerInstance(qualified, "eqx-frozen-field", context.site, facts))

    return ApiSpec(qualified, params, keyword_only=keyword_only, behaviour=behaviour)


#: The linen layers whose fields the models read: their dataclass fields in order, as flax
#: 0.12.12 declares them, and what they make of them.
_LINEN_SIGNATURES: dict[
    str, tuple[tuple[str, ...], Callable[[ApiCallContext], library_layers.LayerFacts]]
] = {
    "Dense": (
        (
            "features",
            "use_bias",
            "dtype",
            "param_dtype",
            "precision",
            "kernel_init",
            "bias_init",
            "promote_dtype",
            "dot_general",
            "dot_general_cls",
        ),
        library_layers.dense_facts,
    ),
}


#: The constructor parameters of the linen layers whose options a call under ``init`` or
#: ``apply`` reads (flax 0.12.12's dataclass fields, in order).
_LINEN_OPTIONS: dict[str, tuple[str, ...]] = {
    "Dropout": ("rate", "broadcast_dims", "deterministic", "rng_collection"),
    "Conv": (
        "features",
        "kernel_size",
        "strides",
        "padding",
        "input_dilation",
        "kernel_dilation",
        "feature_group_count",
        "use_bias",
        "mask",
        "dtype",
        "param_dtype",
        "precision",
        "kernel_init",
        "bias_init",
        "promote_dtype",
        "conv_general_dilated",
        "conv_general_dilated_cls",
    ),
    "BatchNorm": (
        "use_running_average",
        "axis",
        "momentum",
        "epsilon",
        "dtype",
        "param_dtype",
        "use_bias",
        "use_scale",
        "bias_init",
        "scale_init",
        "axis_name",
        "axis_index_groups",
        "use_fast_variance",
        "force_float32_reductions",
    ),
}


def _linen_layer(name: str) -> ApiSpec:
    qualified = f"flax.linen.{name}"
    signature = _LINEN_SIGNATURES.get(name)
    options = _LINEN_OPTIONS.get(name)
    params = signature[0] if signature is not None else options

    def behaviour(context: ApiCallContext) -> Values:
        # made inside a compact method it is bound to its parent, so frozen; made elsewhere
        # (a module's top level) it is not bound yet and may be set
        frozen = _running_compact(context.frame) is not None
        known = not context.raw.starred and not context.raw.spread
        facts = signature[1](context) if known and signature is not None else None
        given = tuple(context.arguments.items()) if known and params else ()
        runs = context.interpreter.library_runs
        # an ``init``/``apply`` running (linen_api's ``LinenRun``) notes each layer made
        made_layer = getattr(runs[-1], "made_layer", None) if runs else None
        if made_layer is not None:
            made_layer(context.interpreter, context.frame, qualified, context.site)
        return one(
            LayerInstance(
                qualified,
                "linen-frozen-attribute" if frozen else None,
                context.site,
                facts,
                given,
            )
        )

    if params is None:
        return ApiSpec(qualified, (), variadic="args", behaviour=behaviour)
    return ApiSpec(qualified, params, keyword_only=("parent", "name"), behaviour=behaviour)


_NNX_LINEAR_OPTIONS = (
    "use_bias",
    "dtype",
    "param_dtype",
    "precision",
    "kernel_init",
    "bias_init",
    "dot_general",
    "promote_dtype",
    "preferred_element_type",
    "rngs",
    "kernel_metadata",
    "bias_metadata",
)
_NNX_CONV_OPTIONS = (
    "padding",
    "input_dilation",
    "kernel_dilation",
    "feature_group_count",
    "use_bias",
    "mask",
    "dtype",
    "param_dtype",
    "precision",
    "kernel_init",
    "bias_init",
    "conv_general_dilated",
    "promote_dtype",
    "preferred_element_type",
    "rngs",
    "kernel_metadata",
    "bias_metadata",
)


def _nnx_layer(
    name: str,
    params: tuple[str, ...],
    keyword_only: tuple[str, ...],
    read: Callable[[ApiCallContext], library_layers.LayerFacts],
) -> ApiSpec:
    """A layer of ``flax.nnx``: an nnx Module, whose attributes may be set."""
    qualified = f"flax.nnx.{name}"

    def behaviour(context: ApiCallContext) -> Values:
        known = not context.raw.starred and not context.raw.spread
        facts = read(context) if known else None
        return one(LayerInstance(qualified, None, context.site, facts))

    return ApiSpec(qualified, params, keyword_only=keyword_only, behaviour=behaviour)


def compact_call(value: Value) -> str | None:
    """The name of a linen module whose ``__call__`` is compact, when ``value`` surely is an
    instance of one: a linen layer of ``LINEN_COMPACT_LAYERS``, or a user's linen module whose
    class's ``__call__`` the ``nn.compact`` model saw decorated."""
    if isinstance(value, LayerInstance):
        return value.maker.rsplit(".", 1)[-1] if value.maker in LINEN_COMPACT_LAYERS else None
    if isinstance(value, Instance) and library_base(value.cls) == "linen":
        method = value.cls.lookup("__call__")
        if (
            method is not None
            and len(method) == 1
            and isinstance(method[0], Function)
            and method[0].node in _COMPACT_METHODS
        ):
            return value.cls.name
    return None


def _qualified(value: Value) -> str | None:
    return value.qualified if isinstance(value, Api) else None


def library_base(cls: ClassValue, depth: int = 0) -> str | None:
    """ "equinox" or "linen" when ``cls`` surely derives from their Module through bases that
    are each one known value and defines no ``__setattr__``; None otherwise."""
    if depth > 16 or "__setattr__" in cls.namespace:
        return None
    found: str | None = None
    for base in cls.bases:
        if len(base) != 1:
            return None
        value = base[0]
        qualified = _qualified(value)
        if qualified in EQUINOX_MODULE:
            kind: str | None = "equinox"
        elif qualified in LINEN_MODULE:
            kind = "linen"
        elif qualified in NNX_OBJECT:
            kind = "nnx"
        elif isinstance(value, ClassValue):
            kind = library_base(value, depth + 1)
        else:
            kind = None
        if kind is not None:
            if found is not None and found != kind:
                return None
            found = kind
    return found


def _self_name(function: Function) -> str | None:
    node = function.node
    if isinstance(node, ast.Lambda):
        return None
    arguments = node.args
    params = [*arguments.posonlyargs, *arguments.args]
    return params[0].arg if params else None


def _running_compact(frame: Frame) -> Frame | None:
    """The frame of a compact method this frame runs in (itself or a caller), if any."""
    current: Frame | None = frame
    while current is not None:
        function = current.function
        if function is not None and function.node in _COMPACT_METHODS:
            return current
        current = current.caller
    return None


def _method_of(frame: Frame, instance: Instance, names: frozenset[str]) -> Frame | None:
    """The frame (this one or a caller) running one of the methods ``names`` with ``self``
    bound to ``instance`` (or to an instance of the same place)."""
    current: Frame | None = frame
    while current is not None:
        function = current.function
        if (
            function is not None
            and not isinstance(function.node, ast.Lambda)
            and function.node.name in names
        ):
            name = _self_name(function)
            bound = current.state.env.get(name) if name is not None else None
            if bound is not None and any(
                isinstance(v, Instance) and v.ref == instance.ref for v in bound
            ):
                return current
        current = current.caller
    return None


def _assigns_self(frame: Frame, target: ast.Attribute) -> bool:
    """Whether ``target`` is ``self.<name>`` for the frame's own ``self`` parameter."""
    function = frame.function
    if function is None:
        return False
    name = _self_name(function)
    return isinstance(target.value, ast.Name) and target.value.id == name


def _called_from_init(cls: ClassValue, method: str, depth: int = 0) -> bool:
    """Whether ``__init__`` or ``__post_init__`` of ``cls`` (or a base) spells a call of
    ``self.<method>``: a helper of initialisation, where equinox still lets fields be set."""
    if depth > 16:
        return True
    for name in ("__init__", "__post_init__"):
        values = cls.namespace.get(name)
        for value in values or ():
            if not isinstance(value, Function):
                return True
            for node in ast.walk(value.node):
                if isinstance(node, ast.Attribute) and node.attr == method:
                    return True
    for base in cls.bases:
        for value in base:
            if isinstance(value, ClassValue) and _called_from_init(value, method, depth + 1):
                return True
    return False


def _after_super_post_init(function: Function, target: ast.Attribute) -> bool:
    """In a ``__post_init__``: the assignment is a statement of its body that comes after a
    statement calling ``super().__post_init__()`` (both at the body's top level)."""
    node = function.node
    if isinstance(node, ast.Lambda) or node.name != "__post_init__":
        return False
    called = False
    for statement in node.body:
        if called and isinstance(statement, ast.Assign) and target in statement.targets:
            return True
        if (
            isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Call)
            and isinstance(statement.value.func, ast.Attribute)
            and statement.value.func.attr == "__post_init__"
            and isinstance(statement.value.func.value, ast.Call)
            and isinstance(statement.value.func.value.func, ast.Name)
            and statement.value.func.value.func.id == "super"
        ):
            called = True
    return False


def _dataclass_field(interpreter: Interpreter, cls: ClassValue, name: str) -> bool:
    """Whether ``name`` is one of the construction attributes (``__init__`` fields) of a
    linen module class: annotated in its body or a base's, not ClassVar, and not declared
    with an ``init=`` other than a literal True (``dataclasses.field(init=False)`` is no
    construction attribute: setup may set it)."""
    fields = interpreter.apis.dataclass_fields(interpreter, cls)
    if fields is None or name not in fields or name in ("parent", "name"):
        return False
    declaration = _declaration(cls, name)
    if declaration is None:
        return False
    value = declaration.value
    if isinstance(value, ast.Call):
        for keyword in value.keywords:
            if keyword.arg is None:
                return False  # (``**options``: init may be among them)
            if keyword.arg == "init" and not (
                isinstance(keyword.value, ast.Constant) and keyword.value.value is True
            ):
                return False
    return True


def surely_dynamic_field(cls: ClassValue, name: str) -> bool:
    """Whether ``name`` is a field of an equinox Module class that is surely no static one
    (so a leaf of its pytree): declared with an annotation other than ``ClassVar``, with no
    value or a call that marks nothing static and converts nothing (no ``static=``,
    ``metadata=``, ``converter=``, ``**options``, nor ``static_field``)."""
    declaration = _declaration(cls, name)
    if declaration is None or "ClassVar" in ast.unparse(declaration.annotation):
        return False
    value = declaration.value
    if not isinstance(value, ast.Call):
        return True
    function = value.func
    called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if called == "static_field":
        return False
    return all(
        keyword.arg is not None and keyword.arg not in ("static", "metadata", "converter")
        for keyword in value.keywords
    )


def _declaration(cls: ClassValue, name: str, depth: int = 0) -> ast.AnnAssign | None:
    """The ``name: T = ...`` statement that declares field ``name`` (the class's or the
    nearest base's)."""
    for statement in cls.node.body:
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.target.id == name
        ):
            return statement
    if depth > 16:
        return None
    for base in cls.bases:
        for value in base:
            if isinstance(value, ClassValue):
                found = _declaration(value, name, depth + 1)
                if found is not None:
                    return found
    return None


def assignment_mismatch(
    interpreter: Interpreter,
    owner: Value,
    target: ast.Attribute,
    frame: Frame,
    state: State,
) -> shaping.Mismatch | None:
    """The error setting ``target`` (an attribute of ``owner``) surely raises, if any."""
    name = target.attr
    if isinstance(owner, LayerInstance):
        made = () if owner.origin is None else ((owner.origin, f"{owner.describe()} made here"),)
        if owner.frozen == "eqx-frozen-field":
            return _frozen_field(name, owner.describe(), made)
        if owner.frozen == "linen-frozen-attribute":
            return _linen_frozen(name, owner.maker.rsplit(".", 1)[-1], made)
        return None
    if not isinstance(owner, Instance):
        return None
    library = library_base(owner.cls)
    if library == "equinox":
        return _equinox_instance(interpreter, owner, target, frame)
    if library == "linen":
        return _linen_instance(interpreter, owner, target, frame)
    if library == "nnx":
        return _nnx_instance(interpreter, owner, target, frame)
    return None


def _nnx_instance(
    interpreter: Interpreter, owner: Instance, target: ast.Attribute, frame: Frame
) -> shaping.Mismatch | None:
    """An nnx object (a Module, a Variable) set inside a ``jit`` whose function is the module
    itself (``nnx.jit(model)()``): the module, made before the trace, reaches the function
    by closure rather than as an argument nnx lifts, so nnx refuses to change it (or a
    Variable it holds) from the inner trace.  Only the module the transform was given, and
    the objects in its fields, are known to come from outside the trace."""
    trace = frame.staged
    if trace is None:
        return None
    # the frame the transform called: its caller is the view the transform calls through
    body: Frame | None = frame
    while (
        body is not None
        and body.caller is not None
        and body.caller.staged is trace
        and not body.caller.staging
    ):
        body = body.caller
    if body is None or body.function is None or isinstance(body.function.node, ast.Lambda):
        return None
    if body.function.node.name != "__call__":
        return None
    name = _self_name(body.function)
    bound = body.state.env.get(name) if name is not None else None
    if bound is None or len(bound) != 1 or not isinstance(bound[0], Instance):
        return None
    root = bound[0]
    if library_base(root.cls) != "nnx":
        return None
    held = owner.ref == root.ref or any(
        any(isinstance(v, Instance) and v.ref == owner.ref for v in values)
        for _, values in interpreter.heap.field_items(root.ref)
    )
    if not held:
        return None
    return shaping.Mismatch(
        "nnx-trace-context",
        f"Cannot mutate {owner.cls.name} from a different trace level: the `jit` was given "
        f"the `{root.cls.name}` module as its function, so it is closed over, not lifted",
        notes=_defined(root),
    )


def _equinox_instance(
    interpreter: Interpreter, owner: Instance, target: ast.Attribute, frame: Frame
) -> shaping.Mismatch | None:
    """An equinox module's attribute set after its initialisation: not while its
    ``__init__``/``__post_init__`` runs, nor in a method those spell a call of (a helper of
    initialisation, run for any caller here), its subclasses' among them."""
    initialising = _method_of(frame, owner, frozenset({"__init__", "__post_init__"}))
    if initialising is not None:
        if (
            initialising is frame
            and frame.function is not None
            and not isinstance(frame.function.node, ast.Lambda)
            and frame.function.node.name == "__init__"
            and _assigns_self(frame, target)
            and _undeclared(owner.cls, target.attr)
        ):
            return shaping.Mismatch(
                "eqx-frozen-field",
                f"cannot assign to field '{target.attr}': `{owner.cls.name}` declares no field "
                f"`{target.attr}` (an annotation in its class body), and an equinox Module's "
                "`__init__` may set only its declared fields",
                notes=_defined(owner),
            )
        return None
    function = frame.function
    if (
        function is not None
        and not isinstance(function.node, ast.Lambda)
        and (
            _called_from_init(owner.cls, function.node.name)
            or _called_from_subclass_init(interpreter, owner.cls, function.node.name)
        )
    ):
        return None
    return _frozen_field(target.attr, owner.describe(), _defined(owner))


def _called_from_subclass_init(interpreter: Interpreter, cls: ClassValue, method: str) -> bool:
    """Whether the ``__init__`` of a subclass of ``cls`` defined in the analysed code spells a
    call of ``self.<method>`` (jax-linear-attention's mixers: each subclass's ``__init__``
    calls the base's ``_init_common``, which sets the fields while equinox still lets it)."""
    for values in list(interpreter.defined.values()):
        for value in values:
            if (
                isinstance(value, ClassValue)
                and value != cls
                and _inherits(value, cls)
                and _called_from_init(value, method)
            ):
                return True
    return False


def _inherits(cls: ClassValue, base: ClassValue, depth: int = 0) -> bool:
    """Whether ``base`` is among the known bases of ``cls``, at any depth."""
    if depth > 16:
        return False
    for values in cls.bases:
        for value in values:
            if isinstance(value, ClassValue) and (
                value == base or _inherits(value, base, depth + 1)
            ):
                return True
    return False


def _undeclared(cls: ClassValue, name: str, depth: int = 0) -> bool:
    """Whether no class of ``cls``'s bases, all known up to ``equinox.Module``, binds or
    annotates ``name`` (a field, a class attribute, a method or a property)."""
    if depth > 16 or name.startswith("__") or name in cls.namespace:
        return False
    for statement in cls.node.body:
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.target.id == name
        ):
            return False
    for base in cls.bases:
        if len(base) != 1:
            return False
        value = base[0]
        if _qualified(value) in EQUINOX_MODULE:
            continue
        if not isinstance(value, ClassValue) or not _undeclared(value, name, depth + 1):
            return False
    return True


def _linen_instance(
    interpreter: Interpreter, owner: Instance, target: ast.Attribute, frame: Frame
) -> shaping.Mismatch | None:
    """A linen module's attribute set by one of its methods (``self.x = ...``): a field in
    ``setup`` (or a helper it calls); anything in a compact method (or a helper it calls); or
    in ``__post_init__`` after ``super().__post_init__()``."""
    function = frame.function
    if function is None or isinstance(function.node, ast.Lambda):
        return None
    if not _assigns_self(frame, target) or not _is_self(frame, owner):
        return None
    class_name = owner.cls.name
    if _method_of(frame, owner, frozenset({"setup"})) is not None:
        if _dataclass_field(interpreter, owner.cls, target.attr):
            return shaping.Mismatch(
                "linen-setup-field",
                f"Module construction attributes are frozen: `{target.attr}` is a field of "
                f"`{class_name}`, set in `setup`",
                notes=_defined(owner),
            )
        return None
    if _compact_of(frame, owner) is not None or _after_super_post_init(function, target):
        return _linen_frozen(target.attr, class_name, _defined(owner))
    return None


def _is_self(frame: Frame, owner: Instance) -> bool:
    """Whether the frame's ``self`` parameter holds ``owner`` (an instance of its place)."""
    function = frame.function
    name = _self_name(function) if function is not None else None
    bound = frame.state.env.get(name) if name is not None else None
    return bound is not None and all(isinstance(v, Instance) and v.ref == owner.ref for v in bound)


def _compact_of(frame: Frame, owner: Instance) -> Frame | None:
    """The frame of a compact method of ``owner`` this frame runs in (itself or a caller)."""
    current: Frame | None = frame
    while current is not None:
        function = current.function
        if function is not None and function.node in _COMPACT_METHODS and _is_self(current, owner):
            return current
        current = current.caller
    return None


def _defined(owner: Instance) -> tuple[tuple[Site, str], ...]:
    return ((owner.cls.site, f"`{owner.cls.name}` defined here"),)


Notes = tuple[tuple[Site, str], ...]


def _frozen_field(name: str, what: str, notes: Notes) -> shaping.Mismatch:
    return shaping.Mismatch(
        "eqx-frozen-field",
        f"cannot assign to field '{name}': {what} is an equinox Module, frozen once its "
        "`__init__` returned",
        notes=notes,
    )


def _linen_frozen(name: str, class_name: str, notes: Notes) -> shaping.Mismatch:
    return shaping.Mismatch(
        "linen-frozen-attribute",
        f"Can't set {name} for Module of type {class_name}: Module instance is frozen outside "
        "of setup method",
        notes=notes,
    )


def check_assignment(
    interpreter: Interpreter, owners: Values, target: ast.Attribute, frame: Frame, state: State
) -> None:
    """Record the error setting ``target`` raises when every value its owner may be raises
    the same one (the path goes on, so the errors after it are found too)."""
    if not owners:
        return
    found = [assignment_mismatch(interpreter, owner, target, frame, state) for owner in owners]
    first = found[0]
    if first is None or any(m is None or m.kind != first.kind for m in found):
        return
    site = frame.site(target)
    if interpreter.catches(first.error):
        interpreter.shape_error(site, f"{ast.unparse(target)} =", first, frame, state)
    interpreter.note_shape_error(site, f"{ast.unparse(target)} =", first, frame)


@final
@direct_init
@dataclass(frozen=True, slots=True)
class FilteredModule(Unknown):
    """What ``eqx.filter(module, spec)`` made of an equinox Module: a module of the same class
    (a pytree container, whatever the filter kept), unknown in all else."""

    origin: Site | None = field(default=None, compare=False)
    kind: ClassVar[str] = "filtered equinox module"


def is_equinox_module(value: Value) -> bool:
    """Whether ``value`` surely is an equinox Module: a layer of ``equinox.nn``, an instance
    of a class that derives from ``eqx.Module``, or what ``eqx.filter`` made of one."""
    if isinstance(value, LayerInstance):
        return value.maker.startswith("equinox.nn.")
    if isinstance(value, Instance):
        return library_base(value.cls) == "equinox" and not _defines_arithmetic(value.cls)
    return isinstance(value, FilteredModule)


#: Operators a class may define for its instances to take part in arithmetic (an optimizer's
#: moment step then may not raise on them).
_ARITHMETIC = frozenset(
    {"__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__"}
    | {"__rtruediv__", "__pow__", "__rpow__", "__array__", "__jax_array__", "__getattr__"}
)


def _defines_arithmetic(cls: ClassValue, depth: int = 0) -> bool:
    """Whether ``cls`` or a user's class it derives from defines an arithmetic operator."""
    if depth > 16 or not _ARITHMETIC.isdisjoint(cls.namespace):
        return True
    return any(
        isinstance(base, ClassValue) and _defines_arithmetic(base, depth + 1)
        for bases in cls.bases
        for base in bases
    )


def _equinox_filter(context: ApiCallContext) -> Values:
    """``eqx.filter(pytree, filter_spec, ...)`` of an equinox Module: the module's class again
    (leaves the filter drops become None); of anything else, unknown."""
    tree = context.arguments.get("pytree")
    if tree and all(is_equinox_module(v) for v in tree):
        return one(FilteredModule(context.site))
    return ANY


SPECS: tuple[ApiSpec, ...] = (
    ApiSpec(
        "equinox.filter",
        ("pytree", "filter_spec", "inverse", "replace", "is_leaf"),
        behaviour=_equinox_filter,
        note="The tree with the leaves `filter_spec` rejects replaced by None.",
    ),
    *(ApiSpec(name, ("fun",), behaviour=_compact) for name in sorted(LINEN_COMPACT)),
    *(_equinox_layer(name) for name in EQUINOX_LAYERS),
    *(_linen_layer(name) for name in LINEN_LAYERS),
    _nnx_layer(
        "Linear",
        ("in_features", "out_features"),
        _NNX_LINEAR_OPTIONS,
        library_layers.nnx_linear_facts,
    ),
    _nnx_layer(
        "Conv",
        ("in_features", "out_features", "kernel_size", "strides"),
        _NNX_CONV_OPTIONS,
        library_layers.nnx_conv_facts,
    ),
)

__all__ = [
    "SPECS",
    "FilteredModule",
    "LayerInstance",
    "check_assignment",
    "compact_call",
    "is_equinox_module",
    "library_base",
    "surely_dynamic_field",
]
