"""What a call of an ``equinox.nn`` layer does to the shape of its input, as far as the
constructor's arguments tell, and which of its fields are functions (pytree leaves JAX cannot
trace).  Nothing of equinox is imported: the facts were read from equinox 0.13.8's source
(``equinox/nn/_linear.py``, ``_mlp.py``) and checked by running calls on the pinned JAX.

- ``Linear(in_features, out_features)`` holds ``weight`` of shape ``(out, in)`` (``in`` is 1
  for ``"scalar"``) and, with ``use_bias``, ``bias`` of shape ``(out,)``.  A call computes
  ``weight @ x`` (a ``"scalar"`` input is first checked to be 0-d and broadcast to ``(1,)``),
  then adds the bias, then squeezes a ``"scalar"`` output.  So a 0-d ``x`` raises matmul's
  ndim error, and an ``x`` whose contracted axis (the only one, or the second to last) is not
  ``in`` raises dot_general's contracting error.
- ``MLP(in_size, out_size, width_size, depth)`` starts with a ``Linear`` from ``in_size`` (to
  ``width_size``, or to ``out_size`` when ``depth`` is 0): the first layer's check is the
  MLP's.  A vector of ``in_size`` gives a vector of ``out_size`` (``()`` for ``"scalar"``).
  Its ``activation`` (``jax.nn.relu`` unless given) and ``final_activation`` (an identity
  function unless given) are fields, so leaves of the MLP's pytree: a plain function given
  there (or the defaults) cannot be an argument of ``jax.jit`` or a loop's carry.

Each fact is made only from arguments whose values are known; anything else stays unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from jaxlsp.apis import convolution, shaping
from jaxlsp.apis.shaping import Aval, Call, Mismatch, Operand, dim_of, items_of
from jaxlsp.apis.spec import ApiSpec, Result
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.interpreter import Arguments
from jaxlsp.infer.shapes import BroadcastFailure, Shape
from jaxlsp.infer.values import (
    ANY,
    Api,
    Array,
    BoundMethod,
    Const,
    Function,
    Partial,
    Transformed,
    Tuple,
    Values,
)

if TYPE_CHECKING:
    from jaxlsp.infer.frames import Frame, State
    from jaxlsp.infer.interpreter import ApiCallContext, Interpreter
    from jaxlsp.infer.values import Site

#: A layer's input or output size: an int, the string "scalar", or None (not known).
Size = int | str | None


@dataclass(frozen=True)
class LinearShapes:
    """What a ``Linear``-like first step computes: ``weight @ x`` with ``weight`` of shape
    ``(out, in)``."""

    in_size: Size
    out_size: Size
    #: Whether a bias of shape ``(out,)`` is added (None: not known).
    bias: bool | None
    #: The whole layer's output size when the input is a vector of ``in_size`` (an MLP's
    #: last layer's), None when not known.
    final_size: Size


@dataclass(frozen=True)
class LastAxisShapes:
    """A layer that contracts its input's last axis with a kernel of shape ``(in, out)``
    (``lax.dot_general``) and keeps the other axes: flax's ``nnx.Linear`` and linen's
    ``Dense`` (whose kernel is made for the input it is first called with: ``in`` None)."""

    in_size: int | None
    out_size: int | None


@dataclass(frozen=True)
class ConvShapes:
    """A convolution layer: its input's channel axis (0 for equinox's unbatched
    ``(C, *spatial)``, -1 for flax's channels-last input), the kernel's input channels
    (``in_channels // groups``), and the rank its input must have (None: any rank from
    ``least_rank``)."""

    channel_axis: int
    in_channels: int
    groups: int
    rank: int | None
    least_rank: int


@dataclass(frozen=True)
class LayerFacts:
    """What the analysis knows of one layer: how a call of it maps its input's shape, and
    which of its non-static fields surely holds a plain function (a leaf JAX cannot trace)."""

    #: The layer's name as users spell it (``eqx.nn.Linear``).
    name: str
    linear: LinearShapes | None = None
    last_axis: LastAxisShapes | None = None
    conv: ConvShapes | None = None
    #: ``eqx.nn.Sequential``: its layers in order, each as known (a call runs them in turn).
    sequence: tuple[Values, ...] | None = None
    #: ``eqx.nn.Lambda``: the function a call applies.
    fn: Values | None = None
    #: ``eqx.nn.Sequential``: where its layers were given (a finding's other half).
    made_at: Site | None = None
    #: The field that surely holds a function, described (None: none known).
    function_field: str | None = None
    #: A leaf before that function is an integer (an ``AvgPool``'s ``init`` of 0): a
    #: gradient's integer-input check meets it first.
    integer_leaf_first: bool = False


def _size(values: Values | None) -> Size:
    if values is None:
        return None
    if len(values) == 1 and isinstance(values[0], Const) and values[0].value == "scalar":
        return "scalar"
    dim = dim_of(values)
    return dim if isinstance(dim, int) and not isinstance(dim, bool) else None


def _flag(context: ApiCallContext, name: str) -> bool | None:
    values = context.arguments.get(name)
    if values is None:
        return True
    if len(values) == 1 and isinstance(values[0], Const) and isinstance(values[0].value, bool):
        return values[0].value
    return None


def _plain_function(values: Values) -> bool:
    """Whether every alternative is a plain function (a ``def``, a lambda, a bound method, a
    ``functools.partial``, a function a transform made, or a library function), which JAX
    cannot take as a leaf; a pytree ``Partial`` or anything unknown is not claimed."""
    if not values:
        return False
    for value in values:
        if isinstance(value, Partial):
            if value.pytree:
                return False
        elif not isinstance(value, Function | BoundMethod | Transformed | Api):
            return False
        if isinstance(value, Api) and not value.qualified.startswith(("jax.nn.", "jax.numpy.")):
            return False
    return True


def linear_facts(context: ApiCallContext) -> LayerFacts:
    """``equinox.nn.Linear(in_features, out_features, use_bias=True, ...)``."""
    arguments = context.arguments
    out_size = _size(arguments.get("out_features"))
    shapes = LinearShapes(
        _size(arguments.get("in_features")), out_size, _flag(context, "use_bias"), out_size
    )
    return LayerFacts("eqx.nn.Linear", linear=shapes)


def _int(values: Values | None) -> int | None:
    size = _size(values)
    return size if isinstance(size, int) else None


def nnx_linear_facts(context: ApiCallContext) -> LayerFacts:
    """``flax.nnx.Linear(in_features, out_features, *, ..., dot_general=lax.dot_general)``:
    a kernel of shape ``(in_features, out_features)``; another ``dot_general`` may do
    anything, so none is known then."""
    arguments = context.arguments
    if "dot_general" in arguments:
        return LayerFacts("nnx.Linear")
    shapes = LastAxisShapes(_int(arguments.get("in_features")), _int(arguments.get("out_features")))
    return LayerFacts("nnx.Linear", last_axis=shapes)


def dense_facts(context: ApiCallContext) -> LayerFacts:
    """``flax.linen.Dense(features, ..., dot_general=None, dot_general_cls=None)``: its
    kernel is made for the last axis of its first input, so only the output's is known."""
    arguments = context.arguments
    if "dot_general" in arguments or "dot_general_cls" in arguments:
        return LayerFacts("nn.Dense")
    return LayerFacts("nn.Dense", last_axis=LastAxisShapes(None, _int(arguments.get("features"))))


