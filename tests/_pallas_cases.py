"""The runner the Pallas cause files (``tests/engine/test_pallas_s3*.py``) share: each keeps a
``HEAD`` of imports and arrays and a table of cases, ``(code, body, found, labelled on the
CPU)``; a case is found (or silent) where its body runs after the head, and the cases interpret
mode decides raise (or run) on the pinned JAX, so the table's labels are execution's."""

from __future__ import annotations

from collections.abc import Sequence

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

#: (the rule's code, the body run after the file's head, whether it is found, whether the CPU
#: labels it: else a TPU run did, named beside the case)
Case = tuple[str, str, bool, bool]


def codes_of(source: str) -> list[str]:
    """The codes of the findings a fresh engine makes of ``source``."""
    return [finding.code for finding in fresh_engine().analyze(source).findings]


def assert_cpu_labels_hold(suite: str, head: str, cases: Sequence[Case]) -> None:
    """Each case labelled on the CPU raises on the pinned JAX when it is to be found and runs
    when it is to stay silent (all run in one child interpreter, kept under ``suite``)."""
    on_cpu = [(head + body, found) for _, body, found, cpu in cases if cpu]
    raised = raised_on_jax(suite, [source for source, _ in on_cpu])
    assert raised == [found for _, found in on_cpu]
