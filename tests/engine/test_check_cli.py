"""``jaxlsp check``: output formats and exit codes through the installed console script, and
how a check handles the collector, in process."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path
from typing import Any

import pytest
from bench.generate import generate

from jaxlsp.checker import check_file
from jaxlsp.config import Config
from jaxlsp.engine import Analysis, Engine
from jaxlsp.records.load import curated_records_dir, load_records
from tests.conftest import REPO, run_jaxlsp
from tests.engine._expect import EXAMPLES, example_files, expected


def test_text_output_lists_every_expected_finding() -> None:
    result = run_jaxlsp("check", str(EXAMPLES))
    assert result.returncode == 1, result.stderr
    reported = set()
    for line in result.stdout.splitlines():
        path, line_number, _column, rest = line.split(":", 3)
        reported.add((Path(path).name, int(line_number) - 1, rest.split()[0]))
    wanted = {
        (path.name, line, code)
        for path in example_files("invalid")
        for line, code in expected(path.read_text(encoding="utf-8"))
    }
    assert reported == wanted
    assert f"{len(wanted)} finding(s)" in result.stderr


def test_clean_files_exit_zero() -> None:
    result = run_jaxlsp("check", *map(str, example_files("valid")))
    assert (result.returncode, result.stdout) == (0, "")


def test_json_sarif_and_github_formats() -> None:
    target = str(EXAMPLES / "pallas_mesh")
    payload = json.loads(run_jaxlsp("check", "--format", "json", target).stdout)
    assert {f["code"] for f in payload["findings"]} == {
        "pallas-call-with-a-mesh-does-not-support-jvp"
    }
    assert all(f["fixes"] and f["related"] for f in payload["findings"])
    sarif = json.loads(run_jaxlsp("check", "--format", "sarif", target).stdout)
    run = sarif["runs"][0]
    assert sarif["version"] == "2.1.0" and len(run["results"]) == len(payload["findings"])
    assert run["tool"]["driver"]["rules"][0]["helpUri"].startswith("https://github.com/")
    github = run_jaxlsp("check", "--format", "github", target)
    assert github.returncode == 1
    assert all(line.startswith("::error file=") for line in github.stdout.splitlines())


def test_usage_errors_exit_two() -> None:
    assert run_jaxlsp("check", "no/such/path").returncode == 2
    assert run_jaxlsp("check", "--format", "xml", str(EXAMPLES)).returncode == 2
    for jobs in ("0", "-2", "many"):
        result = run_jaxlsp("check", "--jobs", jobs, str(EXAMPLES))
        assert result.returncode == 2 and "--jobs" in result.stderr


def test_a_missing_path_is_reported_and_the_others_are_still_checked() -> None:
    target = EXAMPLES / "pallas_mesh" / "invalid_kernel_jvp.py"
    result = run_jaxlsp("check", "no/such/path", str(target), "--format", "json")
    assert result.returncode == 2
    assert "no such file or folder: no/such/path" in result.stderr
    payload = json.loads(result.stdout)
    assert payload["filesChecked"] == 1
    assert {f["code"] for f in payload["findings"]} == {
        "pallas-call-with-a-mesh-does-not-support-jvp"
    }


def test_jobs_auto_uses_the_cores_and_finds_the_same() -> None:
    result = run_jaxlsp("check", "--jobs", "auto", "--no-cache", str(EXAMPLES))
    assert result.returncode == 1, result.stderr
    assert result.stdout == run_jaxlsp("check", "--no-cache", str(EXAMPLES)).stdout


def test_an_unknown_code_in_the_config_is_named_with_a_suggestion_and_exits_two(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "seed.py").write_text("import jax\nx = jax.random.normal(0, (3,))\n")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.jaxlsp]\nselect = ["random-int-seed-as-kye"]\n'
        'severity = { "key-reuse-eror" = "hint" }\n'
    )
    result = run_jaxlsp("check", str(tmp_path), "--format", "json")
    assert result.returncode == 2, result.stderr
    problems = json.loads(result.stdout)["configProblems"]
    assert problems == [
        f"{tmp_path / 'pyproject.toml'}: 'select': unknown code 'random-int-seed-as-kye'; "
        "did you mean 'random-int-seed-as-key'?",
        f"{tmp_path / 'pyproject.toml'}: 'severity': unknown code 'key-reuse-eror'; "
        "did you mean 'key-reuse-error'?",
    ]
    assert all(f"jaxlsp: {problem}" in result.stderr for problem in problems)
    # The typo turned nothing off: the seed is still reported.
    assert [f["code"] for f in json.loads(result.stdout)["findings"]] == ["random-int-seed-as-key"]


def test_a_former_slug_works_in_ignore_comments_and_the_config(tmp_path: Path) -> None:
    old = "custom-vjp-symbolic-zeros-support-with-shard-map-i"
    source = (EXAMPLES / "symbolic_zeros" / "invalid_eager_lambda.py").read_text()
    (tmp_path / ".git").mkdir()
    marked = [line for line in source.splitlines() if "# expect:" in line]
    assert len(marked) == 1
    commented = source.replace(marked[0], marked[0].split("#")[0] + f"# jaxlsp: ignore[{old}]")
    (tmp_path / "commented.py").write_text(commented)
    assert run_jaxlsp("check", str(tmp_path / "commented.py")).returncode == 0
    (tmp_path / "plain.py").write_text(source)
    (tmp_path / "pyproject.toml").write_text(f'[tool.jaxlsp]\nignore = ["{old}"]\n')
    result = run_jaxlsp("check", str(tmp_path / "plain.py"))
    assert (result.returncode, result.stdout) == (0, ""), result.stderr


def test_config_and_broken_files(tmp_path: Path) -> None:
    source = (EXAMPLES / "pallas_mesh" / "invalid_kernel_jvp.py").read_text()
    (tmp_path / ".git").mkdir()
    (tmp_path / "kernel.py").write_text(source)
    (tmp_path / "skipped").mkdir()
    (tmp_path / "skipped" / "also.py").write_text(source)
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "lib.py").write_text(source)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.jaxlsp]\nexclude = ["skipped/*"]\n'
        'severity = { "pallas-call-with-a-mesh-does-not-support-jvp" = "warning" }\n'
    )
    result = run_jaxlsp("check", str(tmp_path))
    assert result.returncode == 1
    (line,) = result.stdout.splitlines()
    assert "kernel.py:" in line and "[warning]" in line
    (tmp_path / "pyproject.toml").write_text(
        '[tool.jaxlsp]\nignore = ["pallas-call-with-a-mesh-does-not-support-jvp"]\n'
    )
    assert run_jaxlsp("check", str(tmp_path)).returncode == 0
    (tmp_path / "broken.py").write_text("def f(:\n")
    broken = run_jaxlsp("check", str(tmp_path))
    # At the place Python names (line 1, column 7), not 1:1.
    assert broken.returncode == 1 and "broken.py:1:7: error: not valid Python" in broken.stdout


def test_the_check_transcript_is_current() -> None:
    readme = (EXAMPLES.parent / "docs" / "check.md").read_text(encoding="utf-8")
    transcript = readme.split("$ jaxlsp check examples/\n", 1)[1].split("\n$ echo $?", 1)[0]
    result = run_jaxlsp("check", "examples/")
    assert transcript == (result.stdout + result.stderr).rstrip("\n"), (
        "docs/check.md's transcript is stale: paste the output of `jaxlsp check examples/` there"
    )


def test_jobs_give_the_same_report() -> None:
    one = run_jaxlsp("check", "--format", "json", str(EXAMPLES))
    two = run_jaxlsp("check", "--format", "json", "--jobs", "2", str(EXAMPLES))
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert run_jaxlsp("check", "--jobs", "0", str(EXAMPLES)).returncode == 2


def test_hidden_folders_are_not_walked_but_can_be_named(tmp_path: Path) -> None:
    """Tool caches (.jaxlsp-cache, .tox, ...) hold other people's code, not the project's."""
    source = (REPO / "examples/symbolic_zeros/invalid_eager_lambda.py").read_text()
    hidden = tmp_path / ".cache" / "copy"
    hidden.mkdir(parents=True)
    (hidden / "invalid.py").write_text(source)
    (tmp_path / "clean.py").write_text("import jax\n")
    assert run_jaxlsp("check", str(tmp_path)).returncode == 0
    named = run_jaxlsp("check", str(hidden))
    assert named.returncode == 1 and "invalid.py" in named.stdout


def test_check_holds_the_collector_until_the_analysis_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A collection while an analysis is alive traverses all of it (≈15 % of a check); after
    it is dropped, a young-generation pass collects what the file left behind."""
    path = tmp_path / "module.py"
    path.write_text(generate(500), encoding="utf-8")
    # [entered analyze, weak reference to its result]: set without allocating, since the
    # first allocation after analyze returns is where an unheld collector would run.
    seen: list[Any] = [False, None]
    analyze = Engine.analyze

    def remembering(self: Engine, *args: Any, **kwargs: Any) -> Analysis:
        seen[0] = True
        analysis = analyze(self, *args, **kwargs)
        seen[1] = weakref.ref(analysis)
        return analysis

    def analysis_alive() -> bool:
        if seen[1] is None:
            return bool(seen[0])  # returned (analyze itself holds the collector off)
        return seen[1]() is not None

    collections: list[tuple[int, bool]] = []

    def on_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append((info["generation"], analysis_alive()))

    monkeypatch.setattr(Engine, "analyze", remembering)
    engine = Engine(load_records([curated_records_dir()]))
    assert gc.isenabled()
    gc.callbacks.append(on_collection)
    try:
        report = check_file(engine, path, Config())
    finally:
        gc.callbacks.remove(on_collection)
    assert report.findings and report.problem is None
    assert gc.isenabled()
    assert seen[1] is not None and seen[1]() is None
    assert collections, "nothing collected what the file left behind"
    assert all(not alive for _, alive in collections), collections


