"""pallas-kernel-captures-array reads a kernel's code in one walk of its def (plus one per
statement for its own reads): a new file's kernels are all read afresh, and each was walked
four times.  What it reads is what separate walks read."""

from __future__ import annotations

import ast

import pytest

from jaxlsp.rules import pallas_kernel_captures_array as rule
from jaxlsp.syntax.walk import walk

KERNEL = """
def kernel(x_ref, o_ref, *, n):
    size = x_ref.shape[0] + len(table)
    helper(x_ref, (bias, o_ref), scale=w)
    def inner(a, b=1):
        return a + b + bias
    o_ref[...] = x_ref[...] * bias + self_scale.w + size + inner(n)
"""


def test_a_kernel_is_walked_once_and_read_as_separate_walks_read_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    node = ast.parse(KERNEL).body[0]
    assert isinstance(node, ast.FunctionDef)
    walked: list[ast.AST] = []

    def counting(tree: ast.AST) -> list[ast.AST]:
        walked.append(tree)
        return walk(tree)

    monkeypatch.setattr(rule, "walk", counting)
    text = rule._kernel_text(node)
    assert walked.count(node) == 1
    assert len(walked) == 1 + len(node.body)  # the def, then each statement for its reads
    nodes = walk(node)
    assert text.static == frozenset(rule._static_reads(nodes))
    assert text.calls == rule._handed_on(nodes)
    static_names = {n.id for n in nodes if isinstance(n, ast.Name) and id(n) in text.static}
    assert static_names == {"x_ref", "table"}  # x_ref.shape, len(table)
    assert {"size", "inner", "a", "b"} <= text.bound
    assert "bias" not in text.bound and "w" not in text.bound
    assert text.parameters == frozenset({"x_ref", "o_ref", "n"})
    given = [sorted(type(n).__name__ for n in nodes if id(n) in ids) for _, ids in text.calls]
    assert ["Name", "Name", "Name", "Name"] in given  # helper(x_ref, (bias, o_ref), scale=w)
