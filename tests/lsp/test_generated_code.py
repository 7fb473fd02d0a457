"""``jaxlsp.lsp.generated_code``: the code ``dataclasses``, ``attrs`` and ``cattrs`` generate,
compiled once and kept between server starts.  The classes and conversions are the same with
the kept code as without it, the file is written only when the start used something it does
not hold, and a file of another Python (or no file) only costs the compilations."""

from __future__ import annotations

import dataclasses
import json
import marshal
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jaxlsp.lsp import generated_code
from jaxlsp.lsp.generated_code import StartCode, cache_path

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _writes_bytecode(monkeypatch: pytest.MonkeyPatch) -> None:
    """As Python without ``PYTHONDONTWRITEBYTECODE`` (the test runs may set it)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _make_classes() -> tuple[type, type]:
    """A frozen class (``__setattr__``/``__delattr__``, ``__hash__``) and a mutable ordered
    one, both with defaults and a factory."""

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2
        tags: tuple[str, ...] = ()

    @dataclasses.dataclass(order=True)
    class Box:
        size: float
        items: list[int] = dataclasses.field(default_factory=list)

    return Point, Box


def _behaviour(point: type, box: type) -> list[object]:
    """What the generated methods do, as values a test compares."""
    p = point(1)
    seen: list[object] = [repr(p), p == point(1, 2), p == point(3), hash(p) == hash(point(1))]
    with pytest.raises(dataclasses.FrozenInstanceError) as raised:
        p.x = 5
    seen.append(str(raised.value))
    with pytest.raises(dataclasses.FrozenInstanceError):
        del p.y
    b = box(1.5)
    b.items.append(3)
    seen += [repr(b), b < box(2.0), b == box(1.5, [3]), box(1.0).items is not box(1.0).items]
    return seen


def test_classes_are_the_same_compiled_or_read(tmp_path: Path) -> None:
    path = tmp_path / "methods.bin"
    plain = _behaviour(*_make_classes())

    first = StartCode.install(path)
    try:
        compiled_classes = _make_classes()
    finally:
        first.finish()
    assert first.compiled > 0 and path.is_file()

    second = StartCode.install(path)
    try:
        read_classes = _make_classes()
    finally:
        second.finish()
    assert second.compiled == 0  # every method came from the file
    assert _behaviour(*compiled_classes) == plain
    assert _behaviour(*read_classes) == plain
    # The same code as dataclasses compiles itself.
    point, _ = _make_classes()
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert getattr(read_classes[0], name).__code__ == getattr(point, name).__code__, name


def test_finish_puts_the_modules_back(tmp_path: Path) -> None:
    import attr._make
    import cattrs.gen

    code = StartCode.install(tmp_path / "methods.bin")
    assert "exec" in vars(dataclasses)
    assert "compile" in vars(attr._make) and "compile" in vars(cattrs.gen)
    code.finish()
    assert "exec" not in vars(dataclasses)
    assert "compile" not in vars(attr._make) and "compile" not in vars(cattrs.gen)
    compiled = code.compiled
    _make_classes()  # compiled by dataclasses as before: nothing recorded
    assert code.compiled == compiled


def test_written_again_only_when_the_start_differs_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "methods.bin"
    code = StartCode.install(path)
    _make_classes()
    code.finish()
    written = path.stat()
    assert code.compiled == 13  # 6 methods of the frozen class, 7 of the ordered one

    def unchanged() -> bool:
        now = path.stat()
        return (now.st_mtime_ns, now.st_ino) == (written.st_mtime_ns, written.st_ino)

    again = StartCode.install(path)
    _make_classes()
    again.finish()
    assert again.compiled == 0 and unchanged()

    # A few new texts (as attrs' per-process hashes are) are compiled, the file kept.
    few = StartCode.install(path)
    _make_classes()

    @dataclasses.dataclass
    class Other:
        name: str

    few.finish()
    assert few.compiled == 3 and unchanged()  # __init__, __repr__, __eq__

    # Enough of a difference (here: the two classes no longer made) writes what was used.
    monkeypatch.setattr(generated_code, "REWRITE_AT", 13)
    fewer = StartCode.install(path)

    @dataclasses.dataclass
    class Another:
        name: str

    fewer.finish()
    assert not unchanged()
    kept = marshal.loads(path.read_bytes())[1]
    assert len(kept) == fewer.asked == 3


@pytest.mark.parametrize(
    "content",
    [
        b"not marshal at all",
        marshal.dumps(((b"\x00\x00\r\n", 0), {"x": compile("1", "<string>", "exec")})),
        marshal.dumps({"def f(): pass": 1}),
        b"",
    ],
    ids=["junk", "other-python", "not-code", "empty"],
)
def test_a_file_it_cannot_use_is_compiled_over(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "methods.bin"
    path.write_bytes(content)
    code = StartCode.install(path)
    classes = _make_classes()
    code.finish()
    assert code.compiled == code.asked > 0
    assert _behaviour(*classes) == _behaviour(*_make_classes())
    assert StartCode(path).read == code.asked  # rewritten, readable


def test_nothing_written_where_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "methods.bin"
    code = StartCode.install(path)
    _make_classes()
    code.finish()
    assert code.compiled > 0 and not path.exists()


def test_an_unwritable_folder_is_not_an_error(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    code = StartCode.install(blocked / "methods.bin")
    _make_classes()
    code.finish()  # no exception
    assert "exec" not in vars(dataclasses)


def test_cache_path_is_beside_the_bytecode() -> None:
    path = cache_path()
    assert path is not None
    assert path.name == f"generated-code.{sys.implementation.cache_tag}.bin"


_ANALYSE = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from jaxlsp.lsp.generated_code import StartCode

    code = StartCode.install(Path(sys.argv[1])) if sys.argv[1] != "-" else None
    from jaxlsp.engine import Engine
    from jaxlsp.records.load import curated_records_dir, load_records

    engine = Engine(load_records([curated_records_dir()], compile_patterns=False))
    if code is not None:
        code.finish()
    out = []
    for name in sys.argv[2:]:
        path = Path(name)
        analysis = engine.analyze(path.read_text(encoding="utf-8"), path=str(path))
        out.append([name, [repr(finding) for finding in engine.findings(analysis)]])
    print(json.dumps({"compiled": code.compiled if code else None, "findings": out}))
    """
)


