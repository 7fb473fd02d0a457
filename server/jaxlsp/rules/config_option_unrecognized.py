"""``jax.config.update("enable_x64", True)``: a name ``jax.config`` does not have (a typo, a
missing ``jax_`` prefix, an option JAX removed such as ``jax_array``).

The contract is in the API models (``Requirement.CONFIG_OPTION`` on ``jax.config.update``'s
name, checked against the option names of the pinned JAX); reported when every value the name
can have is a string JAX does not know.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ConfigOptionUnrecognized(Rule):
    NAME = "config-option-unrecognized"
    CODE = "config-option-unrecognized"
    RECORD_ID = "1bd7676ff8011a70"

    VALID = (
        """
import jax

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")

def configure(debug):
    jax.config.update("jax_debug_nans", debug)

configure(True)
""",
    )
    INVALID = (
        """
import jax

jax.config.update("enable_x64", True)  # expect: config-option-unrecognized
""",
        """
import jax

def configure(option, value=True):
    jax.config.update(option, value)  # expect: config-option-unrecognized

configure("jax_array")
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("config-option"):
            node = violation.node
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`jax.config.update`: {violation.described} is not an option of this JAX, so "
                "it raises AttributeError. Spell the option's full name (`jax_enable_x64`, "
                "`jax_debug_nans`...; `jax.config.values` lists them), or delete the update of "
                "an option JAX removed.",
                (related(program, call.site, f"the option name is {violation.described}", node),),
                node=node,
            )
