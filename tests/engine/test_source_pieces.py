"""Parsing a module piece by piece must split it as a whole-module ``ast.parse`` would.

The pieces end before lines that may start a statement; continuation lines at column 0
(clauses, closing brackets, string contents, decorated defs) must not fool the split, and a
module that does not parse must report Python's own error for the whole module.  Each chunk's
tree is that statement's own parse; an old analysis is freed once dropped.
"""

from __future__ import annotations

import ast
import gc
import weakref

import pytest
from bench.generate import generate

from jaxlsp.engine import Engine
from jaxlsp.syntax import source as syntax
from jaxlsp.syntax.source import parse_module

SOURCES = [
    'x = """\nfoo\ndef f(): pass\n"""\ny = 1\n',
    "if a:\n    pass\nelse:\n    pass\nz = 1\n",
    "try:\n    import x\nexcept ImportError:\n    x = None\nfinally:\n    y = 1\n",
    "if a:\n    pass\nelif b:\n    pass\n",
    "@d\n\n@e\ndef f():\n    pass\n",
    "@d\nclass C:\n    pass\n@e\n@f(1)\nasync def g():\n    pass\nh = 1\n",
    "x = [\n1,\n]\nfoo(\n)\n",
    "\fx = 1\n\fy = 2\n",
    "x = 1; y = 2\nz = 3\n",
    "x = (1 +\n2)\ny = 3 \\\n + 4\n",
    "class A:\n    pass\n# c\n   # d\n\nz = 1\n",
    "# header\n\n\nimport jax\n",
    "",
]
BROKEN = [
    "  x = 1\n",
    "\n\n# c\n  x = 1\n",
    "def f(:\n    pass\n",
    'x = "unterminated\ny = 1\n',
    "x = (\n\ny = 2\n",
    "print(1)\n)\n",
    "a\0b\n",
    "def f():\n    return 1\n\n x = 2\n",
    "else:\n    pass\n",
]


def _whole_module_chunks(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, text) of each top-level statement group, from one parse."""
    lines = source.split("\n")
    groups: list[tuple[int, int]] = []
    for node in ast.parse(source).body:
        decorators = getattr(node, "decorator_list", [])
        first = min([node.lineno, *(d.lineno for d in decorators)]) - 1
        last = (node.end_lineno or node.lineno) - 1
        if groups and first <= groups[-1][1]:
            groups[-1] = (groups[-1][0], max(last, groups[-1][1]))
        else:
            groups.append((first, last))
    return [(first, last, "\n".join(lines[first : last + 1])) for first, last in groups]


def _python_error(source: str) -> str:
    try:
        ast.parse(source)
    except SyntaxError as error:
        return f"{error.msg} ({f'line {error.lineno}' if error.lineno else 'unknown line'})"
    except ValueError as error:
        return str(error)
    raise AssertionError("the source parses")


@pytest.mark.parametrize("source", [*SOURCES, generate(300)])
def test_pieces_split_as_the_whole_module(source: str) -> None:
    parsed = parse_module(source)
    assert parsed.error is None
    found = [(c.start, c.end, c.text) for c in parsed.chunks]
    assert found == _whole_module_chunks(source)


@pytest.mark.parametrize("source", BROKEN)
def test_a_module_that_does_not_parse_reports_pythons_own_error(source: str) -> None:
    assert parse_module(source).error == _python_error(source)


def test_an_error_far_down_reports_pythons_own_error() -> None:
    source = generate(2000) + "\n\ndef broken(:\n    pass\n" + generate(300, seed=1)
    assert parse_module(source).error == _python_error(source)


@pytest.mark.parametrize("source", [*SOURCES, generate(300, seed=2)])
def test_each_chunk_holds_its_statements_own_tree(source: str) -> None:
    saved = dict(syntax._SHARED)
    syntax._SHARED.clear()
    try:
        parsed = parse_module(source)
    finally:
        syntax._SHARED.clear()
        syntax._SHARED.update(saved)
    for chunk in parsed.chunks:
        expected = ast.dump(ast.parse(chunk.text), include_attributes=True)
        assert ast.dump(chunk.tree, include_attributes=True) == expected
    assert len({id(chunk.tree) for chunk in parsed.chunks}) == len(parsed.chunks)


def test_identical_statements_get_trees_of_their_own() -> None:
    source = "x = 1\ny = 2\nx = 1\n"
    first = parse_module(source)
    again = parse_module(source + "z = 3\n", first)
    for parsed in (first, again):
        assert len({id(chunk.tree) for chunk in parsed.chunks}) == len(parsed.chunks)


def test_an_old_analysis_is_freed_once_dropped() -> None:
    engine = Engine()
    source = generate(300, seed=4)
    first = engine.analyze(source)
    assert first.program is not None
    program = weakref.ref(first.program)
    second = engine.analyze(source.replace("0.01", "0.02", 1), previous=first)
    del first
    gc.collect()
    assert program() is None
    assert second.findings is not None


def test_a_clause_typed_after_a_statement_is_split_without_parsing_the_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    defs = "".join(f"def f{i}(x):\n    return x\n\n\n" for i in range(50))
    before = f"import os\nif os.name:\n    import jax\n{defs}"
    after = before.replace("    import jax\n", "    import jax\nelse:\n    jax = None\n")
    previous = parse_module(before)
    expected = _whole_module_chunks(after)
    parsed: list[int] = []
    parse = ast.parse

    def counting(source: str, *args: object, **kwargs: object) -> ast.Module:
        parsed.append(source.count("\n") + 1)
        return parse(source)

    monkeypatch.setattr(ast, "parse", counting)
    parsed_after = parse_module(after, previous)
    assert [(c.start, c.end, c.text) for c in parsed_after.chunks] == expected
    assert max(parsed) < 10  # the edited region, then the if/else: never the whole module


class _CountingTrees:
    """Known trees (one text known) that count the look-ups of each text."""

    def __init__(self, known: dict[str, ast.Module]) -> None:
        self.known = known
        self.asked: list[str] = []

    def get(self, text: str, /) -> ast.Module | None:
        self.asked.append(text)
        return self.known.get(text)

    def __len__(self) -> int:
        return len(self.known)


def test_a_statement_not_known_is_looked_up_once_and_a_known_one_still_taken() -> None:
    """On a text not seen before each statement's text is asked for once, not again for the
    chunk its piece's parse makes; a known statement (and one whose piece grew) keeps the
    tree known for its text, and every chunk is its statement's own parse."""
    kept = ast.parse("y = 2")
    known = _CountingTrees({"y = 2": kept})
    source = "x = 1\n\ny = 2\n# c\nz = (\n1)\nw = 3\n"
    parsed = syntax._parse_pieces(syntax.split_lines(source), known, ())
    assert parsed is not None
    assert sorted(known.asked) == sorted(set(known.asked))  # each text asked once
    assert [chunk.text for chunk in parsed.chunks] == ["x = 1", "y = 2", "z = (\n1)", "w = 3"]
    assert parsed.chunks[1].tree is kept
    assert [(c.start, c.end) for c in parsed.chunks] == [(0, 0), (2, 2), (4, 5), (6, 6)]
    assert parsed.parsed == 3
    for chunk in parsed.chunks:
        expected = ast.dump(ast.parse(chunk.text), include_attributes=True)
        assert ast.dump(chunk.tree, include_attributes=True) == expected


