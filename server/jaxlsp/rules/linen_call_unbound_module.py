"""A flax Linen layer called directly by a module's own code (``nn.Dense(10)(x)`` at its top
level): a Linen module holds no parameters of its own and runs only bound to a scope, which
``init``/``apply`` (or ``bind``) give it, so calling its compact ``__call__`` unbound raises
CallCompactUnboundModuleError.

Reported for the Linen layers whose ``__call__`` is compact (``Dense``, ``Conv``, the
normalisations, ``Dropout``, the attentions) called at a module's top level, where no ``init``
or ``apply`` can be running; a call inside a function is silent (a module's method may be
calling it).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenCallUnboundModule(ShapeRule):
    NAME = "linen-call-unbound-module"
    CODE = "linen-call-unbound-module"
    RECORD_ID = "cef18f4b872747d8"
    KINDS = frozenset({"linen-unbound-call"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Initialise it and call it through `apply`: `variables = layer.init(key, x)` then "
        "`layer.apply(variables, x)` (or `layer.bind(variables)(x)`)."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

layer = nn.Dense(10)
x = jnp.ones((5, 5))
variables = layer.init(jax.random.PRNGKey(0), x)
y = layer.apply(variables, x)
bound = layer.bind(variables)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from flax import linen as nn

layer = nn.Dense(10)
y = layer(jnp.ones((5, 5)))  # expect: linen-call-unbound-module
""",
    )
