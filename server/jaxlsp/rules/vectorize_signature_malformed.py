"""A `jnp.vectorize` signature that is not a generalized-ufunc signature (spaces, no `->`):
jnp.vectorize reads it only when the vectorized function is called, so that call raises.

The contract is in the API models (`Requirement.GUFUNC_SIGNATURE_AT_CALL` on `signature`);
reported at each call of the vectorized function, with where it was made.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import Called
from jaxlsp.rules._arguments import CalledRule


class VectorizeSignatureMalformed(CalledRule):
    NAME = "vectorize-signature-malformed"
    CODE = "vectorize-signature-malformed"
    RECORD_ID = "f7de1b90085381bf"
    KIND = "gufunc-signature"
    MADE_NOTE = "the signature is given here"

    VALID = (
        """
import jax.numpy as jnp

def norm(v):
    return jnp.sqrt((v**2).sum())

def affine(m, v, b):
    return m @ v + b

row_norms = jnp.vectorize(norm, signature="(n)->()")
row_norms(jnp.ones((4, 3)))
apply = jnp.vectorize(affine, signature="(m,n),(n),(m)->(m)")
apply(jnp.ones((5, 2, 3)), jnp.ones(3), jnp.zeros(2))
spaced = jnp.vectorize(norm, signature="(n) -> ()")  # made, never called: no error
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def norm(v):
    return jnp.sqrt((v**2).sum())

row_norms = jnp.vectorize(norm, signature="(n) -> ()")
row_norms(jnp.ones((4, 3)))  # expect: vectorize-signature-malformed
""",
        """
from functools import partial
import jax.numpy as jnp

@partial(jnp.vectorize, signature="(n, m)->(m)")
def first_row(block):
    return block[0]

first_row(jnp.ones((8, 2, 3)))  # expect: vectorize-signature-malformed
""",
    )

    def message(self, called: Called, violation: Violation) -> str:
        return (
            f"The signature {violation.described} of this vectorized function is not a "
            "generalized-ufunc signature: jnp.vectorize reads it at each call, and this call "
            "raises ValueError. Write it without spaces, with '->' and parentheses for every "
            "input and output: '(n)->()', '(m,n),(n)->(m)'."
        )
