"""Fuzzing the analysis engine with generated and mutated Python.

A language server sees every half-typed, broken or hostile file a user opens.  For any text the
engine must: never raise; put every range (findings, related locations, hovers, fix edits)
inside the document; and give, after any sequence of edits, the same findings as a fresh
analysis of the final text (its statement cache must never go stale).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator, Sequence
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Finding, Position, Span
from jaxlsp.lsp.positions import span_to_range, units_to_column
from jaxlsp.rules import all_rules
from jaxlsp.syntax.source import split_lines
from tests.conftest import REPO
from tests.reliability.fuzzing import IS_LONG_RUN, budget

REPRODUCERS = REPO / "tests" / "reproducers"


@cache
def engine() -> Engine:
    return Engine()


@cache
def seeds() -> tuple[str, ...]:
    """Real JAX programs (the reproducers) and every rule's own VALID and INVALID examples."""
    files = sorted(p for p in REPRODUCERS.glob("*.py") if not p.name.startswith("_"))
    examples = [example for rule in all_rules() for example in (*rule.VALID, *rule.INVALID)]
    return tuple([p.read_text(encoding="utf-8") for p in files] + examples)


@cache
def seeds_with_findings() -> tuple[str, ...]:
    found = tuple(s for s in seeds() if engine().analyze(s).findings)
    assert len(found) >= 2, "the fuzz corpus needs sources the rules fire on"
    return found


@cache
def every_position_seeds() -> tuple[str, ...]:
    """The shortest source for each distinct set of codes the rules find (six in CI, so the
    every-position tests stay fast; all of them in the long run)."""
    if IS_LONG_RUN:
        return seeds_with_findings()
    shortest: dict[tuple[str, ...], str] = {}
    for source in sorted(seeds_with_findings(), key=len):
        codes = tuple(sorted({f.code for f in engine().analyze(source).findings}))
        shortest.setdefault(codes, source)
    return tuple(sorted(shortest.values(), key=len)[:6])


# --- invariants -----------------------------------------------------------------------------


def assert_inside(span: Span, lines: list[str], what: str) -> None:
    start, end = span.start, span.end
    assert start <= end, f"{what}: {span} ends before it starts"
    for position in (start, end):
        assert 0 <= position.line < len(lines), f"{what}: {span} is past the last line"
        assert 0 <= position.column <= len(lines[position.line]), f"{what}: {span} is past its line"


def all_positions(lines: list[str]) -> Iterator[Position]:
    for line_number, line in enumerate(lines):
        yield Position(line_number, 0)
        yield Position(line_number, len(line))


def check_invariants(
    source: str, analysis: Analysis, *, hovers: Sequence[Position] = (), fixes: bool = True
) -> None:
    """Every promise the engine makes its front ends about one analysis."""
    lines = split_lines(source)
    assert analysis.source == source
    if analysis.parse_error is not None:
        assert analysis.findings == ()
    for finding in analysis.findings:
        assert_inside(finding.span, lines, finding.code)
        for related in finding.related:
            assert_inside(related.span, lines, f"{finding.code} related")
        for fix in engine().fixes(source, analysis, finding) if fixes else ():
            assert fix.edits, f"{fix.title!r} changes nothing"
            ordered = sorted(fix.edits, key=lambda edit: edit.span)
            for edit in ordered:
                assert_inside(edit.span, lines, f"fix {fix.title!r}")
            for before, after in itertools.pairwise(ordered):
                assert before.span.end <= after.span.start, f"{fix.title!r} edits overlap"
    for position in hovers:
        info = engine().hover(analysis, position)
        if info is not None:
            assert info.markdown
            if analysis.parse_error is None:
                assert_inside(info.span, lines, "hover")


# --- mutation strategies --------------------------------------------------------------------

#: Fragments that break Python in interesting ways, or that shift columns and lines.
FRAGMENTS = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    ",",
    "=",
    "==",
    "*",
    "**",
    "@",
    ".",
    ";",
    "\\",
    '"',
    "'",
    '"""',
    "'''",
    'f"{',
    "#",
    "\n",
    "\r",
    "\r\n",
    "\t",
    " " * 7,
    "\x00",
    "\x0c",
    "\x0b",
    "\x1c",
    "\x85",
    "\u2028",
    "\ufeff",
    "😀",
    "𝔘",
    "é",
    "\ud800",
    "\udfff",
    "def ",
    "class ",
    "lambda ",
    "async ",
    "await ",
    "yield ",
    "return ",
    "import jax\n",
    "from jax import *\n",
    "jax.",
    "jax.shard_map(",
    "jax.custom_vjp",
    ".defvjp(",
    "symbolic_zeros=True",
    "pl.kernel(",
    "jax.jvp(",
    "global x\n",
    "nonlocal y\n",
    "del ",
    "if ",
    "else:",
    "    ",
]


