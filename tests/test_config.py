"""[tool.jaxlsp]: found up the tree, validated loudly, applied to findings."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from jaxlsp.config import (
    DEFAULT_MAX_FILE_BYTES,
    DEFAULT_MAX_LINE_LENGTH,
    MAX_PYPROJECT_BYTES,
    Config,
    find_pyproject,
    forget_read_configs,
    load_config,
    parse_settings,
)
from jaxlsp.findings import Finding, Span

SPAN = Span.of(0, 0, 0, 1)
#: Real codes: an unknown code is a problem and is dropped (see the tests at the end).
A, B, C = "random-int-seed-as-key", "key-reuse-error", "scan-no-length"


def _finding(code: str, rule: str = "some-rule") -> Finding:
    return Finding(code=code, record_id="0" * 16, rule=rule, message="m", span=SPAN)


def test_nearest_pyproject_with_a_jaxlsp_table_wins(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text(f'[tool.jaxlsp]\nignore = ["{A}"]\n')
    inner = tmp_path / "pkg" / "sub"
    inner.mkdir(parents=True)
    (tmp_path / "pkg" / "pyproject.toml").write_text("[project]\nname = 'x'\n")  # no table
    source = inner / "m.py"
    source.write_text("")
    assert find_pyproject(source) == tmp_path / "pyproject.toml"
    assert load_config(source).ignore == frozenset({A})


def test_search_stops_at_the_repository_root(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.jaxlsp]\nignore = ["a"]\n')
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert find_pyproject(repo / "m.py") is None
    assert load_config(repo / "m.py") == Config()


def test_select_ignore_and_severity_are_applied() -> None:
    config = parse_settings({"select": [A, B], "ignore": [B], "severity": {A: "warning"}}, "test")
    assert config.problems == ()
    kept = config.apply([_finding(A), _finding(B), _finding(C)])
    assert [(f.code, f.severity) for f in kept] == [(A, "warning")]


def test_rule_names_work_like_codes() -> None:
    config = parse_settings({"ignore": ["key-reuse-error"]}, "test")
    assert config.apply([_finding(B, rule="key-reuse-error"), _finding(A)]) == [_finding(A)]


def test_select_all() -> None:
    config = parse_settings({"select": ["ALL"], "ignore": [B]}, "test")
    assert [f.code for f in config.apply([_finding(A), _finding(B)])] == [A]


def test_unknown_keys_and_bad_values_are_reported_not_dropped_silently() -> None:
    config = parse_settings(
        {"selct": ["a"], "severity": {"a": "loud"}, "ignore": 3}, "pyproject.toml"
    )
    assert any("unknown setting 'selct'" in p for p in config.problems)
    assert any("severity of 'a' is 'loud'" in p for p in config.problems)
    assert any("'ignore' must be a list of strings" in p for p in config.problems)
    assert config.severity == {}


def test_pyproject_that_is_not_toml_gives_defaults_and_a_problem(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text("[tool.jaxlsp\nselect = [")
    config = load_config(tmp_path / "m.py")
    assert config.select is None and config.ignore == frozenset()
    assert len(config.problems) == 1 and "not valid TOML" in config.problems[0]


def test_client_settings_overlay_the_file() -> None:
    base = parse_settings({"ignore": [A], "severity": {B: "info"}}, "file")
    merged = base.merged({"severity": {B: "hint"}, "ignore": [C]}, "client")
    assert merged.ignore == frozenset({A, C})
    assert merged.severity == {B: "hint"}


def test_a_pyproject_is_parsed_once_per_change(tmp_path: Path, monkeypatch: Any) -> None:
    """The server looks up the config on every check; a pyproject is parsed again only when
    its modification time, size or inode change (or the server says to forget them)."""
    import jaxlsp.config as config_module

    parsed: list[str] = []
    real_loads = config_module.tomllib.loads

    def counting_loads(text: str) -> dict[str, Any]:
        parsed.append(text)
        return real_loads(text)

    monkeypatch.setattr(config_module.tomllib, "loads", counting_loads)
    (tmp_path / ".git").mkdir()
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(f'[tool.jaxlsp]\nignore = ["{A}"]\n')
    source = tmp_path / "m.py"
    for _ in range(5):
        assert load_config(source).ignore == frozenset({A})
    assert len(parsed) == 1
    pyproject.write_text('[tool.jaxlsp]\nignore = ["scan-no-length"]\n')  # another size
    assert load_config(source).ignore == frozenset({"scan-no-length"})
    status = pyproject.stat()
    pyproject.write_text('[tool.jaxlsp]\nignore = ["key-reuse-error"]\n')  # same size, new time
    os.utime(pyproject, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))
    assert load_config(source).ignore == frozenset({"key-reuse-error"})
    assert len(parsed) == 3
    forget_read_configs()
    assert load_config(source).ignore == frozenset({"key-reuse-error"}) and len(parsed) == 4


def test_a_pyproject_over_the_size_limit_is_not_parsed_and_the_problem_says_so(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    pyproject = tmp_path / "pyproject.toml"
    padding = "# " + "x" * 98 + "\n"
    body = '[tool.jaxlsp]\nignore = ["a"]\n' + padding * (MAX_PYPROJECT_BYTES // 100 + 1)
    pyproject.write_text(body)
    config = load_config(tmp_path / "m.py")
    assert config.ignore == frozenset() and config.source == pyproject
    [problem] = config.problems
    assert f"{pyproject}: file is {len(body):,} bytes; the limit is {MAX_PYPROJECT_BYTES:,}" in (
        problem
    )
    assert "ignored" in problem


def test_size_limits_come_from_the_table_and_bad_ones_are_reported() -> None:
    default = Config()
    assert (default.max_file_bytes, default.max_line_length) == (
        DEFAULT_MAX_FILE_BYTES,
        DEFAULT_MAX_LINE_LENGTH,
    )
    config = parse_settings({"maxFileBytes": 100, "maxLineLength": 10}, "pyproject.toml")
    assert (config.max_file_bytes, config.max_line_length) == (100, 10) and not config.problems
    bad = parse_settings({"maxFileBytes": 0, "maxLineLength": True}, "pyproject.toml")
    assert (bad.max_file_bytes, bad.max_line_length) == (
        DEFAULT_MAX_FILE_BYTES,
        DEFAULT_MAX_LINE_LENGTH,
    )
    assert len(bad.problems) == 2 and all("whole number" in p for p in bad.problems)
    # Client settings go over the pyproject's; an unusable one keeps the pyproject's value.
    merged = config.merged({"maxLineLength": 50, "maxFileBytes": "big"}, "client settings")
    assert (merged.max_file_bytes, merged.max_line_length) == (100, 50)
    assert any("'maxFileBytes'" in p for p in merged.problems)


def test_skip_reasons_name_the_limit_and_the_line() -> None:
    config = Config(max_file_bytes=1_000, max_line_length=30)
    assert config.skip_reason("x = 1\n" * 10) is None
    long_line = "x = 1\n" * 3 + "y = [" + "1, " * 20 + "]\n"
    reason = config.skip_reason(long_line)
    assert reason is not None and "line 4 is 66 characters long" in reason
    assert "maxLineLength is 30" in reason
    # \r and \r\n end lines too, as in Python and LSP.
    assert config.skip_reason("x = 1\r" * 100) is None and config.skip_reason("x\r\n" * 300) is None
    too_big = config.skip_reason("é" * 600)  # 600 characters, 1,200 bytes
    assert too_big is not None and "1,200 bytes" in too_big and "maxFileBytes is 1,000" in too_big
    assert config.size_problem(1_001) is not None and config.size_problem(1_000) is None


# ----------------------------------------------------------------------- unknown and former codes


def test_a_typo_in_select_is_a_problem_with_a_suggestion_not_a_silent_off_switch() -> None:
    config = parse_settings({"select": ["random-int-seed-as-kye"]}, "pyproject.toml")
    assert config.problems == (
        "pyproject.toml: 'select': unknown code 'random-int-seed-as-kye'; "
        "did you mean 'random-int-seed-as-key'?",
    )
    # Nothing known was selected: every code is reported, as without a select.
    assert config.select is None
    assert config.apply([_finding(A)]) == [_finding(A)]


def test_unknown_codes_in_ignore_and_severity_are_problems_too() -> None:
    config = parse_settings(
        {"ignore": ["key-reuse-eror", C], "severity": {"scan-no-lenght": "hint", A: "info"}},
        "pyproject.toml",
    )
    assert config.problems == (
        "pyproject.toml: 'ignore': unknown code 'key-reuse-eror'; did you mean 'key-reuse-error'?",
        "pyproject.toml: 'severity': unknown code 'scan-no-lenght'; did you mean 'scan-no-length'?",
    )
    assert config.ignore == frozenset({C})
    assert config.severity == {A: "info"}
    far = parse_settings({"ignore": ["zzzz"]}, "x")
    assert far.problems == ("x: 'ignore': unknown code 'zzzz' (`jaxlsp rules` lists the codes)",)


def test_client_settings_unknown_codes_are_problems() -> None:
    merged = Config().merged({"select": [A, "prng-key-reuze"]}, "client settings")
    assert merged.problems == (
        "client settings: 'select': unknown code 'prng-key-reuze'; did you mean 'key-reuse-error'?",
    )
    assert merged.select == frozenset({A})


def test_a_former_slug_is_accepted_and_stands_for_todays() -> None:
    old = "custom-vjp-symbolic-zeros-support-with-shard-map-i"
    new = "custom-vjp-symbolic-zeros-support-with-shard-map"
    config = parse_settings({"select": [old], "severity": {old: "warning"}}, "pyproject.toml")
    assert config.problems == ()
    assert config.select == frozenset({new}) and config.severity == {new: "warning"}
    assert [f.severity for f in config.apply([_finding(new), _finding(A)])] == ["warning"]
    ignored = parse_settings({"ignore": [old]}, "pyproject.toml")
    assert ignored.apply([_finding(new)]) == []
