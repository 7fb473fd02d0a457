"""A ``lax.scan`` body that returns one value instead of ``(carry, y)``."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import SCAN, module_ast
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._returns import single_value_returns
from jaxlsp.rules._support import calls_of, finding, function_named
from jaxlsp.rules.base import Rule

_SCAN = frozenset({SCAN})


class ScanBodySingleOutput(Rule):
    NAME = "scan-body-single-output"
    CODE = "scan-body-not-pair"
    RECORD_ID = "59793b1e8031bb3d"

    VALID = (
        """
import jax
import jax.numpy as jnp

def body(carry, x):
    carry = carry + jnp.sin(x)
    return carry, carry

jax.lax.scan(body, 0.0, xs)
jax.lax.scan(lambda c, x: (c + x, None), 0.0, xs)
""",
        # the returned name may hold a pair
        """
from jax import lax

def body(carry, x):
    out = (carry, x)
    return out

lax.scan(body, 0.0, xs)
# tuple + tuple is a tuple (maybe a pair): not sure, so silent
lax.scan(lambda c, x: c + x, (0.0,), (xs,))
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

def body(carry, x):
    return jnp.sin(carry) + x  # expect: scan-body-not-pair

jax.lax.scan(body, 0.0, xs)
""",
        """
from jax import lax

lax.scan(lambda c, x: (c, x, c * x), 0.0, xs)  # expect: scan-body-not-pair

def decay(total, x):
    return total * x - 1.0  # expect: scan-body-not-pair

lax.scan(decay, 1.0, xs)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for scope, call, _ in calls_of(module, _SCAN):
            if not call.args:
                continue
            resolved = function_named(module, scope, call.args[0])
            if resolved is None:
                continue
            function, chunk = resolved
            values = single_value_returns(module, function, chunk)
            if values is None:
                continue
            site = module.span(call.func, scope.chunk)
            for value in values:
                yield finding(
                    self,
                    record,
                    module.span(value, chunk),
                    f"The scan body returns `{module.text(value, chunk)}`, not a pair: "
                    "lax.scan needs `(new_carry, y)` from its body and raises TypeError "
                    "('scan body output must be a pair'). Return `carry, y` (use None for y "
                    "when there is nothing to stack).",
                    (RelatedLocation(site, "lax.scan runs the body here"),),
                )
