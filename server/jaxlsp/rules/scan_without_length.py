"""``lax.scan(f, init)`` or ``xs=None`` without ``length=``: nothing tells scan how many steps."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import SCAN, has_star, keyword, module_ast
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._support import calls_of, finding
from jaxlsp.rules.base import Rule

_SCAN = frozenset({SCAN})


class ScanWithoutLength(Rule):
    NAME = "scan-without-length"
    CODE = "scan-no-length"
    RECORD_ID = "7f9133bd5b5aef40"

    VALID = (
        """
import jax

jax.lax.scan(step, init, None, length=10)
jax.lax.scan(step, init, xs)
jax.lax.scan(step, init, length=n)
jax.lax.scan(step, init, *rest)
""",
    )

    INVALID = (
        """
import jax

final, _ = jax.lax.scan(step, init, None)  # expect: scan-no-length
""",
        """
from jax import lax

def run(init):
    return lax.scan(lambda c, _: (c + 1, c), init)  # expect: scan-no-length
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for scope, call, _ in calls_of(module, _SCAN):
            if has_star(call) or keyword(call, "length") is not None:
                continue
            xs_keyword = keyword(call, "xs")
            if len(call.args) >= 3:
                xs: ast.expr | None = call.args[2]
            elif xs_keyword is not None:
                xs = xs_keyword.value
            elif len(call.args) == 2:
                xs = None
            else:
                continue
            if xs is not None and not (isinstance(xs, ast.Constant) and xs.value is None):
                continue
            span = module.span(call, scope.chunk)
            yield finding(
                self,
                record,
                span,
                "lax.scan gets no xs to scan over and no `length=`, so it cannot tell how many "
                "steps to run: it raises ValueError ('scan got no values to scan over and "
                "`length` not provided'). Pass `length=n`.",
                (RelatedLocation(module.span(call.func, scope.chunk), "the scan call"),),
            )
