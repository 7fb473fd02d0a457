"""``jaxlsp serve``'s start: the collector's threshold raised and the dataclass methods' kept
code set up before the server's modules are imported, both undone before the first message
is read (``serve``'s ``started``), so no analysis runs with either."""

from __future__ import annotations

import dataclasses
import gc
from pathlib import Path
from typing import Any

import pytest

from jaxlsp import cli, gcpause
from jaxlsp.lsp import generated_code


def test_collect_less_while_starting_raises_then_restores() -> None:
    before = gc.get_threshold()
    restore = gcpause.collect_less_while_starting()
    try:
        assert gc.get_threshold() == (gcpause.START_THRESHOLD, *before[1:])
    finally:
        restore()
    assert gc.get_threshold() == before


def test_serve_undoes_its_start_settings_before_the_first_message(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import jaxlsp.lsp.stdio as stdio

    seen: dict[str, Any] = {}

    def fake_serve(log_level: str, restore: Path | None, started: Any) -> int:
        seen["during"] = (gc.get_threshold(), "exec" in vars(dataclasses))
        started()
        seen["after"] = (gc.get_threshold(), "exec" in vars(dataclasses))
        return 0

    monkeypatch.setattr(stdio, "serve", fake_serve)
    monkeypatch.setattr(generated_code, "cache_path", lambda: tmp_path / "methods.bin")
    before = gc.get_threshold()
    assert cli.main(["serve"]) == 0
    assert seen["during"] == ((gcpause.START_THRESHOLD, *before[1:]), True)
    assert seen["after"] == (before, False)
