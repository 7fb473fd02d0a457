"""The shared explain code path (``jaxlsp.explain``): what it answers, and that the
table of the real-user corpus is what ``python -m bench.explain`` measures now."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import explain as bench_explain
from jaxlsp.answers import explain_json, explanation_json
from jaxlsp.explain import Explainer, shown_matches, version_seen
from jaxlsp.records.errortext import collapse_values, flatten, parse_error_text
from jaxlsp.records.load import curated_records_dir, load_records
from jaxlsp.records.match import flatten_pattern


@pytest.fixture(scope="module")
def explainer() -> Explainer:
    return Explainer(load_records())


def test_the_corpus_is_well_formed_and_large_enough() -> None:
    cases = bench_explain.load_corpus()
    assert len(cases) >= 100
    assert {c.era for c in cases} == set(bench_explain.ERAS)
    assert {c.kind for c in cases} == set(bench_explain.KINDS)
    assert all(c.source.startswith("https://") for c in cases)
    assert {c.split for c in cases} == {"dev", "held-out"}


def test_the_explain_table_is_current() -> None:
    outcomes = bench_explain.run(bench_explain.load_corpus(), bench_explain.default_answerer())
    assert bench_explain.readme_table() == bench_explain.table(outcomes), (
        "run `python -m bench.explain --readme`"
    )


def test_a_label_matches_index_siblings_and_globs() -> None:
    case = bench_explain.Case("x", "t", "https://x", "0.5+", "python", ("foo-bar*",), None)
    assert case.is_right("foo-bar-baz") and case.is_right("foo-bar-2")
    assert not case.is_right(None) and not case.is_right("other")
    none = bench_explain.Case("y", "t", "https://x", "0.5+", "non-jax", ("none",), None)
    assert none.is_right(None) and not none.is_right("foo")


def test_wrapped_lines_and_long_values_are_normalised() -> None:
    assert flatten("Abstract tracer value encountered where \nconcrete value") == (
        "Abstract tracer value encountered where concrete value"
    )
    value = "PyTreeDef(({'a': *, 'b': *}, {'a': *, 'b': *}, {'c': *}))"
    assert collapse_values(f"got {value} and (3, 4)") == "got … and (3, 4)"
    assert flatten_pattern(r"first line\nsecond  line\n") == "first line second line"
    assert flatten_pattern(r"[^\n]{0,9}") == r"[^\n]{0,9}"
    # An escaped newline (as re.escape writes one) is whitespace too; a class keeps its spaces.
    assert flatten_pattern("at key path\\\n    tree_map tree") == "at key path tree_map tree"
    assert flatten_pattern(r"got [ ,]  (\d+)\ \ items") == r"got [ ,] (\d+) items"
    assert flatten_pattern("  a\tb\n") == "a b"


def test_the_last_exception_of_a_chain_is_explained_and_its_cause_kept() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "a.py", line 1, in <module>\n'
        "KeyError: 'w'\n\n"
        "During handling of the above exception, another exception occurred:\n\n"
        "Traceback (most recent call last):\n"
        '  File "a.py", line 3, in <module>\n'
        "TypeError: Gradient only defined for scalar-output functions. Output had shape: (3,).\n"
    )
    parsed = parse_error_text(text)
    assert parsed.exception_class == "TypeError"
    assert [c.exception_class for c in parsed.causes] == ["KeyError"]


def test_jax_wrappers_are_unwrapped() -> None:
    parsed = parse_error_text(
        "FilteredStackTrace: TypeError: Gradient only defined for scalar-output functions.\n"
        "\nThe stack trace above excludes JAX-internal frames.\n"
    )
    assert parsed.exception_class == "TypeError"
    assert parsed.message.startswith("Gradient only defined")


def test_a_class_that_contradicts_the_record_is_no_answer(explainer: Explainer) -> None:
    message = "Gradient only defined for scalar-output functions. Output had shape: (3,)."
    right = explainer.explain(f"TypeError: {message}")
    assert right.best is not None and right.best.record.slug == "grad-non-scalar-output"
    wrong = explainer.explain(f"UserWarning: {message}")
    assert wrong.best is None or wrong.best.record.slug != "grad-non-scalar-output"


def test_a_curated_record_outranks_the_index_record_of_its_site(explainer: Explainer) -> None:
    explained = explainer.explain("RuntimeError: Array has been deleted with shape=float32[4].")
    assert explained.best is not None
    assert explained.best.record.slug == "donated-buffer-reused"
    assert all(m.record.slug != "array-has-been-deleted-with-shape" for m in explained.matches)
    site = explained.sites[explained.best.record.id]
    assert site is not None and site.file_path == "jax/_src/array.py"


def test_another_librarys_error_is_not_a_jax_error(explainer: Explainer) -> None:
    torch = explainer.explain(
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB"
    )
    assert torch.verdict == "not-jax" and torch.best is None
    assert explanation_json(torch, shown_matches(torch))["verdict"] == "not-jax"
    assert shown_matches(torch, show_all=True, limit=5) == ()


def test_no_confident_match_shows_the_nearest_two(explainer: Explainer) -> None:
    vague = explainer.explain("jax says: the shapes of my arrays are wrong somewhere")
    assert vague.verdict == "no-confident-match"
    assert len(vague.nearest) <= 2
    _, payload = explain_json(explainer, "jax says: the shapes of my arrays are wrong somewhere")
    assert payload["verdict"] == "no-confident-match"
    assert len(payload["matches"]) <= 2
    assert all(not entry["confident"] for entry in payload["matches"])


def test_version_ranges_are_inclusive() -> None:
    assert version_seen("0.3.1", ("0.2.0", "0.4.38"))
    assert not version_seen("0.5.0", ("0.2.0", "0.4.38"))
    assert version_seen("0.12.0.1", ("0.12.0.1",))


def test_an_older_releases_wording_finds_todays_record(explainer: Explainer) -> None:
    """0.1's wording of the tracer-to-NumPy error is joined (data/index/history.json) to
    today's index record of that site (the only raise of ``Tracer.__array__`` then and now),
    and so to the curated record that explains it."""
    old = (
        "Exception: Tracer can't be used with raw numpy functions. You might have\n"
        "  import numpy as np\ninstead of\n  import jax.numpy as np"
    )
    explained = explainer.explain(old)
    assert explained.best is not None
    assert explained.best.record.slug == "tracer-array-conversion-error"
    assert explained.best.seen_versions and explained.best.seen_versions[0].startswith("0.1")


def test_history_keeps_a_wording_only_where_it_differs() -> None:
    from jaxlsp.index.history import build_history

    today = [
        {
            "id": "a" * 16,
            "slug": "x-is-bad",
            "errorMessage": "x {x} is bad",
            "messagePattern": "x .{0,80}? is bad",
            "filePath": "jax/_src/f.py",
            "tags": ["fn:f"],
        }
    ]
    same = {**today[0], "id": "b" * 16}
    reworded = {
        **today[0],
        "id": "c" * 16,
        "errorMessage": "x {x} was bad",
        "messagePattern": "x .{0,80}? was bad",
    }
    history = build_history(today, [("0.2.0", [same, reworded]), ("0.3.0", [reworded])])
    assert len(history) == 1
    assert history[0]["errorMessage"] == "x {x} was bad"
    assert history[0]["jaxVersions"] == ["0.2.0", "0.3.0"]
    assert "joins:" + "a" * 16 in history[0]["tags"]


def test_history_joins_a_message_that_moved_file_and_changed_its_opening() -> None:
    from jaxlsp.index.history import build_history

    today = [
        {
            "id": "d" * 16,
            "slug": "ctor-name-accepts-a-scalar-seed",
            "errorMessage": "{ctor_name} accepts a scalar seed, but was given a PRNG key.",
            "messagePattern": " accepts a scalar seed, but was given a PRNG key\\.",
            "errorClass": "TypeError",
            "filePath": "jax/_src/random/core.py",
            "tags": ["fn:_key"],
        }
    ]
    moved = {
        "id": "e" * 16,
        "errorMessage": "PRNGKey accepts a scalar seed, but was given a PRNGKeyArray.",
        "messagePattern": "PRNGKey accepts a scalar seed, but was given a PRNGKeyArray\\.",
        "errorClass": "TypeError",
        "filePath": "jax/_src/random.py",
        "tags": ["fn:PRNGKey"],
    }
    other_class = {**moved, "id": "f" * 16, "errorClass": "ValueError"}
    joined, alone = build_history(today, [("0.4.13", [moved]), ("0.4.14", [other_class])])
    assert "joins:" + "d" * 16 in joined["tags"]
    assert not any(tag.startswith("joins:") for tag in alone["tags"])  # another class: not it


def _bare(tmp_path: Path, message: str, error_class: str, file_path: str) -> Path:
    """A records folder with one bare record (a site without an explanation)."""
    record = {
        "id": "0123456789abcdef",
        "slug": "a-bare-site",
        "errorMessage": message,
        "messagePattern": re.escape(message),
        "errorClass": error_class,
        "filePath": file_path,
        "lineNumber": 10,
        "tags": ["jax-index"],
    }
    folder = tmp_path / f"bare-{error_class}"
    folder.mkdir()
    (folder / "bare.json").write_text(json.dumps({"record": record}), encoding="utf-8")
    return folder


def test_a_bare_site_is_explained_by_the_curated_record_whose_message_opens_alike(
    tmp_path: Path,
) -> None:
    # An older release raised this from jax/core.py; today's curated record is worded on.
    message = (
        "Encountered an unexpected tracer. Perhaps this tracer escaped through global state "
        "from a previously traced function."
    )
    for error_class, expected in (
        ("UnexpectedTracerError", "unexpected-tracer-error"),
        ("IndexError", "a-bare-site"),  # a class that conflicts is another error
    ):
        folder = _bare(tmp_path, message, error_class, "jax/core.py")
        records = load_records([curated_records_dir(), folder])
        explained = Explainer(records).explain(f"{error_class}: {message}")
        assert explained.best is not None
        assert explained.best.record.slug == expected


def test_history_joins_the_only_raise_of_a_function_that_moved_into_src() -> None:
    from jaxlsp.index.history import build_history

    today = [
        {
            "id": "1" * 16,
            "slug": "the-numpy-ndarray-conversion-method",
            "errorMessage": "The numpy.ndarray conversion method __array__() was called on {x}",
            "messagePattern": "The numpy\\.ndarray conversion method __array__\\(\\) was called on ",
            "errorClass": "TracerArrayConversionError",
            "filePath": "jax/_src/core.py",
            "tags": ["fn:Tracer.__array__"],
        }
    ]
    reworded = {
        "id": "2" * 16,
        "errorMessage": "Tracer can't be used with raw numpy functions.",
        "messagePattern": "Tracer can't be used with raw numpy functions\\.",
        "errorClass": "Exception",
        "filePath": "jax/core.py",
        "tags": ["fn:Tracer.__array__"],
    }
    read_today = {
        **reworded,
        "id": "3" * 16,
        "errorMessage": "The numpy.ndarray conversion method __array__() was called on a tracer",
    }
    (joined,) = build_history(today, [("0.1.40", [reworded, read_today])])
    assert joined["errorMessage"] == reworded["errorMessage"]  # today's pattern reads the other
    assert "joins:" + "1" * 16 in joined["tags"]
