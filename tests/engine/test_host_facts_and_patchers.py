"""Two questions the interpreter asks of nearly every call or guard, answered early: whether a
dotted name is a fact of the host (``_is_host_fact``: one set look-up per dot), and whether a
call is a test's patcher (``_patcher``: refused from the call's last name).  Each answer is the
one the plain definition gives, on the facts themselves, names under them and close misses."""

from __future__ import annotations

import ast

import pytest

from jaxlsp.infer.interpreter import _HOST_FACTS, _is_host_fact, _patcher


def _by_definition(dotted: str) -> bool:
    """A host fact, or a name under one (``os.environ.get``), as the facts list says."""
    return any(dotted == fact or dotted.startswith(fact + ".") for fact in _HOST_FACTS)


@pytest.mark.parametrize(
    ("dotted", "expected"),
    [
        ("os.environ", True),
        ("os.environ.get", True),
        ("platform", True),
        ("platform.system", True),
        ("jax.devices", True),
        ("jax.devices.count", True),
        # close misses: a prefix, a longer last word, the fact under another name
        ("os", False),
        ("os.environment", False),
        ("platformx", False),
        ("jax.devices2", False),
        ("jax", False),
        ("config.os.environ", False),
        ("jax.numpy.sum", False),
        ("", False),
    ],
)
def test_host_fact_names(dotted: str, expected: bool) -> None:
    assert _is_host_fact(dotted) is expected
    assert _by_definition(dotted) is expected


def test_host_facts_as_defined() -> None:
    """Every fact, a name under it, one longer, one shorter and one inside another name."""
    names = [
        variant
        for fact in _HOST_FACTS
        for variant in (fact, f"{fact}.x", f"{fact}x", f"{fact[:-1]}", f"x.{fact}", f"{fact}..y")
    ]
    assert [_is_host_fact(name) for name in names] == [_by_definition(name) for name in names]


def _spelled_patcher(spelled: str) -> str | None:
    """``_patcher``'s answer from the whole spelling (what it did before asking the last name
    first)."""
    if spelled in ("setattr", "delattr"):
        return "object"
    last = spelled.rsplit(".", 1)[-1]
    if last in ("setattr", "delattr"):
        return "either"
    if spelled == "patch" or spelled.endswith(".patch"):
        return "string"
    if spelled.endswith("patch.object"):
        return "object"
    return None


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("setattr(jax, 'jit', f)", "object"),
        ("delattr(jax, 'jit')", "object"),
        ("monkeypatch.setattr('jax.jit', f)", "either"),
        ("monkeypatch.delattr(jax, 'jit')", "either"),
        ("mock.patch('jax.jit')", "string"),
        ("patch('jax.jit')", "string"),
        ("mocker.patch('jax.jit')", "string"),
        ("mock.patch.object(jax, 'jit')", "object"),
        ("unittest.mock.patch.object(jax, 'jit')", "object"),
        # close misses: the names as prefixes or parts, an object that is no patcher
        ("patcher('jax.jit')", None),
        ("mock.patch_object(jax, 'jit')", None),
        ("mock.object(jax)", None),
        ("setattrs(jax, 'jit', f)", None),
        ("x.setattr_later(jax)", None),
        ("get()(jax).patch('x')", None),
        ("jnp.sum(x)", None),
        ("f(x)", None),
    ],
)
def test_patcher_kinds(call: str, expected: str | None) -> None:
    node = ast.parse(call, mode="eval").body
    assert isinstance(node, ast.Call)
    assert _patcher(node.func) == expected
    spelled = ast.unparse(node.func)
    if all(part.isidentifier() for part in spelled.split(".")):
        assert _spelled_patcher(spelled) == expected
