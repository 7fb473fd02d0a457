"""A custom_vjp `fwd` rule whose primal output (the first of its pair) has another pytree
structure or shape than the custom_vjp function's output.

JAX compares the two only when it has traced the primal function before running `fwd`: when
a staging transform inside the differentiation stages the call (`jax.grad(jax.jit(f))`, a
`lax.scan`, `lax.map`, `lax.fori_loop` or `lax.cond` body, `jax.checkpoint`; each measured).
Then it raises TypeError; this rule reports that case, at the differentiating transform.
Differentiated eagerly, fwd's output is used unchecked: ``custom-vjp-fwd-output-eager``.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.rules._custom_rules import CustomDerivativeRule


class CustomVjpFwdOutputStructure(CustomDerivativeRule):
    NAME = "custom-vjp-fwd-output-structure"
    FORMER_NAMES = ("custom-vjp-fwd-output",)
    CODE = "custom-vjp-fwd-output-structure"
    RECORD_ID = "a3dc33e064c89684"
    KIND = "fwd-structure"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def stats(x):
    return x.mean(), x.var()

def stats_fwd(x):
    return (x.mean(), x.var()), x

def stats_bwd(x, g):
    return (g[0] / x.shape[0] + g[1] * 2 * (x - x.mean()) / x.shape[0],)

stats.defvjp(stats_fwd, stats_bwd)
jax.grad(jax.jit(lambda x: stats(x)[0]))(jnp.arange(4.0))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def stats(x):
    return x.mean(), x.var()

def stats_fwd(x):
    return x.mean(), x

def stats_bwd(x, g):
    return (jnp.full_like(x, g / x.shape[0]),)

stats.defvjp(stats_fwd, stats_bwd)
jax.grad(jax.jit(lambda x: stats(x)[0]))(jnp.arange(4.0))  # expect: custom-vjp-fwd-output-structure
""",
    )

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        return (
            f"The fwd rule of {custom.describe()} returns a primal output unlike the "
            f"function's: {violation.described}. JAX traced the function first (a staging "
            "transform inside the gradient: `jax.jit`, a `lax.scan` or `lax.cond` body, "
            "`jax.checkpoint`) and raises TypeError. Return the "
            "function's output as the first of fwd's pair, and the residuals second."
        )