#: Lines whose first character is each kind the statement split tells apart: code, a
#: decorator, the closing brackets, a comment, blank and indented lines, and whitespace that
#: is not a space or tab (a form feed, the separators ``str.isspace`` counts, a no-break
#: space, an em space), and a letter that is no ASCII one.
FIRST_CHARACTERS = [
    "x = 1",
    "@d",
    ")",
    "]",
    "}",
    "# c",
    "",
    "    y",
    "\tz",
    "\x0cw",
    "\x0bw",
    "\x1cw",
    "\x1fw",
    "\x85w",
    "\xa0w",
    "\u2003w",
    "\u3000w",
    "éx = 1",
    "(a)",
]


@pytest.mark.parametrize("start", [0, 1, 7, len(FIRST_CHARACTERS) - 1, len(FIRST_CHARACTERS)])
def test_the_lines_that_may_start_a_statement_are_those_the_pattern_matches(start: int) -> None:
    """``_statement_starts`` (each line's first character looked up, not matched) picks the
    lines ``_STATEMENT_START`` matches, ``\\s`` being Python's whitespace; a line that is code
    (or a decorator) starts one, a blank, indented or comment line or a closing bracket none."""
    lines = FIRST_CHARACTERS * 2
    expected = [n for n in range(start, len(lines)) if syntax._STATEMENT_START.match(lines[n])]
    assert syntax._statement_starts(lines, start) == expected
    assert [lines[n] for n in syntax._statement_starts(lines, 0)][:4] == [
        "x = 1",
        "@d",
        "éx = 1",
        "(a)",
    ]


def test_a_statement_after_an_unusual_whitespace_line_is_split_as_the_whole_module() -> None:
    """A line that starts with whitespace other than a space or tab (a form feed, a no-break
    space inside a string) does not end a piece; the chunks are those of the whole module."""
    source = 'x = """\n\xa0a\n\u2003b\n"""\n\x0cy = 2\nz = 3\n'
    parsed = parse_module(source)
    assert [(c.start, c.end, c.text) for c in parsed.chunks] == _whole_module_chunks(source)
