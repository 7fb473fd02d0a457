"""``pallasTarget`` over stdio: the same kernel (it says nothing of its chip) gets the TPU
diagnostic in a folder whose pyproject says its kernels target a TPU, none elsewhere, and the
client's setting does the same (docs/pallas-targets.md)."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from tests.engine.test_pallas_targets import SCALAR_STORE, UNSTATED
from tests.lsp._session import session


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)


async def test_the_pyproject_setting_turns_the_tpu_rules_on_for_its_folder_only(
    tmp_path: Path,
) -> None:
    tpu, other = tmp_path / "tpu", tmp_path / "other"
    for folder in (tpu, other):
        (folder / ".git").mkdir(parents=True)
    _write(tpu, "pyproject.toml", '[tool.jaxlsp]\npallasTarget = "tpu"\n')
    _write(other, "pyproject.toml", '[tool.jaxlsp]\npallasTarget = "gpu"\n')
    async with session(folders=[tpu, other]) as s:
        on_tpu = s.open(_write(tpu, "kernels/iota.py", UNSTATED))
        elsewhere = s.open(_write(other, "kernels/iota.py", UNSTATED))
        [diagnostic] = await s.client.diagnostics_for(on_tpu, version=1)
        assert diagnostic.code == SCALAR_STORE
        assert diagnostic.severity == types.DiagnosticSeverity.Error
        assert diagnostic.range.start.line == UNSTATED.splitlines().index("    o_ref[i] = i")
        assert "`pallasTarget`" in diagnostic.message
        assert await s.client.diagnostics_for(elsewhere, version=1) == []


async def test_the_client_setting_does_the_same_and_a_bad_value_is_logged(
    tmp_path: Path,
) -> None:
    async with session(settings={"pallasTarget": "tpu"}) as s:
        uri = s.open(_write(tmp_path, "iota.py", UNSTATED))
        assert _codes(await s.client.diagnostics_for(uri, version=1)) == [SCALAR_STORE]
    async with session(settings={"pallasTarget": "TPU"}) as s:
        uri = s.open(_write(tmp_path, "iota.py", UNSTATED))
        assert await s.client.diagnostics_for(uri, version=1) == []
        await s.client.until(
            lambda: any("'pallasTarget' must be" in m.message for m in s.client.log_messages)
        )
    async with session() as s:  # the default: unknown, silent
        uri = s.open(_write(tmp_path, "iota.py", UNSTATED))
        assert await s.client.diagnostics_for(uri, version=1) == []
