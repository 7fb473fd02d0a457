"""``jax.random``: keys, ``split``/``fold_in``, and the samplers that consume a key.

A key's ``identity`` is where it was made (and which part of a split), so the interpreter can
tell when the same key is consumed twice; ``fold_in`` derives a fresh key without consuming
its argument (measured: two ``fold_in``s of one key run under key-reuse checking).
"""

from __future__ import annotations

from dataclasses import replace

from jaxlsp.apis import shaping
from jaxlsp.apis.contracts import Accepts, Requirement
from jaxlsp.apis.spec import ApiSpec, AxisParameter
from jaxlsp.infer.interpreter import ApiCallContext
from jaxlsp.infer.shapes import Shape
from jaxlsp.infer.values import (
    Array,
    Flavour,
    Key,
    KeyArray,
    Values,
    one,
)


def _flavours(context: ApiCallContext, values: Values) -> frozenset[Flavour] | None:
    made = context.interpreter.array_result(context.frame, values)
    return made.flavours


def _typed(values: Values) -> bool:
    return any(isinstance(v, Key | KeyArray) and v.typed for v in values)


def _make_key(typed: bool) -> object:
    def behaviour(context: ApiCallContext) -> Values:
        seed = context.arg("seed")
        context.interpreter.made_key(context.site, context.frame, context.state)
        return one(Key(context.site, typed, _flavours(context, seed)))

    return behaviour


def _split(context: ApiCallContext) -> Values:
    key = context.arg("key")
    context.interpreter.made_key(context.site, context.frame, context.state)
    return one(KeyArray(context.site, _typed(key), _flavours(context, key), _split_batch(context)))


def _split_batch(context: ApiCallContext) -> Shape | None:
    """How many keys ``split`` makes: ``num`` (2 when not given) from one key; None when the
    key is not surely one key or the count is not a known int."""
    key = context.arg("key")
    if not key or not all(isinstance(v, Key) for v in key) or context.has("shape"):
        return None
    if not context.has("num"):
        return (2,)
    count = shaping.dim_of(context.arg("num"))
    return (count,) if count is not None else None


def _fold_in(context: ApiCallContext) -> Values:
    key = context.arg("key")
    context.interpreter.made_key(context.site, context.frame, context.state)
    return one(Key(context.site, _typed(key), _flavours(context, (*key, *context.arg("data")))))


def _sample(context: ApiCallContext) -> Values:
    made = context.interpreter.array_result(context.frame, *context.arguments.values())
    if made.flavours is None and not context.frame.open_context:
        made = context.interpreter.new_array(context.frame)
    return one(Array(made.flavours, made.trace))


_SAMPLER_NOTE = "Draws random numbers from a PRNG key; use each key once (split it for more)."


def _integer_seed(call: str) -> Accepts:
    """A key maker's seed must be an integer; ``call`` gives it a float."""
    return Accepts(
        "seed", Requirement.INTEGER, "random-seed-not-integer", f"import jax\n\nkey = {call}\n"
    )


def _seed_not_key(maker: str) -> Accepts:
    """A key maker's seed cannot be a key already made (a key passed where a seed goes)."""
    return Accepts(
        "seed",
        Requirement.SEED_NOT_KEY,
        "random-key-as-seed",
        f"import jax\n\nkey = jax.random.PRNGKey(0)\nkey = jax.random.{maker}(key)\n",
    )


def _sampler(
    name: str, params: tuple[str, ...], output: shaping.OutputRule | None = None
) -> ApiSpec:
    return ApiSpec(
        f"jax.random.{name}",
        ("key", *params),
        key="key",
        consumes_key=True,
        shapes=("shape",) if "shape" in params else (),
        behaviour=_sample,
        note=_SAMPLER_NOTE,
        output=output,
    )


#: Samplers of floats whose shape is ``shape`` (default ``()``).
_FLOATS = shaping.sampler()


def _permutation(call: shaping.Call) -> shaping.Output:
    """``permutation(key, n)`` is ``arange(n)`` shuffled; ``permutation(key, x)`` is ``x``'s.
    JAX takes any 0-d ``x`` for ``n``: an int whose value is not known (one of several) still
    gives a 1-D result, of unknown length."""
    n = shaping.dim_of(call.values("x"))
    aval = call.aval("x")
    if n is not None or aval.shape == ():
        return shaping.Aval((n,), "int32", False, call.origin())
    return shaping.Aval(aval.shape, aval.dtype, False, call.origin())