@st.composite
def mutated_sources(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(seeds()), label="seed")
    for _ in range(draw(st.integers(1, 4), label="mutations")):
        at = draw(st.integers(0, len(source)), label="at")
        action = draw(st.sampled_from(["insert", "delete", "duplicate", "text"]), label="action")
        if action == "insert":
            source = source[:at] + draw(st.sampled_from(FRAGMENTS)) + source[at:]
        elif action == "delete":
            source = source[:at] + source[at + draw(st.integers(1, 30)) :]
        elif action == "duplicate":
            size = draw(st.integers(1, 200))
            source = source[:at] + source[at : at + size] + source[at:]
        else:
            source = source[:at] + draw(st.text(max_size=12)) + source[at:]
    return source


def positions(source: str) -> st.SearchStrategy[Position]:
    lines = split_lines(source)
    return st.builds(
        Position,
        st.integers(-2, len(lines) + 2),
        st.integers(-2, max(len(line) for line in lines) + 2),
    )


# --- properties ------------------------------------------------------------------------------


@budget(examples=200)
@given(data=st.data())
def test_mutated_source_never_raises_and_every_range_is_inside(data: st.DataObject) -> None:
    source = data.draw(mutated_sources(), label="source")
    hovers = data.draw(st.lists(positions(source), max_size=4), label="hovers")
    analysis = engine().analyze(source, "fuzzed.py")
    check_invariants(source, analysis, hovers=hovers)


@budget(examples=40)
@given(data=st.data())
def test_arbitrary_text_never_raises(data: st.DataObject) -> None:
    source = data.draw(
        st.text(max_size=300) | st.binary(max_size=300).map(lambda b: b.decode("latin-1"))
    )
    check_invariants(source, engine().analyze(source), hovers=[Position(0, 0), Position(5, 5)])


@budget(examples=40)
@given(data=st.data())
def test_after_any_edit_sequence_the_findings_equal_a_fresh_analysis(data: st.DataObject) -> None:
    """The statement cache is reused across versions; it must never leak an old version."""
    source = data.draw(st.sampled_from(seeds_with_findings()), label="seed")
    analysis = engine().analyze(source)
    for _ in range(data.draw(st.integers(1, 8), label="edits")):
        at = data.draw(st.integers(0, len(source)), label="at")
        end = data.draw(st.integers(at, min(len(source), at + 40)), label="end")
        new_text = data.draw(st.sampled_from([*FRAGMENTS, "", "x", "\n\n"]), label="new text")
        source = source[:at] + new_text + source[end:]
        analysis = engine().analyze(source, previous=analysis)
        check_invariants(source, analysis)
    fresh = engine().analyze(source)
    assert analysis.parse_error == fresh.parse_error
    if fresh.parse_error is None:
        assert analysis.findings == fresh.findings


@pytest.mark.parametrize("fragment", ["(", "DELETE"])
def test_syntax_error_at_every_position_keeps_the_last_good_analysis(fragment: str) -> None:
    for source in every_position_seeds():
        good = engine().analyze(source)
        for at in range(len(source) + 1):
            if fragment == "DELETE":
                broken = source[:at] + source[at + 1 :]
            else:
                broken = source[:at] + fragment + source[at:]
            analysis = engine().analyze(broken, previous=good)
            check_invariants(broken, analysis, fixes=False)  # libcst fixes: see the fuzz test
            if analysis.parse_error is not None:
                assert analysis.program is good.program, (
                    "a broken file must keep the last good facts"
                )


# --- shapes that break recursive code --------------------------------------------------------

DEEP = 100_000


