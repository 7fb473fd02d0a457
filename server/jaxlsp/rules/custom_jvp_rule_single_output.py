"""A custom_jvp rule that returns one value instead of ``(primal_out, tangent_out)``."""

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


class CustomJvpRuleSingleOutput(Rule):
    NAME = "custom-jvp-rule-single-output"
    CODE = "custom-jvp-rule-not-pair"
    RECORD_ID = "b84ffaead88375b5"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def f(x):
    return jnp.sin(x)

@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.sin(x), jnp.cos(x) * t
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def f(x):
    return jnp.sin(x)

@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.cos(x) * t  # expect: custom-jvp-rule-not-pair
""",
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def g(x):
    return x

def g_jvp(primals, tangents):
    return (primals[0], tangents[0], 0.0)  # expect: custom-jvp-rule-not-pair

g.defjvp(g_jvp)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for site in rule_sites(module, "jax.custom_jvp", "defjvp", 0):
            values = single_value_returns(module, site.rule, site.rule_chunk)
            if not values:
                continue
            where = module.span(site.where, site.chunk)
            for value in values:
                yield finding(
                    self,
                    record,
                    module.span(value, site.rule_chunk),
                    f"This JVP rule of `{site.owner}` returns "
                    f"`{module.text(value, site.rule_chunk)}`, not a pair: when `{site.owner}` "
                    "is differentiated, JAX raises TypeError ('Custom JVP rule ... must produce "
                    "a pair'). Return `(primal_out, tangent_out)`.",
                    (RelatedLocation(where, f"registered as `{site.owner}`'s JVP rule here"),),
                )
