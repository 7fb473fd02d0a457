"""A flax Linen module applied with variables that lack a collection its layers read
(ScopeCollectionNotFound): a ``BatchNorm`` model given its params only, a ``Dense`` given an
empty dict.  The model of ``init``/``apply`` (``jaxlsp.apis.linen_api``) runs the module's
``__call__`` under the call and notes what each layer it surely calls needs of the scope; this
rule reports a collection the variables surely lack, at the ``apply`` call.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenApplyCollectionMissing(ShapeRule):
    NAME = "linen-apply-collection-missing"
    CODE = "linen-apply-collection-missing"
    RECORD_ID = "7c3b2aff3fd23c7f"
    KINDS = frozenset({"linen-collection-missing"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass every collection `init` returned (`{'params': ..., 'batch_stats': ...}`), or "
        "make the missing one mutable."
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
params, stats = variables["params"], variables["batch_stats"]
y = model.apply({"params": params, "batch_stats": stats}, x, train=False)
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
params = variables["params"]
y = model.apply({"params": params}, x, train=False)  # expect: linen-apply-collection-missing
""",
    )
