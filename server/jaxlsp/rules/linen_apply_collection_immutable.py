"""A flax Linen module applied while a layer updates a collection ``apply`` keeps immutable
(ModifyScopeVariableError): a ``BatchNorm`` in training mode without
``mutable=['batch_stats']``.  The model of ``init``/``apply`` (``jaxlsp.apis.linen_api``) runs
the module's ``__call__`` under the call and notes what each layer it surely calls needs of the
scope; this rule reports the update the call surely refuses, at the ``apply`` call.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenApplyCollectionImmutable(ShapeRule):
    NAME = "linen-apply-collection-immutable"
    CODE = "linen-apply-collection-immutable"
    RECORD_ID = "fd6c854bff6c613b"
    KINDS = frozenset({"linen-collection-immutable"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Make the collection mutable and keep what `apply` returns: `y, updates = "
        "model.apply(variables, x, mutable=['batch_stats'])`."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(4)(x)
        return nn.BatchNorm(use_running_average=not train)(x)

model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x, train=False)
y, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
z = model.apply(variables, x, train=False)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(4)(x)
        return nn.BatchNorm(use_running_average=not train)(x)

model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x, train=False)
y = model.apply(variables, x, train=True)  # expect: linen-apply-collection-immutable
""",
    )
