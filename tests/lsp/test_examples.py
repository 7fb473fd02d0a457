"""The programs in ``examples/`` through the real server: the editor sees what ``check`` sees.

Each INVALID example marks the lines where a diagnostic must start with ``# expect: <code>``;
VALID examples must get none.  Every INVALID example's preferred quick fix is applied through
``codeAction`` + ``codeAction/resolve``; the fixed text must parse and get no diagnostics, and
(marked ``jax``) must run on the pinned CPU JAX without raising.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from tests.engine._expect import example_files
from tests.engine._expect import expected as expected_set
from tests.lsp._session import REPO, Session, apply_edits, edits_of, session

INVALID = example_files("invalid")
VALID = example_files("valid")
HARNESS = REPO / "tests" / "reproducers" / "_harness.py"


def expected(text: str) -> list[tuple[int, str]]:
    """(0-based line, code) of each ``# expect:`` comment (the engine tests' convention)."""
    return sorted(expected_set(text))


def found(diagnostics: list[types.Diagnostic]) -> list[tuple[int, str]]:
    return sorted((d.range.start.line, str(d.code)) for d in diagnostics)


def test_there_are_examples_for_both_seed_scenarios() -> None:
    folders = {path.parent.name for path in INVALID}
    assert {"symbolic_zeros", "pallas_mesh"} <= folders, f"INVALID examples only in {folders}"
    assert all(expected(path.read_text("utf-8")) for path in INVALID), "an example lacks # expect"


async def test_invalid_examples_get_exactly_their_expected_diagnostics() -> None:
    async with session() as s:
        uris = {path: s.open(path) for path in INVALID}
        problems = []
        for path, uri in uris.items():
            diagnostics = await s.client.diagnostics_for(uri, version=1)
            want = expected(s.texts[uri])
            if found(diagnostics) != want:
                problems.append(f"{path.relative_to(REPO)}: {found(diagnostics)} != {want}")
            for diagnostic in diagnostics:
                start = diagnostic.range.start
                hover = await s.hover(uri, start.line, start.character)
                assert hover is not None, f"{path.name}: no hover on the diagnostic"
                assert isinstance(hover.contents, types.MarkupContent)
                assert str(diagnostic.code) in hover.contents.value
        assert not problems, "\n".join(problems)


async def test_valid_examples_get_no_diagnostics() -> None:
    async with session() as s:
        uris = {path: s.open(path) for path in VALID}
        noisy = {
            str(path.relative_to(REPO)): found(await s.client.diagnostics_for(uri, version=1))
            for path, uri in uris.items()
        }
        assert {name: codes for name, codes in noisy.items() if codes} == {}


async def _fixed_texts(s: Session, paths: list[Path]) -> dict[Path, str]:
    """Each program with its preferred quick fixes applied (one round per diagnostic)."""
    fixed: dict[Path, str] = {}
    for path in paths:
        uri = s.open(path)
        diagnostics = await s.client.diagnostics_for(uri, version=1)
        while diagnostics:
            result = await s.client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostics[0].range,
                    context=types.CodeActionContext(
                        diagnostics=diagnostics[:1], only=[types.CodeActionKind.QuickFix]
                    ),
                )
            )
            preferred = [a for a in result or [] if isinstance(a, types.CodeAction)]
            preferred = [a for a in preferred if a.is_preferred]
            assert preferred, f"{path.name}: no preferred quick fix for {diagnostics[0].code}"
            action = await s.client.code_action_resolve_async(preferred[0])
            text = apply_edits(s.texts[uri], edits_of(action, uri))
            ast.parse(text, filename=str(path))
            version = s.change(uri, None, text)
            remaining = await s.client.diagnostics_for(uri, version=version)
            assert len(remaining) < len(diagnostics), f"{path.name}: the fix fixed nothing"
            diagnostics = remaining
        fixed[path] = s.texts[uri]
    return fixed


async def test_quick_fixes_make_every_invalid_example_clean() -> None:
    async with session() as s:
        fixed = await _fixed_texts(s, INVALID)
    assert set(fixed) == set(INVALID)


@pytest.mark.jax
async def test_fixed_examples_run_on_jax(tmp_path: Path) -> None:
    async with session() as s:
        fixed = await _fixed_texts(s, INVALID)
    programs = []
    for path, text in fixed.items():
        program = tmp_path / f"{path.parent.name}__{path.name}"
        program.write_text(text, encoding="utf-8")
        programs.append(str(program))
    out = tmp_path / "results.json"
    env = {
        **os.environ,
        "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
        "JAX_PLATFORMS": "cpu",
    }
    completed = subprocess.run(
        [sys.executable, str(HARNESS), str(out), *programs],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-4000:]
    results = json.loads(out.read_text(encoding="utf-8"))
    raised = {Path(name).name: r["message"] for name, r in results.items() if r["raised"]}
    assert raised == {}
