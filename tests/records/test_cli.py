"""The foundation's promises, checked through the installed ``jaxlsp`` console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, SHARED_SEEDS, run_jaxlsp
from tests.records.test_match import SYMBOLIC_ZEROS, TRACEBACK


def test_explain_message_argument_ranks_the_seed_first() -> None:
    result = run_jaxlsp("explain", "--json", SYMBOLIC_ZEROS)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["verdict"] == "answer"
    assert [m["id"] for m in answer["matches"]] == ["9906f2c2bb54d4d6"]  # one record by default
    assert answer["matches"][0]["kind"] == "exact"
    assert answer["matches"][0]["confident"] is True


def test_explain_traceback_on_stdin_prints_readable_text() -> None:
    result = run_jaxlsp("explain", stdin=TRACEBACK)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("custom-vjp-symbolic-zeros-support-with-shard-map  (")
    # The user's own message (not the template with holes), then why, fix, example, one link.
    assert "Your error: NotImplementedError: custom_vjp symbolic_zeros" in result.stdout
    for heading in ("Why", "Fix", "Example"):
        assert heading in lines
    links = [line for line in lines if line.startswith("Source")]
    assert len(links) == 1 and "https://github.com/" in links[0]


def test_explain_dash_reads_stdin() -> None:
    result = run_jaxlsp(
        "explain", "--json", "-", stdin="pallas_call with a mesh does not support JVP"
    )
    assert json.loads(result.stdout)["matches"][0]["id"] == "893b10de5624d9e1"


def test_explain_without_a_match_exits_1() -> None:
    result = run_jaxlsp("explain", "nothing in jax says this sentence")
    assert result.returncode == 1
    assert result.stdout.startswith("No confident match for this error.")


def test_explain_says_not_a_jax_error_and_exits_1() -> None:
    traceback = (
        'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n'
        "    print(1/0)\nZeroDivisionError: division by zero\n"
    )
    result = run_jaxlsp("explain", stdin=traceback)
    assert result.returncode == 1
    assert result.stdout.startswith("Not a JAX error (ZeroDivisionError)")
    as_json = json.loads(run_jaxlsp("explain", "--json", stdin=traceback).stdout)
    assert as_json["verdict"] == "not-jax"
    assert as_json["matches"] == []  # no record explains it, not even the nearest


def test_explain_a_bare_class_name() -> None:
    result = run_jaxlsp("explain", "--json", "TracerBoolConversionError")
    assert result.returncode == 0
    assert json.loads(result.stdout)["matches"][0]["slug"] == "tracer-bool-conversion-error"


def test_explain_names_the_users_frame_and_the_jax_version() -> None:
    traceback = (
        "jax: 0.4.26\nTraceback (most recent call last):\n"
        '  File "/home/me/train.py", line 42, in <module>\n    if x > 0:\n'
        '  File "/venv/lib/python3.11/site-packages/jax/_src/core.py", line 1475, in __bool__\n'
        "    return self.aval._bool(self)\n"
        "jax.errors.TracerBoolConversionError: Attempted boolean conversion of traced array "
        "with shape bool[].\n"
    )
    result = run_jaxlsp("explain", stdin=traceback)
    assert result.returncode == 0
    assert "Your code: /home/me/train.py:42: if x > 0:" in result.stdout
    assert "JAX: 0.4.26 (from your text); this record was not seen on it" in result.stdout


def test_explain_all_shows_runner_ups_and_limit_must_be_positive() -> None:
    result = run_jaxlsp("explain", "--all", "--json", "--limit", "3", SYMBOLIC_ZEROS)
    assert 1 <= len(json.loads(result.stdout)["matches"]) <= 3
    assert run_jaxlsp("explain", "--limit", "-1", SYMBOLIC_ZEROS).returncode == 2


def test_explain_empty_input_is_a_usage_error() -> None:
    result = run_jaxlsp("explain", stdin="   \n")
    assert result.returncode == 2


def test_python_dash_m_runs_the_same_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "jaxlsp", "explain", "--json", SYMBOLIC_ZEROS],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert json.loads(result.stdout)["matches"][0]["id"] == "9906f2c2bb54d4d6"


def test_records_validate_passes_on_the_shipped_data() -> None:
    result = run_jaxlsp("records", "validate", "--canonical")
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 problem(s)" in result.stderr


def test_malformed_record_gives_one_line_and_the_others_still_load(tmp_path: Path) -> None:
    shutil.copy(
        REPO / "data/records/pallas-call-with-a-mesh-does-not-support-jvp.json",
        tmp_path / "good.json",
    )
    bad = json.loads(
        (REPO / "data/records/custom-vjp-symbolic-zeros-support-with-shard-map.json").read_text()
    )
    bad["record"]["solutions"] = "not a list"
    (tmp_path / "bad.json").write_text(json.dumps(bad, indent=2))

    result = run_jaxlsp("records", "validate", str(tmp_path))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines == [
        f"{tmp_path / 'bad.json'}: record 9906f2c2bb54d4d6: field solutions: "
        "Input should be a valid tuple"
    ]
    assert "1 valid record(s), 1 problem(s)" in result.stderr

    # The good record in the same folder is still found by explain.
    found = run_jaxlsp("records", "list", "--json")
    assert found.returncode == 0
    explained = run_jaxlsp(
        "explain",
        "--json",
        "--records",
        str(tmp_path),
        "pallas_call with a mesh does not support JVP",
    )
    assert json.loads(explained.stdout)["matches"][0]["id"] == "893b10de5624d9e1"
    assert "field solutions" in explained.stderr


def test_records_show_by_slug_and_id() -> None:
    by_slug = run_jaxlsp("records", "show", "pallas-call-with-a-mesh-does-not-support-jvp")
    by_id = run_jaxlsp("records", "show", "893b10de5624d9e1")
    assert by_slug.returncode == by_id.returncode == 0
    assert by_slug.stdout == by_id.stdout
    assert "mpmd_map" in by_slug.stdout
    shown = run_jaxlsp("records", "show", "--json", "893b10de5624d9e1")
    assert json.loads(shown.stdout)["record"]["id"] == "893b10de5624d9e1"
    missing = run_jaxlsp("records", "show", "no-such-record")
    assert missing.returncode == 1


def test_records_show_by_rule_name_and_former_slug() -> None:
    by_rule = run_jaxlsp("records", "show", "pallas-call-with-a-mesh-does-not-support-jvp")
    by_slug = run_jaxlsp("records", "show", "pallas-call-with-a-mesh-does-not-support-jvp")
    assert by_rule.returncode == 0 and by_rule.stdout == by_slug.stdout
    former = run_jaxlsp("records", "show", "custom-vjp-symbolic-zeros-support-with-shard-map-i")
    assert former.returncode == 0
    assert former.stdout.startswith("custom-vjp-symbolic-zeros-support-with-shard-map  [")


def test_records_list_includes_both_seeds() -> None:
    result = run_jaxlsp("records", "list", "--curated", "--json")
    ids = {json.loads(line)["id"] for line in result.stdout.splitlines()}
    assert {"9906f2c2bb54d4d6", "893b10de5624d9e1"} <= ids


def test_records_fmt_keeps_the_seed_bytes(tmp_path: Path) -> None:
    seeds = sorted(SHARED_SEEDS.glob("000_*.txt"))
    if not seeds:
        pytest.skip(f"the seed folder {SHARED_SEEDS} is not beside this checkout")
    copy = tmp_path / "seed.json"
    shutil.copy(seeds[0], copy)
    result = run_jaxlsp("records", "fmt", str(copy))
    assert result.returncode == 0, result.stderr
    assert copy.read_bytes() == seeds[0].read_bytes()
    assert run_jaxlsp("records", "validate", "--canonical", str(copy)).returncode == 0


def test_records_fmt_rewrites_a_non_canonical_file(tmp_path: Path) -> None:
    source = json.loads(
        (REPO / "data/records/pallas-call-with-a-mesh-does-not-support-jvp.json").read_text()
    )
    messy = tmp_path / "messy.json"
    messy.write_text(json.dumps(source, indent=4))
    assert run_jaxlsp("records", "validate", "--canonical", str(tmp_path)).returncode == 1
    assert run_jaxlsp("records", "fmt", str(tmp_path)).returncode == 0
    assert run_jaxlsp("records", "validate", "--canonical", str(tmp_path)).returncode == 0


@pytest.mark.jax
def test_explain_on_the_real_reproducer_traceback() -> None:
    """Run the seed program on the pinned JAX and explain the traceback it really prints."""
    script = REPO / "tests/reproducers/custom_vjp_symbolic_zeros_shard_map.py"
    env = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu"}
    ran = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        env={**__import__("os").environ, **env},
    )
    assert ran.returncode != 0
    assert "NotImplementedError" in ran.stderr
    result = run_jaxlsp("explain", "--json", stdin=ran.stderr)
    assert json.loads(result.stdout)["matches"][0]["id"] == "9906f2c2bb54d4d6"