_WIRE = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from jaxlsp.lsp.generated_code import StartCode

    code = StartCode.install(Path(sys.argv[1])) if sys.argv[1] != "-" else None
    from jaxlsp.lsp import wire

    converter = wire.warmed_converter()
    if code is not None:
        code.finish()
    out = []
    for message, from_client in wire.sample_messages():
        data = converter.unstructure(message)
        if from_client:
            data = converter.unstructure(converter.structure(data, type(message)))
        out.append(data)
    print(json.dumps({"compiled": code.compiled if code else None, "messages": out}))
    """
)


def _run(script: str, cache: str, args: list[str], bytecode: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "server"), "PYTHONPYCACHEPREFIX": str(bytecode)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-c", script, cache, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_messages_convert_the_same_with_kept_code(tmp_path: Path) -> None:
    """lsprotocol's attrs classes and the warmed cattrs conversions, in fresh processes:
    plain, compiled and written, read."""
    cache = str(tmp_path / "code.bin")
    bytecode = tmp_path / "pyc"
    plain = _run(_WIRE, "-", [], bytecode)
    written = _run(_WIRE, cache, [], bytecode)
    read = _run(_WIRE, cache, [], bytecode)
    # Read: all but the few texts attrs writes a per-process hash into.
    assert written["compiled"] > 100 and read["compiled"] <= 4  # type: ignore[operator]
    assert plain["messages"] == written["messages"] == read["messages"]


def _analyse(cache: str, files: list[str], bytecode: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "server"), "PYTHONPYCACHEPREFIX": str(bytecode)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-c", _ANALYSE, cache, *files],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_first_analysis_finds_the_same_with_kept_code(tmp_path: Path) -> None:
    """Fresh processes: dataclasses' own compilations, then the kept code compiled and
    written, then read: the same findings on the examples (reprs hold every field)."""
    files = sorted(str(path) for path in (REPO / "examples").rglob("*.py"))
    assert files
    cache = str(tmp_path / "methods.bin")
    bytecode = tmp_path / "pyc"
    plain = _analyse("-", files, bytecode)
    written = _analyse(cache, files, bytecode)
    read = _analyse(cache, files, bytecode)
    assert written["compiled"] > 100 and read["compiled"] <= 4  # type: ignore[operator]
    assert plain["findings"] == written["findings"] == read["findings"]
    assert any(found for _, found in plain["findings"])  # type: ignore[attr-defined]


def test_the_server_keeps_its_start_code(tmp_path: Path) -> None:
    """``jaxlsp serve`` writes the file once its start is done, and the next start reads it
    (not written again)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "server"), "PYTHONPYCACHEPREFIX": str(tmp_path)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-m", "jaxlsp", "serve"]
    subprocess.run(command, stdin=subprocess.DEVNULL, env=env, timeout=300, check=False)
    kept = list(tmp_path.rglob("generated-code.*.bin"))
    assert len(kept) == 1
    before = kept[0].stat()
    codes = marshal.loads(kept[0].read_bytes())[1]
    assert len(codes) > 1_500  # the start's ~1,050 dataclass methods, ~550 attrs classes...
    assert any(filename.startswith("<attrs generated") for _, filename, _, _ in codes)
    assert any(filename.startswith("<cattrs generated") for _, filename, _, _ in codes)
    subprocess.run(command, stdin=subprocess.DEVNULL, env=env, timeout=300, check=False)
    after = kept[0].stat()
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)


def test_the_command_line_imports_no_dataclass() -> None:
    """``jaxlsp serve`` sets the kept code up after ``jaxlsp.cli`` is imported: a class made
    by that import would be compiled at every start."""
    probe = (
        "import dataclasses, sys\n"
        "made = []\n"
        "real = dataclasses._process_class\n"
        "dataclasses._process_class = lambda cls, *a: made.append(cls.__module__) or real(cls, *a)\n"
        "import jaxlsp.cli\n"
        "print([m for m in made if m.startswith('jaxlsp')])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "server")}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_command_line_default_baseline_is_the_baseline_module_one() -> None:
    from jaxlsp import baseline, cli

    assert cli.DEFAULT_BASELINE == baseline.DEFAULT_BASELINE
