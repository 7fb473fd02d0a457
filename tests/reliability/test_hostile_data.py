"""Hostile data: record files and pyproject.toml files that are broken, huge or malicious.

Each case must cost bounded time and memory, give a clear problem that names the file (and the
record and field when there is one), and leave every valid record working.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jaxlsp.config import MAX_PYPROJECT_BYTES, load_config
from jaxlsp.records import safe_regex
from jaxlsp.records.load import MAX_FILE_BYTES, load_file, load_records
from jaxlsp.records.match import Matcher
from jaxlsp.records.model import ErrorRecord
from tests.conftest import REPO, jaxlsp_executable
from tests.reliability.fuzzing import budget

GOOD_MESSAGE = "widget frobnicator 42 is not a gadget"


def good_record(**changes: Any) -> dict[str, Any]:
    """A valid record that exists only in these tests (so a match proves it was loaded)."""
    record: dict[str, Any] = {
        "id": "00000000000000aa",
        "slug": "widget-is-not-a-gadget",
        "errorMessage": "widget {} is not a gadget",
        "messagePattern": r"widget .{0,80}? is not a gadget",
        "errorClass": "TypeError",
        "documentation": "A made-up record used by the reliability tests.",
    }
    record.update(changes)
    return record


def write_record(folder: Path, name: str, record: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps({"record": record}), encoding="utf-8")
    return path


def run_cli(
    *args: str, memory_limit: int | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """The installed console script, optionally under an address-space limit (bytes)."""

    def limit_memory() -> None:
        if memory_limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

    return subprocess.run(
        [*jaxlsp_executable(), *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=timeout,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        preexec_fn=limit_memory,
        check=False,
    )


# --- catastrophic regular expressions -------------------------------------------------------

BACKTRACKING = [
    r"is not a gadget (a|aa)+$",
    r"is not a gadget (a+)+b",
    r"is not a gadget (\w+\s?)+$",
]


def test_backtracking_patterns_time_out_once_and_the_valid_record_still_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hostile = [
        ErrorRecord.model_validate(
            good_record(id=f"{i:016x}", slug=f"hostile-{i}", messagePattern=p)
        )
        for i, p in enumerate(BACKTRACKING, start=1)
    ]
    matcher = Matcher([*hostile, ErrorRecord.model_validate(good_record())])
    message = f"TypeError: {GOOD_MESSAGE} " + "a" * 5_000 + "!"

    first = matcher.match(message)

    assert first[0].record.slug == "widget-is-not-a-gadget" and first[0].kind == "exact"
    assert set(matcher.timed_out.values()) == {r.id for r in hostile}
    # A timed-out pattern is never run again: later queries do not pay its time limit.
    ran: list[str] = []
    real = safe_regex.search_or_raise
    monkeypatch.setattr(safe_regex, "search_or_raise", lambda p, t: ran.append(p) or real(p, t))
    again = matcher.match(message)
    assert again[0].record.slug == "widget-is-not-a-gadget"
    assert ran == [good_record()["messagePattern"]]


def test_explain_reports_the_pattern_that_timed_out(tmp_path: Path) -> None:
    write_record(tmp_path, "good.json", good_record())
    write_record(
        tmp_path,
        "hostile.json",
        good_record(id="00000000000000bb", slug="hostile", messagePattern=BACKTRACKING[0]),
    )
    result = run_cli("explain", "--records", str(tmp_path), GOOD_MESSAGE + " " + "a" * 5_000 + "!")
    assert result.returncode == 0, result.stderr
    assert "widget-is-not-a-gadget" in result.stdout
    assert "record 00000000000000bb: messagePattern" in result.stderr
    assert "timed out" in result.stderr


@pytest.mark.parametrize(
    "pattern",
    [r"((a{1000}){1000}){1000}", r"(?:x{65535}){65535}", r"((((ab){100}){100}){100}){100}"],
)
def test_pattern_that_would_unroll_to_gigabytes_is_refused_before_compiling(
    tmp_path: Path, pattern: str
) -> None:
    write_record(tmp_path, "good.json", good_record())
    bad = write_record(
        tmp_path,
        "bomb.json",
        good_record(id="00000000000000cc", slug="bomb", messagePattern=pattern),
    )
    # Under a 2 GiB address-space limit a regression fails with MemoryError instead of
    # taking the test machine's memory.
    result = run_cli("records", "validate", str(tmp_path), memory_limit=2 * 1024**3)
    assert result.returncode == 1
    assert (
        f"{bad}: record 00000000000000cc: field messagePattern: counted repeats unroll"
        in result.stdout
    )
    assert "1 valid record(s), 1 problem(s)" in result.stderr


@pytest.mark.parametrize(
    "pattern",
    [
        r"custom_vjp symbolic_zeros support with shard_map is not implemented",
        r"widget .{0,80}? is not a gadget",
        r"Shapes must be 1D sequences of concrete values of integer type, got \(\d+, .{1,200}\)",
        r"\p{L}{3} [a{]{2}",
    ],
)
def test_ordinary_patterns_are_far_below_the_unroll_limit(pattern: str) -> None:
    assert safe_regex.expanded_size(pattern) < 1_000
    safe_regex.compile_pattern(pattern)


def test_every_shipped_pattern_is_below_the_unroll_limit() -> None:
    records = load_records(compile_patterns=False).records
    assert records
    for record in records:
        for pattern in record.all_patterns():
            assert safe_regex.expanded_size(pattern) <= safe_regex.MAX_EXPANDED_SIZE, record.id


def test_inline_flag_that_contradicts_the_engine_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    write_record(tmp_path, "good.json", good_record())
    write_record(
        tmp_path,
        "v1.json",
        good_record(id="00000000000000dd", slug="v1", messagePattern="(?V1)[[a]--[b]]"),
    )
    loaded = load_records([tmp_path])
    assert [r.slug for r in loaded.records] == ["widget-is-not-a-gadget"]
    [problem] = loaded.problems
    assert (problem.record_id, problem.field) == ("00000000000000dd", "messagePattern")
    assert "does not compile" in problem.message


def test_broken_pattern_in_an_index_file_matches_nothing_instead_of_raising(tmp_path: Path) -> None:
    # Index files are loaded without compiling their patterns; the matcher must cope.
    index = tmp_path / "index"
    index.mkdir()
    broken = good_record(id="00000000000000ee", slug="broken", messagePattern="widget (unclosed")
    (index / "bundle.json").write_text(json.dumps({"records": [broken, good_record()]}))
    loaded = load_records([index])
    assert len(loaded.records) == 2
    matches = Matcher(loaded.records).match("widget (unclosed group: " + GOOD_MESSAGE)
    assert matches[0].record.slug == "widget-is-not-a-gadget"
    assert all(m.kind == "fuzzy" for m in matches if m.record.slug == "broken")


# --- huge, endless and malformed files -------------------------------------------------------


def test_100_megabyte_records_file_is_refused_unread_and_the_rest_loads(tmp_path: Path) -> None:
    write_record(tmp_path, "good.json", good_record())
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:  # sparse: 100 MB on paper, no disk used
        file.write(b'{"records": [')
        file.truncate(100 * 1024 * 1024)
    assert huge.stat().st_size > MAX_FILE_BYTES
    result = run_cli("explain", "--records", str(tmp_path), GOOD_MESSAGE)
    assert result.returncode == 0, result.stderr
    assert "widget-is-not-a-gadget" in result.stdout
    assert f"{huge}: file is 104,857,600 bytes; the limit is {MAX_FILE_BYTES:,}" in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_fifo_or_device_named_as_records_is_never_read(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        target = tmp_path / "pipe.json"
        os.mkfifo(target)  # reading it would block for ever
    else:
        target = Path("/dev/zero")  # reading it would never end
    write_record(tmp_path, "good.json", good_record())
    result = run_cli(
        "explain",
        "--records",
        str(target),
        "--records",
        str(tmp_path / "good.json"),
        GOOD_MESSAGE,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert f"{target}: not a regular file" in result.stderr
    assert "widget-is-not-a-gadget" in result.stdout


@pytest.mark.parametrize(
    "content",
    [
        b'{"records": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
        b'{"record": ' + b'{"a":' * 100_000 + b"1" + b"}" * 100_000 + b"}",
        b'{"record": {"id": "\xff\xfe\xfd"}}',
        b"\x00" * 4096,
        b"",
    ],
    ids=["nested-arrays", "nested-objects", "not-utf8", "nul-bytes", "empty"],
)
def test_malformed_json_is_a_problem_naming_the_file(tmp_path: Path, content: bytes) -> None:
    write_record(tmp_path, "good.json", good_record())
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    loaded = load_records([tmp_path])
    assert [r.slug for r in loaded.records] == ["widget-is-not-a-gadget"]
    assert loaded.problems and all(p.path == bad for p in loaded.problems)


def test_record_with_wrong_types_is_reported_and_explain_still_works(tmp_path: Path) -> None:
    write_record(tmp_path, "good.json", good_record())
    write_record(
        tmp_path,
        "wrong.json",
        good_record(
            id="00000000000000ff",
            slug="wrong",
            lineNumber="twelve",
            solutions="not a list",
            tags=[1, 2],
        ),
    )
    result = run_cli("explain", "--records", str(tmp_path), GOOD_MESSAGE)
    assert result.returncode == 0, result.stderr
    assert "widget-is-not-a-gadget" in result.stdout
    for field in ("lineNumber", "solutions", "tags.0"):
        assert f"wrong.json: record 00000000000000ff: field {field}: " in result.stderr


# --- generated hostile records ---------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = [
    *good_record(),
    "lineNumber",
    "messageVariants",
    "reproducer",
    "solutions",
    "apis",
    "zzUnknown",
]


@budget(examples=60)
@given(field=st.sampled_from(FIELDS), value=JSON_VALUES, bundle=st.booleans())
def test_any_field_with_any_value_loads_or_is_reported(
    tmp_path_factory: pytest.TempPathFactory, field: str, value: Any, bundle: bool
) -> None:
    folder = tmp_path_factory.mktemp("records")
    write_record(folder, "good.json", good_record())
    mutated = good_record(id="00000000000000ab", slug="mutated")
    mutated[field] = value
    path = folder / "mutated.json"
    path.write_text(json.dumps({"records": [mutated]} if bundle else {"record": mutated}))

    loaded = load_records([folder])

    assert "widget-is-not-a-gadget" in {r.slug for r in loaded.records}
    assert all(p.path == path and str(p).startswith(str(path)) for p in loaded.problems)
    assert len(loaded.records) == (1 if loaded.problems else 2)


@budget(examples=60)
@given(data=st.data())
def test_any_byte_corruption_of_a_record_file_never_raises(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    original = json.dumps({"record": good_record()}, indent=2).encode()
    start = data.draw(st.integers(0, len(original)), label="start")
    end = data.draw(st.integers(start, min(len(original), start + 40)), label="end")
    junk = data.draw(st.binary(max_size=40), label="junk")
    path = tmp_path_factory.mktemp("records") / "corrupt.json"
    path.write_bytes(original[:start] + junk + original[end:])

    loaded = load_file(path)

    assert loaded.records or loaded.problems
    assert all(p.path == path for p in loaded.problems)


@budget(examples=40)
@given(pattern=st.text(alphabet="ab()[]{}|*+?.\\,^$0123456789", max_size=60))
def test_any_pattern_compiles_or_raises_pattern_error_within_the_memory_bound(pattern: str) -> None:
    try:
        compiled = safe_regex.compile_pattern(pattern)
    except safe_regex.PatternError:
        return
    assert safe_regex.expanded_size(pattern) <= safe_regex.MAX_EXPANDED_SIZE
    assert compiled is not None
    safe_regex.search(pattern, "ab" * 200)  # time-limited; must not raise


# --- pyproject.toml ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[tool.jaxlsp\nselect = [", "not valid TOML"),
        (b"tool = 1\n# [tool.jaxlsp]\n", None),
        (
            b"[tool.jaxlsp]\nselect = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
            "nested too deeply",
        ),
        (
            b"[tool.jaxlsp]\nseverity = " + b"{a=" * 50_000 + b"1" + b"}" * 50_000 + b"\n",
            "nested too deeply",
        ),
        (b"[tool]\njaxlsp = 3\n# [tool.jaxlsp]\n", "[tool.jaxlsp] must be a table"),
        (b"[tool.jaxlsp]\nselect = [1, 2]\n", "'select' must be a list of strings"),
        (b"[tool.jaxlsp]\nseverity = { a = ['x'] }\n", "severity of 'a'"),
        # read with replacement characters: a code nobody knows, said so
        (b"[tool.jaxlsp]\nselect = ['\xff\xfe']\n", "unknown code '\ufffd\ufffd'"),
    ],
    ids=[
        "not-toml",
        "tool-not-a-table",
        "deep-array",
        "deep-table",
        "jaxlsp-not-a-table",
        "select-ints",
        "severity-list",
        "not-utf8",
    ],
)
def test_hostile_pyproject_gives_defaults_and_a_clear_problem(
    tmp_path: Path, content: bytes, problem: str | None
) -> None:
    (tmp_path / ".git").mkdir()
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_bytes(content)
    config = load_config(tmp_path / "module.py")
    if problem is None:
        assert config.problems == ()
    else:
        assert any(p.startswith(f"{pyproject}: ") and problem in p for p in config.problems), (
            config.problems
        )


def test_huge_pyproject_is_not_parsed(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    pyproject = tmp_path / "pyproject.toml"
    with pyproject.open("wb") as file:  # sparse: 100 MB on paper
        file.write(b"[tool.jaxlsp]\nselect = ['x']\n")
        file.truncate(100 * 1024 * 1024)
    config = load_config(tmp_path / "module.py")
    assert config.select is None
    [problem] = config.problems
    assert f"the limit is {MAX_PYPROJECT_BYTES:,}" in problem


if sys.platform != "linux":  # FIFOs, /dev/zero and RLIMIT_AS as used above are Linux facts
    pytestmark = pytest.mark.skip(reason="Linux only")


# --- hostile source files for `jaxlsp check` ---------------------------------------------------


def test_check_skips_files_it_must_not_read_and_reports_the_rest(tmp_path: Path) -> None:
    source = (
        REPO / "tests" / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py"
    ).read_bytes()
    (tmp_path / ".git").mkdir()
    (tmp_path / "good.py").write_bytes(source)
    os.mkfifo(tmp_path / "fifo.py")  # reading would block for ever
    (tmp_path / "zero.py").symlink_to("/dev/zero")  # reading would never end
    (tmp_path / "latin1.py").write_bytes(b"# caf\xe9\n" + source)
    (tmp_path / "nul.py").write_bytes(b"x = 1\x00\n")
    (tmp_path / "long_line.py").write_bytes(b"x = '" + "😀".encode() * 10_000 + b"'\n" + source)
    (tmp_path / "deep.py").write_bytes(b"x = " + b"(" * 100_000 + b")" * 100_000 + b"\n")
    (tmp_path / "loop.py").symlink_to(tmp_path / "loop.py")
    result = run_cli("check", "--no-cache", str(tmp_path), "--format", "json", timeout=120)
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    found = sorted((Path(f["path"]).name, f["code"]) for f in report["findings"])
    assert found == [
        ("good.py", "custom-vjp-symbolic-zeros-support-with-shard-map"),
        ("long_line.py", "custom-vjp-symbolic-zeros-support-with-shard-map"),
    ]
    problems = {Path(p["path"]).name: p["message"] for p in report["problems"]}
    assert problems["fifo.py"] == problems["zero.py"] == "not a regular file; skipped"
    assert "UTF-8" in problems["latin1.py"]
    assert {"nul.py", "deep.py", "loop.py"} <= set(problems)
