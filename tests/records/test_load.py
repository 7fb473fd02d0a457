"""The loader keeps every valid record and names file, id and field for each bad one."""

from __future__ import annotations

import json
from pathlib import Path

from jaxlsp.records import load
from jaxlsp.records.load import load_records
from tests.conftest import REPO

GOOD = REPO / "data" / "records" / "pallas-call-with-a-mesh-does-not-support-jvp.json"


def _record(**changes: object) -> dict[str, object]:
    record = json.loads(GOOD.read_text())["record"]
    record.update(changes)
    return record


def _write(folder: Path, name: str, record: dict[str, object]) -> Path:
    path = folder / name
    path.write_text(json.dumps({"record": record}, indent=2))
    return path


def test_bad_field_is_named_and_the_rest_still_load(tmp_path: Path) -> None:
    _write(tmp_path, "good.json", _record())
    bad = _write(tmp_path, "bad.json", _record(id="00000000000000aa", lineNumber="twelve"))
    loaded = load_records([tmp_path])
    assert [r.id for r in loaded.records] == ["893b10de5624d9e1"]
    [problem] = loaded.problems
    assert (problem.path, problem.record_id, problem.field) == (
        bad,
        "00000000000000aa",
        "lineNumber",
    )
    assert str(problem).startswith(f"{bad}: record 00000000000000aa: field lineNumber: ")


def test_nested_field_path_is_reported(tmp_path: Path) -> None:
    variants = [{"errorMessage": "m", "messagePattern": "m", "lineNumber": -3}]
    _write(tmp_path, "bad.json", _record(messageVariants=variants))
    [problem] = load_records([tmp_path]).problems
    assert problem.field == "messageVariants.0.lineNumber"


def test_snake_case_names_are_not_accepted_in_files(tmp_path: Path) -> None:
    record = _record()
    record["error_message"] = record.pop("errorMessage")
    _write(tmp_path, "snake.json", record)
    fields = {p.field for p in load_records([tmp_path]).problems}
    assert "errorMessage" in fields


def test_pattern_that_does_not_compile_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "bad.json", _record(messagePattern="unclosed (group"))
    loaded = load_records([tmp_path])
    assert loaded.records == []
    [problem] = loaded.problems
    assert problem.field == "messagePattern"
    assert "does not compile" in problem.message


