"""Fuzzing the one module where LSP positions meet engine positions.

Clients send positions in UTF-16 code units, sometimes past the end of a line or of the
document, sometimes inside a surrogate pair, and ranges that end before they start.  Every
conversion must clamp instead of raising, and a position inside the text must survive the round
trip engine → LSP → engine in every encoding.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types

from jaxlsp.findings import Position
from jaxlsp.lsp.positions import (
    Encoding,
    apply_change,
    offset_of,
    range_to_span,
    split_lines,
    to_engine,
    to_lsp,
)
from tests.reliability.fuzzing import budget

#: Text rich in what breaks position code: astral characters, combining marks, every line
#: break Python knows and the ones it does not, NUL, BOM and lone surrogates.
TEXT = st.lists(
    st.sampled_from(
        [
            "a",
            "b",
            " ",
            "\t",
            "\n",
            "\r",
            "\r\n",
            "😀",
            "𝔘",
            "é",
            "e\u0301",
            "\u2028",
            "\x85",
            "\x0c",
            "\x00",
            "\ufeff",
            "中",
            "\ud800",
        ]
    ),
    max_size=40,
).map("".join)
ENCODINGS: list[Encoding] = ["utf-16", "utf-8", "utf-32"]
NUMBERS = st.integers(0, 200) | st.just(2**31 - 1)


def lsp_position() -> st.SearchStrategy[types.Position]:
    return st.builds(types.Position, line=NUMBERS, character=NUMBERS)


@budget(examples=300)
@given(
    text=TEXT,
    start=lsp_position(),
    end=lsp_position(),
    new_text=TEXT,
    encoding=st.sampled_from(ENCODINGS),
)
def test_any_change_applies_without_raising(
    text: str, start: types.Position, end: types.Position, new_text: str, encoding: Encoding
) -> None:
    """Out-of-range and inverted ranges are clamped; the new text is always inserted whole."""
    result = apply_change(text, types.Range(start=start, end=end), new_text, encoding)
    assert new_text in result
    assert len(result) <= len(text) + len(new_text)


@budget(examples=300)
@given(text=TEXT, data=st.data(), encoding=st.sampled_from(ENCODINGS))
def test_positions_inside_the_text_survive_the_round_trip(
    text: str, data: st.DataObject, encoding: Encoding
) -> None:
    lines = split_lines(text)
    line = data.draw(st.integers(0, len(lines) - 1))
    column = data.draw(st.integers(0, len(lines[line])))
    position = Position(line, column)
    assert to_engine(lines, to_lsp(lines, position, encoding), encoding) == position


@budget(examples=300)
@given(text=TEXT, position=lsp_position(), encoding=st.sampled_from(ENCODINGS))
def test_any_client_position_lands_inside_the_document(
    text: str, position: types.Position, encoding: Encoding
) -> None:
    lines = split_lines(text)
    engine_position = to_engine(lines, position, encoding)
    assert 0 <= engine_position.line < len(lines)
    assert 0 <= engine_position.column <= len(lines[engine_position.line])
    assert 0 <= offset_of(text, lines, engine_position) <= len(text)
    span = range_to_span(lines, types.Range(start=position, end=types.Position(0, 0)), encoding)
    assert span.start <= span.end


@budget(examples=200)
@given(before=TEXT, after=TEXT, encoding=st.sampled_from(ENCODINGS))
def test_replacing_a_range_computed_from_the_text_gives_the_expected_text(
    before: str, after: str, encoding: Encoding
) -> None:
    """The range a client computes for ``before + X + after`` replaces exactly X."""
    marker = "JAX"
    text = before + marker + after
    lines = split_lines(text)
    start_index = len(before)
    prefix_lines = split_lines(before)
    line = len(prefix_lines) - 1
    start = Position(line, len(prefix_lines[-1]))
    end = Position(line, len(prefix_lines[-1]) + len(marker))
    assert offset_of(text, lines, start) == start_index
    lsp_range = types.Range(start=to_lsp(lines, start, encoding), end=to_lsp(lines, end, encoding))
    assert apply_change(text, lsp_range, "jax", encoding) == before + "jax" + after
