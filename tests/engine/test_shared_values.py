"""The compact forms an analysis keeps must read exactly as what they replaced.

Summaries, module values and statement memos share equal values (constants, API values, empty
tables) and keep each name's scope on the name; these tests pin what reading them gives.
"""

from __future__ import annotations

import ast

from jaxlsp.analysis import pyast
from jaxlsp.analysis.model import Const, shared_const
from jaxlsp.analysis.module import ApiV, api_value
from jaxlsp.analysis.summarize import summarize_statement


def test_shared_constants_keep_their_type() -> None:
    # 1 == True == 1.0 and 0.0 == -0.0: equal values of other types (or signs) stay apart
    assert shared_const(1) is shared_const(1)
    assert type(shared_const(True).value) is bool
    assert type(shared_const(1).value) is int
    assert shared_const(True) is not shared_const(1)
    assert str(shared_const(-0.0).value) == "-0.0"
    assert shared_const("x" * 1000) is not shared_const("x" * 1000)
    assert shared_const(None) == Const(None)


def test_api_values_are_canonical_and_shared() -> None:
    made = api_value("jax.shard_map")
    assert made == ApiV(made.qualified)
    assert api_value("jax.shard_map") is made


def test_names_read_keep_order_and_scope() -> None:
    text = "def f(x=jnp.zeros):\n    return g(x, lambda y: h(y))\n\nk = f"
    tree = ast.parse(text)
    summary = summarize_statement(tree.body, 0, text.split("\n"))
    pairs = [(scope, name.dotted) for scope, name in summary.names]
    assert pairs == [
        ("", "jnp.zeros"),
        ("f", "g"),
        ("f", "x"),
        ("f.<lambda@2:16>", "h"),
        ("f.<lambda@2:16>", "y"),
        ("", "f"),
    ]
    assert [name.scope for name in summary.read] == [scope for scope, _ in pairs]


def test_identifiers_of_text_that_is_not_ascii() -> None:
    text = "é = 1"
    tree = ast.parse(text)
    assert pyast.identifiers(tree, text) is None
    assert pyast.identifiers(tree, text) is None  # memoised: still no word list
    ascii_text = "a = b"
    assert sorted(pyast.identifiers(ast.parse(ascii_text), ascii_text) or ()) == ["a", "b"]
