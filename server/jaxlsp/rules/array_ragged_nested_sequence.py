"""``jnp.array`` (or ``jnp.asarray``) of a nested list whose rows differ in length: NumPy
converts the list first and cannot give it a shape, so it raises ValueError.

The contract is in the API models (``Requirement.RECTANGULAR`` on the constructors' first
parameter); reported when every item, down to the numbers, is known (rows built from known
items: literals, comprehensions over known items, helpers called with them).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class ArrayRaggedNestedSequence(ArgumentRule):
    NAME = "array-ragged-nested-sequence"
    FORMER_NAMES = ("ragged-nested-list",)
    CODE = "array-ragged-nested-sequence"
    RECORD_ID = "3cb20aeea7a4e957"
    KIND = "ragged"

    VALID = (
        """
import jax.numpy as jnp

def pad(row, width):
    return row + [0] * (width - len(row))

rows = [[1, 2, 3], [4, 5]]
jnp.array([pad(r, 3) for r in rows])
jnp.array([[1.0, 2.0], (3.0, 4.0)])
jnp.concatenate([jnp.array(r) for r in rows])
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

jnp.array([[1, 2, 3], [4, 5]])  # expect: array-ragged-nested-sequence
""",
        """
import jax.numpy as jnp

def window(values, start, size):
    return values[start:start + size]

values = [1.0, 2.0, 3.0, 4.0, 5.0]
rows = [window(values, i, 2) for i in range(0, 5, 2)]
jnp.asarray(rows)  # expect: array-ragged-nested-sequence
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`{call.api.short}` is given {violation.described}. NumPy converts the list "
            "first and makes arrays only of rectangular nested sequences, so this raises "
            "ValueError. Pad the rows to one length (keep a mask), or keep them as separate "
            "arrays."
        )
