"""A custom_vjp function differentiated eagerly whose ``fwd`` returns a primal output of
another pytree structure than the function's (a tuple where it returns an array, other dict
keys, another length).

Without a ``jax.jit`` inside the differentiation JAX never runs the function itself: it runs
``fwd`` and hands back fwd's primal output unchecked, so the call returns a value of the wrong
structure and the program fails later with an error that does not name custom_vjp (a
``jax.vjp`` pullback's ValueError 'unexpected tree structure', an AttributeError on a tuple).
What fails, and whether anything does, depends on the code after the call, so the finding is a
warning, reported at the differentiating transform.  (Under ``jax.jit`` JAX compares the two
and raises TypeError: ``custom-vjp-fwd-output-structure``.)
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.rules._custom_rules import CustomDerivativeRule


class CustomVjpFwdOutputEager(CustomDerivativeRule):
    NAME = "custom-vjp-fwd-output-eager"
    CODE = "custom-vjp-fwd-output-eager"
    RECORD_ID = "6f9b98ec03b43d03"
    KIND = "fwd-structure-eager"
    SEVERITY = "warning"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def double(x):
    return x * 2

def double_fwd(x):
    return double(x), None

def double_bwd(_, g):
    return (g * 2,)

double.defvjp(double_fwd, double_bwd)
out, pullback = jax.vjp(double, jnp.ones(3))
pullback(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def double(x):
    return x * 2

def double_fwd(x):
    return (x * 2, x), x

def double_bwd(x, g):
    return (g * 2,)

double.defvjp(double_fwd, double_bwd)
out, pullback = jax.vjp(double, jnp.ones(3))  # expect: custom-vjp-fwd-output-eager
pullback(jnp.ones(3))
""",
    )

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        return (
            f"The fwd rule of {custom.describe()} returns a primal output unlike the "
            f"function's: {violation.described}. Differentiated without `jax.jit`, JAX does "
            "not compare them: the call returns fwd's primal output in the function's place, "
            "and the code after it fails where it expects the function's structure (a "
            "`jax.vjp` pullback raises ValueError 'unexpected tree structure'; `.sum()` on a "
            "tuple, AttributeError). Return the function's output as the first of fwd's pair "
            "(`out = f(x)`), and the residuals second."
        )
