"""Errors raised for real by the pinned JAX on the CPU are found in the index at their site.

``_raise_errors.py`` triggers each error once, all in one subprocess (the test process never
imports JAX), and records the message, the traceback and where JAX raised it: the innermost
traceback frame inside the ``jax`` package, with JAX_TRACEBACK_FILTERING=off.  Then:

- the index alone ranks that raise site first for the whole traceback, and for the bare
  message unless JAX raises the very same message at more than one site (then every site tied
  for first has the same pattern, and the real one is among them);
- with curated records loaded too, the best match leads to the real site (an index record,
  or a curated record joined to its index record);
- ``jaxlsp explain --json`` (the installed console script) reports that site.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.index import join
from jaxlsp.records.load import load_records
from jaxlsp.records.match import Matcher
from tests.conftest import run_jaxlsp

HARNESS = Path(__file__).with_name("_raise_errors.py")
#: The issue asks for at least this many real errors found at their site.
REQUIRED_ERRORS = 30

pytestmark = pytest.mark.jax


@pytest.fixture(scope="module")
def raised(tmp_path_factory: pytest.TempPathFactory, pinned_jax: None) -> dict[str, dict[str, Any]]:
    out = tmp_path_factory.mktemp("raised") / "raised.json"
    environment = {
        **os.environ,
        "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
        "JAX_PLATFORMS": "cpu",
        "JAX_TRACEBACK_FILTERING": "off",
    }
    completed = subprocess.run(
        [sys.executable, str(HARNESS), str(out)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-4000:]
    results: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return results


@pytest.fixture(scope="module")
def index_matcher() -> Matcher:
    records = load_records()
    return Matcher([r for r in records.records if join.is_index_record(r)])


def _site(result: dict[str, Any]) -> tuple[str, int]:
    path, line = result["site"]
    return path, line


def test_every_case_raises_inside_jax(raised: dict[str, dict[str, Any]]) -> None:
    assert len(raised) >= REQUIRED_ERRORS
    broken = {name: result for name, result in raised.items() if not result.get("site")}
    assert broken == {}
    assert len({_site(result) for result in raised.values()}) >= REQUIRED_ERRORS


def test_the_index_ranks_the_real_site_first(
    raised: dict[str, dict[str, Any]], index_matcher: Matcher
) -> None:
    wrong = {}
    first_by_message = 0
    for name, result in raised.items():
        expected = _site(result)
        best = index_matcher.match(result["traceback"])[0]
        if (best.record.file_path, best.record.line_number) != expected:
            wrong[name] = ("traceback", best.record.file_path, best.record.line_number)
            continue
        matches = index_matcher.match(f"{result['class']}: {result['message']}", limit=20)
        top = [m for m in matches if m.score == matches[0].score]
        sites = {(m.record.file_path, m.record.line_number) for m in top}
        if expected not in sites:
            wrong[name] = ("message", matches[0].record.file_path, matches[0].record.line_number)
        elif len(sites) > 1 and len({m.record.message_pattern for m in top}) != 1:
            wrong[name] = ("message", "tied with a different template", sorted(sites))
        elif (matches[0].record.file_path, matches[0].record.line_number) == expected:
            first_by_message += 1
    assert wrong == {}
    assert first_by_message >= REQUIRED_ERRORS


def test_with_curated_records_the_best_match_leads_to_the_real_site(
    raised: dict[str, dict[str, Any]],
) -> None:
    records = load_records().records
    matcher = Matcher(records)
    index = [r for r in records if join.is_index_record(r)]
    wrong = {}
    for name, result in raised.items():
        best = matcher.match(result["traceback"])[0]
        site = join.exact_site(best.record, index, message=best.matched_message)
        found = (site.file_path, site.line_number) if site else None
        if found != _site(result):
            wrong[name] = (best.record.slug, found)
    assert wrong == {}


@pytest.mark.parametrize(
    "name",
    ["shard_map_symbolic_zeros_eager", "shard_map_device_put_with_device", "scan_no_length"],
)
def test_explain_console_script_reports_the_site(
    name: str, raised: dict[str, dict[str, Any]]
) -> None:
    result = raised[name]
    completed = run_jaxlsp("explain", "--json", stdin=f"{result['class']}: {result['message']}")
    assert completed.returncode == 0, completed.stderr
    best = json.loads(completed.stdout)["matches"][0]
    assert best["kind"] == "exact"
    assert (best["site"]["filePath"], best["site"]["lineNumber"]) == _site(result)
    assert best["site"]["githubUrl"].endswith(f"#L{_site(result)[1]}")


def test_explain_prefers_the_curated_record_and_shows_its_exact_line(
    raised: dict[str, dict[str, Any]],
) -> None:
    result = raised["shard_map_symbolic_zeros_eager"]
    completed = run_jaxlsp("explain", stdin=result["traceback"])
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert lines[0].startswith("custom-vjp-symbolic-zeros-support-with-shard-map")
    path, line = _site(result)
    assert f"Source ({path}:{line}): https://github.com/" in completed.stdout
