"""A ``@jax.custom_vjp`` function called, but its ``defvjp(fwd, bwd)`` is never registered.

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


class CustomVjpWithoutDefvjp(Rule):
    NAME = "custom-vjp-without-defvjp"
    CODE = "custom-vjp-without-defvjp"
    RECORD_ID = "f7f10c3aaeb577f1"

    VALID = (
        """
import jax

@jax.custom_vjp
def clip(x):
    return x

clip.defvjp(lambda x: (x, None), lambda _, g: (g,))
clip(1.0)
""",
        # exported without a call here: another module may register it
        """
import jax

@jax.custom_vjp
def clip(x):
    return x

API = [clip]
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def clip_gradient(x):  # expect: custom-vjp-without-defvjp
    return x

clip_gradient(jnp.ones(3))
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for item in unregistered(module, "jax.custom_vjp", "defvjp"):
            call = module.span(item.call, item.call_chunk)
            yield finding(
                self,
                record,
                module.head_span(item.definition, item.definition_chunk),
                f"`{item.name}` is a custom_vjp function, but this module never registers its "
                f"rule with `{item.name}.defvjp(fwd, bwd)`: calling it raises AttributeError "
                "('No VJP defined for custom_vjp function ... using defvjp').",
                (RelatedLocation(call, f"`{item.name}` is called here"),),
            )
