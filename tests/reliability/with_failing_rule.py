"""Run jaxlsp with one extra rule that always raises: a stand-in for a rule with a bug.

Usage: ``python with_failing_rule.py serve`` (or any jaxlsp arguments).  The rule registry is
extended before the command runs; everything else is the real jaxlsp.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import jaxlsp.rules as registry
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.model import ErrorRecord
from jaxlsp.rules.base import Rule

FAILING_RULE = "always-raising-test-rule"


class AlwaysRaisingRule(Rule):
    NAME = FAILING_RULE
    CODE = FAILING_RULE
    RECORD_ID = "00000000000000ee"

    def check(self, program: Program, record: ErrorRecord | None) -> Iterator[Finding]:
        raise ZeroDivisionError("a bug in a rule")


def install() -> None:
    """Put the failing rule first, so the real rules run after it has raised."""
    real_rules = registry.all_rules()
    registry.all_rules = lambda: (AlwaysRaisingRule(), *real_rules)  # type: ignore[assignment]


if __name__ == "__main__":
    install()
    from jaxlsp.cli import main

    sys.exit(main(sys.argv[1:]))
