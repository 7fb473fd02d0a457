"""UTF-16/UTF-8/UTF-32 ↔ code-point conversion, clamping, and incremental edits."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types

from jaxlsp.findings import Position, Span
from jaxlsp.lsp.positions import (
    Encoding,
    apply_change,
    choose_encoding,
    column_to_units,
    offset_of,
    range_to_span,
    span_to_range,
    to_engine,
    to_lsp,
    units_in,
    units_to_column,
)
from jaxlsp.syntax.source import split_lines

EMOJI_LINE = 'x = "😋"; y = jax.jit(f)'


def lsp(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


def test_an_astral_character_counts_two_utf16_units_and_one_code_point() -> None:
    column = EMOJI_LINE.index("jax")
    assert column == 13
    assert column_to_units(EMOJI_LINE, column, "utf-16") == 14
    assert column_to_units(EMOJI_LINE, column, "utf-8") == 16
    assert column_to_units(EMOJI_LINE, column, "utf-32") == 13
    assert units_to_column(EMOJI_LINE, 14, "utf-16") == 13
    assert units_to_column(EMOJI_LINE, 16, "utf-8") == 13


def test_an_offset_inside_a_surrogate_pair_rounds_down_to_the_character() -> None:
    start = EMOJI_LINE.index("😋")
    assert units_to_column(EMOJI_LINE, start + 1, "utf-16") == start


def test_positions_past_the_end_are_clamped() -> None:
    lines = split_lines("ab\ncd")
    assert to_engine(lines, lsp(0, 99), "utf-16") == Position(0, 2)
    assert to_engine(lines, lsp(7, 3), "utf-16") == Position(1, 2)
    assert to_lsp(lines, Position(9, 0), "utf-16") == lsp(1, 2)
    assert to_lsp(lines, Position(0, 50), "utf-16") == lsp(0, 2)


def test_lines_split_only_on_lsp_line_breaks() -> None:
    assert split_lines("a\r\nb\rc\nd\x0ce\u2028f") == ["a", "b", "c", "d\x0ce\u2028f"]
    assert split_lines("") == [""]
    assert split_lines("x\n") == ["x", ""]


def test_span_round_trips_through_a_range() -> None:
    lines = split_lines(f"import jax\n{EMOJI_LINE}\n")
    span = Span.of(1, 13, 1, 23)
    range_ = span_to_range(lines, span, "utf-16")
    assert range_.start == lsp(1, 14)
    assert range_.end == lsp(1, 24)
    assert range_to_span(lines, range_, "utf-16") == span


def test_an_incremental_change_after_an_emoji_lands_in_the_right_place() -> None:
    text = f"{EMOJI_LINE}\nz = 1\n"
    start = column_to_units(EMOJI_LINE, EMOJI_LINE.index("jit"), "utf-16")
    change = types.Range(start=lsp(0, start), end=lsp(0, start + 3))
    assert apply_change(text, change, "vmap", "utf-16") == text.replace("jit", "vmap")


def test_changes_across_crlf_lines_keep_the_other_line_breaks() -> None:
    text = "a = 1\r\nb = 2\r\nc = 3\r\n"
    change = types.Range(start=lsp(0, 4), end=lsp(1, 5))
    assert apply_change(text, change, "9\r\nb = 8", "utf-16") == "a = 9\r\nb = 8\r\nc = 3\r\n"


def test_a_change_without_a_range_replaces_everything() -> None:
    assert apply_change("old", None, "new", "utf-16") == "new"


def test_a_change_past_the_end_appends() -> None:
    change = types.Range(start=lsp(40, 0), end=lsp(41, 0))
    assert apply_change("a\n", change, "b\n", "utf-16") == "a\nb\n"


@pytest.mark.parametrize(
    ("offered", "expected"),
    [(None, "utf-16"), (["utf-8"], "utf-16"), (["utf-32", "utf-16"], "utf-32")],
)
def test_choose_encoding(offered: list[str] | None, expected: Encoding) -> None:
    assert choose_encoding(offered) == expected


@given(st.text(), st.sampled_from(["utf-8", "utf-16", "utf-32"]))
def test_every_column_round_trips(line: str, encoding: Encoding) -> None:
    line = line.replace("\r", "").replace("\n", "")
    for column in range(len(line) + 1):
        assert units_to_column(line, column_to_units(line, column, encoding), encoding) == column
    assert column_to_units(line, len(line), encoding) == units_in(line, encoding)


@given(
    st.text(alphabet=st.sampled_from("ab😋é\n\r")),
    st.integers(0, 6),
    st.integers(0, 12),
    st.integers(0, 6),
    st.integers(0, 12),
    st.text(alphabet=st.sampled_from("x😋\n")),
)
def test_apply_change_matches_splicing_by_code_points(
    text: str, line_a: int, col_a: int, line_b: int, col_b: int, new: str
) -> None:
    lines = split_lines(text)
    start = to_engine(lines, lsp(line_a, col_a), "utf-32")
    end = to_engine(lines, lsp(line_b, col_b), "utf-32")
    start, end = min(start, end), max(start, end)
    range_ = types.Range(start=to_lsp(lines, start, "utf-16"), end=to_lsp(lines, end, "utf-16"))
    expected = text[: _offset(text, start)] + new + text[_offset(text, end) :]
    assert apply_change(text, range_, new, "utf-16") == expected


def _offset(text: str, position: Position) -> int:
    """A naive reference: walk the text counting LSP line breaks."""
    line = column = 0
    index = 0
    while index < len(text):
        if line == position.line and column == position.column:
            return index
        if text.startswith("\r\n", index):
            if line == position.line:
                return index
            line, column, index = line + 1, 0, index + 2
            continue
        if text[index] in "\r\n":
            if line == position.line:
                return index
            line, column, index = line + 1, 0, index + 1
            continue
        column += 1
        index += 1
    return index


@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
def test_a_change_in_a_long_text_lands_where_splitting_it_into_lines_says(line_break: str) -> None:
    """The ends of a change in a text of many lines are found by counting line breaks, not by
    splitting it; the answer must be what the lines say, clamped alike, for every encoding."""
    rng = random.Random(len(line_break))
    pieces = ["x", "é", "😋", " ", "\t"]
    lines = ["".join(rng.choices(pieces, k=rng.randrange(0, 60))) for _ in range(5_000)]
    text = line_break.join(lines) + rng.choice(["", line_break])
    split = split_lines(text)
    for _ in range(300):
        ends = [lsp(rng.randrange(0, len(split) + 2), rng.randrange(0, 70)) for _ in range(2)]
        if rng.random() < 0.3:  # most changes are on one line or the next
            ends[1] = lsp(ends[0].line + rng.randrange(0, 2), rng.randrange(0, 70))
        range_ = types.Range(start=ends[0], end=ends[1])
        encodings: list[Encoding] = ["utf-8", "utf-16", "utf-32"]
        for encoding in encodings:
            span = range_to_span(split, range_, encoding)
            expected = (
                text[: offset_of(text, split, span.start)]
                + "new"
                + text[offset_of(text, split, span.end) :]
            )
            assert apply_change(text, range_, "new", encoding) == expected
