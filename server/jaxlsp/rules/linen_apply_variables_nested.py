"""The dict a flax Linen ``init`` returned, wrapped in another ``{"params": ...}`` for
``apply``: apply refuses the extra "params" layer (ApplyScopeInvalidVariablesStructureError)
before running the module.  Reported where what is given as the "params" collection is surely
what an ``init`` of a module that makes parameters returned (``jaxlsp.apis.linen_api``).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenApplyVariablesNested(ShapeRule):
    NAME = "linen-apply-variables-nested"
    CODE = "linen-apply-variables-nested"
    RECORD_ID = "92cb8ae0c582cc7e"
    KINDS = frozenset({"linen-variables-nested"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass what `init` returned as it is (`model.apply(variables, x)`), or its `'params'` "
        "entry wrapped once (`model.apply({'params': variables['params']}, x)`)."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

model = nn.Dense(3)
x = jnp.ones((2, 4))
variables = model.init(jax.random.key(0), x)
y = model.apply(variables, x)
z = model.apply({"params": variables["params"]}, x)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

model = nn.Dense(3)
x = jnp.ones((2, 4))
variables = model.init(jax.random.key(0), x)
y = model.apply({"params": variables}, x)  # expect: linen-apply-variables-nested
""",
    )
