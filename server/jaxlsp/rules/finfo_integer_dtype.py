"""``jnp.finfo(x.dtype)`` of an integer (or boolean) dtype: integers have no epsilon, so
NumPy's finfo refuses them. So does Haiku's ``hk.Linear`` called under ``init`` on an integer
input with its default ``w_init`` (a truncated normal of the input's dtype reads finfo of it:
``jaxlsp.apis.haiku_api``).

The contract is in the API models (``Requirement.INEXACT_DTYPE`` on ``jnp.finfo``'s dtype);
reported when the dtype (a name, ``jnp.int32``, ``x.dtype`` of an array of known dtype, or the
array itself) is surely an integer or boolean one.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class FinfoIntegerDtype(ArgumentRule):
    NAME = "finfo-integer-dtype"
    CODE = "finfo-integer-dtype"
    RECORD_ID = "e827cf4d927d6666"
    KIND = "not-inexact-dtype"

    VALID = (
        """
import jax.numpy as jnp

def safe_log(x):
    return jnp.log(jnp.maximum(x, jnp.finfo(x.dtype).tiny))

safe_log(jnp.ones(3))
biggest = jnp.iinfo(jnp.int32).max
eps = jnp.finfo(float).eps
""",
        """
import haiku as hk
import jax
import jax.numpy as jnp

edges = jnp.array([[1], [2]], dtype=jnp.int32)
net = hk.transform(lambda x: hk.Linear(8)(x.astype(jnp.float32)))
params = net.init(jax.random.PRNGKey(0), edges)
out = net.apply(params, None, edges)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def safe_log(x):
    return jnp.log(jnp.maximum(x, jnp.finfo(x.dtype).tiny))  # expect: finfo-integer-dtype

safe_log(jnp.arange(3))
""",
        """
import jax.numpy as jnp

limit = jnp.finfo(jnp.int32).max  # expect: finfo-integer-dtype
""",
        """
import haiku as hk
import jax
import jax.numpy as jnp

edges = jnp.array([[1], [2]], dtype=jnp.int32)
net = hk.transform(lambda x: hk.Linear(8)(x))  # expect: finfo-integer-dtype
params = net.init(jax.random.PRNGKey(0), edges)
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        if call.api.name == "haiku.Linear.__call__":
            return (
                f"`hk.Linear` is called under `init` on {violation.described}: its default "
                "weight initializer (a truncated normal of the input's dtype) reads "
                "`jnp.finfo` of it, which describes floating-point types only, so it raises "
                "ValueError. Cast the input to a float (`x.astype(jnp.float32)`), or give the "
                "layer a `w_init`."
            )
        return (
            f"`jnp.finfo` is given {violation.described}, an integer dtype: finfo describes "
            "floating-point types only, so it raises ValueError. Use `jnp.iinfo` for "
            "integers, or a floating dtype (`jnp.float32`)."
        )

    def argument_note(self, violation: Violation) -> str:
        return f"this dtype is {violation.described}"