def _last_axis_output(call: Call, shapes: LastAxisShapes) -> Aval | Mismatch | None:
    x = call.aval("x")
    if x.shape is None or not x.shape or shapes.out_size is None:
        return None
    if shapes.in_size is not None and sh.differ(x.shape[-1], shapes.in_size):
        return Mismatch(
            "matmul",
            "dot_general requires contracting dimensions to have the same shape, got "
            f"({sh.describe_dim(x.shape[-1])},) and ({shapes.in_size},)",
            (
                Operand(call.label("x"), x),
                Operand("the layer's `kernel`", Aval((shapes.in_size, shapes.out_size), None)),
            ),
        )
    return Aval((*x.shape[:-1], shapes.out_size), None, False, call.origin())


def _spatial_dims(values: Values | None) -> int | None:
    """How many spatial axes a ``kernel_size`` names (an int: one; a tuple: its length)."""
    if values is None or len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Tuple):
        return len(value.items)
    if isinstance(value, Const) and type(value.value) is int:
        return 1
    return None


def _conv(
    channel_axis: int,
    channels: int | None,
    groups: int | None,
    rank: int | None,
    least_rank: int | None,
) -> ConvShapes | None:
    if channels is None or groups is None or groups < 1 or channels % groups or least_rank is None:
        return None
    return ConvShapes(channel_axis, channels // groups, groups, rank, least_rank)


def equinox_conv_facts(spatial: int | None) -> Callable[[ApiCallContext], LayerFacts]:
    """``equinox.nn.Conv(num_spatial_dims, in_channels, ...)`` (``spatial`` None) or
    ``Conv1d``/``Conv2d``/``Conv3d(in_channels, ...)``: a call needs ``(C, *spatial)`` (or
    equinox raises its own error first) and convolves ``x[None]`` with a weight of shape
    ``(out, in // groups, *kernel)``."""

    def read(context: ApiCallContext) -> LayerFacts:
        arguments = context.arguments
        dims = spatial if spatial is not None else _int(arguments.get("num_spatial_dims"))
        groups = _int(arguments.get("groups")) if "groups" in arguments else 1
        rank = dims + 1 if dims is not None else None
        shapes = _conv(0, _int(arguments.get("in_channels")), groups, rank, rank)
        return LayerFacts("eqx.nn.Conv", conv=shapes)

    return read


def nnx_conv_facts(context: ApiCallContext) -> LayerFacts:
    """``flax.nnx.Conv(in_features, out_features, kernel_size, ...)``: a call convolves the
    input's last axis (channels-last, any batch axes before the spatial ones) with a kernel
    of shape ``(*kernel, in_features // feature_group_count, out_features)``; another
    ``conv_general_dilated`` may do anything."""
    arguments = context.arguments
    if "conv_general_dilated" in arguments:
        return LayerFacts("nnx.Conv")
    groups = _int(arguments.get("feature_group_count")) if "feature_group_count" in arguments else 1
    dims = _spatial_dims(arguments.get("kernel_size"))
    least = dims + 1 if dims is not None else None
    shapes = _conv(-1, _int(arguments.get("in_features")), groups, None, least)
    return LayerFacts("nnx.Conv", conv=shapes)


def _conv_output(call: Call, shapes: ConvShapes) -> Mismatch | None:
    x = call.aval("x")
    if x.shape is None:
        return None
    if shapes.rank is not None and len(x.shape) != shapes.rank:
        return None  # (equinox's own error)
    if len(x.shape) < shapes.least_rank:
        return None
    kernel = Aval(None, None)
    labels = (call.label("x"), "the layer's kernel")
    mismatch = convolution.feature_mismatch(
        labels, x, kernel, x.shape[shapes.channel_axis], shapes.in_channels, shapes.groups
    )
    if mismatch is None:
        return None
    return replace(mismatch, operands=mismatch.operands[:1])


def lambda_facts(context: ApiCallContext) -> LayerFacts:
    """``equinox.nn.Lambda(fn)``: a call applies ``fn``; ``fn`` is a field, so a plain
    function there is a leaf JAX cannot trace."""
    fn = context.arguments.get("fn")
    if fn is None:
        return LayerFacts("eqx.nn.Lambda")
    held = "`fn` holds a function" if _plain_function(fn) else None
    return LayerFacts("eqx.nn.Lambda", fn=fn, function_field=held)


def pool_facts(name: str) -> Callable[[ApiCallContext], LayerFacts]:
    """``equinox.nn.MaxPool2d(kernel_size, ...)`` (and the 1d, 3d and ``AvgPool`` ones): the
    pool keeps ``init`` and ``operation`` as fields (equinox 0.13.8's ``Pool``): the function
    ``jax.lax.max`` (``lax.add`` for the average) is a leaf JAX cannot trace, after an
    ``init`` of ``-inf`` (``0``, an integer, for the average)."""
    average = name.startswith("AvgPool")
    operation = "jax.lax.add" if average else "jax.lax.max"

    def facts(context: ApiCallContext) -> LayerFacts:
        held = f"`operation` holds the function `{operation}`"
        return LayerFacts(f"eqx.nn.{name}", function_field=held, integer_leaf_first=average)

    return facts


def sequential_facts(context: ApiCallContext) -> LayerFacts:
    """``equinox.nn.Sequential(layers)``: a call runs the layers in turn; they are a field (a
    tuple), so a plain function among them, or a layer holding one, is a leaf JAX cannot
    trace."""
    given = context.arguments.get("layers")
    items = items_of(given, context.interpreter.heap) if given is not None else None
    if items is None:
        return LayerFacts("eqx.nn.Sequential")
    held: str | None = None
    for index, item in enumerate(items):
        inner = {function_leaf(value) for value in item}
        if len(inner) == 1 and None not in inner:
            (found,) = inner
            name = next(_short(value) for value in item)
            held = f"`layers[{index}]`, an `{name}` whose field {found}"
        elif _plain_function(item):
            held = f"`layers[{index}]` holds a function"
        if held is not None:
            break
    return LayerFacts(
        "eqx.nn.Sequential", sequence=tuple(items), function_field=held, made_at=context.site
    )


def _short(value: object) -> str:
    facts = getattr(value, "facts", None)
    return facts.name if isinstance(facts, LayerFacts) else "layer"


def call_layer(
    interpreter: Interpreter,
    layer: Values,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values | None:
    """A call of an ``eqx.nn.Sequential`` (its layers in turn) or an ``eqx.nn.Lambda`` (its
    function), as equinox runs them; None when the layer is neither, or the call is not one
    the models follow (other arguments than the input and ``key``)."""
    facts = _facts_of(layer)
    if facts is None or (facts.sequence is None and facts.fn is None):
        return None
    if (
        len(arguments.positional) != 1
        or arguments.starred
        or arguments.spread
        or set(arguments.keywords) - {"key"}
    ):
        return ANY
    x = arguments.positional[0]
    steps = facts.sequence if facts.sequence is not None else (facts.fn or ANY,)
    for index, step in enumerate(steps):
        if facts.sequence is not None and (refused := _refuses_key(step)) is not None:
            # Sequential calls each layer as ``layer(x, key=key)``
            interpreter.shape_error(
                site,
                "eqx.nn.Sequential",
                Mismatch(
                    SEQUENTIAL_KEY,
                    f"it calls each layer with a `key=` keyword, and `layers[{index}]` is "
                    f"{refused}, which takes none: TypeError",
                    notes=(
                        ((facts.made_at, f"`layers[{index}]` is given to the Sequential here"),)
                        if facts.made_at is not None
                        else ()
                    ),
                ),
                frame,
                state,
            )
        x = interpreter.call(step, Arguments([x], {}, nodes=[None]), site, frame, state)
    return x


#: The kind of the mismatch a Sequential holding a function that takes no ``key`` makes.
SEQUENTIAL_KEY = "equinox-sequential-key"
#: The functions of ``jax.nn`` and ``jax.numpy`` that accept a ``key=`` keyword, or fail
#: otherwise first (measured: every other one raises TypeError given ``key=None``).
_TAKING_KEY = frozenset({"jax.numpy.fromfile", "jax.numpy.fromiter", "jax.numpy.printoptions"})


def _refuses_key(step: Values) -> str | None:
    """What a Sequential's layer is when it surely is a function that takes no ``key``
    keyword: a ``jax.nn`` or ``jax.numpy`` function, or a ``def``/``lambda`` with neither a
    ``key`` parameter nor ``**kwargs``."""
    if len(step) != 1:
        return None
    value = step[0]
    if isinstance(value, Api):
        name = value.qualified
        if name.startswith(("jax.nn.", "jax.numpy.")) and name not in _TAKING_KEY:
            short = name.replace("jax.numpy.", "jnp.", 1)
            return f"`{short}`, a function"
        return None
    if isinstance(value, Function):
        if value.wraps is not None or value.behind_decorator or value.returns_unknown:
            return None  # (its signature is another's)
        arguments = value.node.args
        names = {a.arg for a in (*arguments.args, *arguments.kwonlyargs)}
        if arguments.kwarg is None and "key" not in names:
            return "a plain function"
    return None


def mlp_facts(context: ApiCallContext) -> LayerFacts:
    """``equinox.nn.MLP(in_size, out_size, width_size, depth, activation, final_activation,
    use_bias, use_final_bias, ...)``."""
    arguments = context.arguments
    in_size, out_size = _size(arguments.get("in_size")), _size(arguments.get("out_size"))
    depth = _size(arguments.get("depth"))
    first_out: Size = None
    bias: bool | None = None
    if depth == 0:
        first_out, bias = out_size, _flag(context, "use_final_bias")
    elif isinstance(depth, int) and depth > 0:
        first_out, bias = _size(arguments.get("width_size")), _flag(context, "use_bias")
    function_field: str | None = None
    for name, default in (
        ("activation", "`activation` holds a function (`jax.nn.relu` by default)"),
        ("final_activation", "`final_activation` holds a function (an identity by default)"),
    ):
        given = arguments.get(name)
        if given is None:
            function_field = function_field or default
        elif _plain_function(given):
            function_field = function_field or f"`{name}` holds a function"
    shapes = LinearShapes(in_size, first_out, bias, out_size)
    return LayerFacts("eqx.nn.MLP", linear=shapes, function_field=function_field)


def _dim(size: Size) -> int | None:
    """A size as the weight's axis has it (1 for ``"scalar"``)."""
    if size == "scalar":
        return 1
    return size if isinstance(size, int) else None


def _first_step(call: Call, shapes: LinearShapes, x: Aval, first: str) -> Shape | Mismatch | None:
    """The shape of ``weight @ x`` (with the bias added) for the first ``Linear``, or the
    error it surely raises, or None when not known."""
    in_size, out_size = _dim(shapes.in_size), _dim(shapes.out_size)
    if in_size is None:
        return None
    if shapes.in_size == "scalar":
        if x.shape != ():
            return None  # (equinox's own ValueError, or not known)
        x = Aval((1,), x.dtype, x.weak, x.origin)
    weight = Aval((out_size, in_size), None)
    labels = (f"the {first}`weight`", call.label("x"))
    product = shaping.labelled_matmul_shapes(labels, weight, x)
    if isinstance(product, Mismatch):
        if product.kind != "matmul-scalar":
            return product  # (its message names the weight's shape)
        computes = f"it computes `weight @ x` with a weight of shape {sh.describe(weight.shape)}"
        return replace(product, summary=f"{computes}: {product.summary}")
    if product is None:
        return None
    if shapes.bias is None:
        return None
    if shapes.bias and out_size is not None:
        total = sh.broadcast([product, (out_size,)])
        if total is None or isinstance(total, BroadcastFailure):
            return None  # (an add that raises: not claimed here)
        product = total
    return product


def _call_output(call: Call) -> Aval | Mismatch | None:
    layer = call.values("self")
    facts = _facts_of(layer)
    if facts is not None and facts.last_axis is not None:
        return _last_axis_output(call, facts.last_axis)
    if facts is not None and facts.conv is not None:
        return _conv_output(call, facts.conv)
    if facts is None or facts.linear is None:
        return None
    shapes = facts.linear
    x = call.aval("x")
    step = _first_step(
        call, shapes, x, "first layer's " if facts.name == "eqx.nn.MLP" else "layer's "
    )
    if isinstance(step, Mismatch):
        return step
    final = _dim(shapes.final_size)
    expected: Shape = () if shapes.in_size == "scalar" else (_dim(shapes.in_size),)
    if step is None or x.shape != expected or final is None:
        return None
    shape: Shape = () if shapes.final_size == "scalar" else (final,)
    return Aval(shape, None, False, call.origin())


def _facts_of(layer: Values) -> LayerFacts | None:
    """The facts every alternative of ``layer`` shares (one layer made at one place)."""
    facts = {getattr(value, "facts", None) for value in layer}
    if len(facts) != 1:
        return None
    (found,) = facts
    return found if isinstance(found, LayerFacts) else None


def _output(context: ApiCallContext) -> shaping.Output:
    return _call_output(Call(context))


def _call(name: str) -> ApiSpec:
    """A call of a layer (``layer(x, key=...)``), named as users spell its class."""
    return ApiSpec(name, ("self", "x"), keyword_only=("key",), result=Result.ARRAY, output=_output)


_CALLS = {
    name: _call(name)
    for name in ("eqx.nn.Linear", "eqx.nn.MLP", "eqx.nn.Conv", "nnx.Linear", "nnx.Conv", "nn.Dense")
}


def call_spec(layer: Values) -> ApiSpec | None:
    """The spec of a call of ``layer``, when its facts say how it maps its input."""
    facts = _facts_of(layer)
    if facts is None or (facts.linear is None and facts.last_axis is None and facts.conv is None):
        return None
    return _CALLS.get(facts.name)


def attribute(layer: Values, name: str) -> Values | None:
    """An attribute of an ``eqx.nn.Linear`` its constructor's arguments fix: ``weight`` of
    shape ``(out, in)`` (1 for a ``"scalar"`` size), ``bias`` of shape ``(out,)`` when the
    layer has one, ``in_features``/``out_features`` as given.  Whether the weight is a
    tracer (the layer passed into a transform) is left unknown."""
    facts = _facts_of(layer)
    if facts is None or facts.name != "eqx.nn.Linear" or facts.linear is None:
        return None
    shapes = facts.linear
    size = {"in_features": shapes.in_size, "out_features": shapes.out_size}.get(name)
    if size is not None:
        return (Const(size),)
    in_size, out_size = _dim(shapes.in_size), _dim(shapes.out_size)
    origin = next((getattr(value, "origin", None) for value in layer), None)
    if name == "weight" and in_size is not None and out_size is not None:
        return (Array(None, None, False, None, (out_size, in_size), False, origin),)
    if name == "bias" and shapes.bias is True and out_size is not None:
        return (Array(None, None, False, None, (out_size,), False, origin),)
    return None


def function_leaf(layer: object) -> str | None:
    """The field of a layer that surely holds a plain function, described, if any."""
    facts = getattr(layer, "facts", None)
    return facts.function_field if isinstance(facts, LayerFacts) else None


__all__ = [
    "LayerFacts",
    "attribute",
    "call_layer",
    "call_spec",
    "dense_facts",
    "equinox_conv_facts",
    "function_leaf",
    "lambda_facts",
    "linear_facts",
    "mlp_facts",
    "nnx_conv_facts",
    "nnx_linear_facts",
    "pool_facts",
    "sequential_facts",
]
