"""A ``lax.scan``, ``while_loop`` or ``fori_loop`` whose initial carry holds a function, a
string or a class: ``while_loop(cond, body, (0, model_fn))``.

The loops trace every leaf of their carry as an array, and JAX raises TypeError ("... is not a
valid JAX type") at the call.  A function the body needs belongs in its closure (or in a
``functools.partial`` of the body), not in the carry.  Reported when the carry surely holds
such a leaf (a tuple, list, dict or NamedTuple whose contents are known).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ArgumentOfTypeIsNotAValidJaxType(Rule):
    NAME = "argument-of-type-is-not-a-valid-jax-type"
    CODE = "argument-of-type-is-not-a-valid-jax-type"
    RECORD_ID = "87379d0f528fd4e6"

    VALID = (
        """
from functools import partial
import jax.numpy as jnp
from jax import lax

def body(update, carry):
    step, x = carry
    return step + 1, update(x)

carry = lax.while_loop(lambda c: c[0] < 3, partial(body, jnp.tanh), (0, jnp.ones(3)))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def cond(carry):
    return carry[0] < 3

def body(carry):
    step, x, update = carry
    return step + 1, update(x), update

start = (0, jnp.ones(3), jnp.tanh)
carry = lax.while_loop(cond, body, start)  # expect: argument-of-type-is-not-a-valid-jax-type
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("carry-jax-type"):
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` traces every leaf of its carry `{violation.parameter}` as "
                f"an array, but it is {violation.described}: JAX raises TypeError (not a valid "
                "JAX type). Keep functions and strings out of the carry: close over them in "
                "the body, or bind them with functools.partial.",
                (
                    related(
                        program,
                        call.site,
                        f"the carry: {violation.described}",
                        violation.node,
                    ),
                ),
                node=violation.node,
            )
