"""Message templates become patterns that find the runtime message, and nothing looser."""

from __future__ import annotations

import regex
from hypothesis import given
from hypothesis import strategies as st

from jaxlsp.index.template import (
    Hole,
    apply_format,
    apply_printf,
    normalize,
    render_message,
    to_pattern,
)
from jaxlsp.records.match import literal_length, required_literal


def _search(pattern: str, text: str) -> bool:
    return regex.search(pattern, text, flags=regex.VERSION0) is not None


def test_holes_become_bounded_wildcards_and_literals_are_escaped() -> None:
    template = ("shard_map requires a callable, but got ", Hole("f"), " of type ", Hole(), ".")
    pattern = to_pattern(template)
    assert pattern.startswith("(?s)shard_map requires a callable, but got .{0,")
    assert _search(pattern, "shard_map requires a callable, but got 3 of type <class 'int'>.")
    assert not _search(pattern, "shard_map requires a callable, but got 3 of kind int.")
    assert render_message(template) == ("shard_map requires a callable, but got {f} of type {...}.")


def test_metacharacters_match_only_themselves() -> None:
    pattern = to_pattern(("in_specs=P() (see jax.sharding) [a|b] *x+ ^$",))
    assert _search(pattern, "in_specs=P() (see jax.sharding) [a|b] *x+ ^$")
    assert not _search(pattern, "in_specs=P() (see jaxXsharding) [a|b] *x+ ^$")


def test_line_breaks_match_any_whitespace_so_rewrapped_messages_still_match() -> None:
    pattern = to_pattern(
        (
            "first line:\n\n  ",
            Hole("detail"),
            "\n\nCheck the specs.",
        )
    )
    assert _search(pattern, "first line:\n\n  some detail\n\nCheck the specs.")
    assert _search(pattern, "first line: some detail Check the specs.")


def test_edge_holes_and_whitespace_are_trimmed() -> None:
    assert to_pattern((Hole("name"), " got incompatible shapes")) == " got incompatible shapes"
    assert to_pattern(("  no holes here \n",)) == "no holes here"


def test_patterns_keep_a_literal_for_the_matcher_prefilter() -> None:
    pattern = to_pattern(("vmap got inconsistent sizes: ", Hole(), " and ", Hole()))
    assert required_literal(pattern) == "vmap got inconsistent sizes: "
    # the space before the last value is optional (an empty value's message ends before it)
    assert literal_length(pattern) == len("vmap got inconsistent sizes:  and")


def test_whitespace_before_the_last_value_may_be_gone_from_a_stripped_message() -> None:
    pattern = to_pattern(("bad shape ", Hole("shape")))
    assert _search(pattern, "bad shape (2, 3)")
    assert _search(pattern, "bad shape")  # f"bad shape {shape}" with an empty value, stripped


def test_printf_and_format_templates() -> None:
    assert apply_printf(("bad %s at %d%%; got %(name)r",), [Hole("x")]) == (
        "bad ",
        Hole("x"),
        " at ",
        Hole(),
        "%; got ",
        Hole("name"),
    )
    assert apply_format(("{} must be {kind}, not {0.shape} {{literal}}",), ["x"], {}) == (
        "x must be ",
        Hole("kind"),
        ", not ",
        Hole("0.shape"),
        " {literal}",
    )
    # Not a format string at all: kept as written rather than dropped.
    assert apply_format(("unbalanced { brace",), [], {}) == ("unbalanced { brace",)


def test_normalize_merges_neighbours() -> None:
    assert normalize(["a", "", "b", Hole("x"), Hole("y"), "c"]) == ("ab", Hole("x"), "c")


_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30
)


@given(
    st.lists(st.tuples(_TEXT, st.one_of(st.none(), _TEXT)), min_size=1, max_size=5),
)
def test_any_template_matches_every_message_it_can_produce(
    pieces: list[tuple[str, str | None]],
) -> None:
    """Build a message the way Python's f-strings would, and check the pattern finds it."""
    template = []
    message = ""
    for literal, value in pieces:
        template.append(literal)
        message += literal
        if value is not None:
            template.append(Hole("v"))
            message += value
    pattern = to_pattern(tuple(template))
    if not pattern:
        return  # only whitespace literal text: nothing to match on (never indexed)
    assert _search(pattern, message.strip())
