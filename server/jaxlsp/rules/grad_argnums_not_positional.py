"""A gradient function called with fewer positional arguments than its `argnums` needs:
`jax.grad(f, argnums=0)(x=1.0)`. Keyword arguments have no position, so the call raises.

The contract is in the API models (`Requirement.POSITIONAL_AT_CALL` on `argnums` of
`jax.grad` and `jax.value_and_grad`); this rule reports the calls that break it.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import Called
from jaxlsp.infer.values import Transformed
from jaxlsp.rules._arguments import CalledRule


class GradArgnumsNotPositional(CalledRule):
    NAME = "grad-argnums-not-positional"
    CODE = "grad-argnums-not-positional"
    RECORD_ID = "e291eab5e0f9fcf9"
    KIND = "argnums-positional"
    MADE_NOTE = "argnums set here"

    VALID = (
        """
from functools import partial
from jax import grad

def f(x, y):
    return x * y

df = grad(f, argnums=0)
partial(df, 0.0)(y=1.0)
""",
    )
    INVALID = (
        """
from functools import partial
from jax import grad

def f(x, y):
    return x * y

df = grad(f, argnums=0)
partial(df, x=0.0)(y=1.0)  # expect: grad-argnums-not-positional
""",
    )

    def message(self, called: Called, violation: Violation) -> str:
        needed, given = violation.described.split(":")
        callee = called.callee
        api = callee.transform.removeprefix("jax.") if isinstance(callee, Transformed) else ""
        return (
            f"This {api} function differentiates by position and needs at least "
            f"{needed} positional argument{'s' if needed != '1' else ''}, but the call "
            f"passes {given} (keyword arguments have no position): it raises "
            "TypeError. Pass the differentiated arguments positionally."
        )
