"""Client settings: usable values kept, bad ones reported and replaced by defaults."""

from __future__ import annotations

from jaxlsp.config import Config
from jaxlsp.lsp.settings import (
    DEFAULT_DEBOUNCE_MS,
    MAX_DEBOUNCE_MS,
    parse_client_settings,
    settings_markdown,
)
from jaxlsp.lsp.uris import folder_of, path_to_uri, uri_to_path
from tests.conftest import REPO


def test_defaults_when_the_client_sends_nothing() -> None:
    settings = parse_client_settings(None, "test")
    assert settings.enable and settings.debounce_ms == DEFAULT_DEBOUNCE_MS
    assert not settings.problems and not settings.overrides


def test_good_values_are_kept_and_code_filters_are_passed_to_config() -> None:
    x, y = "scan-no-length", "key-reuse-error"
    raw = {"enable": False, "debounceMs": 0, "ignore": [x], "severity": {y: "hint"}}
    settings = parse_client_settings(raw, "test")
    assert (settings.enable, settings.debounce_ms, settings.problems) == (False, 0, ())
    merged = Config().merged(settings.overrides, "client")
    assert merged.ignore == frozenset({x}) and merged.severity == {y: "hint"}


def test_every_bad_value_is_reported_and_replaced() -> None:
    raw = {"enable": "yes", "debounceMs": "fast", "colour": "blue"}
    settings = parse_client_settings(raw, "folder A")
    assert settings.enable is True and settings.debounce_ms == DEFAULT_DEBOUNCE_MS
    assert len(settings.problems) == 3
    assert all(problem.startswith("folder A: ") for problem in settings.problems)
    assert any("'colour'" in problem for problem in settings.problems)


def test_out_of_range_debounce_is_clamped_loudly() -> None:
    settings = parse_client_settings({"debounceMs": 10**9}, "test")
    assert settings.debounce_ms == MAX_DEBOUNCE_MS and settings.problems
    assert parse_client_settings({"debounceMs": -5}, "test").debounce_ms == 0


def test_a_non_object_is_a_problem_not_a_crash() -> None:
    settings = parse_client_settings(["enable"], "test")
    assert settings.problems and settings.enable


def test_uris_and_folders(tmp_path) -> None:  # type: ignore[no-untyped-def]
    file = tmp_path / "a b" / "ünï.py"
    uri = path_to_uri(file)
    assert "%20" in uri and uri_to_path(uri) == file.resolve()
    assert uri_to_path("untitled:Untitled-1") is None
    folders = ["file:///w/a", "file:///w/a/sub", "file:///w/ab"]
    assert folder_of("file:///w/a/sub/x.py", folders) == "file:///w/a/sub"
    assert folder_of("file:///w/ab/x.py", folders) == "file:///w/ab"
    assert folder_of("file:///elsewhere/x.py", folders) is None


def test_the_server_page_lists_every_client_setting() -> None:
    readme = (REPO / "docs" / "server.md").read_text(encoding="utf-8")
    start, end = "<!-- settings:start -->\n", "\n<!-- settings:end -->"
    assert start in readme and end in readme
    shown = readme[readme.index(start) + len(start) : readme.index(end)]
    assert shown == settings_markdown(), (
        "docs/server.md's settings table is out of date; replace it with "
        "jaxlsp.lsp.settings.settings_markdown():\n" + settings_markdown()
    )
