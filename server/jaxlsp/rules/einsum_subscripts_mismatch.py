"""``jnp.einsum`` subscripts that do not fit the operands: a term with more or fewer letters
than its operand has axes, or one letter naming axes of two sizes.

Reported when the subscripts string and the operands' shapes are known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class EinsumSubscriptsMismatch(ShapeRule):
    NAME = "einsum-subscripts-mismatch"
    FORMER_NAMES = ("einsum-subscripts",)
    CODE = "einsum-subscripts-mismatch"
    RECORD_ID = "8def3e4e1204cbba"
    KINDS = frozenset({"einsum"})
    ADVICE = (
        "Give each operand one letter per axis (`...` for leading batch axes) and name "
        "axes of one size with one letter."
    )

    VALID = (
        """
import jax.numpy as jnp

def project(x, w):
    return jnp.einsum("bij,jk->bik", x, w)

project(jnp.ones((8, 3, 4)), jnp.ones((4, 5)))
jnp.einsum("...ij,jk->...ik", jnp.ones((8, 3, 4)), jnp.ones((4, 5)))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def project(x, w):
    return jnp.einsum("ij,jk->ik", x, w)  # expect: einsum-subscripts-mismatch

project(jnp.ones((8, 3, 4)), jnp.ones((4, 5)))
""",
        """
import jax.numpy as jnp

q = jnp.ones((2, 6, 16))
k = jnp.ones((2, 6, 8))
scores = jnp.einsum("bqd,bkd->bqk", q, k)  # expect: einsum-subscripts-mismatch
""",
    )
