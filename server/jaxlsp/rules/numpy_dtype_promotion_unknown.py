"""``jax.numpy_dtype_promotion("Strict")``: a promotion level other than "standard" or
"strict".

The contract is in the API models (``Requirement.ONE_OF`` on its level); reported when the
level is surely a string outside those two.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class NumpyDtypePromotionUnknown(ArgumentRule):
    NAME = "numpy-dtype-promotion-unknown"
    CODE = "numpy-dtype-promotion-unknown"
    RECORD_ID = "67939bb33daa449d"
    KIND = "not-one-of"
    APIS = frozenset({"jax.numpy_dtype_promotion"})

    VALID = (
        """
import jax
import jax.numpy as jnp

with jax.numpy_dtype_promotion("strict"):
    y = jnp.ones(3) + jnp.ones(3)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def add_strict(x, y, level="Strict"):
    with jax.numpy_dtype_promotion(level):  # expect: numpy-dtype-promotion-unknown
        return x + y

add_strict(jnp.ones(3), jnp.ones(3))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`jax.numpy_dtype_promotion` is given {violation.described}: the level is "
            "'standard' or 'strict' (lower case), so it raises ValueError."
        )

    def argument_note(self, violation: Violation) -> str:
        return f"the level is {violation.described}"
