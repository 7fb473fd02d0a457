"""The real server over stdio: documents, diagnostics, hovers, code actions, explain, config.

Each test starts ``python -m jaxlsp serve`` (``_session.session``) and waits on the messages it
expects, never on a fixed sleep.  The example programs come from ``tests/reproducers/`` (the
canonical INVALID programs) and inline variants; ``test_examples.py`` covers ``examples/``.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from bench.generate import generate
from lsprotocol import types

from jaxlsp.lsp.uris import path_to_uri
from jaxlsp.records.load import load_records
from tests.conftest import run_jaxlsp
from tests.lsp._session import (
    PALLAS_MESH,
    REPO,
    SYMBOLIC_ZEROS,
    Session,
    apply_edits,
    edits_of,
    position_of,
    session,
)

REPRODUCERS = REPO / "tests" / "reproducers"
SYMBOLIC_SOURCE = (REPRODUCERS / "custom_vjp_symbolic_zeros_shard_map.py").read_text("utf-8")
PALLAS_SOURCE = (REPRODUCERS / "pallas_mesh_kernel_jvp.py").read_text("utf-8")
RECORDS = load_records()
MPMD_MESSAGE = "Differentiation rule for 'mpmd_map' not implemented"
PLAIN_SOURCE = "import jax\nimport jax.numpy as jnp\n\n\ndef f(x):\n    return jnp.sin(x)\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)


def markdown(hover: types.Hover | None) -> str:
    assert hover is not None, "expected a hover"
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    return hover.contents.value


async def quick_fixes(
    s: Session, uri: str, diagnostics: list[types.Diagnostic], only: list[str] | None = None
) -> list[types.CodeAction]:
    end = max((d.range.end for d in diagnostics), key=lambda p: (p.line, p.character))
    result = await s.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=end),
            context=types.CodeActionContext(diagnostics=diagnostics, only=only),
        )
    )
    actions = [a for a in result or [] if isinstance(a, types.CodeAction)]
    assert len(actions) == len(result or []), "expected CodeAction literals, not Commands"
    return actions


# ----------------------------------------------------------------------- diagnostics (push)


async def test_both_seed_scenarios_are_diagnosed_with_code_link_related_and_data(
    tmp_path: Path,
) -> None:
    async with session() as s:
        symbolic = s.open(write(tmp_path, "symbolic.py", SYMBOLIC_SOURCE))
        pallas = s.open(write(tmp_path, "pallas.py", PALLAS_SOURCE))
        found = await s.client.diagnostics_for(symbolic, version=1)
        assert codes(found) == [SYMBOLIC_ZEROS]
        diagnostic = found[0]
        assert diagnostic.source == "jaxlsp"
        assert diagnostic.severity == types.DiagnosticSeverity.Error
        assert diagnostic.code_description is not None
        assert diagnostic.code_description.href.startswith("https://github.com/jax-ml/jax/")
        # The range is the symbolic_zeros=True argument of the defvjp call.
        start, end = diagnostic.range.start, diagnostic.range.end
        line = SYMBOLIC_SOURCE.splitlines()[start.line]
        assert line[start.character : end.character] == "symbolic_zeros=True"
        assert "not implemented" in diagnostic.message
        assert diagnostic.related_information, "expected the shard_map / custom_vjp locations"
        related_lines = {
            SYMBOLIC_SOURCE.splitlines()[r.location.range.start.line]
            for r in diagnostic.related_information
        }
        assert any("jax.shard_map(" in text for text in related_lines)
        assert isinstance(diagnostic.data, dict) and diagnostic.data["version"] == 1

        pallas_found = await s.client.diagnostics_for(pallas, version=1)
        assert codes(pallas_found) == [PALLAS_MESH]


async def test_no_diagnostics_on_code_without_known_errors(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path, "plain.py", PLAIN_SOURCE))
        assert await s.client.diagnostics_for(uri, version=1) == []


async def test_an_emoji_before_the_call_keeps_ranges_in_utf16(tmp_path: Path) -> None:
    prefix = 'note = "😋😋"; '
    text = SYMBOLIC_SOURCE.replace("scaled.defvjp(", prefix + "scaled.defvjp(")
    async with session() as s:
        uri = s.open(write(tmp_path, "emoji.py", text))
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        expected = position_of(text, "scaled_bwd, symbolic_zeros=True", offset=12)
        assert diagnostic.range.start == expected
        # Each emoji is two UTF-16 units: the code-point column would be two less.
        line = text.splitlines()[expected.line]
        assert expected.character == line.index("symbolic_zeros=True") + 2


async def test_crlf_files_get_the_same_ranges(tmp_path: Path) -> None:
    text = SYMBOLIC_SOURCE.replace("\n", "\r\n")
    path = tmp_path / "crlf.py"
    path.write_bytes(text.encode("utf-8"))
    async with session() as s:
        uri = s.open(path, text)
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        assert diagnostic.range.start == position_of(
            SYMBOLIC_SOURCE, "scaled_bwd, symbolic_zeros=True", offset=12
        )


async def test_utf32_clients_get_code_point_columns(tmp_path: Path) -> None:
    text = SYMBOLIC_SOURCE.replace("scaled.defvjp(", 'e = "😋"; scaled.defvjp(')
    async with session(encodings=["utf-32", "utf-16"]) as s:
        assert s.encoding == "utf-32"
        uri = s.open(write(tmp_path, "emoji32.py", text))
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        line = text.splitlines()[diagnostic.range.start.line]
        assert diagnostic.range.start.character == line.index("symbolic_zeros=True")


async def test_an_edit_republishes_for_the_new_version_and_close_clears(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path, "edit.py", SYMBOLIC_SOURCE))
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        # Delete ", symbolic_zeros=True" with an incremental change: the error goes away.
        start = diagnostic.range.start
        remove = types.Range(
            start=types.Position(line=start.line, character=start.character - 2),
            end=diagnostic.range.end,
        )
        version = s.change(uri, remove, "")
        assert await s.client.diagnostics_for(uri, version=version) == []
        # Typing it back, keystroke-sized changes: only the last version's result counts.
        for character in ", symbolic_zeros=True":
            position = types.Position(line=start.line, character=remove.start.character)
            here = types.Range(start=position, end=position)
            version = s.change(uri, here, character)
            remove.start.character += 1
        assert codes(await s.client.diagnostics_for(uri, version=version)) == [SYMBOLIC_ZEROS]
        versions = [p.version for p in s.client.published if p.uri == uri]
        assert versions == sorted(versions), f"published out of order: {versions}"
        s.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        await s.client.until(
            lambda: s.client.published[-1].uri == uri and not s.client.published[-1].diagnostics
        )


async def test_a_burst_of_changes_is_checked_once_after_the_debounce(tmp_path: Path) -> None:
    async with session(settings={"debounceMs": 300}) as s:
        uri = s.open(write(tmp_path, "burst.py", PLAIN_SOURCE))
        assert await s.client.diagnostics_for(uri, version=1) == []  # open: no debounce
        for _ in range(5):  # sent back to back, well within the debounce window
            end = types.Position(line=len(s.texts[uri].split("\n")) - 1, character=0)
            version = s.change(uri, types.Range(start=end, end=end), "# typing\n")
        await s.client.diagnostics_for(uri, version=version)
        assert [p.version for p in s.client.published if p.uri == uri] == [1, version]


async def test_requests_are_not_queued_behind_a_long_analysis(tmp_path: Path) -> None:
    # A first analysis of 20,000 lines takes over a second even on a quiet machine (bench/),
    # tens of times an explain's answer; at 2,000 lines the two were close enough to race.
    big = generate(20_000)
    async with session() as s:
        # Warm up (records loaded, matcher built), so only the big analysis is slow.
        await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxlsp.explain", arguments=["x"])
        )
        uri = s.open(write(tmp_path, "big.py", big))
        answer = await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxlsp.explain", arguments=[MPMD_MESSAGE])
        )
        assert answer["matches"][0]["slug"] == PALLAS_MESH
        assert not any(p.uri == uri for p in s.client.published), "explain waited for analysis"
        assert codes(await s.client.diagnostics_for(uri, version=1))


# ----------------------------------------------------------------------- hovers


async def test_hover_on_shard_map_and_defvjp_lists_the_error_found_there(tmp_path: Path) -> None:
    record = RECORDS.get(SYMBOLIC_ZEROS)
    assert record is not None and record.documentation and record.solutions
    async with session() as s:
        uri = s.open(write(tmp_path, "hover.py", SYMBOLIC_SOURCE))
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        at = position_of(SYMBOLIC_SOURCE, "jax.shard_map(", offset=5)
        text = markdown(await s.hover(uri, at.line, at.character))
        assert text.startswith("**`jax.shard_map`**")  # short first: the qualified name
        assert f"- `{SYMBOLIC_ZEROS}` (error): " in text and len(text) <= 1500
        at = position_of(SYMBOLIC_SOURCE, "scaled.defvjp(", offset=8)
        text = markdown(await s.hover(uri, at.line, at.character))
        assert text.startswith("**`jax.custom_vjp.defvjp`**") and SYMBOLIC_ZEROS in text
        # On the diagnostic's range: the record once (the fix, the link), not its explanation
        # again (the diagnostic's message, shown beside the hover, has it).
        start = diagnostic.range.start
        text = markdown(await s.hover(uri, start.line, start.character + 1))
        assert SYMBOLIC_ZEROS in text.split("\n\n")[0]
        assert record.solutions[0] in text and record.documentation not in text
        assert record.github_url is not None and record.github_url in text


async def test_hover_on_pl_kernel_and_pallas_call(tmp_path: Path) -> None:
    grid = (REPO / "examples" / "pallas_mesh" / "valid_grid_pallas_call.py").read_text("utf-8")
    async with session() as s:
        uri = s.open(write(tmp_path, "hover_pallas.py", PALLAS_SOURCE))
        await s.client.diagnostics_for(uri, version=1)
        at = position_of(PALLAS_SOURCE, "= pl.kernel(", offset=5)
        text = markdown(await s.hover(uri, at.line, at.character))
        assert PALLAS_MESH in text  # the finding is on the kernel: its record
        # A grid pallas_call: the qualified name whatever the alias, and no error it lacks.
        grid_uri = s.open(write(tmp_path, "grid.py", grid))
        assert await s.client.diagnostics_for(grid_uri, version=1) == []
        at = position_of(grid, "= pl.pallas_call(", offset=6)
        text = markdown(await s.hover(grid_uri, at.line, at.character))
        assert text.startswith("**`jax.experimental.pallas.pallas_call`**")
        assert "Known errors" not in text


async def test_a_syntax_error_mid_edit_keeps_hovers_and_diagnostics(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path, "broken.py", SYMBOLIC_SOURCE))
        before = await s.client.diagnostics_for(uri, version=1)
        at = position_of(SYMBOLIC_SOURCE, "jax.shard_map(", offset=5)
        good = markdown(await s.hover(uri, at.line, at.character))
        # Append a half-typed line at the end: the file no longer parses.
        lines = SYMBOLIC_SOURCE.split("\n")
        end = types.Position(line=len(lines) - 1, character=len(lines[-1]))
        version = s.change(uri, types.Range(start=end, end=end), "\nbody(x, \n")
        with pytest.raises(SyntaxError):
            ast.parse(s.texts[uri])
        broken = markdown(await s.hover(uri, at.line, at.character))
        # Same call, same record: the first paragraph (name and note) is unchanged.
        assert broken.split("\n\n")[0] == good.split("\n\n")[0]
        assert "jax.shard_map" in broken and "symbolic_zeros" in broken
        # Python's syntax error, on the unclosed parenthesis, beside the last good findings.
        after = await s.client.diagnostics_for(uri, version=version)
        assert codes(after) == sorted([*codes(before), "syntax-error"])
        (syntax,) = [d for d in after if d.code == "syntax-error"]
        assert syntax.severity == types.DiagnosticSeverity.Error
        assert "never closed" in syntax.message
        assert syntax.range.start == types.Position(line=len(lines), character=4)
        # Fixed again: the syntax error goes.
        version = s.change(uri, None, SYMBOLIC_SOURCE)
        assert codes(await s.client.diagnostics_for(uri, version=version)) == codes(before)


# ----------------------------------------------------------------------- code actions


async def test_symbolic_zeros_quick_fix_and_ignore_comment(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path, "fix.py", SYMBOLIC_SOURCE))
        found = await s.client.diagnostics_for(uri, version=1)
        actions = await quick_fixes(s, uri, found)
        titles = [a.title for a in actions]
        assert f"Ignore {SYMBOLIC_ZEROS} on this line" in titles
        fix = next(a for a in actions if a.is_preferred)
        assert fix.kind == types.CodeActionKind.QuickFix and fix.edit is None  # resolved lazily
        resolved = await s.client.code_action_resolve_async(fix)
        fixed = apply_edits(s.texts[uri], edits_of(resolved, uri))
        ast.parse(fixed)
        assert "scaled_bwd, symbolic_zeros=True" not in fixed
        assert "scaled(x.value)" not in fixed and "scaled(x)" in fixed
        # Send the fixed text: the server agrees the problem is gone.
        version = s.change(uri, None, fixed)
        assert await s.client.diagnostics_for(uri, version=version) == []

        # The ignore action on a fresh copy silences it with a comment on that line.
        version = s.change(uri, None, SYMBOLIC_SOURCE)
        found = await s.client.diagnostics_for(uri, version=version)
        ignore = next(a for a in await quick_fixes(s, uri, found) if a.title.startswith("Ignore "))
        ignored = apply_edits(
            s.texts[uri], edits_of(await s.client.code_action_resolve_async(ignore), uri)
        )
        assert f"jaxlsp: ignore[{SYMBOLIC_ZEROS}]" in ignored
        version = s.change(uri, None, ignored)
        assert await s.client.diagnostics_for(uri, version=version) == []


async def test_pallas_quick_fix_without_resolve_support_comes_with_its_edit(
    tmp_path: Path,
) -> None:
    async with session(resolve=False) as s:
        uri = s.open(write(tmp_path, "pallas_fix.py", PALLAS_SOURCE))
        found = await s.client.diagnostics_for(uri, version=1)
        actions = await quick_fixes(s, uri, found)
        fix = next(a for a in actions if a.is_preferred)
        fixed = apply_edits(s.texts[uri], edits_of(fix, uri))
        ast.parse(fixed)
        assert "custom_jvp" in fixed
        version = s.change(uri, None, fixed)
        assert await s.client.diagnostics_for(uri, version=version) == []


async def test_fix_all_source_action_applies_safe_fixes_and_unsafe_ones_when_set(
    tmp_path: Path,
) -> None:
    """The symbolic_zeros rewrite is unsafe (fwd and bwd receive other values): fix-all leaves
    it out and says so in the log, unless ``unsafeFixes`` is set; a seed wrapped in a key is
    safe."""
    source = SYMBOLIC_SOURCE + "noise = jax.random.normal(0, (2,))\n"
    for unsafe in (False, True):
        async with session(settings={"unsafeFixes": unsafe}) as s:
            uri = s.open(write(tmp_path, f"fix_all_{unsafe}.py", source))
            found = await s.client.diagnostics_for(uri, version=1)
            assert codes(found) == sorted([SYMBOLIC_ZEROS, "random-int-seed-as-key"])
            actions = await quick_fixes(s, uri, found, only=[types.CodeActionKind.SourceFixAll])
            assert [a.kind for a in actions] == ["source.fixAll.jaxlsp"]
            resolved = await s.client.code_action_resolve_async(actions[0])
            fixed = apply_edits(s.texts[uri], edits_of(resolved, uri))
            ast.parse(fixed)
            assert "jax.random.normal(jax.random.key(0), (2,))" in fixed
            version = s.change(uri, None, fixed)
            left = await s.client.diagnostics_for(uri, version=version)
            if unsafe:
                assert left == []
            else:
                assert codes(left) == [SYMBOLIC_ZEROS]
                assert any("left out 1 unsafe fix(es)" in m.message for m in s.client.log_messages)


async def test_a_code_action_for_an_old_version_offers_nothing(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path, "stale.py", SYMBOLIC_SOURCE))
        found = await s.client.diagnostics_for(uri, version=1)
        version = s.change(uri, None, SYMBOLIC_SOURCE + "\n# edited\n")
        await s.client.diagnostics_for(uri, version=version)
        stale = await quick_fixes(s, uri, found, only=[types.CodeActionKind.QuickFix])
        assert stale == []
        # A client that drops Diagnostic.data still gets its fixes (matched by code and range).
        fresh = await s.client.diagnostics_for(uri, version=version)
        for diagnostic in fresh:
            diagnostic.data = None
        actions = await quick_fixes(s, uri, fresh, only=[types.CodeActionKind.QuickFix])
        assert any(a.is_preferred for a in actions)


# ----------------------------------------------------------------------- pull diagnostics


async def test_pull_diagnostics_and_unchanged_result_ids(tmp_path: Path) -> None:
    async with session(pull=True) as s:
        uri = s.open(write(tmp_path, "pull.py", SYMBOLIC_SOURCE))
        identifier = types.TextDocumentIdentifier(uri=uri)
        report = await s.client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=identifier)
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        assert codes(list(report.items)) == [SYMBOLIC_ZEROS]
        again = await s.client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(
                text_document=identifier, previous_result_id=report.result_id
            )
        )
        assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
        s.change(uri, None, PLAIN_SOURCE)
        fresh = await s.client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(
                text_document=identifier, previous_result_id=report.result_id
            )
        )
        assert isinstance(fresh, types.RelatedFullDocumentDiagnosticReport)
        assert list(fresh.items) == []
        assert not s.client.published, "a pull client should not also get pushed diagnostics"


# ----------------------------------------------------------------------- explain


async def test_explain_command_returns_and_shows_the_matching_record() -> None:
    message = (
        "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not "
        "implemented; please open an issue at https://github.com/jax-ml/jax/issues"
    )
    async with session() as s:
        result = await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxlsp.explain", arguments=[message])
        )
        assert result["verdict"] == "answer"
        (best,) = result["matches"]  # the answer alone, as `jaxlsp explain --json` prints
        assert best["slug"] == SYMBOLIC_ZEROS and best["kind"] == "exact"
        assert "symbolic_zeros" in best["markdown"] and best["record"]["id"]
        mpmd = "Differentiation rule for 'mpmd_map' not implemented"
        result = await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="jaxlsp.explain", arguments=[{"text": mpmd, "limit": 3, "all": True}]
            )
        )
        assert result["matches"][0]["slug"] == PALLAS_MESH
        assert 1 <= len(result["matches"]) <= 3
        empty = await s.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jaxlsp.explain", arguments=[])
        )
        assert empty == {}
        # The answer is the result: no message besides it (Neovim would wait for ENTER).
        assert [m.message for m in s.client.messages if "explain:" not in m.message] == []


#: The same texts through every front end: a one-line TracerBoolConversionError (its message
#: only, as a user copies it), the symbolic_zeros message (its curated record absorbs the
#: index record of its raise site), a vague one (no confident match), another library's.
EXPLAIN_INPUTS = (
    "Attempted boolean conversion of traced array with shape bool[].",
    "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not "
    "implemented; please open an issue at https://github.com/jax-ml/jax/issues",
    "jax: scan body output mismatch",
    "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB",
)


def _ranked(payload: dict[str, Any]) -> tuple[str, list[tuple[str, float, str, bool]]]:
    return payload["verdict"], [
        (m["slug"], m["score"], m["kind"], m["explained"]) for m in payload["matches"]
    ]


async def test_explain_answers_as_the_command_line_does() -> None:
    """One code path (``explain_json``): the server's command and ``jaxlsp explain --json``
    give the same verdict and the same ranked records, merged duplicates included, with or
    without the runner-ups."""
    async with session() as s:
        for text in EXPLAIN_INPUTS:
            for extra in ([], ["--all", "--limit", "5"]):
                cli = json.loads(run_jaxlsp("explain", "--json", *extra, text).stdout)
                argument: Any = {"text": text, "limit": 5, "all": True} if extra else text
                served = await s.client.workspace_execute_command_async(
                    types.ExecuteCommandParams(command="jaxlsp.explain", arguments=[argument])
                )
                assert _ranked(served) == _ranked(cli), text
                slugs = [m["slug"] for m in served["matches"]]
                assert len(slugs) == len(set(slugs))
                messages = [m["matchedMessage"] for m in served["matches"]]
                assert len(messages) == len(set(messages)), "one entry per error"
        one_line = json.loads(run_jaxlsp("explain", "--json", EXPLAIN_INPUTS[0]).stdout)
        assert _ranked(one_line)[1][0][0] == "tracer-bool-conversion-error"


# ----------------------------------------------------------------------- configuration


async def test_pyproject_config_ignores_and_relevels_codes(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write(
        tmp_path,
        "pyproject.toml",
        f'[tool.jaxlsp]\nignore = ["{PALLAS_MESH}"]\nseverity = {{ "{SYMBOLIC_ZEROS}" = "hint" }}\n',
    )
    async with session(folders=[tmp_path]) as s:
        symbolic = s.open(write(tmp_path, "pkg/symbolic.py", SYMBOLIC_SOURCE))
        pallas = s.open(write(tmp_path, "pkg/pallas.py", PALLAS_SOURCE))
        (diagnostic,) = await s.client.diagnostics_for(symbolic, version=1)
        assert diagnostic.severity == types.DiagnosticSeverity.Hint
        assert await s.client.diagnostics_for(pallas, version=1) == []


async def test_unknown_codes_are_shown_once_per_change_of_the_config(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write(tmp_path, "pyproject.toml", '[tool.jaxlsp]\nselect = ["random-int-seed-as-kye"]\n')
    typo = "'select': unknown code 'random-int-seed-as-kye'; did you mean 'random-int-seed-as-key'?"
    client_typo = "'ignore': unknown code 'prng-key-reuze'; did you mean 'key-reuse-error'?"
    async with session(folders=[tmp_path], settings={"ignore": ["prng-key-reuze"]}) as s:

        def shown(text: str) -> list[types.ShowMessageParams]:
            return [m for m in s.client.messages if text in m.message]

        first = s.open(write(tmp_path, "a.py", SYMBOLIC_SOURCE))
        s.open(write(tmp_path, "b.py", PALLAS_SOURCE))
        # The typo turned nothing off: the finding is still there.
        assert codes(await s.client.diagnostics_for(first, version=1)) == [SYMBOLIC_ZEROS]
        (message,) = await s.client.until(lambda: shown(typo))
        assert message.type == types.MessageType.Warning
        assert str(tmp_path / "pyproject.toml") in message.message
        await s.client.until(lambda: shown(client_typo))
        assert any(typo in m.message for m in s.client.log_messages)
        # Two files, and a re-check, show it once ...
        s.change(first, None, SYMBOLIC_SOURCE + "\n")
        await s.client.diagnostics_for(first, version=2)
        assert len(shown(typo)) == 1 and len(shown(client_typo)) == 1
        # ... until the config changes: still wrong, so shown again.
        write(tmp_path, "pyproject.toml", '[tool.jaxlsp]\nselect = ["random-int-seed-as-kye"]\n\n')
        s.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[
                    types.FileEvent(
                        uri=path_to_uri(tmp_path / "pyproject.toml"),
                        type=types.FileChangeType.Changed,
                    )
                ]
            )
        )
        await s.client.until(lambda: len(shown(typo)) == 2)


async def test_a_byte_order_mark_in_the_text_keeps_the_columns(tmp_path: Path) -> None:
    text = "\ufeff" + SYMBOLIC_SOURCE
    async with session() as s:
        uri = s.open(write(tmp_path, "bom.py", text))
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        assert diagnostic.range.start == position_of(
            text, "scaled_bwd, symbolic_zeros=True", offset=12
        )


async def test_syntax_newer_than_the_servers_python_is_said_once(tmp_path: Path) -> None:
    import ast

    source = "def first[T = int](xs: list[T]) -> T:\n    return xs[0]\n"
    try:
        ast.parse(source)
    except SyntaxError:
        pass
    else:
        pytest.skip("this Python has type parameter defaults (PEP 696)")
    async with session() as s:
        first = s.open(write(tmp_path, "a.py", source))
        second = s.open(write(tmp_path, "b.py", "import jax\n\n" + source))
        for uri in (first, second):
            await s.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=types.Position(line=0, character=0),
                )
            )

        def said() -> list[types.ShowMessageParams]:
            return [m for m in s.client.messages if "PEP 696" in m.message]

        (message,) = await s.client.until(said)
        assert (
            "new in Python 3.13" in message.message and "run jaxlsp from Python" in message.message
        )
        assert message.type == types.MessageType.Warning
        s.change(first, None, source + "\n")
        await s.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=first),
                position=types.Position(line=0, character=0),
            )
        )
        assert len(said()) == 1


async def test_each_workspace_folder_has_its_own_config(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        (folder / ".git").mkdir(parents=True)
    write(first, "pyproject.toml", f'[tool.jaxlsp]\nseverity = {{ "{SYMBOLIC_ZEROS}" = "hint" }}\n')
    async with session(
        folders=[first, second],
        folder_settings={path_to_uri(second): {"severity": {SYMBOLIC_ZEROS: "warning"}}},
        settings={"debounceMs": "soon"},  # bad value: logged, default used
    ) as s:
        one = s.open(write(first, "a.py", SYMBOLIC_SOURCE))
        two = s.open(write(second, "b.py", SYMBOLIC_SOURCE))
        (a,) = await s.client.diagnostics_for(one, version=1)
        (b,) = await s.client.diagnostics_for(two, version=1)
        assert a.severity == types.DiagnosticSeverity.Hint  # first's pyproject
        assert b.severity == types.DiagnosticSeverity.Warning  # second's client settings
        await s.client.until(lambda: any("debounceMs" in m.message for m in s.client.log_messages))
        # The server asked to be told of pyproject changes; one changes on disk: re-checked.
        (watch,) = await s.client.until(lambda: s.client.registrations)
        assert watch.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        assert isinstance(watch.register_options, dict)
        assert watch.register_options["watchers"][0]["globPattern"] == "**/pyproject.toml"
        write(first, "pyproject.toml", f'[tool.jaxlsp]\nignore = ["{SYMBOLIC_ZEROS}"]\n')
        s.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[
                    types.FileEvent(
                        uri=path_to_uri(first / "pyproject.toml"),
                        type=types.FileChangeType.Changed,
                    )
                ]
            )
        )
        await s.client.until(
            lambda: any(p.uri == one and not p.diagnostics for p in s.client.published)
        )
        # Turn jaxlsp off for the second folder: its diagnostics are withdrawn.
        s.client.set_configuration(False, section="jaxlsp.enable", scope_uri=path_to_uri(second))
        s.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=None)
        )
        await s.client.until(
            lambda: any(p.uri == two and not p.diagnostics for p in s.client.published)
        )


# ----------------------------------------------------------------------- odd input


async def test_odd_requests_are_answered_gracefully(tmp_path: Path) -> None:
    async with session() as s:
        unknown = "file:///nowhere/never_opened.py"
        assert await s.hover(unknown, 0, 0) is None
        s.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=unknown, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text="x = 1")],
            )
        )
        await s.client.until(lambda: any("not open" in m.message for m in s.client.log_messages))
        report = await s.client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=unknown))
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        assert list(report.items) == []
        uri = s.open(write(tmp_path, "odd.py", SYMBOLIC_SOURCE))
        await s.client.diagnostics_for(uri, version=1)
        # Past the end of the document / of a line: clamped, answered (an error would raise).
        await s.hover(uri, 10_000, 0)
        await s.hover(uri, 0, 10_000)
        # A Markdown file (a client without a document selector): ignored, quietly.
        notes = "file:///nowhere/notes.md"
        s.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=notes, language_id="markdown", version=1, text="# jax.shard_map\n"
                )
            )
        )
        assert await s.hover(notes, 0, 4) is None
        # Not Python at all: no crash, no findings, only the syntax error `check` reports too.
        garbage = s.open(write(tmp_path, "garbage.py", "\x00\ufeff)))(((\n" * 3))
        assert codes(await s.client.diagnostics_for(garbage, version=1)) == ["syntax-error"]
        # The server is still alive and well, and logged no error.
        assert codes(await s.client.diagnostics_for(uri, version=1)) == [SYMBOLIC_ZEROS]
        errors = [m for m in s.client.log_messages if m.type == types.MessageType.Error]
        assert errors == []