@pytest.mark.parametrize(
    "source",
    [
        "x = " + "(" * DEEP + ")" * DEEP,
        "x = " + "[" * 150 + "]" * 150,
        "x = " + "-" * DEEP + "1",
        "x = " + " + ".join(["a"] * DEEP),
        "x = jax" + ".a" * 20_000,
        "import jax\nf = " + "jax.jit(" * 90 + "g" + ")" * 90 + "\n",
        "import jax\n" + "@jax.jit\n" * 3_000 + "def f(x):\n    return x\n",
        "".join(f"{'    ' * i}def f{i}():\n" for i in range(99)) + "    " * 99 + "pass\n",
        "".join(f"{'    ' * i}def f{i}():\n" for i in range(120)) + "    " * 120 + "pass\n",
        "import jax\nf = " + "lambda: " * 5_000 + "jax.jit\n",
        "import jax\nx = " + "{'a': " * 180 + "1" + "}" * 180 + "\n",
        "import jax\n" + "if x:\n pass\nelif y:\n" * 2_000 + " pass\n",
        "import jax\nx = [" + "jax.jit(f), " * 5_000 + "]\n",
    ],
    ids=[
        "parens-100k",
        "lists-150",
        "unary-100k",
        "binop-100k",
        "attribute-chain-20k",
        "nested-calls-90",
        "decorators-3k",
        "defs-99",
        "defs-120",
        "lambdas-5k",
        "dicts-180",
        "elif-2k",
        "list-of-calls-5k",
    ],
)
def test_deep_and_wide_code_never_raises(source: str) -> None:
    analysis = engine().analyze(source, "deep.py")
    lines = split_lines(source)
    check_invariants(source, analysis, hovers=[Position(len(lines) - 1, 3), Position(1, 10)])


@pytest.mark.parametrize("where", ["before", "inside", "after"])
def test_10000_character_lines_never_raise_and_findings_survive(where: str) -> None:
    source = seeds_with_findings()[0]
    original = engine().analyze(source).findings
    line = "x = '" + "é😀a" * 3_334 + "'  # " + "z" * 10_000
    lines = source.split("\n")
    if where == "before":
        lines.insert(0, line)
    elif where == "after":
        lines.append(line)
    else:
        lines[0] = lines[0] + "  # " + "w" * 10_000
    mutated = "\n".join(lines)
    analysis = engine().analyze(mutated)
    check_invariants(
        mutated, analysis, hovers=[Position(0, 9_999), Position(len(lines) - 1, 10_004)]
    )
    assert [f.code for f in analysis.findings] == [f.code for f in original]


# --- astral characters and odd line breaks must not shift ranges -----------------------------


def span_text(lines: list[str], span: Span) -> str:
    """The text a span covers, cut from the document by code points."""
    start, end = span.start, span.end
    if start.line == end.line:
        return lines[start.line][start.column : end.column]
    middle = lines[start.line + 1 : end.line]
    return "\n".join([lines[start.line][start.column :], *middle, lines[end.line][: end.column]])


def finding_texts(source: str, findings: tuple[Finding, ...]) -> list[tuple[str, str]]:
    """The text each finding covers, and the text of each of its related locations."""
    lines = split_lines(source)
    texts = []
    for finding in findings:
        texts.append((finding.code, span_text(lines, finding.span)))
        texts += [(f"{finding.code} related", span_text(lines, r.span)) for r in finding.related]
    return texts


def utf16_texts(source: str, findings: tuple[Finding, ...]) -> list[str]:
    """The same text cut by the LSP range a client receives (UTF-16 code units)."""
    lines = split_lines(source)
    texts = []
    for finding in findings:
        range_ = span_to_range(lines, finding.span, "utf-16")
        first = lines[range_.start.line].encode("utf-16-le", "surrogatepass")
        last = lines[range_.end.line].encode("utf-16-le", "surrogatepass")
        if range_.start.line == range_.end.line:
            cut = first[range_.start.character * 2 : range_.end.character * 2]
            texts.append(cut.decode("utf-16-le", "surrogatepass"))
        else:
            middle = lines[range_.start.line + 1 : range_.end.line]
            head = first[range_.start.character * 2 :].decode("utf-16-le", "surrogatepass")
            tail = last[: range_.end.character * 2].decode("utf-16-le", "surrogatepass")
            texts.append("\n".join([head, *middle, tail]))
        # and back: the client's position maps to the engine's column
        column = units_to_column(lines[range_.start.line], range_.start.character, "utf-16")
        assert column == finding.span.start.column
    return texts


#: Statements that cannot follow ``x = 1;`` on their line.
COMPOUND = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.TryStar,
    ast.Match,
)
NOISE = ["😀", "𝔘𝔫𝔦", "\u2028", "\x85", "\x0c", "\x1c", "é", "🧪🧪🧪", "\ufeff"]


