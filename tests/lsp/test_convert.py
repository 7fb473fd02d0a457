"""Findings, fixes and hovers as LSP types, without a client."""

from __future__ import annotations

from lsprotocol import types

from jaxlsp.findings import Finding, Fix, HoverInfo, RelatedLocation, Span, TextEdit
from jaxlsp.lsp import convert
from jaxlsp.syntax.source import split_lines

SOURCE = 's = "😋"; y = smap(f)(x)\nf.defvjp(a, b, symbolic_zeros=True)\n'
LINES = split_lines(SOURCE)


def finding() -> Finding:
    return Finding(
        code="custom-vjp-symbolic-zeros-support-with-shard-map",
        record_id="9906f2c2bb54d4d6",
        rule="custom_vjp_symbolic_zeros_support_with_shard_map",
        message="why",
        span=Span.of(0, 13, 0, 20),
        severity="warning",
        related=(RelatedLocation(Span.of(1, 0, 1, 8), "defvjp here"),),
        fix_titles=("Drop symbolic_zeros",),
    )


def test_a_finding_becomes_a_diagnostic_with_utf16_ranges_and_data() -> None:
    diagnostic = convert.to_diagnostic(
        finding(), uri="file:///x.py", version=7, lines=LINES, encoding="utf-16", record=None
    )
    assert diagnostic.range == types.Range(
        start=types.Position(line=0, character=14), end=types.Position(line=0, character=21)
    )
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.code == "custom-vjp-symbolic-zeros-support-with-shard-map"
    assert diagnostic.source == "jaxlsp" and diagnostic.code_description is None
    assert diagnostic.related_information is not None
    assert diagnostic.related_information[0].message == "defvjp here"
    data = convert.read_data(diagnostic.data)
    assert data is not None and data["version"] == 7
    assert data["key"] == convert.finding_key(finding())
    assert data["fixTitles"] == ["Drop symbolic_zeros"]


def test_foreign_or_mangled_data_is_not_ours() -> None:
    assert convert.read_data(None) is None
    assert convert.read_data({"uri": "file:///x.py", "key": "k", "version": "7"}) is None
    assert convert.read_data({"uri": "file:///x.py", "key": "k", "version": True}) is None


def test_a_fix_becomes_a_versioned_workspace_edit() -> None:
    edit = TextEdit(Span.of(1, 13, 1, 34), "")
    workspace_edit = convert.to_workspace_edit(
        "file:///x.py", 3, [edit], LINES, "utf-16", versioned=True
    )
    assert workspace_edit.document_changes is not None
    document_edit = workspace_edit.document_changes[0]
    assert isinstance(document_edit, types.TextDocumentEdit)
    assert document_edit.text_document.version == 3
    plain = convert.to_workspace_edit("file:///x.py", 3, [edit], LINES, "utf-16", versioned=False)
    assert plain.changes is not None and plain.changes["file:///x.py"][0].new_text == ""


def test_pick_fix_finds_the_suppression_by_kind() -> None:
    quick = Fix("Drop symbolic_zeros", (), "quickfix", True)
    ignore = Fix("Add # jaxlsp: ignore[...]", (), "suppress")
    code = finding().code
    assert convert.pick_fix([quick, ignore], "Drop symbolic_zeros", code) is quick
    assert convert.pick_fix([quick, ignore], convert.suppress_title(code), code) is ignore
    assert convert.pick_fix([quick], "Something else", code) is None


def test_hover_is_markdown_with_a_utf16_range() -> None:
    hover = convert.to_hover(HoverInfo(Span.of(0, 13, 0, 17), "**smap**"), LINES, "utf-16")
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.range is not None and hover.range.start.character == 14
