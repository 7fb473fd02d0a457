"""Notebook sync end to end: the real server over stdio, a client that syncs notebooks.

The notebooks are ``fixtures/*.ipynb`` (each raises its error when its cells run in order on the
pinned JAX: ``test_fixtures_on_jax.py``): a custom_vjp registered with symbolic_zeros=True in
one cell and called in an eager shard_map in a later one, with a magic line before the
registration; a key split in one cell, consumed in the next and again in a later one on a
``%time`` line.  Every position is checked against the cell's own text.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from lsprotocol import types

from jaxlsp.lsp.notebooks import NOTEBOOK_FIX_ALL_KIND
from tests.lsp._session import SYMBOLIC_ZEROS, Session, apply_edits, position_of, session
from tests.notebooks._client import FIXTURES, ClientCell, ClientNotebook

KEY_REUSE = "key-reuse-error"


def span_of(cell: ClientCell, needle: str, occurrence: int = 0) -> types.Range:
    start = position_of(cell.text, needle, occurrence=occurrence)
    end = position_of(cell.text, needle, occurrence=occurrence, offset=len(needle))
    return types.Range(start=start, end=end)


def codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)


def copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(FIXTURES / name, target)
    return target


async def published(s: Session, cell: ClientCell) -> list[types.Diagnostic]:
    """The diagnostics published for ``cell`` at its current version."""
    return await s.client.diagnostics_for(cell.uri, version=cell.version)


async def until_codes(s: Session, cell: ClientCell, expected: list[str]) -> list[types.Diagnostic]:
    """Wait until the last diagnostics published for ``cell`` have the ``expected`` codes (a
    cell's diagnostics change with the cells before it, under the cell's own version)."""

    def latest() -> tuple[list[types.Diagnostic]] | None:
        for params in reversed(s.client.published):
            if params.uri == cell.uri:
                found = list(params.diagnostics)
                return (found,) if codes(found) == expected else None
        return None

    (diagnostics,) = await s.client.until(latest)
    return diagnostics


async def test_the_server_advertises_notebook_sync_for_python_cells() -> None:
    async with session(notebooks=True) as s:
        assert s.capabilities is not None
        sync = s.capabilities.notebook_document_sync
        assert isinstance(sync, types.NotebookDocumentSyncOptions)
        (selector,) = sync.notebook_selector
        assert selector.notebook == "jupyter-notebook"
        assert [cell.language for cell in selector.cells or ()] == ["python"]
        assert sync.save is True
        code_action = s.capabilities.code_action_provider
        assert isinstance(code_action, types.CodeActionOptions)
        assert NOTEBOOK_FIX_ALL_KIND in (code_action.code_action_kinds or ())


async def test_a_rule_in_one_cell_and_the_call_in_another_make_one_diagnostic(
    tmp_path: Path,
) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        setup, rule, call = notebook.code(2), notebook.code(3), notebook.code(5)
        assert rule.text.startswith("%load_ext autoreload\n")  # a magic line before the bug
        (diagnostic,) = await published(s, rule)
        assert diagnostic.code == SYMBOLIC_ZEROS
        # Exactly `symbolic_zeros=True` in the cell's own lines: the magic shifted nothing.
        assert diagnostic.range == span_of(rule, "symbolic_zeros=True")
        assert "line 3 of cell 3" in diagnostic.message
        related = {
            (r.location.uri, r.message): r.location.range
            for r in diagnostic.related_information or ()
        }
        shard_map = span_of(call, "jax.shard_map(")
        (where,) = [rng for (uri, _), rng in related.items() if uri == call.uri]
        assert where.start == shard_map.start
        assert (rule.uri, "`scaled` is made a custom_vjp here") in related
        assert await published(s, setup) == []
        assert await published(s, call) == []
        # Markdown cells are not analysed and get nothing.
        markup = {notebook.code(1).uri, notebook.code(4).uri}
        assert not [p for p in s.client.published if p.uri in markup]


async def test_key_split_in_one_cell_reused_in_a_later_one_on_a_time_magic_line(
    tmp_path: Path,
) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "key_reuse.ipynb"))
        first, again = notebook.code(3), notebook.code(5)
        (diagnostic,) = await published(s, again)
        assert diagnostic.code == KEY_REUSE
        # `%time mask = jax.random.bernoulli(...)`: the columns of the Python after the magic.
        assert diagnostic.range == span_of(again, "jax.random.bernoulli(sub, 0.5, (3,))")
        (related,) = diagnostic.related_information or ()
        assert related.location.uri == first.uri
        assert related.location.range == span_of(first, "jax.random.normal(sub, (3,))")
        assert "line 1 of cell 3" in diagnostic.message


async def test_a_cell_inserted_then_deleted_rechecks_the_cells_after_it(tmp_path: Path) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "key_reuse.ipynb"))
        again = notebook.code(5)
        assert codes(await published(s, again)) == [KEY_REUSE]
        # A fresh split between the two draws: the later one uses a new key.
        split = notebook.insert(3, "key, sub = jax.random.split(key)")
        await until_codes(s, again, [])
        assert await published(s, split) == []
        notebook.delete(split)
        (diagnostic,) = await until_codes(s, again, [KEY_REUSE])
        assert diagnostic.range == span_of(again, "jax.random.bernoulli(sub, 0.5, (3,))")


async def test_an_edit_in_an_earlier_cell_rechecks_a_later_one(tmp_path: Path) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "key_reuse.ipynb"))
        split, again = notebook.code(2), notebook.code(5)
        assert codes(await published(s, again)) == [KEY_REUSE]
        # Draw the first sample from its own key: the later draw is the first use of `sub`.
        first = notebook.code(3)
        notebook.edit(first, span_of(first, "sub"), "key")
        await until_codes(s, again, [])
        assert split.version == 1  # only the edited cell changed


async def test_a_quick_fix_edits_its_cell_and_the_diagnostic_goes(tmp_path: Path) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        rule = notebook.code(3)
        (diagnostic,) = await published(s, rule)
        actions = await s.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=rule.uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )
        quick = [a for a in actions or [] if isinstance(a, types.CodeAction)]
        titles = [a.title for a in quick]
        assert titles[0].startswith("Register the rule without symbolic_zeros")
        assert f"Ignore {SYMBOLIC_ZEROS} on this line" in titles
        preferred = quick[0]
        assert preferred.is_preferred
        resolved = await s.client.code_action_resolve_async(preferred)
        assert resolved.edit is not None
        (change,) = resolved.edit.document_changes or ()
        assert isinstance(change, types.TextDocumentEdit)
        assert change.text_document.uri == rule.uri
        assert change.text_document.version == rule.version
        edits = [e for e in change.edits if isinstance(e, types.TextEdit)]
        fixed = apply_edits(rule.text, edits)
        assert "scaled.defvjp(scaled_fwd, scaled_bwd)" in fixed
        assert "return scaled(x), None" in fixed
        assert fixed.startswith("%load_ext autoreload\n")
        notebook.edit(rule, None, fixed)
        await until_codes(s, rule, [])


async def _notebook_fix_all(s: Session, notebook: ClientNotebook) -> types.WorkspaceEdit:
    actions = await s.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=notebook.code(2).uri),
            range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=["notebook.source.fixAll"]),
        )
    )
    (fix_all,) = [a for a in actions or [] if isinstance(a, types.CodeAction)]
    assert fix_all.kind == NOTEBOOK_FIX_ALL_KIND
    resolved = await s.client.code_action_resolve_async(fix_all)
    assert resolved.edit is not None
    return resolved.edit


async def test_notebook_fix_all_leaves_unsafe_fixes_out_unless_set(tmp_path: Path) -> None:
    """The symbolic_zeros rewrite is unsafe: the notebook's fix-all leaves it out and logs
    it, as a file's does, unless ``unsafeFixes`` is set."""
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        await published(s, notebook.code(3))
        edit = await _notebook_fix_all(s, notebook)
        assert not edit.document_changes and not edit.changes
        assert any("left out 1 unsafe fix(es)" in m.message for m in s.client.log_messages)


