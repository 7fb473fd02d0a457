"""``lax.add(x, 1)``, ``lax.max(x, 0)`` of a float array, ``lax.mul`` of a float32 and an int32
array, ``lax.select`` of branches with two dtypes: lax's elementwise operations do not
promote, so their operands must have one dtype.

The contract is in the API models (``Requirement.SAME_DTYPE``); reported when both operands'
dtypes are known as JAX sees them (a Python int is an int32, a float a float32, NumPy's
float64 a float32) and differ.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class LaxOperandDtypesDiffer(ArgumentRule):
    NAME = "lax-operand-dtypes-differ"
    FORMER_NAMES = ("lax-operand-dtypes",)
    CODE = "lax-operand-dtypes-differ"
    RECORD_ID = "ff3cc6cd89187ac3"
    KIND = "dtype-mismatch"

    VALID = (
        """
import jax.numpy as jnp
import numpy as np
from jax import lax

def relu(x):
    return lax.max(x, 0.0)

relu(jnp.ones(3))
lax.add(jnp.ones(3), np.ones(3))
lax.mul(jnp.arange(3), 2)
lax.select(jnp.ones(3, bool), jnp.ones(3), jnp.zeros(3))
jnp.maximum(jnp.ones(3), 0)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def relu(x):
    return lax.max(x, 0)  # expect: lax-operand-dtypes-differ

relu(jnp.ones(3))
""",
        """
import jax.numpy as jnp
from jax import lax

def scale(values, counts):
    return lax.div(values, counts)  # expect: lax-operand-dtypes-differ

scale(jnp.ones(4), jnp.arange(4))
""",
        """
import jax.numpy as jnp
from jax import lax

half = jnp.ones(3, jnp.float16)
lax.add(half, 1.0)  # expect: lax-operand-dtypes-differ
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`{call.api.short}` requires arguments to have the same dtypes, got "
            f"{violation.described}: lax does not promote, so it raises TypeError. Give a "
            "literal the operand's kind (`0.0`, not `0`), convert one operand "
            "(`.astype(x.dtype)`), or use the jax.numpy function, which promotes."
        )
