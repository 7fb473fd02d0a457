"""``jax.numpy`` and NumPy.

``jax.numpy`` functions compute arrays from arrays (traced when an argument is, or when the
call is staged); the creation functions make new ones, and their shape and size arguments must
be concrete.  NumPy functions run on the host: most convert their array arguments with
``__array__``, which a tracer refuses (``HOST_CONVERTING``, measured on the pinned JAX under
``jax.jit``), while the reductions and a few others call the array's own method instead
(``METHOD_DISPATCHING``), which works on a tracer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from jaxlsp.apis import methods, shaping
from jaxlsp.apis.contracts import (
    Accepts,
    ArrayLikeArgument,
    IntOperand,
    Requirement,
    SizedByValues,
    real_input,
)
from jaxlsp.apis.int_range import NOT_CONVERTED
from jaxlsp.apis.spec import ApiSpec, AxisParameter, NoContract, NoContractWhy, Result
from jaxlsp.infer import dtypes
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import ApiCallContext
from jaxlsp.infer.values import (
    ANY,
    Api,
    Array,
    Const,
    ListValue,
    NumpyArray,
    Static,
    Tuple,
    Value,
    Values,
    join,
    one,
)

#: NumPy functions that convert their arguments with ``__array__`` (a tracer raises
#: TracerArrayConversionError), measured on the pinned JAX.
HOST_CONVERTING = frozenset(
    [
        "abs",
        "absolute",
        "acos",
        "acosh",
        "add",
        "allclose",
        "angle",
        "append",
        "arange",
        "arccos",
        "arccosh",
        "arcsin",
        "arcsinh",
        "arctan",
        "arctan2",
        "arctanh",
        "argpartition",
        "argwhere",
        "array",
        "array2string",
        "array_repr",
        "array_str",
        "asanyarray",
        "asarray",
        "asarray_chkfinite",
        "ascontiguousarray",
        "asfortranarray",
        "asin",
        "asinh",
        "atan",
        "atan2",
        "atanh",
        "atleast_1d",
        "atleast_2d",
        "atleast_3d",
        "average",
        "bartlett",
        "bincount",
        "bitwise_and",
        "bitwise_count",
        "bitwise_invert",
        "bitwise_not",
        "bitwise_or",
        "bitwise_xor",
        "blackman",
        "block",
        "broadcast_arrays",
        "broadcast_to",
        "cbrt",
        "ceil",
        "choose",
        "clip",
        "column_stack",
        "compress",
        "concat",
        "concatenate",
        "conj",
        "conjugate",
        "convolve",
        "copy",
        "copysign",
        "corrcoef",
        "correlate",
        "cos",
        "cosh",
        "count_nonzero",
        "cov",
        "cross",
        "cumulative_prod",
        "cumulative_sum",
        "deg2rad",
        "degrees",
        "delete",
        "diag",
        "diagflat",
        "diagonal",
        "diff",
        "digitize",
        "divide",
        "divmod",
        "dot",
        "dstack",
        "ediff1d",
        "einsum",
        "empty_like",
        "equal",
        "exp",
        "exp2",
        "expand_dims",
        "expm1",
        "extract",
        "fabs",
        "fix",
        "flatnonzero",
        "fliplr",
        "flipud",
        "float_power",
        "floor",
        "floor_divide",
        "fmax",
        "fmin",
        "fmod",
        "frexp",
        "full_like",
        "gcd",
        "gradient",
        "greater",
        "greater_equal",
        "hamming",
        "hanning",
        "heaviside",
        "histogram",
        "histogram_bin_edges",
        "histogramdd",
        "hstack",
        "hypot",
        "i0",
        "inner",
        "insert",
        "interp",
        "intersect1d",
        "invert",
        "isclose",
        "iscomplex",
        "isfinite",
        "isin",
        "isinf",
        "isnan",
        "isneginf",
        "isposinf",
        "kron",
        "lcm",
        "ldexp",
        "left_shift",
        "less",
        "less_equal",
        "lexsort",
        "log",
        "log10",
        "log1p",
        "log2",
        "logaddexp",
        "logaddexp2",
        "logical_and",
        "logical_not",
        "logical_or",
        "logical_xor",
        "matmul",
        "matrix_transpose",
        "matvec",
        "maximum",
        "median",
        "meshgrid",
        "minimum",
        "mod",
        "modf",
        "multiply",
        "nan_to_num",
        "nanargmax",
        "nanargmin",
        "nancumprod",
        "nancumsum",
        "nanmax",
        "nanmean",
        "nanmedian",
        "nanmin",
        "nanpercentile",
        "nanprod",
        "nanquantile",
        "nanstd",
        "nansum",
        "nanvar",
        "negative",
        "nextafter",
        "nonzero",
        "not_equal",
        "ones_like",
        "outer",
        "packbits",
        "pad",
        "partition",
        "percentile",
        "poly",
        "polyadd",
        "polyder",
        "polydiv",
        "polyfit",
        "polyint",
        "polymul",
        "polysub",
        "polyval",
        "positive",
        "pow",
        "power",
        "ptp",
        "quantile",
        "rad2deg",
        "radians",
        "ravel",
        "real_if_close",
        "reciprocal",
        "remainder",
        "require",
        "resize",
        "right_shift",
        "rint",
        "roll",
        "roots",
        "rot90",
        "setdiff1d",
        "setxor1d",
        "sign",
        "signbit",
        "sin",
        "sinc",
        "sinh",
        "sort",
        "sort_complex",
        "spacing",
        "sqrt",
        "square",
        "stack",
        "subtract",
        "tan",
        "tanh",
        "tensordot",
        "tile",
        "trace",
        "trapezoid",
        "tril",
        "trim_zeros",
        "triu",
        "true_divide",
        "trunc",
        "union1d",
        "unique",
        "unique_all",
        "unique_counts",
        "unique_inverse",
        "unique_values",
        "unpackbits",
        "unwrap",
        "vander",
        "vdot",
        "vecdot",
        "vecmat",
        "vstack",
        "where",
        "zeros_like",
    ]
)
#: NumPy submodules' functions that convert their arguments too (measured).
HOST_CONVERTING_SUBMODULES = frozenset(
    [
        "linalg.norm",
        "linalg.inv",
        "linalg.det",
        "linalg.solve",
        "linalg.eig",
        "linalg.eigh",
        "linalg.eigvals",
        "linalg.eigvalsh",
        "linalg.svd",
        "linalg.qr",
        "linalg.cholesky",
        "linalg.pinv",
        "linalg.matrix_rank",
        "linalg.lstsq",
        "linalg.slogdet",
        "linalg.matrix_power",
        "fft.fft",
        "fft.ifft",
        "fft.rfft",
        "fft.irfft",
        "fft.fft2",
        "fft.ifft2",
        "fft.fftn",
        "fft.ifftn",
        "fft.fftshift",
        "fft.ifftshift",
    ]
)
#: NumPy functions that call the array's own method (``np.sum(x)`` is ``x.sum()``).
METHOD_DISPATCHING = frozenset(
    [
        "all",
        "amax",
        "amin",
        "any",
        "argmax",
        "argmin",
        "around",
        "array_split",
        "cumprod",
        "cumsum",
        "flip",
        "hsplit",
        "imag",
        "max",
        "mean",
        "min",
        "moveaxis",
        "ndim",
        "permute_dims",
        "prod",
        "real",
        "repeat",
        "reshape",
        "rollaxis",
        "round",
        "searchsorted",
        "shape",
        "size",
        "split",
        "squeeze",
        "std",
        "sum",
        "swapaxes",
        "take_along_axis",
        "transpose",
        "unstack",
        "var",
    ]
)


def _dtype_name(parameter: str, call: str) -> Accepts:
    """A dtype parameter that refuses names NumPy does not read (``call`` gives one)."""
    example = f"import jax.numpy as jnp\n\n{call}\n"
    return Accepts(parameter, Requirement.DTYPE_NAME, "dtype-name-not-understood", example)


#: The queries of an array's shape: any array, scalar or nested list answers.
_QUERY = NoContract(
    NoContractWhy.QUERY, "any array, Python scalar or nested list: it answers for each"
)

#: jax.numpy functions computing an array from their arguments.
_ARRAY_FUNCTIONS = """
    abs absolute negative positive sign exp exp2 expm1 log log1p log2 log10 sqrt cbrt square
    reciprocal sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh asin
    acos atan asinh acosh atanh deg2rad rad2deg degrees radians floor ceil round rint trunc
    fix clip real imag conj conjugate angle nan_to_num logaddexp logaddexp2 add subtract
    multiply divide true_divide floor_divide mod remainder power float_power maximum minimum
    fmax fmin arctan2 atan2 hypot select take take_along_axis dot vdot matmul inner outer
    tensordot einsum kron cross matrix_transpose transpose swapaxes moveaxis ravel squeeze
    expand_dims concatenate concat stack hstack vstack dstack column_stack split array_split
    tile repeat roll flip fliplr flipud rot90 pad sort argsort argmax argmin max min amax amin
    sum prod mean std var median average cumsum cumprod nansum nanmean nanmax nanmin nanstd
    nanvar count_nonzero triu tril diag diagonal trace meshgrid interp searchsorted digitize
    asarray array copy astype zeros_like ones_like full_like empty_like atleast_1d atleast_2d
    atleast_3d ptp diff ediff1d convolve correlate polyval linalg.norm linalg.inv linalg.det
    linalg.solve linalg.cholesky linalg.qr linalg.svd linalg.eigh linalg.eig linalg.slogdet
    linalg.pinv linalg.matrix_power fft.fft fft.ifft fft.rfft fft.irfft fft.fft2 fft.ifft2
    fft.fftn fft.ifftn fft.fftshift fft.ifftshift heaviside sinc i0 frexp ldexp gcd lcm
    bitwise_and bitwise_or bitwise_xor bitwise_not invert left_shift right_shift signbit
    copysign nextafter spacing cumulative_sum cumulative_prod unravel_index ravel_multi_index
    broadcast_arrays block append insert delete put resize unstack permute_dims vecdot
    logsumexp