async def test_ignore_on_this_line_and_fix_all_in_the_notebook(tmp_path: Path) -> None:
    async with session(notebooks=True, settings={"unsafeFixes": True}) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        rule = notebook.code(3)
        (diagnostic,) = await published(s, rule)
        edit = await _notebook_fix_all(s, notebook)
        (change,) = edit.document_changes or ()
        assert isinstance(change, types.TextDocumentEdit)
        assert change.text_document.uri == rule.uri  # the fix is in the rule's cell only

        actions = await s.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=rule.uri),
                range=diagnostic.range,
                context=types.CodeActionContext(
                    diagnostics=[diagnostic], only=[types.CodeActionKind.QuickFix]
                ),
            )
        )
        (ignore,) = [
            a for a in actions or [] if isinstance(a, types.CodeAction) and "Ignore" in a.title
        ]
        resolved = await s.client.code_action_resolve_async(ignore)
        assert resolved.edit is not None
        (change,) = resolved.edit.document_changes or ()
        assert isinstance(change, types.TextDocumentEdit)
        fixed = apply_edits(rule.text, [e for e in change.edits if isinstance(e, types.TextEdit)])
        assert f"symbolic_zeros=True)  # jaxlsp: ignore[{SYMBOLIC_ZEROS}]" in fixed
        notebook.edit(rule, None, fixed)
        await until_codes(s, rule, [])