def test_invalid_json_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"record": {"id": ')
    _write(tmp_path, "good.json", _record())
    loaded = load_records([tmp_path])
    assert len(loaded.records) == 1
    [problem] = loaded.problems
    assert problem.path.name == "broken.json" and "not valid JSON" in problem.message


def test_duplicate_ids_name_both_files(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.json", _record())
    second = _write(tmp_path, "b.json", _record(slug="another-slug"))
    loaded = load_records([tmp_path])
    assert [r.slug for r in loaded.records] == ["pallas-call-with-a-mesh-does-not-support-jvp"]
    [problem] = loaded.problems
    assert problem.path == second and str(first) in problem.message and problem.field == "id"


def test_bundle_with_one_bad_record_keeps_the_others(tmp_path: Path) -> None:
    rows = [
        _record(id=f"{i:016x}", slug=f"row-{i}", messageVariants=[], reproducer=None)
        for i in range(3)
    ]
    rows[1]["severity"] = "catastrophic"
    (tmp_path / "bundle.json").write_text(json.dumps({"records": rows}))
    loaded = load_records([tmp_path])
    assert [r.slug for r in loaded.records] == ["row-0", "row-2"]
    [problem] = loaded.problems
    assert (problem.record_id, problem.field) == (f"{1:016x}", "severity")


def test_oversized_file_is_refused_unread(tmp_path: Path, monkeypatch: object) -> None:
    import jaxlsp.records.load as load_module

    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2048)
    monkeypatch.setattr(load_module, "MAX_FILE_BYTES", 1024)  # type: ignore[attr-defined]
    [problem] = load_records([tmp_path]).problems
    assert "the limit is 1,024" in problem.message


def test_top_level_of_wrong_shape_is_reported(tmp_path: Path) -> None:
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    [problem] = load_records([tmp_path]).problems
    assert "at the top level" in problem.message


def test_data_relative_names_a_shipped_file_by_its_real_path(tmp_path):
    """As ``Path.resolve().relative_to``: a link is followed, ``..`` resolved, and a file
    outside the data folder (or a prefix of its name) has no data-relative name."""
    data = load.packaged_data_dir()
    shipped = sorted((data / "records").glob("*.json"))[0]
    assert load.data_relative(shipped) == f"records/{shipped.name}"
    assert load.data_relative(data / "records" / ".." / "records" / shipped.name) == (
        f"records/{shipped.name}"
    )
    link = tmp_path / "linked.json"
    link.symlink_to(shipped)
    assert load.data_relative(link) == f"records/{shipped.name}"
    assert load.data_relative(tmp_path / "elsewhere.json") is None
    sibling = data.parent / f"{data.name}x" / "records" / shipped.name
    assert load.data_relative(sibling) is None


def _rglob_listing(folder: Path) -> list[Path]:
    """What ``iter_record_files`` listed before its flat-folder path: the reference."""
    return sorted(p for p in folder.rglob("*.json") if p.is_file())


def test_a_flat_folder_lists_what_rglob_does_with_each_real_path(tmp_path: Path) -> None:
    """The one-scandir listing (``_flat_listing``) finds the files ``rglob`` finds, in its
    order, hidden ones and links to files included, and gives each file's real path as
    ``os.path.realpath`` would (None for a link: resolved later)."""
    import os

    real = tmp_path / "real"
    real.mkdir()
    for name in ("b.json", "a.json", ".hidden.json", "notes.txt", "A.json", "x.json5"):
        (real / name).write_text("{}")
    (tmp_path / "target.json").write_text("{}")
    (real / "link.json").symlink_to(tmp_path / "target.json")
    (real / "dangling.json").symlink_to(tmp_path / "missing.json")
    seen = tmp_path / "seen"
    seen.symlink_to(real)  # the folder reached through a link
    for folder in (real, seen):
        listed = list(load._record_files([folder]))
        assert [path for path, _ in listed] == _rglob_listing(folder)
        assert list(load.iter_record_files([folder])) == _rglob_listing(folder)
        for path, known in listed:
            if path.name == "link.json":
                assert known is None
            else:
                assert known == os.path.realpath(path)


def test_a_folder_with_subfolders_is_walked_as_before(tmp_path: Path) -> None:
    (tmp_path / "b.json").write_text("{}")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.json").write_text("{}")
    (tmp_path / "dir.json").mkdir()  # a folder named like a record file is no file
    assert load._flat_listing(tmp_path) is None
    listed = list(load._record_files([tmp_path]))
    assert [path for path, _ in listed] == _rglob_listing(tmp_path)
    assert all(known is None for _, known in listed)


def test_the_shipped_records_load_as_the_generic_path_loads_them() -> None:
    """The server's listing (real paths from the folder's scan, shapes and packer shared by
    the files) gives the records ``load_file`` gives file by file."""
    folder = load.curated_records_dir()
    together = load_records([folder], compile_patterns=False)
    one_by_one = load.RecordSet()
    for path in _rglob_listing(folder):
        one_by_one.extend(load.load_file(path, compile_patterns=False))
    assert not together.problems and not one_by_one.problems
    assert together.loaded == one_by_one.loaded
    assert all(load.data_relative(item.path) is not None for item in together.loaded)


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opened to read, a FIFO would block until a writer came
    assert list(load.iter_record_files([tmp_path])) == []  # not a file: not listed
    [problem] = load.load_file(fifo).problems
    assert problem.message == "not a regular file"


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    [problem] = load.load_file(tmp_path / "missing.json").problems
    assert problem.message.startswith("cannot read: ")
    [problem] = load.load_file(tmp_path).problems  # a folder given as a file
    assert problem.message == "not a regular file"