# ----------------------------------------------------------------------- baseline and --fix


def test_a_baseline_hides_known_findings_wherever_they_move_and_shows_new_ones(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    module = tmp_path / "pkg" / "model.py"
    module.parent.mkdir()
    module.write_text("import jax\n\nx = jax.random.normal(0, (3,))\n")
    baseline = tmp_path / "baseline.json"
    written = run_jaxlsp(
        "check", "--write-baseline", "--baseline", str(baseline), str(tmp_path), cwd=tmp_path
    )
    assert written.returncode == 0 and "wrote 1 finding(s)" in written.stderr
    entries = json.loads(baseline.read_text())["files"]
    assert list(entries) == ["pkg/model.py"]
    assert run_jaxlsp("check", "--baseline", str(baseline), str(tmp_path)).returncode == 0
    # Lines added above move the finding: still known.  A new one is reported.
    module.write_text(
        "import jax\n\n# a comment\n\nx = jax.random.normal(0, (3,))\n"
        "y = jax.random.uniform(1, (3,))\n"
    )
    result = run_jaxlsp("check", "--baseline", str(baseline), str(tmp_path))
    assert result.returncode == 1
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"{module}:6:") and "random.uniform" in line
    assert "(1 more in the baseline)" in result.stderr
    # Editing the flagged line itself makes it new again.
    module.write_text("import jax\n\nx = jax.random.normal(0, (4,))\n")
    assert run_jaxlsp("check", "--baseline", str(baseline), str(tmp_path)).returncode == 1
    broken = tmp_path / "broken.json"
    broken.write_text("[]")
    assert run_jaxlsp("check", "--baseline", str(broken), str(tmp_path)).returncode == 2


