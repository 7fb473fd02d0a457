"""``jnp.array`` (or ``jnp.asarray``) of None, or of lists and tuples holding a None: JAX
flattens what it is given and refuses a None leaf with ValueError before converting anything
(NumPy would make an object array; JAX has none).

The contract is in the API models (``Requirement.NO_NONE_LEAF`` on the constructors' first
parameter); reported when the value is None, or a list or tuple whose items are known down to
a None, on every path.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class ArrayNoneValue(ArgumentRule):
    NAME = "array-none-value"
    CODE = "array-none-value"
    RECORD_ID = "31c8427e87aa7fc0"
    KIND = "none-leaf"

    VALID = (
        """
import jax.numpy as jnp

values = [1.0, None, 3.0]
filled = jnp.array([0.0 if v is None else v for v in values])
slots = jnp.full((3,), jnp.nan)
mask = jnp.array([v is not None for v in values])
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

slots = jnp.array([None] * 3)  # expect: array-none-value
""",
        """
import jax.numpy as jnp

def row(a, b=None):
    return [a, b]

table = jnp.asarray([row(1.0, 2.0), row(3.0)])  # expect: array-none-value
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`{call.api.short}` is given {violation.described}: JAX has no value for None "
            "(no object arrays), so this raises ValueError. Stand a number for the missing "
            "entry (NaN, or a fill value with a mask beside it), or replace the Nones first."
        )