@st.composite
def noisy_variants(draw: st.DrawFn) -> tuple[str, str]:
    """A source with findings, and the same program with astral and odd characters added in
    comments, strings and statements before each JAX call, on earlier lines and on its line."""
    source = draw(st.sampled_from(seeds_with_findings()))
    tree = ast.parse(source)
    simple = sorted(
        {
            (node.lineno, node.col_offset)
            for node in ast.walk(tree)
            if isinstance(node, ast.stmt) and not isinstance(node, COMPOUND)
        }
    )
    lines = source.split("\n")
    for line_number, column in reversed(simple):
        noise = "".join(draw(st.lists(st.sampled_from(NOISE), min_size=1, max_size=4)))
        index = line_number - 1
        choice = draw(st.sampled_from(["same-line", "comment-above", "none"]))
        if choice == "same-line":
            literal = (
                noise.replace("\u2028", "\\u2028")
                .replace("\x85", "\\x85")
                .replace("\x0c", "\\x0c")
                .replace("\x1c", "\\x1c")
            )
            lines[index] = lines[index][:column] + f"_ = '{literal}'; " + lines[index][column:]
        elif choice == "comment-above":
            lines.insert(index, " " * column + "# " + noise)
    return source, "\n".join(lines)


@budget(examples=50)
@given(pair=noisy_variants())
def test_astral_characters_before_a_jax_call_do_not_shift_ranges(pair: tuple[str, str]) -> None:
    original, noisy = pair
    before = engine().analyze(original).findings
    after = engine().analyze(noisy)
    assert after.parse_error is None, after.parse_error
    check_invariants(noisy, after)
    assert finding_texts(noisy, after.findings) == finding_texts(original, before)
    lines = split_lines(original)
    assert utf16_texts(noisy, after.findings) == [span_text(lines, f.span) for f in before]


def test_line_breaks_that_python_does_not_count_do_not_shift_lines() -> None:
    """\\x0c, \\x1c, \\x85 and \\u2028 end a line for ``str.splitlines`` but not for Python or
    LSP; a comment full of them before a JAX call must leave its finding on the same line."""
    for source in seeds_with_findings():
        noisy = "# \x0c\x1c\x1d\x1e\x85\u2028\u2029 odd breaks\n" + source
        before = engine().analyze(source).findings
        after = engine().analyze(noisy).findings
        assert [f.span.start.line + 1 for f in before] == [f.span.start.line for f in after]
        assert finding_texts(noisy, after) == finding_texts(source, before)


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_other_line_endings_give_the_same_findings(ending: str) -> None:
    for source in seeds_with_findings():
        converted = source.replace("\n", ending)
        before = engine().analyze(source).findings
        after = engine().analyze(converted)
        check_invariants(converted, after)
        assert [(f.code, f.span) for f in after.findings] == [(f.code, f.span) for f in before]


def test_non_utf8_bytes_decoded_leniently_never_raise() -> None:
    """What a front end gets from a file on disk that is not UTF-8 (latin-1, Shift-JIS, junk)."""
    raw = (
        seeds_with_findings()[0].encode()
        + b"\n# \xff\xfe\x80 caf\xe9\n"
        + "日本".encode("shift_jis")
    )
    for text in (
        raw.decode("utf-8", "replace"),
        raw.decode("latin-1"),
        raw.decode("utf-8", "surrogateescape"),
    ):
        check_invariants(text, engine().analyze(text), hovers=[Position(0, 0)])


def test_a_related_location_in_another_top_level_statement_points_at_that_statement() -> None:
    """Regression (found by the long fuzz run): module-level statements are analysed as
    separate chunks, and the key-reuse rule placed the first use of a key with the reusing
    statement's chunk (wrong line, and wrong columns after astral characters)."""
    source = "import jax\nkey = jax.random.key(0)\n_ = '𝔘𝔫𝔦'; a = jax.random.normal(key, (3,))\nb = jax.random.uniform(key, (3,))\n"
    [finding] = engine().analyze(source).findings
    [related] = finding.related
    lines = split_lines(source)
    assert span_text(lines, finding.span) == "jax.random.uniform(key, (3,))"
    assert span_text(lines, related.span) == "jax.random.normal(key, (3,))"
    assert "line 3" in finding.message
