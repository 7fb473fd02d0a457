"""A flax Linen module applied with a kernel ``init`` made for another shape
(ScopeParamShapeError): a model initialised on inputs of one feature size and applied to
another, a ``Conv`` of 3 features applied with the variables of one of 5.

The model of ``init``/``apply`` (``jaxlsp.apis.linen_api``) runs the module's ``__call__``
under each call and notes the kernel shape each ``Dense`` and ``Conv`` it surely calls asks
for; what ``init`` made (whole, or its ``"params"`` in a dict literal) remembers them, and
this rule reports, at the ``apply`` call, a kernel of another shape than the one held, where
both runs made the same layers in the same order (so flax named them alike).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenParamShapeMismatch(ShapeRule):
    NAME = "linen-param-shape-mismatch"
    CODE = "linen-param-shape-mismatch"
    RECORD_ID = "0f3c2374f9ad135f"
    KINDS = frozenset({"linen-param-shape"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Call `init` on an input of the feature size `apply` gets, and apply each module with "
        "the variables its own `init` made."
    )

    VALID = (
        """
import flax.linen as nn
import jax
import jax.numpy as jnp


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
y = model.apply({"params": params}, jnp.ones((4, 5)))
""",
    )
    INVALID = (
        """
import flax.linen as nn
import jax
import jax.numpy as jnp


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
y = model.apply({"params": params}, jnp.ones(3))  # expect: linen-param-shape-mismatch
""",
        """
from flax import linen as nn
from jax import random

x = random.uniform(random.PRNGKey(0), (1, 3, 3, 1))
variables = nn.Conv(features=5, kernel_size=(3, 3)).init(random.PRNGKey(1), x)
conv3 = nn.Conv(features=3, kernel_size=(3, 3))
y = conv3.apply(variables, x)  # expect: linen-param-shape-mismatch
""",
    )