def test_fix_applies_the_fixes_a_fix_uncovers_in_the_same_run(tmp_path: Path) -> None:
    """``x[0][1] = v`` is fixed to ``x[0] = x[0].at[1].set(v)``, itself an item assignment
    into a jax.Array: one ``--fix`` applies that fix too, and nothing is left."""
    path = tmp_path / "nested.py"
    path.write_text("import jax.numpy as jnp\n\nx = jnp.zeros((3, 3))\nx[0][1] = 1.0\n")
    result = run_jaxlsp("check", "--fix", "--no-cache", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text().splitlines()[-1] == "x = x.at[0].set(x[0].at[1].set(1.0))"
    assert "fixed 1 file(s)" in result.stderr


def test_fix_applies_safe_fixes_and_unsafe_ones_only_when_asked(tmp_path: Path) -> None:
    source = (EXAMPLES / "symbolic_zeros" / "invalid_eager_lambda.py").read_text()
    source += "\nnoise = jax.random.normal(0, (2,))\n"
    path = tmp_path / "both.py"
    path.write_bytes(source.replace("\n", "\r\n").encode())
    result = run_jaxlsp("check", "--fix", "--no-cache", str(path))
    fixed = path.read_bytes().decode()
    assert "jax.random.normal(jax.random.key(0), (2,))\r\n" in fixed  # line ends kept
    assert "symbolic_zeros=True" in fixed
    assert "unsafe fix not applied: Register the rule without symbolic_zeros" in result.stderr
    assert result.returncode == 1 and "custom-vjp-symbolic-zeros" in result.stdout
    result = run_jaxlsp("check", "--fix", "--unsafe-fixes", "--no-cache", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "symbolic_zeros=True" not in path.read_text()