async def test_hover_in_a_cell_maps_both_ways(tmp_path: Path) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        call = notebook.code(5)
        where = position_of(call.text, "shard_map(", offset=3)
        hover = await s.hover(call.uri, where.line, where.character)
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value.startswith("**`jax.shard_map`**")
        assert SYMBOLIC_ZEROS in hover.contents.value
        assert hover.range is not None
        assert hover.range.start == position_of(call.text, "jax.shard_map(")
        # A markdown cell has nothing to hover.
        assert await s.hover(notebook.code(4).uri, 0, 3) is None


async def test_a_cell_that_does_not_parse_keeps_its_diagnostics_and_the_others_go_on(
    tmp_path: Path,
) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "key_reuse.ipynb"))
        first, again = notebook.code(3), notebook.code(5)
        assert codes(await published(s, again)) == [KEY_REUSE]
        published_before = len(s.client.published)
        # Mid-edit: the last cell does not parse; its diagnostic stays.
        notebook.edit(again, span_of(again, "(3,))"), "(3,")
        # ... while an edit to an earlier cell still reaches the cells that parse.
        notebook.edit(first, None, "noise = 1.0\n")
        await s.client.until(lambda: len(s.client.published) > published_before)
        await s.client.until(
            lambda: any(
                p.uri == first.uri and p.version == first.version for p in s.client.published
            )
        )
        assert not [p for p in s.client.published[published_before:] if p.uri == again.uri], (
            "a cell that does not parse keeps what it had"
        )


async def test_pull_diagnostics_per_cell(tmp_path: Path) -> None:
    async with session(notebooks=True, pull=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        rule, call = notebook.code(3), notebook.code(5)

        async def pull(
            cell: ClientCell, previous: str | None = None
        ) -> types.DocumentDiagnosticReport:
            return await s.client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(
                    text_document=types.TextDocumentIdentifier(uri=cell.uri),
                    previous_result_id=previous,
                )
            )

        report = await pull(rule)
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        assert codes(list(report.items)) == [SYMBOLIC_ZEROS]
        assert report.items[0].range == span_of(rule, "symbolic_zeros=True")
        again = await pull(rule, report.result_id)
        assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
        other = await pull(call)
        assert isinstance(other, types.RelatedFullDocumentDiagnosticReport) and not other.items
        assert s.client.published == []  # a pull client is never pushed to
        # Jit the shard_map in the later cell: the rule's cell is clean on the next pull.
        notebook.edit(call, span_of(call, "body(x)"), "jax.jit(body)(x)")
        after = await pull(rule, report.result_id)
        assert isinstance(after, types.RelatedFullDocumentDiagnosticReport)
        assert not after.items


async def test_closing_the_notebook_clears_every_cell(tmp_path: Path) -> None:
    async with session(notebooks=True) as s:
        notebook = ClientNotebook.open(s, copy(tmp_path, "symbolic_zeros.ipynb"))
        rule = notebook.code(3)
        assert codes(await published(s, rule)) == [SYMBOLIC_ZEROS]
        notebook.close()
        await s.client.until(
            lambda: rule.uri in s.client.diagnostics and not s.client.diagnostics[rule.uri]
        )
        # Hovers on a closed notebook's cells are answered, with nothing.
        assert await s.hover(rule.uri, 16, 40) is None


async def test_a_jupytext_percent_notebook_is_a_plain_module(tmp_path: Path) -> None:
    async with session(notebooks=True) as s:
        path = copy(tmp_path, "percent_key_reuse.py")
        text = path.read_text(encoding="utf-8")
        uri = s.open(path)
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        assert diagnostic.code == KEY_REUSE
        needle = "jax.random.bernoulli(sub, 0.5, (3,))"
        assert diagnostic.range.start == position_of(text, needle)
        assert diagnostic.range.end == position_of(text, needle, offset=len(needle))
        assert f"consumed on line {position_of(text, 'jax.random.normal').line + 1}" in (
            diagnostic.message
        )