"""
_BOOL_FUNCTIONS = """
    logical_and logical_or logical_xor logical_not isnan isinf isfinite isclose isneginf
    isposinf equal not_equal less less_equal greater greater_equal allclose array_equal
    array_equiv any all isin iscomplex isreal
"""


def _where(context: ApiCallContext) -> Values:
    """``jnp.where(c, x, y)`` computes an array; ``jnp.where(c)`` is ``nonzero``."""
    if "x" in context.arguments or "y" in context.arguments:
        return one(context.interpreter.array_result(context.frame, *context.arguments.values()))
    return one(context.interpreter.array_result(context.frame, *context.arguments.values()))


def _rectangular(parameter: str, call: str) -> Accepts:
    """A nested list (or tuple) an array is made of: NumPy converts it first, and refuses one
    whose rows differ in length."""
    example = f"import jax.numpy as jnp\n\n{call}\n"
    return Accepts(parameter, Requirement.RECTANGULAR, "array-ragged-nested-sequence", example)


def _no_none(parameter: str, call: str) -> Accepts:
    """What an array is made of holds no None: jnp.array refuses a None leaf first."""
    example = f"import jax.numpy as jnp\n\n{call}\n"
    return Accepts(parameter, Requirement.NO_NONE_LEAF, "array-none-value", example)


def _as_object(context: ApiCallContext) -> ApiCallContext:
    """``asarray``'s first parameter is ``a``; ``array``'s is ``object``."""
    arguments = dict(context.arguments)
    if "a" in arguments:
        arguments["object"] = arguments.pop("a")
    return replace(context, arguments=arguments)


def _array_constructor(context: ApiCallContext) -> Values:
    """``jnp.array(x, dtype=...)``: an array of ``x``; its dtype from ``dtype`` or, for a
    literal of booleans, bool (a mask)."""
    made = context.interpreter.array_result(context.frame, context.arg("object", ()))
    dtype = _dtype(context)
    return one(Array(made.flavours, made.trace, False, dtype))


def _dtype(context: ApiCallContext) -> str | None:
    given = context.arguments.get("dtype")
    if given is not None:
        return shaping.dtype_name(given)
    values = context.arg("object", ())
    items: list[Values] = []
    for value in values:
        if isinstance(value, Tuple):
            items.extend(value.items)
        elif isinstance(value, ListValue):
            known = context.interpreter.heap.list_items(value.ref)
            if known is None:
                return None
            items.extend(known)
        elif isinstance(value, Array):
            return value.dtype
        else:
            return None
    if items and all(
        len(i) == 1 and isinstance(i[0], Const) and isinstance(i[0].value, bool) for i in items
    ):
        return "bool"
    return None


def _numpy_method_dispatch(context: ApiCallContext) -> Values:
    """``np.sum(x)`` calls ``x.sum()``: a JAX array in, a JAX array out."""
    first = context.arg("a", ())
    if any(isinstance(v, Array) for v in first):
        return one(context.interpreter.array_result(context.frame, first))
    if context.spec.name.rsplit(".", 1)[-1] in methods.NUMPY_SCALAR_METHODS:
        return ANY  # ``np.sum(a)``: a NumPy scalar, perhaps
    return one(NumpyArray())


#: NumPy's queries of an array's shape: ``np.shape(x)`` reads ``x.shape``, a tracer's too.
_NUMPY_SHAPE_QUERIES = ("shape", "ndim", "size")


#: What a shape query answers for a Python number.
_SCALAR_QUERIES: dict[str, Value] = {"shape": Tuple(()), "ndim": Const(0), "size": Const(1)}


def _numpy_shape_query(context: ApiCallContext) -> Values:
    """``np.shape(x)``, ``np.ndim(x)``, ``np.size(x)`` (and ``jnp``'s): static Python values,
    traced or not (NumPy asks the array; a tracer answers from its shape); of a known shape,
    the dimensions."""
    name = context.spec.name.rsplit(".", 1)[-1]
    found: list[Value] = []
    for value in context.arg("a", ()):
        if isinstance(value, Array) and not value.tree:
            found.extend(
                methods.attribute_of_value(context.interpreter, value, name, context.frame, None)
            )
        elif isinstance(value, Const) and isinstance(value.value, bool | int | float | complex):
            found.append(_SCALAR_QUERIES[name])  # a Python number is a 0-d array to NumPy
        else:
            found.append(Static("tuple", one(Static("int"))) if name == "shape" else Static("int"))
    return join(*(one(v) for v in found)) if found else ANY


#: NumPy functions that make a new host array from sizes and numbers.
_NUMPY_CREATION = ("zeros", "ones", "empty", "full", "arange", "linspace", "eye", "identity")


def _sized(parameter: str) -> shaping.OutputRule:
    """A host array of the shape ``parameter`` gives (``size=(3, 4)``, ``randn(3, 4)``);
    NumPy's own dtypes (float64 by default) are not JAX's, so only the shape is known.  No
    size at all makes a Python scalar, left unknown."""

    def output(call: shaping.Call) -> shaping.Output:
        shape = call.shape(parameter) if call.has(parameter) else None
        return shaping.Aval(shape, None) if shape else None

    return shaping.rule(output)


def _host_array_of_strings(context: ApiCallContext) -> Values:
    """``np.array(["a", "b"])``: a host array of NumPy's string dtype when every leaf of the
    sequence given is surely a string and no dtype is given; else a plain host array."""
    given = context.arg(context.spec.params[0], ())
    strings = not context.has("dtype") and _all_strings(given, context.interpreter.heap, 0)
    return one(NumpyArray(strings=strings))


def _all_strings(values: Values, heap: Heap, depth: int) -> bool:
    """Whether ``values`` is surely a non-empty (nested) tuple or list of strings only."""
    if not values or depth > 3:
        return False
    for value in values:
        if isinstance(value, Tuple):
            items: tuple[Values, ...] | None = value.items
        elif isinstance(value, ListValue):
            items = heap.list_items(value.ref)
        else:
            return False
        if not items:
            return False
        for item in items:
            leaves_are_strings = all(
                isinstance(v, Const) and isinstance(v.value, str) for v in item
            )
            if item and leaves_are_strings:
                continue
            if not _all_strings(item, heap, depth + 1):
                return False
    return True


def _shape_only(rule: shaping.OutputRule) -> shaping.OutputRule:
    """``rule``'s shape, or nothing where it finds an error (NumPy raises its own)."""

    def shape(context: ApiCallContext) -> shaping.Output:
        outcome = rule(context)
        return None if isinstance(outcome, shaping.Mismatch) else outcome

    return shape


@dataclass(frozen=True)
class _HostMaker:
    """A NumPy function that makes a host array whose shape a rule works out: the jnp rule of
    the same name (the shape is the same; the dtype is NumPy's and not kept), or a size."""

    params: tuple[str, ...]
    output: shaping.OutputRule
    #: The parameters whose tracers NumPy refuses to convert (when JAX's would not be).
    converts: tuple[str, ...] = ()
    variadic: str | None = None


_HOST_MAKERS = {
    "zeros": _HostMaker(("shape", "dtype"), shaping.creation()),
    "ones": _HostMaker(("shape", "dtype"), shaping.creation()),
    "empty": _HostMaker(("shape", "dtype"), shaping.creation()),
    "full": _HostMaker(("shape", "fill_value", "dtype"), shaping.full()),
    "arange": _HostMaker(
        ("start", "stop", "step", "dtype"), shaping.arange(), ("start", "stop", "step")
    ),
    "linspace": _HostMaker(
        ("start", "stop", "num", "endpoint", "retstep", "dtype", "axis"),
        shaping.linspace(),
        ("start", "stop"),
    ),
    "eye": _HostMaker(("N", "M", "k", "dtype"), shaping.eye()),
    "identity": _HostMaker(("n", "dtype"), shaping.identity()),
    "array": _HostMaker(
        ("object", "dtype", "copy", "order", "ndmin"), shaping.array_constructor(), ("object",)
    ),
    "asarray": _HostMaker(("a", "dtype", "order", "copy"), shaping.array_constructor("a"), ("a",)),
    # NumPy's shape functions give the shape ``jax.numpy``'s do (its errors are NumPy's own:
    # where the jnp rule finds one, the shape is left unknown)
    "expand_dims": _HostMaker(("a", "axis"), _shape_only(shaping.expand_dims()), ("a",)),
    "tile": _HostMaker(("A", "reps"), _shape_only(shaping.tile()), ("A",)),
    "ravel": _HostMaker(("a", "order"), _shape_only(shaping.ravel()), ("a",)),
    "tril": _HostMaker(("m", "k"), _shape_only(shaping.same_as("m")), ("m",)),
    "triu": _HostMaker(("m", "k"), _shape_only(shaping.same_as("m")), ("m",)),
    "random.randn": _HostMaker((), _sized("d"), variadic="d"),
    "random.rand": _HostMaker((), _sized("d"), variadic="d"),
    "random.normal": _HostMaker(("loc", "scale", "size"), _sized("size")),
    "random.uniform": _HostMaker(("low", "high", "size"), _sized("size")),
    "random.standard_normal": _HostMaker(("size",), _sized("size")),
    "random.random": _HostMaker(("size",), _sized("size")),
    "random.randint": _HostMaker(("low", "high", "size", "dtype"), _sized("size")),
}


def _issubdtype(context: ApiCallContext) -> Values:
    """``jnp.issubdtype(x.dtype, jnp.integer)``: known when both dtypes are, so code that
    branches on a dtype's kind runs only its branch."""
    dtype = shaping.dtype_of(context.arg("arg1", ()))
    category = context.arg("arg2", ())
    if dtype is not None and len(category) == 1 and isinstance(category[0], Api | Const):
        name = (
            category[0].value
            if isinstance(category[0], Const)
            else category[0].qualified.rsplit(".", 1)[-1]
        )
        found = dtypes.is_subdtype(dtype, name) if isinstance(name, str) else None
        if found is not None:
            return one(Const(found))
    return one(Static("bool"))


def _jnp(name: str, params: tuple[str, ...] = (), **extra: object) -> ApiSpec:
    return ApiSpec(f"jax.numpy.{name}", params, **extra)  # type: ignore[arg-type]


def _iinfo(context: ApiCallContext) -> Values:
    """``iinfo(dtype)``: its limits where the dtype is a sized integer one named for certain."""
    return methods.iinfo_of(context.arguments.get("int_type", ANY))


_CREATION = (
    _jnp(
        "zeros",
        ("shape", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("shape",),
        output=shaping.creation(),
        note="A new array of zeros; its shape must be static (Python ints) under a trace.",
    ),
    _jnp(
        "ones",
        ("shape", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("shape",),
        output=shaping.creation(),
    ),
    _jnp(
        "empty",
        ("shape", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("shape",),
        output=shaping.creation(),
    ),
    _jnp(
        "full",
        ("shape", "fill_value", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("shape",),
        output=shaping.full(),
    ),
    _jnp(
        "arange",
        ("start", "stop", "step", "dtype"),
        result=Result.NEW_ARRAY,
        concrete=("start", "stop", "step"),
        output=shaping.arange(),
        note="A range of numbers; its bounds must be concrete under a trace (use lax.iota, or "
        "make the bound static).",
    ),
    _jnp(
        "linspace",
        ("start", "stop", "num", "endpoint", "retstep", "dtype", "axis"),
        result=Result.NEW_ARRAY,
        concrete=("num",),
        output=shaping.linspace(),
    ),
    # their sizes are a shape (JAX raises the shape TypeError, not a ConcretizationTypeError)
    _jnp(
        "eye",
        ("N", "M", "k", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("N", "M"),
        output=shaping.eye(),
    ),
    _jnp(
        "identity",
        ("n", "dtype"),
        result=Result.NEW_ARRAY,
        shapes=("n",),
        output=shaping.identity(),
    ),
    _jnp("tri", ("N", "M", "k", "dtype"), result=Result.NEW_ARRAY, shapes=("N", "M")),
    _jnp(
        "reshape",
        ("a", "shape"),
        result=Result.ARRAY,
        shapes=("shape",),
        output=shaping.reshape(),
        note="Reshapes an array; the new shape must be static under a trace.",
    ),
    _jnp(
        "broadcast_to",
        ("array", "shape"),
        result=Result.ARRAY,
        shapes=("shape",),
        output=shaping.broadcast_to(),
    ),
    _jnp(
        "where",
        ("condition", "x", "y"),
        behaviour=_where,
        output=shaping.where(),
        checks=(SizedByValues(("condition",), other_form=("x", "y")),),
        note="Elementwise choice between two arrays (the traced-friendly `if`).",
    ),
    _jnp(
        "array",
        ("object", "dtype", "copy", "order", "ndmin"),
        behaviour=_array_constructor,
        output=shaping.array_constructor(),
        accepts=(
            _no_none("object", "jnp.array([1.0, None])"),
            _rectangular("object", "jnp.array([[1, 2], [3]])"),
        ),
    ),
    _jnp(
        "asarray",
        ("a", "dtype", "order", "copy"),
        behaviour=lambda c: _array_constructor(_as_object(c)),
        output=shaping.array_constructor("a"),
        accepts=(
            _no_none("a", "jnp.asarray([1.0, None])"),
            _rectangular("a", "jnp.asarray([[1.0, 2.0], [3.0]])"),
        ),
    ),
    _jnp(
        "shape",
        ("a",),
        result=Result.STATIC,
        static_type="tuple",
        no_contract=_QUERY,
        behaviour=_numpy_shape_query,
    ),
    _jnp(
        "ndim",
        ("a",),
        result=Result.STATIC,
        static_type="int",
        no_contract=_QUERY,
        behaviour=_numpy_shape_query,
    ),
    _jnp(
        "size",
        ("a",),
        result=Result.STATIC,
        static_type="int",
        no_contract=_QUERY,
        behaviour=_numpy_shape_query,
    ),
    _jnp(
        "result_type",
        variadic="arrays_and_dtypes",
        result=Result.STATIC,
        static_type="dtype",
        accepts=(_dtype_name("arrays_and_dtypes", 'jnp.result_type(jnp.ones(3), "f32")'),),
    ),
    _jnp(
        "dtype",
        ("obj", "align", "copy"),
        result=Result.STATIC,
        static_type="dtype",
        accepts=(_dtype_name("obj", 'jnp.dtype("f32")'),),
    ),
    _jnp(
        "issubdtype",
        ("arg1", "arg2"),
        behaviour=_issubdtype,
        accepts=(
            _dtype_name("arg1", 'jnp.issubdtype("floating32", jnp.floating)'),
            _dtype_name("arg2", 'jnp.issubdtype(jnp.float32, "floating32")'),
        ),
    ),
    _jnp(
        "broadcast_shapes",
        (),
        variadic="shapes",
        behaviour=shaping.broadcast_shapes_value,
        output=shaping.broadcast_shapes(),
    ),
    _jnp(
        "finfo",
        ("dtype",),
        result=Result.STATIC,
        static_type="finfo",
        accepts=(
            Accepts(
                "dtype",
                Requirement.INEXACT_DTYPE,
                "finfo-integer-dtype",
                "import jax.numpy as jnp\n\n\ndef safe_log(x):\n"
                "    return jnp.log(jnp.maximum(x, jnp.finfo(x.dtype).tiny))\n\n\n"
                "safe_log(jnp.arange(3))\n",
            ),
        ),
    ),
    _jnp(
        "iinfo",
        ("int_type",),
        result=Result.STATIC,
        static_type="iinfo",
        behaviour=_iinfo,
    ),
    ApiSpec(
        "numpy.iinfo",
        ("int_type",),
        result=Result.STATIC,
        static_type="iinfo",
        behaviour=_iinfo,
    ),
)


#: Elementwise functions of one array, by how their result's dtype follows from it.
_UNARY = {
    shaping.first_dtype: """
        negative positive sign square floor ceil trunc conj conjugate bitwise_not invert
        bitwise_invert
    """,
    shaping.real_part: "abs absolute real imag",
    shaping.strong(shaping.first_dtype): "nan_to_num",
    shaping.inexact: """
        exp exp2 expm1 log log1p log2 sqrt cbrt sin cos tan arcsin arccos arctan sinh cosh
        tanh arcsinh arccosh arctanh asin acos atan asinh acosh atanh deg2rad rad2deg degrees
        radians sinc i0 angle rint
    """,
    shaping.strong(shaping.inexact): "log10",
    shaping.boolean: "isnan isfinite logical_not",
    shaping.strong(shaping.boolean): "isinf signbit isneginf isposinf",
}
#: Those whose lax primitive takes floats only: a complex argument raises.
_REAL_ONLY = frozenset({"floor", "ceil", "cbrt"})
#: Elementwise functions of two arrays (broadcast), likewise.
_BINARY = {
    shaping.promoted: """
        add subtract multiply floor_divide mod remainder power pow maximum minimum fmax fmin
        bitwise_and bitwise_or bitwise_xor left_shift right_shift gcd lcm nextafter
        heaviside
    """,
    shaping.inexact: """
        divide true_divide arctan2 atan2 hypot logaddexp float_power copysign
    """,
    shaping.strong(shaping.inexact): "logaddexp2",
    shaping.boolean: "equal not_equal less less_equal greater greater_equal",
    shaping.strong(shaping.boolean): "logical_and logical_or logical_xor isclose",
}
#: ``jnp.fft``'s transforms: what each computes, and how many axes (None: N-D).
_FFTS = {
    **{n: ("complex", 1) for n in ("fft", "ifft")},
    **{n: ("complex", 2) for n in ("fft2", "ifft2")},
    **{n: ("complex", None) for n in ("fftn", "ifftn")},
    **{n: ("real-to-complex", 1) for n in ("rfft", "ihfft")},
    "rfft2": ("real-to-complex", 2),
    "rfftn": ("real-to-complex", None),
    **{n: ("complex-to-real", 1) for n in ("irfft", "hfft")},
    "irfft2": ("complex-to-real", 2),
    "irfftn": ("complex-to-real", None),
}
_FFT_PARAMS: dict[int | None, tuple[str, ...]] = {
    1: ("a", "n", "axis", "norm"),
    2: ("a", "s", "axes", "norm"),
    None: ("a", "s", "axes", "norm"),
}
_REDUCING = ("a", "axis", "dtype", "out", "keepdims")
_SELECTING = ("a", "axis", "out", "keepdims")


def _shaped(
    name: str,
    params: tuple[str, ...],
    output: shaping.OutputRule,
    axes: tuple[AxisParameter, ...] = (),
) -> ApiSpec:
    return _jnp(name, params, result=Result.ARRAY, output=output, axis_parameters=axes)


def _axis(array: str = "a", parameter: str = "axis", **extra: object) -> tuple[AxisParameter]:
    return (AxisParameter(parameter, array, **extra),)  # type: ignore[arg-type]


_SHAPED = (
    *(
        replace(
            _shaped(name, ("x",), shaping.same_as("x", dtype)),
            accepts=(real_input(f"jnp.{name}"),) if name in _REAL_ONLY else (),
        )
        for dtype, names in _UNARY.items()
        for name in names.split()
    ),
    *(
        _shaped(name, ("x", "y"), shaping.elementwise("x", "y", dtype=dtype))
        for dtype, names in _BINARY.items()
        for name in names.split()
    ),
    _shaped("clip", ("arr", "min", "max"), shaping.same_as("arr")),
    _shaped("round", ("a", "decimals", "out"), shaping.same_as("a")),
    _shaped("around", ("a", "decimals", "out"), shaping.same_as("a")),
    *(
        _shaped(n, _REDUCING, shaping.reduction(dtype=shaping.summed), _axis())
        for n in ("sum", "prod", "nansum", "nanprod")
    ),
    *(
        _shaped(n, _REDUCING, shaping.reduction(dtype=shaping.inexact), _axis())
        for n in ("mean", "nanmean")
    ),
    *(
        _shaped(
            n,
            ("a", "axis", "dtype", "out", "ddof", "keepdims"),
            shaping.reduction(dtype=shaping.inexact),
            _axis(),
        )
        for n in ("std", "var", "nanstd", "nanvar")
    ),
    *(
        _shaped(n, _SELECTING, shaping.reduction(), _axis())
        for n in ("max", "min", "amax", "amin", "nanmax", "nanmin", "ptp")
    ),
    *(
        _shaped(n, _SELECTING, shaping.reduction(dtype=shaping.boolean), _axis())
        for n in ("any", "all")
    ),
    *(
        _shaped(n, _SELECTING, shaping.reduction(dtype=shaping.integer), _axis())
        for n in ("argmax", "argmin", "nanargmax", "nanargmin")
    ),
    _shaped(
        "count_nonzero",
        ("a", "axis", "keepdims"),
        shaping.reduction(dtype=shaping.integer),
        _axis(),
    ),
    _shaped(
        "median",
        ("a", "axis", "out", "overwrite_input", "keepdims"),
        shaping.reduction(dtype=shaping.inexact),
        _axis(),
    ),
    _shaped(
        "average",
        ("a", "axis", "weights", "returned", "keepdims"),
        shaping.reduction(dtype=shaping.inexact),
        _axis(),
    ),
    _shaped(
        "linalg.norm",
        ("x", "ord", "axis", "keepdims"),
        shaping.reduction("x", dtype=shaping.inexact),
        _axis("x"),
    ),
    *(
        _shaped(n, ("a", "axis", "dtype", "out"), shaping.cumulative(), _axis())
        for n in ("cumsum", "cumprod", "nancumsum", "nancumprod")
    ),
    _shaped(
        "matmul",
        ("a", "b", "precision", "preferred_element_type", "out_sharding"),
        shaping.matmul(),
    ),
    _shaped(
        "dot", ("a", "b", "precision", "preferred_element_type", "out_sharding"), shaping.dot()
    ),
    _shaped("vdot", ("a", "b"), shaping.vdot()),
    _shaped("inner", ("a", "b"), shaping.inner()),
    _shaped("outer", ("a", "b"), shaping.outer()),
    _shaped(
        "tensordot",
        ("a", "b", "axes", "precision", "preferred_element_type", "out_sharding"),
        shaping.tensordot(),
    ),
    _jnp(
        "einsum",
        ("subscripts",),
        variadic="operands",
        result=Result.ARRAY,
        output=shaping.einsum(),
    ),
    _shaped("ravel", ("a", "order"), shaping.ravel()),
    _shaped("transpose", ("a", "axes"), shaping.transpose(), _axis(parameter="axes")),
    _shaped("permute_dims", ("a", "axes"), shaping.transpose(), _axis(parameter="axes")),
    _shaped("matrix_transpose", ("x",), shaping.matrix_transpose()),
    _shaped(
        "swapaxes",
        ("a", "axis1", "axis2"),
        shaping.swapaxes(),
        (*_axis(parameter="axis1"), *_axis(parameter="axis2")),
    ),
    _shaped(
        "moveaxis",
        ("a", "source", "destination"),
        shaping.moveaxis(),
        (*_axis(parameter="source"), *_axis(parameter="destination")),
    ),
    _shaped("expand_dims", ("a", "axis"), shaping.expand_dims(), _axis(each_adds=True)),
    _shaped("squeeze", ("a", "axis"), shaping.squeeze(), _axis()),
    *(
        _shaped(
            n,
            params,
            shaping.concatenate(),
            _axis("arrays", sequence=True, least_rank=1),
        )
        for n, params in (
            ("concatenate", ("arrays", "axis", "dtype")),
            ("concat", ("arrays", "axis")),
        )
    ),
    _shaped(
        "stack",
        ("arrays", "axis", "out", "dtype"),
        shaping.stack(),
        _axis("arrays", sequence=True, added=1),
    ),
    *(
        _shaped(n, ("tup", "dtype"), shaping.stacked(n))
        for n in ("hstack", "vstack", "dstack", "column_stack")
    ),
    replace(
        _shaped("tile", ("A", "reps"), shaping.tile()),
        accepts=(
            Accepts(
                "reps",
                Requirement.STATIC_PARAMETER,
                "random-split-traced-count",
                "import jax\nimport jax.numpy as jnp\n\n"
                "jax.jit(lambda n: jnp.tile(jnp.ones(3), n))(2)\n",
            ),
        ),
    ),
    _jnp(
        "repeat",
        ("a", "repeats", "axis"),
        result=Result.ARRAY,
        output=shaping.repeat(),
        # a 0-d array is never checked against the axis: JAX fills a vector with it
        axis_parameters=_axis(least_rank=1),
        checks=(SizedByValues(("repeats",), "total_repeat_length", constants_traced=False),),
    ),
    # its widths must be concrete (JAX reads them as ints: a traced one raises
    # ConcretizationTypeError)
    replace(_shaped("pad", ("array", "pad_width", "mode"), shaping.pad()), concrete=("pad_width",)),
    *(_shaped(n, ("m", "k"), shaping.same_as("m")) for n in ("triu", "tril")),
    _shaped("flip", ("m", "axis"), shaping.same_as("m"), _axis("m")),
    *(_shaped(n, ("m",), shaping.same_as("m")) for n in ("fliplr", "flipud")),
    _shaped("roll", ("a", "shift", "axis"), shaping.same_as("a"), _axis()),
    _shaped("sort", ("a", "axis"), shaping.same_as("a"), _axis()),
    _shaped("argsort", ("a", "axis"), shaping.same_as("a", shaping.integer), _axis()),
    _shaped("astype", ("x", "dtype"), shaping.cast("x", "dtype")),
    *(
        replace(_shaped(n, ("a", "dtype", "shape"), shaping.like("a")), shape_only=("a",))
        for n in ("zeros_like", "ones_like", "empty_like")
    ),
    replace(
        _shaped("full_like", ("a", "fill_value", "dtype", "shape"), shaping.like("a")),
        shape_only=("a",),
    ),
    _shaped("diag", ("v", "k"), shaping.diag()),
    _shaped("diagonal", ("a", "offset", "axis1", "axis2"), shaping.diagonal()),
    _shaped("linalg.solve", ("a", "b"), shaping.linalg_solve()),
    _shaped("cross", ("a", "b", "axisa", "axisb", "axisc", "axis"), shaping.cross()),
    *(
        _shaped(f"fft.{name}", params, shaping.fft(kind, count))
        for name, (kind, count) in _FFTS.items()
        for params in (_FFT_PARAMS[count],)
    ),
    *(_shaped(f"fft.{n}", ("x", "axes"), shaping.same_as("x")) for n in ("fftshift", "ifftshift")),
    _shaped("fft.fftfreq", ("n", "d", "dtype", "device"), shaping.fft_frequencies(real=False)),
    _shaped("fft.rfftfreq", ("n", "d", "dtype", "device"), shaping.fft_frequencies(real=True)),
    _shaped("atleast_1d", ("x",), shaping.at_least(1)),
    _shaped("atleast_2d", ("x",), shaping.at_least(2)),
)


def _array_list(context: ApiCallContext) -> Values:
    """``jnp.split`` and its kin return a Python list of arrays (its items can be rebound);
    ``split`` into equal sections gives that many parts of a known shape."""
    interpreter = context.interpreter
    element = interpreter.array_result(context.frame, *context.arguments.values())
    ref = interpreter.ref_at(context.site, context.frame, "list")
    parts = (
        shaping.split_shapes(shaping.Call(context), "ary")
        if context.spec.name in ("jax.numpy.split", "jax.numpy.array_split")
        else None
    )
    if parts is None:
        interpreter.heap.set_list(ref, None, one(element))
    else:
        aval, count = parts
        part = one(element.with_aval(aval.shape, aval.dtype, aval.weak, aval.origin))
        interpreter.heap.set_list(ref, tuple(part for _ in range(count)), part)
    return one(ListValue(ref))


def _array_tuple(size: int) -> Callable[[ApiCallContext], Values]:
    """Decompositions that return a fixed-size tuple of arrays (``q, r = jnp.linalg.qr(a)``)."""

    def behaviour(context: ApiCallContext) -> Values:
        element = context.interpreter.array_result(context.frame, *context.arguments.values())
        return one(Tuple(tuple(one(element) for _ in range(size))))

    return behaviour


_LISTS = ("hsplit", "vsplit", "dsplit", "meshgrid", "broadcast_arrays")
_TUPLES = {"linalg.qr": 2, "linalg.eigh": 2, "linalg.eig": 2, "linalg.slogdet": 2, "frexp": 2}
_MULTIPLE = (
    *(_jnp(name, ("a",), variadic="args", behaviour=_array_list) for name in _LISTS),
    *(
        _jnp(
            name,
            ("ary", "indices_or_sections", "axis"),
            behaviour=_array_list,
            axis_parameters=_axis("ary"),
            concrete=("indices_or_sections",),
        )
        for name in ("split", "array_split")
    ),
    *(
        _jnp(name, ("a",), variadic="args", behaviour=_array_tuple(size))
        for name, size in _TUPLES.items()
    ),
)


def _sized_by_values(
    name: str,
    params: tuple[str, ...],
    operands: tuple[str, ...],
    size: str = "size",
    result: Result = Result.ARRAY,
) -> ApiSpec:
    return _jnp(name, params, result=result, checks=(SizedByValues(operands, size),))


#: Results whose size the values decide: a traced operand needs ``size=`` (or its like).
#: Those that return a tuple (or one with options) are not modelled further.
_SIZED_BY_VALUES = (
    _sized_by_values("nonzero", ("a",), ("a",), result=Result.UNKNOWN),
    _sized_by_values("flatnonzero", ("a",), ("a",)),
    _sized_by_values("argwhere", ("a",), ("a",)),
    _sized_by_values(
        "unique",
        ("ar", "return_index", "return_inverse", "return_counts", "axis"),
        ("ar",),
        result=Result.UNKNOWN,
    ),
    _sized_by_values("unique_values", ("x",), ("x",)),
    *(
        _sized_by_values(name, ("x",), ("x",), result=Result.UNKNOWN)
        for name in ("unique_counts", "unique_inverse", "unique_all")
    ),
    _sized_by_values("union1d", ("ar1", "ar2"), ("ar1", "ar2")),
    _sized_by_values("setdiff1d", ("ar1", "ar2", "assume_unique"), ("ar1", "ar2")),
    _sized_by_values("setxor1d", ("ar1", "ar2", "assume_unique"), ("ar1", "ar2")),
    _sized_by_values(
        "intersect1d",
        ("ar1", "ar2", "assume_unique", "return_indices"),
        ("ar1", "ar2"),
        result=Result.UNKNOWN,
    ),
    _sized_by_values("extract", ("condition", "arr"), ("condition",)),
    _sized_by_values("compress", ("condition", "a", "axis"), ("condition",)),
    _sized_by_values("bincount", ("x", "weights", "minlength"), ("x",), size="length"),
)
_DEFINED = {
    spec.name.removeprefix("jax.numpy.")
    for spec in (*_CREATION, *_MULTIPLE, *_SHAPED, *_SIZED_BY_VALUES)
}


def _scalar_type(name: str) -> ApiSpec:
    dtype = dtypes.canonical(name) or name

    def behaviour(context: ApiCallContext) -> Values:
        made = context.interpreter.array_result(context.frame, context.arg("x", ()))
        if made.flavours is None and not context.frame.open_context:
            made = context.interpreter.new_array(context.frame)
        return one(Array(made.flavours, made.trace, False, dtype))

    return _jnp(
        name, ("x",), behaviour=behaviour, output=shaping.same_as("x", shaping.fixed(dtype))
    )


_MODELS: tuple[ApiSpec, ...] = (
    *_CREATION,
    *_MULTIPLE,
    *_SHAPED,
    *_SIZED_BY_VALUES,
    # the scalar types make a (0-d) array when called: ``jnp.int32(1)``
    *(_scalar_type(name) for name in sorted(dtypes.SCALAR_TYPES)),
    *(
        _jnp(name, ("a",), variadic="args", result=Result.ARRAY)
        for name in dict.fromkeys(_ARRAY_FUNCTIONS.split())
        if name not in _DEFINED and name not in _BOOL_FUNCTIONS.split()
    ),
    *(
        _jnp(name, ("a",), variadic="args", result=Result.BOOL_ARRAY)
        for name in dict.fromkeys(_BOOL_FUNCTIONS.split())
        if name not in _DEFINED
    ),
    *(
        ApiSpec(
            f"numpy.{name}",
            variadic="args",
            result=Result.NUMPY,
            host_converts=("args",),
        )
        for name in sorted(HOST_CONVERTING | HOST_CONVERTING_SUBMODULES)
        if name not in _HOST_MAKERS
    ),
    *(
        ApiSpec(f"numpy.{name}", variadic="args", result=Result.NUMPY)
        for name in _NUMPY_CREATION
        if name not in HOST_CONVERTING and name not in _HOST_MAKERS
    ),
    *(
        ApiSpec(
            f"numpy.{name}",
            maker.params,
            variadic=maker.variadic,
            result=Result.NUMPY,
            output=maker.output,
            host_converts=maker.converts if name in HOST_CONVERTING else (),
            behaviour=_host_array_of_strings if name in ("array", "asarray") else None,
        )
        for name, maker in _HOST_MAKERS.items()
    ),
    *(
        ApiSpec(f"numpy.{name}", ("a",), variadic="args", behaviour=_numpy_method_dispatch)
        for name in sorted(METHOD_DISPATCHING)
        if name not in _NUMPY_SHAPE_QUERIES
    ),
    *(
        ApiSpec(f"numpy.{name}", ("a",), behaviour=_numpy_shape_query)
        for name in _NUMPY_SHAPE_QUERIES
    ),
)

#: The functions that refuse a Python list or tuple as their first argument, with TypeError
#: "<name> requires ndarray or scalar arguments" (measured on the pinned JAX: each called with
#: a list of numbers, a list of arrays and a tuple of numbers first, and arrays for the other
#: arguments it needs; NumPy converts all three).
_REFUSING_SEQUENCES = """
    abs absolute acos acosh add all allclose amax amin angle any append arccos arccosh
    arcsin arcsinh arctan arctan2 arctanh argmax argmin argsort argwhere around array_split
    asin asinh astype atan atan2 atanh atleast_1d atleast_2d atleast_3d bincount bitwise_and
    bitwise_count bitwise_invert bitwise_left_shift bitwise_not bitwise_or
    bitwise_right_shift bitwise_xor broadcast_arrays broadcast_to cbrt ceil choose clip
    compress conj conjugate convolve copy copysign corrcoef correlate cos cosh count_nonzero
    cov cross cumprod cumsum cumulative_prod cumulative_sum deg2rad degrees delete diag
    diag_indices_from diagflat diagonal diff digitize divide divmod dot dsplit ediff1d
    empty_like equal exp exp2 expand_dims expm1 extract fabs flatnonzero flip fliplr flipud
    float_power floor floor_divide fmax fmin fmod frexp full_like gcd greater greater_equal
    heaviside histogram histogram2d histogram_bin_edges histogramdd hsplit hypot i0 imag
    inner insert interp intersect1d invert isclose iscomplex isfinite isin isinf isnan
    isneginf isposinf isreal ix_ kron lcm ldexp left_shift less less_equal linspace log
    log10 log1p log2 logaddexp logaddexp2 logical_and logical_not logical_or logical_xor
    matmul matrix_transpose matvec max maximum mean median meshgrid min minimum minmax mod
    modf moveaxis multiply nan_to_num nanargmax nanargmin nancumprod nancumsum nanmax
    nanmean nanmedian nanmin nanpercentile nanprod nanquantile nanstd nansum nanvar negative
    nextafter nonzero not_equal ones_like outer packbits pad percentile permute_dims
    piecewise place poly polyadd polyder polydiv polyint polymul polysub polyval positive
    pow power prod ptp quantile rad2deg radians ravel real reciprocal remainder repeat
    reshape right_shift rint roll roots rot90 round searchsorted setdiff1d setxor1d sign
    signbit sin sinc sinh sort sort_complex spacing split sqrt square squeeze std subtract
    sum take take_along_axis tan tanh tensordot tile trace transpose trapezoid tril
    tril_indices_from trim_zeros triu triu_indices_from true_divide trunc union1d unique
    unique_all unique_counts unique_inverse unique_values unpackbits unravel_index unstack
    unwrap vander var vdot vecdot vecmat vsplit where zeros_like
"""
REFUSING_SEQUENCES = frozenset(_REFUSING_SEQUENCES.split())
#: The later positional parameters (by position) that refuse a Python list, tuple or dict the
#: same way ("... got <class 'list'> at position 1"): measured on the pinned JAX by calling each
#: public function with a list at each of its first four positional parameters and arrays at
#: the others (a dict is refused at each of these, and at each first parameter above, alike).
_REFUSING_LATER = """
    add:1 allclose:1 arange:0,1,2 arctan2:1 atan2:1 atleast_1d:1 atleast_2d:1 atleast_3d:1
    bitwise_and:1 bitwise_left_shift:1 bitwise_or:1 bitwise_right_shift:1 bitwise_xor:1
    broadcast_arrays:1 compress:1 convolve:1 copysign:1 corrcoef:1 correlate:1 cov:1 cross:1
    delete:1 digitize:1 divide:1 divmod:1 dot:1 equal:1 extract:1 float_power:1
    floor_divide:1 fmax:1 fmin:1 fmod:1 full_like:1 gcd:1 greater:1 greater_equal:1
    heaviside:1 histogram:1 histogram2d:1 histogram_bin_edges:1 hypot:1 inner:1 insert:1,2
    interp:1,2 intersect1d:1 isclose:1 isin:1 kron:1 lcm:1 ldexp:1 left_shift:1 less:1
    less_equal:1 linspace:1 logaddexp:1 logaddexp2:1 logical_and:1 logical_or:1
    logical_xor:1 matmul:1 matvec:1 maximum:1 minimum:1 mod:1 multiply:1 nanpercentile:1
    nanquantile:1 nextafter:1 not_equal:1 outer:1 percentile:1 place:1,2 polyadd:1 polydiv:1
    polymul:1 polysub:1 polyval:1 pow:1 power:1 quantile:1 remainder:1 repeat:1
    right_shift:1 searchsorted:1 setdiff1d:1 setxor1d:1 subtract:1 take:1 take_along_axis:1
    tensordot:1 trapezoid:1 true_divide:1 union1d:1 vdot:1 vecdot:1 vecmat:1 where:1,2
"""
REFUSING_LATER: dict[str, tuple[int, ...]] = {
    name: tuple(int(position) for position in positions.split(","))
    for name, _, positions in (entry.partition(":") for entry in _REFUSING_LATER.split())
}
#: The functions that take a sequence of arrays and refuse a list or tuple as one of its items
#: (measured the same way: ``jnp.concatenate([[], [1]])``).
REFUSING_SEQUENCE_ITEMS = frozenset(
    {"concatenate", "concat", "stack", "hstack", "vstack", "dstack", "column_stack"}
)
#: The constructors that convert their first argument with the default integer type when
#: given no dtype (an int past int64 overflows: ``jaxlsp.apis.int_range``).
_CONSTRUCTORS = frozenset({"array", "asarray"})


def _refusing_sequences(spec: ApiSpec) -> ApiSpec:
    """``spec`` with the checks of its first parameter (or its items), and of the later ones
    ``REFUSING_LATER`` names, where JAX refuses a Python list, tuple or dict there."""
    name = spec.name.removeprefix("jax.numpy.")
    if name == spec.name or not spec.params:
        return spec
    checks: list[ArrayLikeArgument | IntOperand] = []
    if name in REFUSING_SEQUENCES:
        checks.append(ArrayLikeArgument(spec.params[0]))
        if f"{name}:0" not in NOT_CONVERTED:
            checks.append(IntOperand(spec.params[0]))
    elif name in REFUSING_SEQUENCE_ITEMS:
        checks.append(ArrayLikeArgument(spec.params[0], items=True))
    elif name in _CONSTRUCTORS:
        checks.append(IntOperand(spec.params[0], unless="dtype"))
    for position in REFUSING_LATER.get(name, ()):
        if position < len(spec.params):
            checks.append(ArrayLikeArgument(spec.params[position]))
            if f"{name}:{position}" not in NOT_CONVERTED:
                checks.append(IntOperand(spec.params[position]))
        elif spec.variadic is not None:
            later = position - len(spec.params)
            checks.append(ArrayLikeArgument(spec.variadic, item=later))
    if not checks:
        return spec
    return replace(spec, checks=(*spec.checks, *dict.fromkeys(checks)))


SPECS: tuple[ApiSpec, ...] = tuple(_refusing_sequences(spec) for spec in _MODELS)
