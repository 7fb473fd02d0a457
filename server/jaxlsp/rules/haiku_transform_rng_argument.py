"""A Haiku transform's ``init``/``apply`` given something that is no rng where the rng goes:
``forward.apply(params, x)`` of an ``hk.transform`` (its rng comes second), ``apply(params,
state, "a")``.

Haiku makes an ``hk.PRNGSequence`` of the rng before it runs the function and raises
ValueError unless it is None, an int seed or a PRNG key. The pair's signature is the model's
(``jaxlsp.apis.haiku_api``: ``hk.transform``, ``hk.transform_with_state``,
``hk.without_apply_rng``); reported where the value there surely is a string, a float, a list
or dict, or an array of floats, complex numbers or bools.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class HaikuTransformRngArgument(ShapeRule):
    NAME = "haiku-transform-rng-argument"
    CODE = "haiku-transform-rng-argument"
    RECORD_ID = "31a3da4200ed470a"
    KINDS = frozenset({"haiku-rng"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass the rng (None when the network draws no random numbers): "
        "`apply(params, None, x)`, or wrap the transform with `hk.without_apply_rng`."
    )

    VALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

forward = hk.transform(lambda x: hk.Linear(2)(x))
x = jnp.ones((1, 3))
params = forward.init(jax.random.PRNGKey(0), x)
y = forward.apply(params, None, x)
z = forward.apply(params, 0, x)
plain = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
w = plain.apply(plain.init(jax.random.PRNGKey(1), x), x)
""",
    )
    INVALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

forward = hk.transform(lambda x: hk.Linear(2)(x))
x = jnp.ones((1, 3))
params = forward.init(jax.random.PRNGKey(0), x)
y = forward.apply(params, x)  # expect: haiku-transform-rng-argument
""",
        """
import haiku as hk

f = hk.transform_with_state(lambda: None)
f.apply({}, {}, "a")  # expect: haiku-transform-rng-argument
""",
    )
