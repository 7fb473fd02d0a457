"""The execution oracle (``python -m bench.oracle``): how a finding is judged against a stored
test run, the store's compact form, and the CI slice: a few small pinned packages checked
again and judged against their stored runs, so an error finding that their tests refute fails
the build."""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from bench.oracle import CoverageRun, Judged, classify, refuted_share

from bench import oracle

#: Small packages whose stored runs exercise lines jaxlsp made error findings on (before this
#: oracle) or that their tests cover widely; ``jaxlsp check`` of all of them takes seconds.
SLICE = ("quadax", "tinygp", "dynamax", "kernex")
#: Error findings and warnings of the slice that its stored runs refute, or a stored review found
#: false, each with its cause and where it is fixed (take an entry out when the fix lands).  Empty on main
#: b431bb7: kernex map.py:97, :120 and tests/test_interface.py:337 and quadax _adaptive.py:1472
#: and _adaptive_cube.py:630, refuted at s30, are no longer reported.  The quadax pair was back
#: on fcbd829 (an int enum member read as the tuple of its definition), fixed again at s33.
KNOWN_REFUTED: dict[str, str] = {}


def _run(**raised: dict[int, set[str]]) -> CoverageRun:
    return CoverageRun(
        "pkg",
        "1",
        {"source": "wheel"},
        {"pkg/a.py": {10, 11, 20}},
        {path.replace("__", "/") + ".py": lines for path, lines in raised.items()},
    )


def _finding(
    line: int, rule: str = "reshape-size-mismatch", end: int | None = None
) -> dict[str, Any]:
    return {
        "path": "pkg/a.py",
        "line": line,
        "endLine": end,
        "rule": rule,
        "severity": "error",
        "recordId": "r1",
    }


def test_a_line_run_by_a_passing_test_without_the_error_refutes_the_finding() -> None:
    assert classify(_finding(10), _run(), {"r1": "TypeError"}) == "refuted"


def test_the_error_passing_through_the_line_confirms_it_even_in_a_passing_test() -> None:
    run = _run(pkg__a={10: {"ConcretizationTypeError", "TypeError"}})
    assert classify(_finding(10), run, {"r1": "TypeError"}) == "confirmed"


def test_another_exception_through_the_line_does_not_confirm_it() -> None:
    run = _run(pkg__a={10: {"ValueError"}})
    assert classify(_finding(10), run, {"r1": "TypeError"}) == "refuted"


def test_a_line_no_passing_test_ran_is_unexercised() -> None:
    assert classify(_finding(12), _run(), {"r1": "TypeError"}) == "unexercised"
    assert classify(_finding(10), None, {"r1": "TypeError"}) == "unexercised"


def test_a_finding_spanning_lines_counts_any_of_them() -> None:
    assert classify(_finding(18, end=20), _run(), {"r1": "TypeError"}) == "refuted"


def test_key_reuse_is_not_judged_unless_a_test_raised_it() -> None:
    finding = _finding(10, rule="key-reuse-error")
    assert classify(finding, _run(), {"r1": "KeyReuseError"}) == "not judged"
    run = _run(pkg__a={10: {"KeyReuseError"}})
    assert classify(finding, run, {"r1": "KeyReuseError"}) == "confirmed"


def test_the_store_keeps_lines_as_ranges_and_reads_them_back() -> None:
    run = CoverageRun(
        "pkg", "1", {"source": "sdist"}, {"pkg/a.py": {1, 2, 3, 7, 9, 10}}, {"pkg/a.py": {3: {"E"}}}
    )
    payload = run.to_json()
    assert payload["passed_lines"] == {"pkg/a.py": "1-3,7,9-10"}
    assert CoverageRun.from_json(payload) == run


def test_coverage_numbits_decode_to_line_numbers() -> None:
    assert oracle._numbits(bytes([0b00000110, 0, 0b1])) == {1, 2, 16}


