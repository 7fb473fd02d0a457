"""`jnp.vectorize(f, excluded=...)` with an item that is neither an argument's position (an
int, not negative) nor its name: jnp.vectorize checks `excluded` when it wraps `f` and raises
(TypeError for another type, ValueError for a negative position).

The contract is in the API models (`Requirement.ARGUMENT_POSITIONS` on `excluded`).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class VectorizeExcludedNotPositions(ArgumentRule):
    NAME = "vectorize-excluded-not-positions"
    CODE = "vectorize-excluded-not-positions"
    RECORD_ID = "07b4138383dfa8ad"
    KIND = "argument-positions"

    VALID = (
        """
import jax.numpy as jnp

def power(x, n):
    return x**n

by_position = jnp.vectorize(power, excluded={1})
by_name = jnp.vectorize(power, excluded=frozenset({"n"}))
by_position(jnp.ones(3), 2)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def power(x, n):
    return x**n

powers = jnp.vectorize(power, excluded={-1})  # expect: vectorize-excluded-not-positions
""",
        """
import jax.numpy as jnp

def make_vectorized(function, static):
    return jnp.vectorize(function, excluded=static)  # expect: vectorize-excluded-not-positions

def scale(x, factor):
    return x * factor

make_vectorized(scale, {1.0})
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`excluded` holds {violation.described}, which is neither an argument's "
            "position (an int, not negative) nor its name: jnp.vectorize raises when it wraps "
            "the function. Name each excluded argument by its position from the start "
            "(`{1}`) or by its name (`{'n'}`)."
        )
