"""A ``@jax.custom_jvp`` function called, but its ``defjvp(rule)`` is never registered.

The rule stays silent when the function is used any other way in the module (an attribute,
passed as a value, rebound): its rule may then be registered somewhere else.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import module_ast
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._custom_rules import unregistered
from jaxlsp.rules._support import finding
from jaxlsp.rules.base import Rule


class CustomJvpWithoutDefjvp(Rule):
    NAME = "custom-jvp-without-defjvp"
    CODE = "custom-jvp-without-defjvp"
    RECORD_ID = "f69e4addb04f1e2d"

    VALID = (
        """
import jax

@jax.custom_jvp
def clip(x):
    return x

@clip.defjvp
def clip_jvp(primals, tangents):
    return primals[0], tangents[0]

clip(1.0)
""",
        # exported without a call here: another module may register it
        """
import jax

@jax.custom_jvp
def clip(x):
    return x

API = [clip]
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def clip_gradient(x):  # expect: custom-jvp-without-defjvp
    return x

clip_gradient(jnp.ones(3))
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for item in unregistered(module, "jax.custom_jvp", "defjvp"):
            call = module.span(item.call, item.call_chunk)
            yield finding(
                self,
                record,
                module.head_span(item.definition, item.definition_chunk),
                f"`{item.name}` is a custom_jvp function, but this module never registers its "
                f"rule with `{item.name}.defjvp(rule)`: calling it raises AttributeError "
                "('No JVP defined for custom_jvp function ... using defjvp').",
                (RelatedLocation(call, f"`{item.name}` is called here"),),
            )
