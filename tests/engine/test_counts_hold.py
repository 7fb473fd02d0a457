"""``summaries.counts_hold``: a summarised run is replayed where the frame counts of the
functions it called stand where they stood for it among the limits a call acts on
(``Interpreter.invoke`` widens a call's arguments at ``MAX_CONTEXTS`` frames and stops at
``MAX_FRAMES``), not only where they are the same: a library's helper called from every
module (transformers' ``is_torch_available``) has another count in each file's analysis."""

from __future__ import annotations

import ast
from types import SimpleNamespace
from typing import Any

import pytest

from jaxlsp.infer.interpreter import COUNT_LIMITS, MAX_CONTEXTS, MAX_FRAMES
from jaxlsp.infer.summaries import counts_hold
from jaxlsp.infer.values import Site

_TREE = ast.parse("def f(): pass")
F = Site("m", _TREE, _TREE.body[0])


def _summary(count: int, made: int) -> Any:
    return SimpleNamespace(counts={F: count}, contexts={F: made} if made else {})


@pytest.mark.parametrize(
    ("count", "made", "now"),
    [
        (3, 2, 3),  # the same count
        (0, 2, 4),  # below the first limit all along, either way
        (MAX_CONTEXTS, 1, MAX_CONTEXTS + 5),  # widened from the start, either way
        (MAX_CONTEXTS + 2, 0, MAX_FRAMES - 1),
        (MAX_FRAMES, 0, MAX_FRAMES + 3),  # past the last limit: not run, either way
    ],
)
def test_counts_on_the_same_side_of_every_limit_hold(count: int, made: int, now: int) -> None:
    assert counts_hold(_summary(count, made), {F: now}, COUNT_LIMITS)


@pytest.mark.parametrize(
    ("count", "made", "now"),
    [
        (0, 2, MAX_CONTEXTS - 1),  # its second frame would be widened now
        (MAX_CONTEXTS - 1, 1, MAX_CONTEXTS),  # ran with its arguments, would widen now
        (MAX_CONTEXTS, 0, 2),  # widened, would run with its arguments now
        (MAX_FRAMES - 1, 0, MAX_FRAMES),  # ran, would not now
        (MAX_FRAMES, 0, MAX_CONTEXTS),
    ],
)
def test_a_count_across_a_limit_does_not_hold(count: int, made: int, now: int) -> None:
    assert not counts_hold(_summary(count, made), {F: now}, COUNT_LIMITS)
