"""The ``jaxlsp check`` result cache: hits only for the same text, code and records."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from jaxlsp.checkcache import CachedResult, CheckCache
from jaxlsp.findings import Finding, RelatedLocation, Span
from jaxlsp.records.load import LoadedRecord, RecordSet, load_records

FINDING = Finding(
    code="custom-vjp-symbolic-zeros-shard-map",
    record_id="9906f2c2bb54d4d6",
    rule="custom_vjp_symbolic_zeros_support_with_shard_map",
    message="symbolic_zeros=True here\n\nwhy",
    span=Span.of(3, 4, 3, 30),
    severity="warning",
    related=(RelatedLocation(Span.of(9, 0, 9, 12), "the shard_map"),),
    fix_titles=("Drop symbolic_zeros=True",),
)


@pytest.fixture(scope="module")
def records() -> RecordSet:
    return load_records()


def test_round_trip_then_miss_on_other_text(tmp_path: Path, records: RecordSet) -> None:
    cache = CheckCache(records, tmp_path)
    assert cache.get("x = 1\n") is None
    cache.put("x = 1\n", (FINDING,), None)
    cache.put("def broken(:\n", (), "invalid syntax (line 1)")
    again = CheckCache(records, tmp_path)  # a new process sees the same entries
    assert again.get("x = 1\n") == CachedResult((FINDING,), None, ())
    assert again.get("def broken(:\n") == CachedResult((), "invalid syntax (line 1)", ())
    assert again.get("x = 2\n") is None
    assert (again.hits, again.misses) == (2, 1)


def test_other_records_do_not_share_entries(tmp_path: Path, records: RecordSet) -> None:
    CheckCache(records, tmp_path).put("x = 1\n", (FINDING,), None)
    assert CheckCache(RecordSet(), tmp_path).get("x = 1\n") is None


def test_a_changed_record_does_not_share_entries(tmp_path: Path, records: RecordSet) -> None:
    """Packed (index) or not (curated): one field of one record changed is another record set."""
    CheckCache(records, tmp_path).put("x = 1\n", (FINDING,), None)
    curated, packed = records.loaded[0], next(i for i in records.loaded if i.packed)
    assert not curated.packed
    for item in (curated, packed):
        changed = replace(item.record, error_message=item.record.error_message + " (changed)")
        other = RecordSet()
        for each in records.loaded:
            other.add(LoadedRecord.of(changed, each.path) if each is item else each)
        assert CheckCache(other, tmp_path).get("x = 1\n") is None
    same = RecordSet()
    for each in records.loaded:
        same.add(LoadedRecord.of(each.record, each.path))
    assert CheckCache(same, tmp_path).get("x = 1\n") == CachedResult((FINDING,), None, ())


def test_a_corrupt_entry_is_a_miss_and_gets_rewritten(tmp_path: Path, records: RecordSet) -> None:
    cache = CheckCache(records, tmp_path)
    cache.put("x = 1\n", (FINDING,), None)
    (entry,) = tmp_path.rglob("*.json")
    entry.write_text('{"findings": [{"code": 1}]')
    assert cache.get("x = 1\n") is None
    cache.put("x = 1\n", (FINDING,), None)
    assert cache.get("x = 1\n") == CachedResult((FINDING,), None, ())


def test_an_unwritable_cache_is_skipped_silently(tmp_path: Path, records: RecordSet) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    cache = CheckCache(records, blocker / "cache")
    cache.put("x = 1\n", (FINDING,), None)
    assert cache.get("x = 1\n") is None


SCENARIO = """import jax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


def scaled_fwd(x):
    return scaled(x.value), None


def scaled_bwd(_, g):
    return (2.0 * g,)


scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
body(jax.numpy.arange(8.0))
"""


def test_check_paths_reuses_results_for_unchanged_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jaxlsp.checker import check_paths, format_json
    from jaxlsp.engine import Engine

    tree = tmp_path / "src"
    tree.mkdir()
    (tree / "model.py").write_text(SCENARIO)
    (tree / "broken.py").write_text("def broken(:\n")
    analysed: list[str | None] = []
    original = Engine.analyze

    def counting(self: Engine, source: str, path: str | None = None, **kwargs: object) -> object:
        analysed.append(path)
        return original(self, source, path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Engine, "analyze", counting)
    cache_dir = tmp_path / "cache"
    first = check_paths([tree], cache_dir=cache_dir)
    assert len(analysed) == 2
    assert first.finding_count >= 1
    second = check_paths([tree], cache_dir=cache_dir)
    assert len(analysed) == 2, "an unchanged tree was analysed again"
    assert format_json(second) == format_json(first)

    (tree / "model.py").write_text(SCENARIO + "\n# edited\n")
    check_paths([tree], cache_dir=cache_dir)
    assert analysed[2:] == [str(tree / "model.py")]
    assert check_paths([tree]).finding_count == first.finding_count  # no cache: same report


def test_cli_caches_by_default_also_with_jobs(tmp_path: Path) -> None:
    import os
    import subprocess

    from tests.conftest import jaxlsp_executable

    tree = tmp_path / "src"
    tree.mkdir()
    for number in range(3):
        (tree / f"m{number}.py").write_text(SCENARIO + f"\nVERSION = {number}\n")
    cache_home = tmp_path / "xdg"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}

    def check(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*jaxlsp_executable(), "check", "--format", "json", *options, str(tree)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )

    uncached = check("--no-cache")
    assert uncached.returncode == 1, uncached.stderr
    assert not cache_home.exists()
    first = check("--jobs", "2")
    assert len(list((cache_home / "jaxlsp" / "check").rglob("*.json"))) == 3
    second = check("--jobs", "2")
    assert uncached.stdout == first.stdout == second.stdout


def test_an_entry_holds_only_while_the_modules_it_read_are_unchanged(
    tmp_path: Path, records: RecordSet
) -> None:
    helper = tmp_path / "helper.py"
    helper.write_text("def f(x):\n    return x\n")
    cache = CheckCache(records, tmp_path / "cache")
    elsewhere = (replace(FINDING, path=str(helper)),)
    cache.put("import helper\n", (FINDING,), None, elsewhere, [str(helper)])
    assert cache.get("import helper\n") == CachedResult((FINDING,), None, elsewhere)
    helper.write_text("def f(x):\n    return x + 1\n")
    assert cache.get("import helper\n") is None
    helper.unlink()
    assert cache.get("import helper\n") is None


MAIN_ASSIGNING_INTO_HELPER_RESULT = """\
from helper import make


def main():
    values = make()
    values[0] = 1.0
    return values


