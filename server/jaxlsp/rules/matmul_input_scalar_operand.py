"""A matrix product with a 0-d operand: ``jnp.matmul(2.0, x)``, ``x @ x.sum()``.

``jnp.matmul`` and ``@`` need both operands at least 1-d and raise a ValueError naming the
first that is a scalar; ``jnp.dot`` and ``*`` accept one.  Reported when an operand's rank is
known to be 0 (a Python number, a full reduction).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class MatmulInputScalarOperand(ShapeRule):
    NAME = "matmul-input-scalar-operand"
    FORMER_NAMES = ("matmul-scalar-operand",)
    CODE = "matmul-input-scalar-operand"
    RECORD_ID = "9b09805edc45f764"
    KINDS = frozenset({"matmul-scalar"})
    ADVICE = "Scale with `*` (or `jnp.dot`, which accepts a scalar), or keep the operand 1-d."

    VALID = (
        """
import jax.numpy as jnp

def scale(gain, x):
    return gain * x

x = jnp.ones((3, 3))
scale(2.0, x)
jnp.dot(x.sum(), x)
x @ jnp.ones(3)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def mix(gain, x):
    return jnp.matmul(gain, x)  # expect: matmul-input-scalar-operand

mix(2.0, jnp.ones((3, 3)))
""",
        """
import jax.numpy as jnp

x = jnp.ones((4, 3))
x @ x.sum()  # expect: matmul-input-scalar-operand
""",
    )
