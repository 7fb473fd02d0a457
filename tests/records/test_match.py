"""Ranking: exact pattern matches first, then similar messages; hostile patterns stay bounded."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from jaxlsp.records.errortext import parse_error_text
from jaxlsp.records.load import load_records
from jaxlsp.records.match import FUZZY_CEILING, Matcher, literal_length, required_literal
from jaxlsp.records.model import ErrorRecord

SYMBOLIC_ZEROS = (
    "custom_vjp symbolic_zeros support with shard_map is not implemented; please open an issue "
    "at https://github.com/jax-ml/jax/issues"
)
TRACEBACK = f"""Traceback (most recent call last):
  File "/home/me/train.py", line 31, in <module>
    body(x)
  File "/venv/lib/python3.12/site-packages/jax/_src/shard_map.py", line 1510, in process
    raise NotImplementedError(msg)
jax.errors.SimplifiedTraceback: For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/me/train.py", line 31, in <module>
    body(x)
NotImplementedError: {SYMBOLIC_ZEROS}
--------------------
For simplicity, JAX has removed its internal frames from the traceback of the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.
"""


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(load_records().records)


def test_seed_message_finds_its_record_first(matcher: Matcher) -> None:
    best = matcher.match(SYMBOLIC_ZEROS)[0]
    assert (best.record.id, best.kind) == ("9906f2c2bb54d4d6", "exact")


def test_full_traceback_finds_the_record_first(matcher: Matcher) -> None:
    best = matcher.match(TRACEBACK)[0]
    assert (best.record.id, best.kind) == ("9906f2c2bb54d4d6", "exact")


def test_message_of_the_other_jax_version_finds_the_same_record(matcher: Matcher) -> None:
    for message in (
        "pallas_call with a mesh does not support JVP",
        "Differentiation rule for 'mpmd_map' not implemented",
        "Differentiation rule for 'core_map' not implemented",
        "AssertionError: must override",
    ):
        assert matcher.match(message)[0].record.id == "893b10de5624d9e1"


def test_reworded_message_is_a_fuzzy_match_below_every_exact_one(matcher: Matcher) -> None:
    best = matcher.match("pallas_call with mesh doesn't support jvp yet")[0]
    assert best.record.id == "893b10de5624d9e1"
    assert best.kind == "fuzzy" and best.score <= FUZZY_CEILING


def test_unrelated_text_matches_nothing(matcher: Matcher) -> None:
    assert matcher.match("the quick brown fox jumps over the lazy dog") == []


def test_traceback_parsing_keeps_the_last_exception_and_jax_frames() -> None:
    parsed = parse_error_text(TRACEBACK)
    assert parsed.exception_class == "NotImplementedError"
    assert parsed.message == SYMBOLIC_ZEROS
    assert parsed.jax_frames == (("jax/_src/shard_map.py", 1510),)


def test_pytest_style_and_multiline_messages() -> None:
    text = "E   TypeError: first line\nE   second line\n\ntests/x.py:3: TypeError"
    parsed = parse_error_text(text)
    assert parsed.exception_class == "TypeError"
    assert parsed.message.startswith("first line\nsecond line")


def test_bare_message_with_class_prefix() -> None:
    parsed = parse_error_text("ValueError: bad thing happened")
    assert (parsed.exception_class, parsed.message) == ("ValueError", "bad thing happened")


@pytest.mark.parametrize(
    ("pattern", "literal"),
    [
        (r"custom_vjp symbolic_zeros support", "custom_vjp symbolic_zeros support"),
        (r"widget .{0,80}? is not a gadget", " is not a gadget"),
        (r"abc(def)?ghij", "ghij"),
        (r"colou?r mismatch here", "r mismatch here"),
        (r"a|bcdefgh", None),
        (r"(?i)Shape MISMATCH", "shape mismatch"),
        (r"github\.com/jax-ml", "github.com/jax-ml"),
        (r"x{2,3}", None),
    ],
)
def test_required_literal_is_conservative(pattern: str, literal: str | None) -> None:
    assert required_literal(pattern) == literal


def _hostile_record(pattern: str) -> ErrorRecord:
    return ErrorRecord.model_validate(
        {
            "id": "00000000000000ff",
            "slug": "hostile",
            "errorMessage": "x",
            "messagePattern": pattern,
        }
    )


@pytest.mark.parametrize("pattern", [r"(a|aa)+$", r"(x+x+)+y", r"(\w+\s?)+$"])
def test_catastrophic_patterns_are_cut_off(pattern: str) -> None:
    matcher = Matcher([_hostile_record(pattern)])
    subject = "a" * 5_000 + "!" if "a" in pattern else "x" * 5_000
    started = time.perf_counter()
    matcher.match(subject)
    # Bounded by safe_regex.MATCH_TIMEOUT_SECONDS per pattern; generous for a loaded CI machine.
    assert time.perf_counter() - started < 5


def test_a_quoted_inner_error_line_stays_part_of_the_message() -> None:
    """JAX quotes the inner error on its own line; the raised exception is the first after the frames."""
    text = (
        "Traceback (most recent call last):\n"
        '  File "/w/repro.py", line 14, in <module>\n'
        "    resize(jnp.arange(6.0), [2, 3])\n"
        "ValueError: Non-hashable static arguments are not supported. The error was:\n"
        "TypeError: unhashable type: 'list'\n"
    )
    parsed = parse_error_text(text)
    assert parsed.exception_class == "ValueError"
    assert parsed.message.endswith("The error was:\nTypeError: unhashable type: 'list'")


def test_the_matcher_cache_is_read_back_and_survives_damage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jaxlsp.records import match as match_module

    records = load_records()
    plain = Matcher(records)
    cached = Matcher(records, cache_dir=tmp_path)
    (written,) = tmp_path.glob("*.json")

    # A new matcher reads what the first derived: deriving again would fail here.
    def no_derivation(entries: object) -> None:
        raise AssertionError("derived again despite the cache")

    with monkeypatch.context() as patched:
        patched.setattr(match_module, "_derive", no_derivation)
        reread = Matcher(records, cache_dir=tmp_path)
    for text in (TRACEBACK, "vmap got inconsistent sizes for array axes to be mapped"):
        expected = [(m.record.id, m.score, m.kind) for m in plain.match(text)]
        assert [(m.record.id, m.score, m.kind) for m in cached.match(text)] == expected
        assert [(m.record.id, m.score, m.kind) for m in reread.match(text)] == expected
    # A damaged or foreign file is derived again and rewritten, never an error.
    for damage in (b"{not json", b'{"format": 1, "flats": []}', b"[]"):
        written.write_bytes(damage)
        again = Matcher(records, cache_dir=tmp_path)
        assert again.match(TRACEBACK)[0].record.id == plain.match(TRACEBACK)[0].record.id
        assert written.read_bytes() != damage


def test_the_matcher_cache_is_keyed_by_the_records(tmp_path: Path) -> None:
    records = load_records()
    Matcher(records, cache_dir=tmp_path)
    Matcher(records.records[:50], cache_dir=tmp_path)
    assert len(list(tmp_path.glob("*.json"))) == 2
    unwritable = tmp_path / "file-not-folder"
    unwritable.write_text("", encoding="utf-8")
    assert Matcher(records.records[:50], cache_dir=unwritable).match(SYMBOLIC_ZEROS)


@pytest.mark.parametrize(
    ("pattern", "spelled"),
    [
        ("unhashable type: 'dict'", 23),
        # a quantified character class is a wildcard, as ``.{0,300}`` is
        ("unhashable type: '[^'\\n]{1,200}'", 19),
        ("abc[^x]{0,80}def", 6),
        ("a[bc]d", 2),
        # of alternatives, only the shortest is what every match must hold
        ("(?:takes \\d+ arguments|missing \\d+ required)", len("takes  arguments")),
        ("x(?:ab|abcdef)y", 4),
        # what may match nothing spells nothing; a look-around or inline flags spell nothing
        ("ab?c", 2),
        ("(?i)abc(?=def)", 3),
        ("got {}", 6),
        ("\\(index \\d+\\)", len("(index )")),
    ],
)
def test_literal_length_counts_what_every_match_spells_out(pattern: str, spelled: int) -> None:
    assert literal_length(pattern) == spelled


@pytest.mark.parametrize(
    ("message", "first", "not_first"),
    [
        # Python's own wording, raised by a Pallas TPU scratch buffer without its dtype: the
        # record that spells it all out, not the one that names either of two arity messages
        (
            "TypeError: MemorySpace.__call__() missing 1 required positional argument: 'dtype'",
            "pallas-scratch-shapes-dtype",
            "pallas-function-arity",
        ),
        (
            "TypeError: unhashable type: 'dict'",
            "pallas-compiler-params-type",
            "jit-unhashable-static-argument",
        ),
        # and the close messages still go where they went
        (
            "TypeError: add() missing 1 required positional argument: 'o_ref'",
            "pallas-function-arity",
            "pallas-scratch-shapes-dtype",
        ),
        (
            "TypeError: unhashable type: 'list'",
            "jit-unhashable-static-argument",
            "pallas-compiler-params-type",
        ),
    ],
)
def test_the_longer_exact_match_goes_first(
    matcher: Matcher, message: str, first: str, not_first: str
) -> None:
    found = [match.record.slug for match in matcher.match(message) if match.kind == "exact"]
    assert found[0] == first
    assert not_first not in found[:1]