main()
"""
JAX_HELPER = "import jax.numpy as jnp\n\n\ndef make():\n    return jnp.zeros(3)\n"
NUMPY_HELPER = "import numpy as np\n\n\ndef make():\n    return np.zeros(3)\n"


def _codes_by_folder(report: object, root: Path) -> dict[str, list[str]]:
    from jaxlsp.checker import CheckReport

    assert isinstance(report, CheckReport)
    return {
        file.path.parent.name: sorted(f.code for f in file.findings)
        for file in report.files
        if file.path.name == "main.py"
    }


@pytest.mark.parametrize("first", ["jaxside", "npside"])
def test_identical_files_importing_different_modules_do_not_share_an_entry(
    tmp_path: Path, first: str
) -> None:
    """Two identical ``main.py`` files, each importing its own ``helper.py`` (a JAX array in
    one, a NumPy array in the other): the cache reports what a run without it reports, in
    whichever order the folders are checked."""
    from jaxlsp.checker import check_paths

    for folder, helper in (("jaxside", JAX_HELPER), ("npside", NUMPY_HELPER)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "main.py").write_text(MAIN_ASSIGNING_INTO_HELPER_RESULT)
        (tmp_path / folder / "helper.py").write_text(helper)
    uncached = {
        folder: _codes_by_folder(check_paths([tmp_path / folder]), tmp_path)[folder]
        for folder in ("jaxside", "npside")
    }
    assert uncached == {"jaxside": ["immutable-array-item-assignment"], "npside": []}
    cache_dir = tmp_path / "cache"
    order = [first, "npside" if first == "jaxside" else "jaxside"]
    for folder in order:
        got = _codes_by_folder(check_paths([tmp_path / folder], cache_dir=cache_dir), tmp_path)
        assert got[folder] == uncached[folder], f"{folder} after {order[0]}"


def test_a_module_created_after_the_entry_was_written_invalidates_it(tmp_path: Path) -> None:
    """``main.py`` imports ``helper``, which does not exist yet: once it does (and returns a
    JAX array), the next cached run reports what an uncached one does."""
    from jaxlsp.checker import check_paths

    project = tmp_path / "project"
    project.mkdir()
    (project / "main.py").write_text(MAIN_ASSIGNING_INTO_HELPER_RESULT)
    cache_dir = tmp_path / "cache"
    assert check_paths([project / "main.py"], cache_dir=cache_dir).finding_count == 0
    (project / "helper.py").write_text(JAX_HELPER)
    uncached = check_paths([project / "main.py"])
    assert [f.code for f in uncached.files[0].findings] == ["immutable-array-item-assignment"]
    cached = check_paths([project / "main.py"], cache_dir=cache_dir)
    assert [f.code for f in cached.files[0].findings] == ["immutable-array-item-assignment"]


def test_a_hit_is_filtered_by_the_config_of_the_run(tmp_path: Path) -> None:
    """The entry holds the findings before ``[tool.jaxlsp]``: a config changed since the entry
    was written applies to the hit as to a fresh result."""
    from jaxlsp.checker import check_paths

    project = tmp_path / "project"
    project.mkdir()
    (project / "main.py").write_text(MAIN_ASSIGNING_INTO_HELPER_RESULT)
    (project / "helper.py").write_text(JAX_HELPER)
    cache_dir = tmp_path / "cache"
    assert check_paths([project / "main.py"], cache_dir=cache_dir).finding_count == 1
    (project / "pyproject.toml").write_text(
        '[tool.jaxlsp]\nignore = ["immutable-array-item-assignment"]\n'
    )
    assert check_paths([project / "main.py"], cache_dir=cache_dir).finding_count == 0


def _install_flax(site: Path, version: str, init: str) -> None:
    """A flax of ``version`` in ``site`` whose ``__init__.py`` is ``init`` (its only source)."""
    for old in site.glob("flax-*.dist-info"):
        old.rmdir()
    (site / "flax").mkdir(parents=True, exist_ok=True)
    (site / "flax" / "__init__.py").write_text(init)
    (site / f"flax-{version}.dist-info").mkdir()


def test_an_upgraded_library_whose_source_the_rules_read_does_not_share_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """jax-module-attribute-missing reads the installed flax's source: ``flax.optim`` is a
    finding where the installed release lacks it.  After an upgrade that has it, the next run
    (a new process: the installed names read afresh) reports what an uncached run does."""
    from jaxlsp.apis import installed_names
    from jaxlsp.checker import check_paths

    def new_process() -> None:
        for read in (
            installed_names.package_root,
            installed_names.installed_version,
            installed_names.public_modules,
            installed_names.module_names,
        ):
            read.cache_clear()

    site = tmp_path / "site"
    monkeypatch.syspath_prepend(str(site))
    project = tmp_path / "project"
    project.mkdir()
    (project / "main.py").write_text("import flax\n\noptimizer = flax.optim.Adam(0.1)\n")
    cache_dir = tmp_path / "cache"
    try:
        _install_flax(site, "0.1.0", "linen = 1\n")
        new_process()
        first = check_paths([project / "main.py"], cache_dir=cache_dir)
        assert [f.code for f in first.files[0].findings] == ["jax-module-attribute-missing"]
        _install_flax(site, "0.2.0", "linen = 1\noptim = 1\n")
        new_process()
        assert check_paths([project / "main.py"]).finding_count == 0
        assert check_paths([project / "main.py"], cache_dir=cache_dir).finding_count == 0
    finally:
        new_process()  # the other tests read the flax installed beside jaxlsp
