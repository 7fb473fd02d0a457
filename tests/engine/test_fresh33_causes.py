"""Error findings only where the code surely raises: the causes of false error findings on
the stop-33 fresh sample (``bench/fresh-sample.json``'s s33; its account: ``git show cf0d997:docs/fresh-sample.md``).

Each cause has a pair of labelled corpus programs (``tests/corpus/<rule>/s33_*.py``): the
close negative, in the style of the library where the false finding was, runs on the pinned
JAX and must get no error finding; its raising variant must keep its finding on the line it
marks.  ``tests/corpus/test_labels.py`` runs both on JAX and checks each label.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace
from tests.conftest import REPO

CORPUS = REPO / "tests" / "corpus"

#: (rule folder, close negative, raising variant): one row per cause.
PAIRS: list[tuple[str, str, str]] = [
    # dataclass(unsafe_hash=True) over the class's own __eq__ (lightweight-mmm)
    (
        "jit-unhashable-static-argument",
        "s33_dataclass_unsafe_hash_custom_eq_negative",
        "s33_dataclass_eq_false_custom_eq",
    ),
    # frozen dataclass over the class's own __eq__
    (
        "jit-unhashable-static-argument",
        "s33_frozen_dataclass_custom_eq_negative",
        "s33_dataclass_eq_false_custom_eq",
    ),
    # a decorator that sets __hash__ after the body's __eq__
    (
        "jit-unhashable-static-argument",
        "s33_decorator_sets_hash_negative",
        "s33_dataclass_eq_false_custom_eq",
    ),
    # typing.TYPE_CHECKING is False at run time (aqtp's `dataclass` alias)
    (
        "jit-unhashable-static-argument",
        "s33_type_checking_alias_frozen_negative",
        "s33_type_checking_alias_plain",
    ),
    # a custom_jvp rule's tangent of a tuple argument is a tuple (genjax's ADEV)
    (
        "tree-map-structure-mismatch",
        "s33_custom_jvp_tuple_argument_negative",
        "s33_custom_jvp_tuple_argument",
    ),
    # lax.scan through *args/**kwargs of unknown contents (evorl's scan_and_mean)
    (
        "scan-no-length",
        "s33_forwarding_wrapper_library_negative",
        "s33_forwarding_wrapper",
    ),
    # a custom rule's check error inside pytest.raises (saiunit's test)
    (
        "custom-vjp-bwd-output-structure",
        "s33_bwd_structure_expected_by_test_negative",
        "s33_bwd_structure_other_handler",
    ),
    # jnp.concatenate(axis=None) flattens first (saiunit's test)
    (
        "concatenate-rank-mismatch",
        "s33_flatten_axis_none_negative",
        "s33_flatten_axis_zero",
    ),
    # match on a known rank skips the other cases (aqtp's test_eq)
    ("too-many-indices", "s33_match_on_rank_negative", "s33_match_on_rank_or_pattern"),
    # lax.pmean of a dict of metrics is a dict (aqtp's legacy train steps)
    (
        "immutable-array-item-assignment",
        "s33_pmean_of_metrics_dict_negative",
        "s33_pmean_of_loss_array",
    ),
]


def _errors(path: Path) -> list[tuple[str, int]]:
    source = path.read_text(encoding="utf-8")
    analysis = Engine(workspace=Workspace([])).analyze(source)
    return sorted(
        (f.code, f.span.start.line + 1) for f in analysis.findings if f.severity == "error"
    )


def _expected(path: Path) -> list[tuple[str, int]]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = re.search(r"# expect: ([a-z0-9-]+)", line)
        if match:
            found.append((match.group(1), number))
    return found


@pytest.mark.parametrize(("rule", "negative", "positive"), PAIRS, ids=[p[1] for p in PAIRS])
def test_the_working_variant_is_silent_and_the_raising_one_flagged(
    rule: str, negative: str, positive: str
) -> None:
    negative_path = CORPUS / rule / f"{negative}.py"
    positive_path = CORPUS / rule / f"{positive}.py"
    assert "label=negative" in negative_path.read_text(encoding="utf-8")
    assert _errors(negative_path) == []
    expected = _expected(positive_path)
    assert expected and all(code == rule for code, _ in expected)
    assert _errors(positive_path) == expected