def test_only_lines_of_passing_tests_and_imports_are_credited(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    (site / "pkg").mkdir(parents=True)
    data = tmp_path / ".coverage"
    with sqlite3.connect(data) as db:
        db.execute("create table file (id integer, path text)")
        db.execute("create table context (id integer, context text)")
        db.execute("create table line_bits (file_id integer, context_id integer, numbits blob)")
        db.execute("insert into file values (1, ?)", (str(site / "pkg" / "a.py"),))
        db.executemany("insert into context values (?, ?)", [(1, ""), (2, "t::ok"), (3, "t::bad")])
        db.executemany(
            "insert into line_bits values (1, ?, ?)",
            [(1, bytes([0b10])), (2, bytes([0b100])), (3, bytes([0b1000]))],
        )
    (tmp_path / "outcomes.jsonl").write_text(
        '{"test": "t::ok", "when": "call", "outcome": "passed"}\n'
        '{"test": "t::bad", "when": "call", "outcome": "failed", "type": ["TypeError"], '
        f'"message": "m", "frames": ["{site / "pkg" / "a.py"}:3"]}}\n'
    )
    package = oracle.Package("1")
    run = oracle.collect("pkg", package, tmp_path, [site / "pkg"], "wheel", [str(site)], site)
    assert run.passed_lines == {"pkg/a.py": {1, 2}}
    assert run.failures[0]["frames"] == ["pkg/a.py:3"]
    assert (run.tests["passed"], run.tests["failed"]) == (1, 1)


def test_the_refuted_share_counts_error_findings_judged_by_execution() -> None:
    judged = [
        Judged("p", "1", _finding(1), "refuted"),
        Judged("p", "1", _finding(2), "confirmed"),
        Judged("p", "1", _finding(3), "unexercised"),
        Judged("p", "1", {**_finding(4), "severity": "warning"}, "refuted"),
    ]
    assert refuted_share(judged) == (1, 2)


def test_every_package_is_pinned_and_the_issue_count_is_reached() -> None:
    assert len(oracle.PACKAGES) >= 60
    assert all(p.version for p in oracle.PACKAGES.values())
    assert sum(p.reviewed for p in oracle.PACKAGES.values()) == 28


@pytest.mark.bench
def test_no_error_finding_of_the_slice_is_refuted_by_its_stored_run() -> None:
    """The CI slice: ``jaxlsp check`` of each pinned wheel (downloaded once into the
    git-ignored cache), each finding judged against the stored run of the package's tests; an
    error finding refuted there (or found false by a stored review), or a key-reuse warning the
    stored key pass refutes, not yet known (``KNOWN_REFUTED``), fails the build."""
    missing = [n for n in SLICE if oracle.load_run(n, oracle.PACKAGES[n].version) is None]
    assert missing == [], "no stored run in bench/oracle"
    try:
        judged, _ = oracle.judge(oracle.SCRATCH, list(SLICE))
    except subprocess.CalledProcessError:
        if os.environ.get("CI"):
            raise
        pytest.skip("the pinned wheels could not be downloaded (no network here)")
    assert oracle.precision_regressions(judged, KNOWN_REFUTED) == []


def test_two_runs_of_one_package_merge_their_evidence() -> None:
    one = CoverageRun("p", "1", {"source": "wheel", "passed": 2}, {"p/a.py": {1}}, {})
    two = CoverageRun(
        "p", "1", {"source": "wheel", "passed": 3}, {"p/a.py": {2}}, {"p/a.py": {2: {"E"}}}
    )
    both = oracle.merged(one, two)
    assert both.passed_lines == {"p/a.py": {1, 2}}
    assert both.raised == {"p/a.py": {2: {"E"}}}
    assert both.tests["passed"] == 5
    assert len(both.tests["runs"]) == 2


def test_an_error_the_package_itself_catches_is_told_apart() -> None:
    run = _run(pkg__a={10: {"caught:TypeError", "caught:Exception"}})
    assert classify(_finding(10), run, {"r1": "TypeError"}) == "caught"
    judged = [Judged("p", "1", _finding(10), "caught")]
    assert refuted_share(judged) == (1, 1)


def _review(holds: bool, line: int = 10) -> oracle.Review:
    return oracle.Review(
        "p", "1", "pkg/a.py", line, "reshape-size-mismatch", holds, "why", "driver.py"
    )


def test_a_review_decides_a_finding_the_tests_left_undecided_and_is_counted_apart() -> None:
    judged = [
        Judged("p", "1", _finding(1), "confirmed"),
        Judged("p", "1", _finding(2), "refuted"),
        Judged("p", "1", _finding(10), "unexercised", _review(True)),
        Judged("p", "1", _finding(11), "unexercised", _review(False, 11)),
        Judged("p", "1", _finding(12), "unexercised"),
    ]
    assert [j.holds() for j in judged] == [True, False, True, False, None]
    assert oracle.Tally.of(judged) == oracle.Tally(5, 2, 2)
    counts = oracle.summary(judged)["error"]["reshape-size-mismatch"]
    assert (counts["unexercised"], counts["review: true"], counts["review: false"]) == (3, 1, 1)
    assert refuted_share(judged) == (1, 2)


def test_reviews_of_another_version_than_the_pinned_one_are_left_out(tmp_path: Path) -> None:
    pinned = oracle.PACKAGES["kernex"].version
    items = [
        {**oracle.dataclasses.asdict(_review(True)), "package": "kernex", "version": v}
        for v in (pinned, "0.0.0-not-pinned")
    ]
    (tmp_path / "reviews.json").write_text(json.dumps(items[1:]), encoding="utf-8")
    assert oracle.load_reviews(tmp_path / "reviews.json") == {}
    (tmp_path / "reviews.json").write_text(json.dumps(items), encoding="utf-8")
    [review] = oracle.load_reviews(tmp_path / "reviews.json").values()
    assert (review.version, review.holds) == (pinned, True)


def test_every_stored_review_names_a_pinned_package_and_says_what_ran() -> None:
    reviews = json.loads(oracle.REVIEWS.read_text(encoding="utf-8"))
    for item in reviews:
        review = oracle.Review(**item)
        assert oracle.PACKAGES[review.package].version == review.version
        assert review.reason and review.proof
        driver = review.proof.split()[0]
        assert driver == "read:" or (oracle.REPO / driver).exists(), driver


def test_a_failing_test_whose_traceback_passes_the_line_with_the_error_confirms_it() -> None:
    run = _run()
    run.failures.append(
        {
            "test": "t",
            "type": ["TracerBoolConversionError", "ConcretizationTypeError"],
            "message": "m",
            "frames": ["pkg/t.py:3", "pkg/a.py:12"],
        }
    )
    classes = {"r1": "TracerBoolConversionError"}
    assert classify(_finding(12), run, classes) == "confirmed"
    assert classify(_finding(12), run, {"r1": "ValueError"}) == "unexercised"


def test_the_comparison_lists_error_findings_gone_and_new_on_the_packages_checked_again() -> None:
    before = [
        Judged("p", "1", _finding(1), "refuted"),
        Judged("p", "1", _finding(2), "unexercised", _review(True, 2)),
        Judged("q", "1", _finding(3), "refuted"),
    ]
    after = [Judged("p", "1", _finding(2), "unexercised", _review(True, 2))]
    said = oracle.comparison("branch b", before, after, {"p"})
    assert "- gone (false): p `pkg/a.py:1` reshape-size-mismatch" in said
    assert "q `" not in said  # not checked again: not compared
    assert "branch b: 1 error findings: 1 true, 0 false, 0 undecided" in said
    stamped = oracle.comparison("branch b", before, after, {"p"}, {"p": "s36 abc1234"})
    assert "checked again; their error findings judged the same way: p (s36 abc1234)." in stamped


def test_the_tests_of_the_flagged_modules_are_put_first(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "pkg" / "ops").mkdir(parents=True)
    tests = {
        name: site / "pkg" / name
        for name in ("test_other.py", "reshape_test.py", "test_uses.py", "test_ops.py")
    }
    tests["test_other.py"].write_text("import pkg.other\n")
    tests["reshape_test.py"].write_text("from pkg import reshape\n")
    tests["test_uses.py"].write_text("from pkg.ops import reshape, scan\n")
    tests["test_ops.py"].write_text("x = 'scan is mentioned, not imported'\n")
    flagged = ["pkg/ops/scan.py", "pkg/reshape.py", "pkg/ops/__init__.py"]
    first = oracle.tests_first(sorted(tests.values()), flagged, site)
    # a test named for a flagged module, then one importing it; the package __init__ by its
    # folder's name; a file that only mentions a name is not taken
    assert first == [tests["reshape_test.py"], tests["test_ops.py"], tests["test_uses.py"]]
    assert oracle.tests_first(sorted(tests.values()), ["pkg/test_other.py"], site) == [
        tests["test_other.py"]
    ]


def test_the_flagged_modules_come_from_the_kept_check_errors_first(tmp_path: Path) -> None:
    kept = {
        "findings": [
            {"path": "p/warned.py", "severity": "warning"},
            {"path": "p/hinted.py", "severity": "hint"},
            {"path": "p/wrong.py", "severity": "error"},
            {"path": "p/warned.py", "severity": "error"},
        ]
    }
    (tmp_path / "p-1.json").write_text(json.dumps(kept))
    assert oracle.flagged_modules(tmp_path, "p", "1") == [
        "p/wrong.py",
        "p/warned.py",
        "p/hinted.py",
    ]
    assert oracle.flagged_modules(tmp_path, "p", "2") == []
    assert oracle.flagged_modules(None, "p", "1") == []


def test_the_plugin_runs_the_named_test_files_first(tmp_path: Path) -> None:
    """A real pytest run with the oracle's plugin: pytest itself would run ``test_a`` first."""
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / name).write_text(f"def test_{name[5]}():\n    pass\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = {
        **os.environ,
        "PYTHONPATH": str(oracle.PLUGIN_DIR),
        "JAXLSP_ORACLE_OUT": str(tmp_path / "out"),
        "JAXLSP_ORACLE_FIRST": str(tmp_path / "test_b.py"),
    }
    command = ["-m", "pytest", "-p", "jaxlsp_oracle_plugin", "-p", "no:randomly", "-q"]
    done = subprocess.run(
        [oracle.sys.executable, *command, "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    outcomes = (tmp_path / "out" / "outcomes.jsonl").read_text().splitlines()
    assert [json.loads(line)["test"] for line in outcomes] == [
        "test_b.py::test_b",
        "test_a.py::test_a",
    ]


def test_an_install_failure_is_said_in_one_line_for_pip_and_for_uv() -> None:
    pip = "Collecting x\nERROR: Cannot install x==1 because these package versions conflict.\n"
    assert oracle._install_error(pip).startswith("ERROR: Cannot install x==1")
    uv = (
        "  × No solution found when resolving dependencies:\n"
        "  ╰─▶ Because x==1 depends on jax<0.5 and you require jax==0.12.0.1, x==1 cannot be "
        "used.\n"
    )
    said = oracle._install_error(uv)
    assert said.startswith("No solution found when resolving dependencies: Because x==1")
    assert oracle._install_error("") == "no output"


def _git_repository(root: Path, files: dict[str, str], tag: str) -> None:
    root.mkdir(parents=True)
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(root)]
    for args in (["init", "-q"], ["add", "."], ["commit", "-qm", "c"], ["tag", tag]):
        subprocess.run([*git, *args], check=True)


def test_a_repositorys_tests_at_the_pinned_tag_are_laid_into_the_installed_package(
    tmp_path: Path,
) -> None:
    scratch = tmp_path / "scratch"
    _git_repository(
        scratch / "repos" / "o+inpkg",
        {
            "src/pkg/mod.py": "changed = True\n",
            "src/pkg/tests/test_mod.py": "def test_mod():\n    pass\n",
            "README.md": "r\n",
        },
        "v1.0",
    )
    site = tmp_path / "site"
    (site / "pkg").mkdir(parents=True)
    (site / "pkg" / "mod.py").write_text("installed = True\n")
    package = oracle.Package("1.0", repository="o/inpkg")
    where, source = oracle.repository_tests(scratch, "pkg", package, [site / "pkg"])
    assert where == site and source.startswith("repository o/inpkg@v1.0 (")
    assert (site / "pkg" / "tests" / "test_mod.py").exists()
    assert (site / "pkg" / "mod.py").read_text() == "installed = True\n"  # never overwritten


def test_a_repositorys_top_level_tests_go_to_the_scratch(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    files = {"pkg/mod.py": "", "tests/test_top.py": "def test_top():\n    pass\n"}
    _git_repository(scratch / "repos" / "o+top", files, "2.0")
    site = tmp_path / "site"
    (site / "pkg").mkdir(parents=True)
    package = oracle.Package("2.0", repository="o/top")
    found = oracle.repository_tests(scratch, "pkg", package, [site / "pkg"])
    assert found is not None
    where, source = found
    assert (where / "tests" / "test_top.py").exists() and "@2.0 (" in source
    assert not (site / "pkg" / "mod.py").exists()  # only tests are taken from the repository
    unknown = oracle.Package("2.0", repository="o/absent")
    assert oracle.repository_tests(scratch, "pkg", unknown, [site / "pkg"]) is None


def test_why_no_test_ran_is_the_error_most_test_modules_stopped_on() -> None:
    log = [
        "ERROR a_test.py",
        "E   ModuleNotFoundError: No module named 'flax'",
        "E   AttributeError: module 'jax.core' has no attribute 'Jaxpr'",
        "E   AttributeError: module 'jax.core' has no attribute 'Jaxpr'",
        "ERROR b_test.py",
    ]
    assert oracle._collection_error(log) == (
        "AttributeError: module 'jax.core' has no attribute 'Jaxpr' (2 of its test modules)"
    )
    assert oracle._collection_error(["ERROR b_test.py"]) == "ERROR b_test.py"
    moved = ["E   ImportError: cannot import name 'Jaxpr' from 'jax.core' (/x/site/jax/core.py)"]
    assert (
        oracle._collection_error(moved) == "ImportError: cannot import name 'Jaxpr' from 'jax.core'"
    )
    assert oracle._collection_error([]) == "no test ran"


def test_a_review_naming_a_rule_by_its_former_name_counts_under_its_name_now(
    tmp_path: Path,
) -> None:
    pinned = oracle.PACKAGES["kernex"].version
    item = {
        **oracle.dataclasses.asdict(_review(False)),
        "package": "kernex",
        "version": pinned,
        "rule": "traced-numpy-conversion",
    }
    (tmp_path / "reviews.json").write_text(json.dumps([item]), encoding="utf-8")
    [key] = oracle.load_reviews(tmp_path / "reviews.json")
    assert key[3] == "tracer-array-conversion-error"
    assert oracle.current_rule_name("no-such-rule") == "no-such-rule"


def test_every_stored_run_is_of_a_pinned_package_and_says_whence_its_tests_came() -> None:
    for path in sorted(oracle.STORE.glob("*.json")):
        if path.name == oracle.REVIEWS.name:
            continue
        run = oracle.CoverageRun.from_json(json.loads(path.read_text(encoding="utf-8")))
        assert oracle.PACKAGES[run.package].version == run.version, path.name
        assert path == oracle.store_path(run.package, run.version)
        if not run.tests.get("not_run"):
            assert run.tests["source"].startswith(("wheel", "sdist", "repository ")), path.name


def test_a_refuted_finding_a_driver_raises_on_its_named_call_is_true_and_counted_apart() -> None:
    """Line coverage refutes it (the tests ran the line with other values); a driver making the
    call the finding names raised the error: it holds, and both verdicts stay in the report."""
    judged = [
        Judged("p", "1", _finding(10), "refuted", _review(True)),
        Judged("p", "1", _finding(11), "refuted"),
    ]
    assert [j.holds() for j in judged] == [True, False]
    assert oracle.Tally.of(judged) == oracle.Tally(2, 1, 1)
    counts = oracle.summary(judged)["error"]["reshape-size-mismatch"]
    assert (counts["refuted"], counts["review: true"]) == (2, 1)
    assert refuted_share(judged) == (2, 2)
    text = oracle.markdown(judged, [])
    assert "refuted or caught by line coverage, 1 raise on the call the finding names" in text


def _keys(*activations: tuple[str, dict[int, dict[str, int]]]) -> dict[str, Any]:
    return {
        "watched": {"pkg/a.py": [5, 6, 7, 9]},
        "runs": [],
        "activations": [
            {"file": f, "test": "t", "sites": {str(k): v for k, v in sites.items()}}
            for f, sites in activations
        ],
    }


def _reuse(line: int, *related: int, severity: str = "warning") -> dict[str, Any]:
    return {
        **_finding(line, rule="key-reuse-error"),
        "severity": severity,
        "related": [{"line": r, "message": "the key is first consumed here"} for r in related],
    }


def test_one_call_consuming_the_same_key_bits_at_two_sites_confirms_the_reuse() -> None:
    keys = _keys(("pkg/a.py", {5: {"k1": 1}, 6: {"k1": 1}}))
    assert oracle.key_verdict(_reuse(6, 5), keys) == "confirmed"
    run = dataclasses.replace(_run(), keys=keys)
    assert classify(_reuse(6, 5), run, {"r1": "KeyReuseError"}) == "confirmed"


def test_two_sites_that_always_got_different_keys_refute_the_reuse() -> None:
    keys = _keys(("pkg/a.py", {5: {"k1": 1}, 6: {"k2": 1}}), ("pkg/a.py", {5: {"k3": 1}}))
    assert oracle.key_verdict(_reuse(6, 5), keys) == "refuted"
    judged = Judged("p", "1", _reuse(6, 5), "refuted")
    assert judged.holds() is False


def test_a_loop_reusing_a_key_is_judged_on_its_own_line() -> None:
    assert oracle.key_verdict(_reuse(7, 9), _keys(("pkg/a.py", {7: {"k1": 3}}))) == "confirmed"
    assert oracle.key_verdict(_reuse(7, 9), _keys(("pkg/a.py", {7: {"k1": 1, "k2": 1}}))) == (
        "refuted"
    )


def test_the_same_key_in_two_calls_of_the_function_is_no_reuse_within_one() -> None:
    """A test calling the function twice on one key (to compare outputs) makes two activations;
    neither consumed a key twice at the finding's sites."""
    one = ("pkg/a.py", {5: {"k1": 1}, 6: {"k2": 1}})
    assert oracle.key_verdict(_reuse(6, 5), _keys(one, one)) == "refuted"


def test_abstract_keys_confirm_a_reuse_but_never_refute_one() -> None:
    assert oracle.key_verdict(_reuse(6, 5), _keys(("pkg/a.py", {5: {"o1": 1}, 6: {"o1": 1}}))) == (
        "confirmed"
    )
    different = _keys(("pkg/a.py", {5: {"o1": 1}, 6: {"o2": 1}}))
    assert oracle.key_verdict(_reuse(6, 5), different) == "unexercised"
    assert oracle.key_verdict(_reuse(6, 5), _keys(("pkg/a.py", {5: {"x": 2}}))) == "unexercised"


def test_one_site_alone_or_an_unwatched_line_decides_nothing() -> None:
    alone = _keys(("pkg/a.py", {6: {"k1": 1}}))
    assert oracle.key_verdict(_reuse(6, 5), alone) == "unexercised"
    assert oracle.key_verdict(_reuse(30, 5), alone) is None
    run = dataclasses.replace(_run(), keys=alone)
    assert classify(_reuse(30, 5), run, {"r1": "KeyReuseError"}) == "not judged"


def test_a_related_site_in_another_file_is_matched_by_its_path(tmp_path: Path) -> None:
    """A helper's split flagged because the test calls it twice on one key: the test's frame
    consumed the same key through both calls."""
    finding = {
        **_reuse(6),
        "related": [
            {"path": "/s/.jaxlsp-cache/oracle/src/pkg-1/pkg/t.py", "line": 20, "message": "m"},
            {"path": "/s/.jaxlsp-cache/oracle/src/pkg-1/pkg/t.py", "line": 22, "message": "m"},
        ],
    }
    keys = _keys(("pkg/t.py", {20: {"k1": 1}, 22: {"k1": 1}}), ("pkg/a.py", {6: {"k1": 1}}))
    assert oracle.key_verdict(finding, keys) == "confirmed"
    kept = {"findings": [finding, _finding(3)]}
    (tmp_path / "pkg-1.json").write_text(json.dumps(kept))
    assert oracle.key_sites(tmp_path, "pkg", "1") == {"pkg/a.py": [6], "pkg/t.py": [20, 22]}


def test_the_key_pass_merges_with_the_stored_run_and_survives_the_store() -> None:
    first = _keys(("pkg/a.py", {5: {"k1": 1}}))
    second = {**_keys(("pkg/b.py", {1: {"k2": 1}})), "watched": {"pkg/b.py": [1]}}
    both = oracle.merged_keys(first, second)
    assert both is not None
    assert both["watched"] == {"pkg/a.py": [5, 6, 7, 9], "pkg/b.py": [1]}
    assert len(both["activations"]) == 2
    run = dataclasses.replace(_run(), keys=both)
    assert CoverageRun.from_json(json.loads(json.dumps(run.to_json()))) == run
    later = oracle.merged(run, _run())
    assert later.keys == both


def test_the_ci_gate_fails_on_a_refuted_warning_and_on_a_false_error_not_yet_known() -> None:
    """What the CI slice asserts: a key-reuse warning the key pass refutes appears, and the
    gate reports it; listed in the known ones it passes; a refuted hint does not gate."""
    judged = [
        Judged("p", "1", _reuse(6, 5), "refuted"),
        Judged("p", "1", _reuse(8, 5, severity="hint"), "refuted"),
        Judged("p", "1", _reuse(9, 5), "confirmed"),
        Judged("p", "1", _finding(2), "refuted"),
        Judged("p", "1", _finding(3), "unexercised"),
    ]
    said = oracle.precision_regressions(judged)
    assert said == ["p pkg/a.py:2 reshape-size-mismatch", "p pkg/a.py:6 key-reuse-error"]
    assert oracle.precision_regressions(judged, said) == []


def test_the_plugin_records_the_key_bits_each_watched_call_consumed(tmp_path: Path) -> None:
    """A real pytest run with the key pass on (JIT off): a reuse, a split, and a loop."""
    pytest.importorskip("jax")
    (tmp_path / "test_k.py").write_text(
        "import jax\n"
        "def test_reuse():\n"
        "    key = jax.random.PRNGKey(0)\n"
        "    a = jax.random.uniform(key, (2,))\n"
        "    b = jax.random.normal(key, (2,))\n"
        "def test_split():\n"
        "    k1, k2 = jax.random.split(jax.random.key(1))\n"
        "    a = jax.random.uniform(k1, (2,))\n"
        "    b = jax.random.normal(k2, (2,))\n"
        "def test_jitted():\n"
        "    f = jax.jit(lambda k: jax.random.normal(k) + jax.random.normal(k))\n"
        "    f(jax.random.key(2)); f(jax.random.key(3))\n"
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    test_file = str((tmp_path / "test_k.py").resolve())
    (tmp_path / "sites.json").write_text(json.dumps({test_file: [4, 5, 8, 9, 11]}))
    env = {
        **os.environ,
        "PYTHONPATH": str(oracle.PLUGIN_DIR),
        "JAXLSP_ORACLE_OUT": str(tmp_path / "out"),
        "JAXLSP_ORACLE_KEYS": str(tmp_path / "sites.json"),
        "JAXLSP_ORACLE_KEYS_NO_JIT": "1",
        "JAX_PLATFORMS": "cpu",
    }
    command = ["-m", "pytest", "-p", "jaxlsp_oracle_plugin", "-p", "no:randomly", "-q"]
    done = subprocess.run(
        [oracle.sys.executable, *command, "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    recorded = json.loads((tmp_path / "out" / "keys.json").read_text())
    keys = {
        "watched": {"test_k.py": [4, 5, 8, 9, 11]},
        "activations": [{**a, "file": "test_k.py"} for a in recorded],
    }
    reuse, split, jitted = (_reuse(5, 4), _reuse(9, 8), _reuse(11))
    for finding in (reuse, split, jitted):
        finding["path"] = "test_k.py"
    assert oracle.key_verdict(reuse, keys) == "confirmed"
    assert oracle.key_verdict(split, keys) == "refuted"
    # JIT off: each of the two calls consumed its own key twice, with its bits
    jitted_calls = [a["sites"]["11"] for a in recorded if a["test"].endswith("test_jitted")]
    assert [sorted(marks.values()) for marks in jitted_calls] == [[2], [2]]
    assert jitted_calls[0].keys() != jitted_calls[1].keys()
    assert oracle.key_verdict(jitted, keys) == "confirmed"


def test_the_report_counts_key_reuse_per_severity_and_kind_of_code() -> None:
    in_tests = {**_reuse(6, 5), "path": "pkg/a_test.py"}
    judged = [
        Judged("p", "1", _reuse(6, 5), "refuted"),
        Judged("p", "1", in_tests, "confirmed"),
        Judged("p", "1", {**in_tests, "severity": "hint"}, "confirmed"),
        Judged("p", "1", _reuse(8, 5), "not judged"),
    ]
    counts = oracle.key_reuse_counts(judged)
    assert counts[("warning", "library code")] == {"refuted": 1, "not judged": 1}
    assert counts[("warning", "test code")] == {"confirmed": 1}
    text = oracle.markdown(judged, [])
    assert "- key-reuse warnings by the key pass: 1 confirmed, 1 refuted, 0 unexercised, " in text
    assert "| warning | library code | 0 | 1 | 0 | 1 | 100% |" in text
    assert "- confirmed hint: p `pkg/a_test.py:6`" in text
    assert "- refuted warning: p `pkg/a.py:6`" in text


def test_a_test_module_exiting_at_import_is_a_collection_error_not_the_end(tmp_path: Path) -> None:
    """pgx's bridge test calls ``sys.exit`` when its data file is missing; pytest would stop
    the whole session there."""
    (tmp_path / "test_a.py").write_text("import sys\nsys.exit(1)\n")
    (tmp_path / "test_b.py").write_text("def test_b():\n    pass\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = {**os.environ, "PYTHONPATH": str(oracle.PLUGIN_DIR), "JAXLSP_ORACLE_OUT": str(tmp_path)}
    files = [str(tmp_path / "test_a.py"), str(tmp_path / "test_b.py")]
    command = ["-m", "pytest", "-p", "jaxlsp_oracle_plugin", "-p", "no:randomly", "-q"]
    done = subprocess.run(
        [oracle.sys.executable, *command, "--continue-on-collection-errors", *files],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "SystemExit(1) while collecting" in done.stdout
    outcomes = (tmp_path / "outcomes.jsonl").read_text().splitlines()
    assert [json.loads(line)["test"] for line in outcomes] == ["test_b.py::test_b"]


def test_packages_not_checked_again_are_listed_apart_with_their_last_verdicts(
    tmp_path: Path,
) -> None:
    """A run that could not check every package again lists the others with what the earlier
    report said of them, marked with the jaxlsp that said it, and counts none of it."""
    earlier = tmp_path / "earlier.json"
    quadax = {"package": "quadax", "version": "1", "findings": 1, "errors": 1}
    earlier.write_text(
        json.dumps(
            {
                "packages": [{**quadax, "verdicts": {"refuted": 1}}],
                "findings": [
                    {**_finding(10), "package": "quadax", "verdict": "refuted", "review": None}
                ],
            }
        ),
        encoding="utf-8",
    )
    previous = oracle.Previous.read(earlier, "main 1234567")
    judged = [Judged("tinygp", "1", _finding(11), "confirmed")]
    text = oracle.markdown(judged, [], "main abcdef0", previous)
    assert "- not re-judged on main abcdef0: 1 packages, listed apart" in text
    assert "## Not re-judged on main abcdef0 (last judged on main 1234567)" in text
    assert (
        "| quadax 1 | main 1234567 | 1 (1) | refuted 1 | `pkg/a.py:10` reshape-size-mismatch: refuted |"
        in text
    )
    assert "error findings: 1; judged by the tests 1: refuted 0" in text


def test_an_aimed_key_pass_runs_the_test_functions_around_the_findings(tmp_path: Path) -> None:
    """The test around a watched line, and for a line in a helper the tests naming the helper;
    a test file without watched lines, and tests reaching none, are left out."""
    site = tmp_path / "site"
    (site / "pkg").mkdir(parents=True)
    flagged = site / "pkg" / "thing_test.py"
    flagged.write_text(
        "def draw(key):\n"  # 1
        "    return key\n"  # 2 (watched: a helper)
        "\n"
        "class ThingTest:\n"  # 4
        "    def test_direct(self):\n"  # 5
        "        a = 1\n"  # 6 (watched)
        "    def test_helper(self):\n"  # 7
        "        draw(0)\n"  # 8
        "    def test_other(self):\n"  # 9
        "        pass\n",  # 10
        encoding="utf-8",
    )
    other = site / "pkg" / "other_test.py"
    other.write_text("def test_x():\n    pass\n", encoding="utf-8")
    files, names = oracle.key_tests([flagged, other], {"pkg/thing_test.py": [2, 6]}, site)
    assert files == [flagged]
    assert names == ["test_helper", "test_direct"]  # test_other reaches no watched line


def test_a_finding_for_one_call_is_refuted_only_when_the_tests_made_that_call_too() -> None:
    """The flagged line ran in a passing test (line 10), but the finding follows a call from
    pkg/b.py:7, which no passing test made: the tests ran the line with other values, so it is
    unexercised; once that call's line ran too, the line's clean run refutes it.  A related
    location that is not a call (where a value was made) does not count."""
    finding = {
        **_finding(10),
        "related": [
            {
                "path": "/s/.jaxlsp-cache/oracle/src/pkg-1/pkg/a.py",
                "line": 20,
                "message": "`u`: made here",
            },
            {
                "path": "/s/.jaxlsp-cache/oracle/src/pkg-1/pkg/b.py",
                "line": 7,
                "message": "`step` is called here",
            },
        ],
    }
    run = _run()
    assert oracle.calls_not_run(finding, run) == [("pkg/b.py", 7)]
    assert classify(finding, run, {"r1": "TypeError"}) == "unexercised"
    made = dataclasses.replace(run, passed_lines={**run.passed_lines, "pkg/b.py": {7}})
    assert oracle.calls_not_run(finding, made) == []
    assert classify(finding, made, {"r1": "TypeError"}) == "refuted"
    judged = [Judged("pkg", "1", finding, "unexercised", calls_not_run=("pkg/b.py:7",))]
    text = oracle.markdown(judged, [])
    assert "1 had their line run in passing tests but follow a call no passing test made" in text


def test_an_aimed_key_pass_runs_the_tests_naming_the_package_function_that_reuses(
    tmp_path: Path,
) -> None:
    """A watched line in the package's own code (not a test file): the tests naming the
    function around it (a method's name, or a constructor's class) are aimed at; a test naming
    neither is left out, and so is a file with no such test."""
    site = tmp_path / "site"
    (site / "pkg").mkdir(parents=True)
    (site / "pkg" / "env.py").write_text(
        "class Env:\n"  # 1
        "    def __init__(self, key):\n"  # 2
        "        self.a = key\n"  # 3 (watched: the constructor)
        "    def step(self, key):\n"  # 4
        "        return key\n"  # 5 (watched)
        "    def reset(self, key):\n"  # 6
        "        return key\n",  # 7
        encoding="utf-8",
    )
    calls = site / "pkg" / "env_test.py"
    calls.write_text(
        "def test_step():\n    Env(0).step(1)\n"
        "def test_make():\n    Env(0)\n"
        "def test_reset():\n    reset(1)\n",
        encoding="utf-8",
    )
    other = site / "pkg" / "other_test.py"
    other.write_text("def test_x():\n    pass\n", encoding="utf-8")
    watched = {"pkg/env.py": [3, 5]}
    assert oracle.library_functions(watched, site, set()) == {"Env", "step"}
    files, names = oracle.key_tests([calls, other], watched, site)
    assert files == [calls]
    assert names == ["test_step", "test_make"]


def _listed(name: str, checked_on: str) -> dict[str, Any]:
    return {
        "package": name,
        "version": "1",
        "reviewed": False,
        "lines": 10,
        "findings": 0,
        "errors": 0,
        "verdicts": {},
        "tests": None,
        "covered_lines": 0,
        "not_run": "not run yet",
        "checked_on": checked_on,
    }


def test_the_report_says_which_commit_each_check_was_made_on() -> None:
    """A report made from checks of two commits (a run that could not check every package
    again) names each package's, and counts them in the headline; a check kept before checks
    were stamped says so instead of taking the label's commit."""
    packages = [_listed("a", "main 1111111"), _listed("b", "main 1111111"), _listed("c", "")]
    text = oracle.markdown([], packages, "main 1111111")
    assert "- each check made on: main 1111111 (2 packages); not stamped (1 package)" in text
    rows = {line.split(" |")[0]: line for line in text.splitlines() if line.startswith("| ")}
    assert "| main 1111111 |" in rows["| a 1"]
    assert "| not stamped |" in rows["| c 1"]
