"""``apply`` of a Haiku transform given the params its ``init`` made on inputs of another
size: ``hk.Linear`` reads back a weight whose first axis is the input size ``init`` saw, and
Haiku raises ValueError where the input ``apply`` gives it has another last axis.

The store is the model's (``jaxlsp.apis.haiku_api``: ``init`` and ``apply`` run the
transformed function); reported where both runs surely call the same ``hk.Linear`` on the
function's own straight path, on arrays whose last axes are known and differ, and the params
are surely what that pair's ``init`` returned.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class HaikuParameterShapeMismatch(ShapeRule):
    NAME = "haiku-parameter-shape-mismatch"
    CODE = "haiku-parameter-shape-mismatch"
    RECORD_ID = "666b8b77db5c7159"
    KINDS = frozenset({"haiku-parameter-shape"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Call `init` on an input of the shape `apply` gets (the same feature size), or make "
        "the params again for the new size."
    )

    VALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

net = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(30)(x)))
params = net.init(jax.random.PRNGKey(0), jnp.ones((1, 940)))
out = net.apply(params, jnp.ones((8, 940)))
other = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(30)(x)))
fresh = other.apply(other.init(jax.random.PRNGKey(1), jnp.ones((1, 5))), jnp.ones((2, 5)))
""",
    )
    INVALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp


def func(x):
    return hk.Linear(30)(x)


q = hk.without_apply_rng(hk.transform(func))
params = q.init(jax.random.PRNGKey(0), jnp.ones((1, 420)))
out = q.apply(params, jnp.ones((1, 940)))  # expect: haiku-parameter-shape-mismatch
""",
    )
