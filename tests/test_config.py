"""[tool.jaxlsp]: found up the tree, validated loudly, applied to findings."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.config import Config, find_pyproject, load_config, parse_settings
from jaxlsp.findings import Finding, Span

SPAN = Span.of(0, 0, 0, 1)


def _finding(code: str, rule: str = "some-rule") -> Finding:
    return Finding(code=code, record_id="0" * 16, rule=rule, message="m", span=SPAN)


def test_nearest_pyproject_with_a_jaxlsp_table_wins(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.jaxlsp]\nignore = ["a"]\n')
    inner = tmp_path / "pkg" / "sub"
    inner.mkdir(parents=True)
    (tmp_path / "pkg" / "pyproject.toml").write_text("[project]\nname = 'x'\n")  # no table
    source = inner / "m.py"
    source.write_text("")
    assert find_pyproject(source) == tmp_path / "pyproject.toml"
    assert load_config(source).ignore == frozenset({"a"})


def test_search_stops_at_the_repository_root(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.jaxlsp]\nignore = ["a"]\n')
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert find_pyproject(repo / "m.py") is None
    assert load_config(repo / "m.py") == Config()


def test_select_ignore_and_severity_are_applied() -> None:
    config = parse_settings(
        {"select": ["a", "b"], "ignore": ["b"], "severity": {"a": "warning"}}, "test"
    )
    kept = config.apply([_finding("a"), _finding("b"), _finding("c")])
    assert [(f.code, f.severity) for f in kept] == [("a", "warning")]


def test_rule_names_work_like_codes() -> None:
    config = parse_settings({"ignore": ["noisy-rule"]}, "test")
    assert config.apply([_finding("a", rule="noisy-rule"), _finding("b")]) == [_finding("b")]


def test_select_all() -> None:
    config = parse_settings({"select": ["ALL"], "ignore": ["b"]}, "test")
    assert [f.code for f in config.apply([_finding("a"), _finding("b")])] == ["a"]


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
    base = parse_settings({"ignore": ["a"], "severity": {"b": "info"}}, "file")
    merged = base.merged({"severity": {"b": "hint"}, "ignore": ["c"]}, "client")
    assert merged.ignore == frozenset({"a", "c"})
    assert merged.severity == {"b": "hint"}
