"""A custom_vjp ``fwd`` that returns one value instead of ``(primal_out, residuals)``.

JAX checks the pair when the function is differentiated, so the finding names that condition.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import module_ast
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._custom_rules import rule_sites
from jaxlsp.rules._returns import single_value_returns
from jaxlsp.rules._support import finding
from jaxlsp.rules.base import Rule


class CustomVjpFwdSingleOutput(Rule):
    NAME = "custom-vjp-fwd-single-output"
    CODE = "custom-vjp-fwd-not-pair"
    RECORD_ID = "9ef5cad4a1f38380"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)

def f_fwd(x):
    return jnp.sin(x), jnp.cos(x)

def f_bwd(cos_x, g):
    return (g * cos_x,)

f.defvjp(f_fwd, f_bwd)
""",
        # a name that may hold the pair
        """
import jax

@jax.custom_vjp
def f(x):
    return x

def f_fwd(x):
    out = (x, None)
    return out

f.defvjp(f_fwd, lambda r, g: (g,))
""",
    )

    INVALID = (
        # the record's reproducer
        """
import jax

@jax.custom_vjp
def square(x):
    return x * x

def square_fwd(x):
    return x * x  # expect: custom-vjp-fwd-not-pair

square.defvjp(square_fwd, lambda x, g: (2 * x * g,))
""",
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)

def f_fwd(x):
    return jnp.sin(x)  # expect: custom-vjp-fwd-not-pair

def f_bwd(res, g):
    return (g,)

f.defvjp(f_fwd, f_bwd)
""",
        """
from functools import partial
import jax

@partial(jax.custom_vjp, nondiff_argnums=(1,))
def scaled(x, k):
    return x * k

scaled.defvjp(
    lambda x, k: (x * k, x, k),  # expect: custom-vjp-fwd-not-pair
    lambda k, r, g: (g * k,),
)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for site in rule_sites(module, "jax.custom_vjp", "defvjp", 0):
            values = single_value_returns(module, site.rule, site.rule_chunk)
            if not values:
                continue
            where = module.span(site.where, site.chunk)
            for value in values:
                yield finding(
                    self,
                    record,
                    module.span(value, site.rule_chunk),
                    f"This fwd rule of `{site.owner}` returns "
                    f"`{module.text(value, site.rule_chunk)}`, not a pair: when `{site.owner}` "
                    "is differentiated, JAX raises TypeError ('Custom VJP fwd rule ... must "
                    "produce a pair'). Return `(primal_out, residuals)`.",
                    (RelatedLocation(where, f"registered as `{site.owner}`'s fwd here"),),
                )
