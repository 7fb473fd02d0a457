"""The data manifest: listed shipped files are read without pydantic, anything else is validated.

``data/manifest.json`` lists the SHA-256 of each shipped file whose records all validate
(``jaxlsp records manifest``).  The loader trusts a file only when it is that file, unchanged;
an edited shipped file, a copy elsewhere or the user's records go through the schema, so a
malformed record is still reported by file, id and field.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import jaxlsp.records.validate as validate
from jaxlsp.cli import main
from jaxlsp.records import load
from jaxlsp.records.load import (
    load_file,
    load_records,
    packaged_data_dir,
    stale_manifest_entries,
    write_manifest,
)
from tests.conftest import REPO


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped data (curated records only, with its manifest) standing in for
    the packaged data folder."""
    data = tmp_path / "data"
    shutil.copytree(packaged_data_dir() / "records", data / "records")
    shipped = json.loads((packaged_data_dir() / "manifest.json").read_text())
    files = {
        name: digest for name, digest in shipped["files"].items() if name.startswith("records/")
    }
    (data / "manifest.json").write_text(json.dumps({**shipped, "files": files}))
    monkeypatch.setattr(load, "packaged_data_dir", lambda: data)
    monkeypatch.setattr(load, "default_record_paths", lambda: [data / "records"])
    monkeypatch.setattr("jaxlsp.cli.default_record_paths", lambda: [data / "records"])
    load._listed_digests.cache_clear()
    yield data
    load._listed_digests.cache_clear()


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files the loader sent through the schema."""
    seen: list[Path] = []
    original = validate.load_validated

    def spy(path: Path, raw: bytes, pretty: bool) -> load.RecordSet:
        seen.append(path)
        return original(path, raw, pretty)

    monkeypatch.setattr(validate, "load_validated", spy)
    return seen


def test_the_shipped_manifest_lists_every_shipped_file_as_it_is() -> None:
    """Fails after a change to data/ until `jaxlsp records manifest` is run (CI's
    `jaxlsp records validate` says the same)."""
    records = load_records(trust_manifest=False)
    assert not records.problems
    assert stale_manifest_entries(records) == []
    listed = json.loads((packaged_data_dir() / "manifest.json").read_text())["files"]
    assert any(name.startswith("index/") for name in listed)
    assert sum(name.startswith("records/") for name in listed) > 50


def test_listed_files_are_read_without_validating(validations: list[Path]) -> None:
    records = load_records()
    assert len(records.loaded) > 5_000 and not records.problems
    assert validations == []


def test_the_server_and_check_never_import_pydantic_for_the_shipped_data(tmp_path: Path) -> None:
    """What pydantic and the schema cost (≈13 MiB, ≈0.1 s) the editor never pays."""
    source = tmp_path / "example.py"
    shutil.copy(REPO / "examples" / "symbolic_zeros" / "invalid_eager_grad.py", source)
    script = f"""
import sys
from collections.abc import Iterator
from pathlib import Path
import jaxlsp.lsp.server
from jaxlsp.engine import Engine
from jaxlsp.findings import Position
from jaxlsp.records.load import load_records
engine = Engine(load_records())
analysis = engine.analyze(Path({str(source)!r}).read_text())
assert analysis.findings, "the example has findings"
engine.hover(analysis, analysis.findings[0].span.start)
engine.explain("ValueError: shard_map requires a non-empty mesh")
found = sorted(name for name in sys.modules if name.split(".")[0] in ("pydantic", "pydantic_core"))
assert not found, found
assert "jaxlsp.records.model" not in sys.modules
"""
    subprocess.run([sys.executable, "-c", script], check=True, cwd=REPO)


def test_an_edited_shipped_file_is_validated_and_its_problem_named(
    data_copy: Path, validations: list[Path]
) -> None:
    path = sorted((data_copy / "records").glob("*.json"))[0]
    document = json.loads(path.read_text())
    document["record"]["lineNumber"] = 0
    path.write_text(json.dumps(document, indent=2) + "\n")
    loaded = load_file(path)
    assert validations == [path]
    assert not loaded.loaded
    [problem] = loaded.problems
    assert (problem.path, problem.record_id, problem.field) == (
        path,
        document["record"]["id"],
        "lineNumber",
    )


def test_a_listed_file_copied_elsewhere_is_validated(
    tmp_path: Path, validations: list[Path]
) -> None:
    shipped = sorted((packaged_data_dir() / "records").glob("*.json"))[0]
    copy = tmp_path / "mine" / shipped.name
    copy.parent.mkdir()
    shutil.copy(shipped, copy)
    assert load_file(copy).records == load_file(shipped).records
    assert validations == [copy]


def test_a_missing_or_broken_manifest_means_everything_is_validated(
    data_copy: Path, validations: list[Path]
) -> None:
    (data_copy / "manifest.json").write_text("{not json")
    load._listed_digests.cache_clear()
    records = load_records([data_copy / "records"])
    assert records.loaded and not records.problems
    assert len(validations) == len(list((data_copy / "records").glob("*.json")))


def test_the_manifest_leaves_out_a_file_with_a_problem(data_copy: Path) -> None:
    broken, edited = sorted((data_copy / "records").glob("*.json"))[:2]
    document = json.loads(broken.read_text())
    document["record"]["severity"] = "catastrophic"
    broken.write_text(json.dumps(document, indent=2) + "\n")
    edited.write_text(edited.read_text().replace('"documentation": "', '"documentation": "Now: '))
    records = load_records([data_copy / "records"], trust_manifest=False)
    assert [p.field for p in records.problems] == ["severity"]
    stale = stale_manifest_entries(records)
    assert stale == [
        f"records/{edited.name}: changed since manifest.json",
        f"records/{broken.name}: in manifest.json but not a valid shipped file",
    ]
    files = write_manifest(records)
    assert f"records/{broken.name}" not in files and f"records/{edited.name}" in files
    assert stale_manifest_entries(records) == []


def test_records_validate_reports_a_stale_manifest(
    data_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["records", "validate"]) == 0
    path = sorted((data_copy / "records").glob("*.json"))[0]
    path.write_text(path.read_text().replace('"documentation": "', '"documentation": "Now: '))
    assert main(["records", "validate"]) == 1
    out = capsys.readouterr().out
    assert (
        f"records/{path.name}: changed since manifest.json (run `jaxlsp records manifest`)" in out
    )
    assert main(["records", "manifest"]) == 0
    assert main(["records", "validate"]) == 0