SAMPLERS = (
    _sampler("normal", ("shape", "dtype"), _FLOATS),
    _sampler("uniform", ("shape", "dtype", "minval", "maxval"), shaping.uniform()),
    _sampler("bernoulli", ("p", "shape"), shaping.sampler(dtype="bool", like="p")),
    replace(
        _sampler("categorical", ("logits", "axis", "shape"), shaping.categorical()),
        # NumPy's ``np.delete(logits.shape, axis)`` reads the axis: IndexError past the rank
        axis_parameters=(AxisParameter("axis", "logits"),),
    ),
    _sampler("randint", ("shape", "minval", "maxval", "dtype"), shaping.sampler(dtype="int32")),
    _sampler("permutation", ("x", "axis", "independent"), shaping.rule(_permutation)),
    replace(
        _sampler("choice", ("a", "shape", "replace", "p", "axis")),
        accepts=(
            Accepts(
                "shape",
                Requirement.SEQUENCE,
                "random-choice-shape-not-sequence",
                "import jax\n\nx = jax.random.choice(jax.random.key(0), 8, shape=3)\n",
            ),
        ),
    ),
    _sampler(
        "truncated_normal",
        ("lower", "upper", "shape", "dtype"),
        shaping.sampler(like="lower,upper"),
    ),
    _sampler("gumbel", ("shape", "dtype"), _FLOATS),
    _sampler("laplace", ("shape", "dtype"), _FLOATS),
    _sampler("logistic", ("shape", "dtype"), _FLOATS),
    _sampler("exponential", ("shape", "dtype"), _FLOATS),
    _sampler("cauchy", ("shape", "dtype"), _FLOATS),
    _sampler("gamma", ("a", "shape", "dtype"), shaping.sampler(like="a")),
    _sampler("loggamma", ("a", "shape", "dtype"), shaping.sampler(like="a")),
    _sampler("beta", ("a", "b", "shape", "dtype"), shaping.sampler(like="a,b")),
    _sampler("dirichlet", ("alpha", "shape", "dtype")),
    _sampler("poisson", ("lam", "shape", "dtype"), shaping.sampler(dtype="int32", like="lam")),
    _sampler("binomial", ("n", "p", "shape", "dtype")),
    _sampler("geometric", ("p", "shape", "dtype")),
    _sampler("multivariate_normal", ("mean", "cov", "shape", "dtype")),
    _sampler("orthogonal", ("n", "shape", "dtype")),
    _sampler("rademacher", ("shape", "dtype"), shaping.sampler(dtype="int32")),
    _sampler("bits", ("shape", "dtype"), shaping.sampler(dtype="uint32")),
    _sampler("t", ("df", "shape", "dtype"), shaping.sampler(like="df")),
    _sampler("chisquare", ("df", "shape", "dtype"), shaping.sampler(like="df")),
    _sampler("ball", ("d", "p", "shape", "dtype")),
    _sampler("maxwell", ("shape", "dtype"), _FLOATS),
    _sampler("double_sided_maxwell", ("loc", "scale", "shape", "dtype")),
    _sampler("weibull_min", ("scale", "concentration", "shape", "dtype")),
    _sampler("pareto", ("b", "shape", "dtype"), shaping.sampler(like="b")),
    _sampler("lognormal", ("sigma", "shape", "dtype"), shaping.sampler(like="sigma")),
    _sampler("triangular", ("left", "mode", "right", "shape", "dtype")),
    _sampler("generalized_normal", ("p", "shape", "dtype"), shaping.sampler(like="p")),
    _sampler("rayleigh", ("scale", "shape", "dtype"), shaping.sampler(like="scale")),
    _sampler("wald", ("mean", "shape", "dtype"), shaping.sampler(like="mean")),
    _sampler("f", ("dfnum", "dfden", "shape", "dtype"), shaping.sampler(like="dfnum,dfden")),
    _sampler("split", ("num", "shape")),
)
#: The calls that consume a key (the samplers and ``split``).
CONSUMING = frozenset(spec.name for spec in SAMPLERS)

SPECS = (
    *(s for s in SAMPLERS if s.name != "jax.random.split"),
    ApiSpec(
        "jax.random.split",
        ("key", "num", "shape"),
        key="key",
        consumes_key=True,
        behaviour=_split,
        accepts=(
            Accepts(
                "num",
                Requirement.STATIC_COUNT,
                "random-split-traced-count",
                "import jax\n\n"
                "jax.jit(lambda key, n: jax.random.split(key, n))(jax.random.key(0), 3)\n",
            ),
        ),
        note="Splits a PRNG key into new keys; the key split is used up.",
    ),
    ApiSpec(
        "jax.random.key",
        ("seed", "impl"),
        behaviour=_make_key(True),  # type: ignore[arg-type]
        accepts=(_integer_seed("jax.random.key(1e6)"), _seed_not_key("key")),
        note="A new typed PRNG key from an integer seed.",
    ),
    ApiSpec(
        "jax.random.PRNGKey",
        ("seed", "impl"),
        behaviour=_make_key(False),  # type: ignore[arg-type]
        accepts=(_integer_seed("jax.random.PRNGKey(1e6)"), _seed_not_key("PRNGKey")),
        note="A new raw (uint32) PRNG key from an integer seed.",
    ),
    ApiSpec("jax.random.wrap_key_data", ("key_bits_array", "impl"), behaviour=_make_key(True)),  # type: ignore[arg-type]
    ApiSpec(
        "jax.random.fold_in",
        ("key", "data"),
        key="key",
        behaviour=_fold_in,
        note="Derives a new key from a key and an integer; the key is not used up.",
    ),
    # clone takes a key but does not check it (an int passes through)
    ApiSpec("jax.random.clone", ("key",), behaviour=_fold_in),
    ApiSpec("jax.random.key_data", ("keys",), behaviour=_sample),
)
