"""The records follow the user's JAX: found from files, indexed once per version, swapped in."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types

from jaxlsp.engine import Engine
from jaxlsp.index.cache import index_path_for
from jaxlsp.lsp.engines import EngineHost
from jaxlsp.lsp.jaxversion import candidate_locations, find_jax
from tests.lsp._session import session

FAKE_MESSAGE = "the flux capacitor refused a negative flux of {flux} gigawatts"
#: A wording of jax 0.2.14-0.4.13 (data/index/history.json) that today's JAX no longer raises.
OLD_WORDING = "uniform only accepts 32- or 64-bit dtypes."


def fake_jax(root: Path, version: str) -> Path:
    """A venv folder holding a tiny 'jax' distribution with one distinctive raise site."""
    site = root / ".venv" / "lib" / "python3.12" / "site-packages"
    (site / "jax" / "_src").mkdir(parents=True)
    (site / f"jax-{version}.dist-info").mkdir()
    (site / f"jax-{version}.dist-info" / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: jax\nVersion: {version}\n\n", encoding="utf-8"
    )
    (site / "jax" / "__init__.py").write_text("", encoding="utf-8")
    (site / "jax" / "_src" / "capacitor.py").write_text(
        f'def check(flux):\n    if flux < 0:\n        raise ValueError(f"{FAKE_MESSAGE}")\n',
        encoding="utf-8",
    )
    return root / ".venv"


def test_a_workspace_venv_comes_before_the_servers_own_python(tmp_path: Path) -> None:
    venv = fake_jax(tmp_path, "0.0.7")
    locations = candidate_locations(None, [tmp_path])
    assert locations[0] == venv
    choice = find_jax(locations)
    assert choice.install is not None and choice.install.version == "0.0.7"
    assert choice.found_in == venv
    assert index_path_for("0.0.7") is None  # nothing shipped or cached for it


def test_the_interpreter_setting_comes_first(tmp_path: Path) -> None:
    other = fake_jax(tmp_path / "other", "0.0.8")
    fake_jax(tmp_path, "0.0.7")
    choice = find_jax(candidate_locations(str(other / "bin" / "python"), [tmp_path]))
    assert choice.install is not None and choice.install.version == "0.0.8"


async def test_the_server_indexes_an_unknown_jax_and_explains_its_errors(tmp_path: Path) -> None:
    fake_jax(tmp_path, "0.0.7")
    message = FAKE_MESSAGE.replace("{flux}", "-3")
    async with session(folders=[tmp_path], env={"XDG_CACHE_HOME": str(tmp_path / "cache")}) as s:
        await s.client.until(
            lambda: any("records for JAX 0.0.7" in m.message for m in s.client.log_messages)
        )
        assert any("indexing JAX 0.0.7" in m.message for m in s.client.log_messages)
        (reports,) = s.client.progress_reports.values()  # shown as progress while it ran
        assert [type(r).__name__ for r in reports] == [
            "WorkDoneProgressBegin",
            "WorkDoneProgressEnd",
        ]
        assert isinstance(reports[0], types.WorkDoneProgressBegin)
        assert "0.0.7" in reports[0].title
        result = await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxlsp.explain", arguments=[message])
        )
        assert result["matches"][0]["matchedMessage"] == FAKE_MESSAGE
        # Older releases' wordings (the shipped history file) come with any JAX's index.
        result = await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="jaxlsp.explain",
                arguments=["TypeError: uniform only accepts 32- or 64-bit dtypes."],
            )
        )
        assert result["matches"][0]["matchedMessage"] == OLD_WORDING
    assert list((tmp_path / "cache").rglob("jax-0.0.7*.json")), "the index was not cached"


async def test_finding_the_jax_waits_for_the_analyses_queued_before_it(tmp_path: Path) -> None:
    """On a thread of its own, finding the JAX would take turns with the first analysis for
    the interpreter: it runs on the analysis worker, after what is queued there."""
    version = "0.12.0.1"  # the pinned JAX, whose index is shipped: nothing to build
    assert index_path_for(version) is not None
    fake_jax(tmp_path, version)
    logged: list[str] = []

    class Reporter:
        def log(self, level: types.MessageType, message: str, *, once: bool = False) -> None:
            logged.append(message)

        def showing_progress(self, title: str) -> object:
            raise AssertionError("no index is built for a JAX found before")

    worker = ThreadPoolExecutor(max_workers=1)
    analysing = threading.Event()
    worker.submit(analysing.wait, 30)  # an analysis running
    host = EngineHost(Engine, worker, Reporter())  # type: ignore[arg-type]
    selecting = asyncio.ensure_future(host.select_jax(None, [tmp_path]))
    await asyncio.sleep(0.2)
    assert not selecting.done() and not logged  # still behind the analysis
    analysing.set()
    await asyncio.wait_for(selecting, 30)
    assert host.jax_version == version
    assert any(f"records for JAX {version}" in line for line in logged)
    worker.shutdown()
