"""A bare function among an ``eqx.nn.Sequential``'s layers: ``Sequential([Linear(...),
jax.nn.relu, ...])``. Sequential calls each layer as ``layer(x, key=key)``, and a function that
takes no ``key`` keyword raises TypeError (``eqx.nn.Lambda`` wraps one into a layer).

The Sequential's layers are the library model's (``jaxlsp.apis.library_layers``); reported at
the Sequential's call where a layer surely is a ``jax.nn`` or ``jax.numpy`` function (each
refuses ``key=``, measured) or a ``def``/``lambda`` with neither a ``key`` parameter nor
``**kwargs``.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class EquinoxSequentialFunctionKey(ShapeRule):
    NAME = "equinox-sequential-function-key"
    CODE = "equinox-sequential-function-key"
    RECORD_ID = "af6a89da40af586b"
    KINDS = frozenset({"equinox-sequential-key"})
    NAMES_OPERANDS = False
    ADVICE = "Wrap the function in `eqx.nn.Lambda` (`eqx.nn.Lambda(jax.nn.relu)`)."

    VALID = (
        """
import equinox as eqx
import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.PRNGKey(0), 2)


def swish(x, *, key=None):
    return x * jax.nn.sigmoid(x)


model = eqx.nn.Sequential(
    [eqx.nn.Linear(4, 8, key=keys[0]), eqx.nn.Lambda(jax.nn.relu), swish,
     eqx.nn.Linear(8, 1, key=keys[1])]
)
model(jnp.ones(4))
""",
    )
    INVALID = (
        """
import equinox as eqx
import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.PRNGKey(0), 2)
model = eqx.nn.Sequential(
    [eqx.nn.Linear(4, 8, key=keys[0]), jax.nn.relu, eqx.nn.Linear(8, 1, key=keys[1])]
)
model(jnp.ones(4))  # expect: equinox-sequential-function-key
""",
        """
import equinox as eqx
import jax
import jax.numpy as jnp

model = eqx.nn.Sequential(
    [eqx.nn.Linear(4, 8, key=jax.random.PRNGKey(0)), lambda x: x * 2]
)
model(jnp.ones(4))  # expect: equinox-sequential-function-key
""",
    )
