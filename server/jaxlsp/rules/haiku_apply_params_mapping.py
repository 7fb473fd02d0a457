"""A Haiku transform's ``apply`` given params (or state) that is no mapping: the
``(params, state)`` pair ``init`` of an ``hk.transform_with_state`` returns, kept whole as the
params; a list or an array.

Haiku checks the params and the state are mappings (or None) first, and raises TypeError.
The pair's signature and ``init``'s result are the model's (``jaxlsp.apis.haiku_api``);
reported where the value surely is a tuple, a list, an array or a plain Python value.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class HaikuApplyParamsMapping(ShapeRule):
    NAME = "haiku-apply-params-mapping"
    CODE = "haiku-apply-params-mapping"
    RECORD_ID = "6d2af30351aa7cce"
    KINDS = frozenset({"haiku-mapping"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Unpack a stateful init's result (`params, state = model.init(rng, x)`) and pass "
        "the params mapping, then the state."
    )

    VALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

model = hk.transform_with_state(lambda x: hk.Linear(2)(x))
x = jnp.ones((4, 3))
params, state = model.init(jax.random.PRNGKey(0), x)
out, state = model.apply(params, state, None, x)
""",
    )
    INVALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

model = hk.without_apply_rng(hk.transform_with_state(lambda x: hk.Linear(2)(x)))
x = jnp.ones((4, 3))
params = model.init(jax.random.PRNGKey(0), x)
out, state = model.apply(params, {}, x)  # expect: haiku-apply-params-mapping
""",
    )
