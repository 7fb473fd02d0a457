"""Engine results as LSP types: findings → diagnostics, fixes → workspace edits, hovers.

Pure functions of their inputs (no server state), so they are tested without a client.  The
diagnostic's ``data`` names the document version and the finding it came from, which is all a
code action needs to find the finding again without re-running the analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict

from lsprotocol import types

from jaxlsp.findings import Finding, Fix, HoverInfo, Position, Severity, Span
from jaxlsp.findings import TextEdit as EngineEdit
from jaxlsp.lsp.positions import Encoding, span_to_range, to_lsp
from jaxlsp.lsp.uris import path_to_uri
from jaxlsp.records.record import Record
from jaxlsp.shapehints import ShapeHint

SOURCE = "jaxlsp"
FIX_ALL_KIND = "source.fixAll.jaxlsp"

_SEVERITY: dict[Severity, types.DiagnosticSeverity] = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


class DiagnosticData(TypedDict):
    """What ``Diagnostic.data`` carries (JSON): enough to find the finding again."""

    uri: str
    version: int
    key: str
    recordId: str
    rule: str
    fixTitles: list[str]


def finding_key(finding: Finding) -> str:
    """A stable name for a finding within one version of a document."""
    start, end = finding.span.start, finding.span.end
    return f"{finding.rule}|{finding.code}|{start.line}:{start.column}-{end.line}:{end.column}"


def read_data(data: Any) -> DiagnosticData | None:
    """``data`` as sent back by a client, or None when it is not ours (or mangled)."""
    if not isinstance(data, dict):
        return None
    if not isinstance(data.get("uri"), str) or not isinstance(data.get("key"), str):
        return None
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        return None
    titles = data.get("fixTitles")
    return DiagnosticData(
        uri=data["uri"],
        version=version,
        key=data["key"],
        recordId=str(data.get("recordId", "")),
        rule=str(data.get("rule", "")),
        fixTitles=[t for t in titles if isinstance(t, str)] if isinstance(titles, list) else [],
    )


def to_diagnostic(
    finding: Finding,
    *,
    uri: str,
    version: int,
    lines: Sequence[str],
    encoding: Encoding,
    record: Record | None,
    lines_of: Callable[[str], Sequence[str] | None] | None = None,
) -> types.Diagnostic:
    """``finding`` as a diagnostic of the document ``uri`` (whose text is ``lines``); a
    related location in another module is on that module's URI, its range counted in
    ``lines_of(path)`` (the module's lines as analysed, when known)."""
    link = record.github_url if record is not None else None
    related = []
    for item in finding.related:
        if item.path is None:
            location = types.Location(uri=uri, range=span_to_range(lines, item.span, encoding))
        else:
            other = lines_of(item.path) if lines_of is not None else None
            location = location_in(item.path, item.span, other, encoding)
        related.append(types.DiagnosticRelatedInformation(location=location, message=item.message))
    data = DiagnosticData(
        uri=uri,
        version=version,
        key=finding_key(finding),
        recordId=finding.record_id,
        rule=finding.rule,
        fixTitles=list(finding.fix_titles),
    )
    return types.Diagnostic(
        range=span_to_range(lines, finding.span, encoding),
        message=finding.message,
        severity=_SEVERITY[finding.severity],
        code=finding.code,
        code_description=types.CodeDescription(href=link) if link else None,
        source=SOURCE,
        related_information=related or None,
        data=dict(data),
    )


def location_in(
    path: str, span: Span, lines: Sequence[str] | None, encoding: Encoding
) -> types.Location:
    """``span`` of the module at ``path``, counted in its ``lines`` when they are known."""
    range_ = span_to_range(lines, span, encoding) if lines is not None else _uncounted_range(span)
    return types.Location(uri=path_to_uri(Path(path)), range=range_)


def _uncounted_range(span: Span) -> types.Range:
    """A range whose columns are the span's code points (the module's text is not at hand)."""
    return types.Range(
        start=types.Position(line=span.start.line, character=span.start.column),
        end=types.Position(line=span.end.line, character=span.end.column),
    )


#: The code of the diagnostic on a file that does not parse.
SYNTAX_ERROR_CODE = "syntax-error"


def syntax_error(
    reason: str, at: Position | None, lines: Sequence[str], encoding: Encoding
) -> types.Diagnostic:
    """The diagnostic on a file that does not parse: Python's reason, on the character it
    points at (the file's start when it names no place)."""
    start = at if at is not None else Position(0, 0)
    line = lines[start.line] if 0 <= start.line < len(lines) else ""
    column = min(start.column, len(line))
    span = Span(Position(start.line, column), Position(start.line, min(column + 1, len(line))))
    return types.Diagnostic(
        range=span_to_range(lines, span, encoding),
        message=f"not valid Python: {reason}",
        severity=types.DiagnosticSeverity.Error,
        code=SYNTAX_ERROR_CODE,
        source=SOURCE,
    )


#: The code of the one diagnostic a file that was not analysed (too big) gets.
NOT_ANALYSED_CODE = "not-analysed"


def skip_notice(reason: str) -> types.Diagnostic:
    """The diagnostic on a file that was not analysed, at its start: why, and the remedy."""
    return types.Diagnostic(
        range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)),
        message=f"jaxlsp: this file was {reason} (raise that setting in the client's jaxlsp "
        "settings or [tool.jaxlsp] to analyse it)",
        severity=types.DiagnosticSeverity.Information,
        code=NOT_ANALYSED_CODE,
        source=SOURCE,
    )


def to_text_edits(
    edits: Sequence[EngineEdit], lines: Sequence[str], encoding: Encoding
) -> list[types.TextEdit]:
    return [
        types.TextEdit(range=span_to_range(lines, edit.span, encoding), new_text=edit.new_text)
        for edit in edits
    ]


def to_workspace_edit(
    uri: str,
    version: int,
    edits: Sequence[EngineEdit],
    lines: Sequence[str],
    encoding: Encoding,
    *,
    versioned: bool,
) -> types.WorkspaceEdit:
    """Edits against exactly ``version``: a client refuses them if the document moved on."""
    text_edits = to_text_edits(edits, lines, encoding)
    if not versioned:
        return types.WorkspaceEdit(changes={uri: text_edits})
    identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
    document_edit = types.TextDocumentEdit(text_document=identifier, edits=list(text_edits))
    return types.WorkspaceEdit(document_changes=[document_edit])


def wants(only: Sequence[str] | None, kind: str) -> bool:
    """Does a code action request's ``context.only`` admit ``kind`` (a kind admits its
    sub-kinds)?"""
    if only is None:
        return True
    return any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def suppress_title(code: str) -> str:
    return f"Ignore {code} on this line"


def pick_fix(fixes: Sequence[Fix], title: str, code: str) -> Fix | None:
    """The fix a code action titled ``title`` stands for."""
    for fix in fixes:
        if fix.title == title:
            return fix
    if title == suppress_title(code):
        return next((fix for fix in fixes if fix.kind == "suppress"), None)
    return None


def to_inlay_hint(hint: ShapeHint, lines: Sequence[str], encoding: Encoding) -> types.InlayHint:
    """An array's shape as a type hint (``: float32[3,4]``) at its place."""
    return types.InlayHint(
        position=to_lsp(lines, hint.position, encoding),
        label=hint.label,
        kind=types.InlayHintKind.Type,
        tooltip=hint.tooltip or None,
        padding_left=hint.label.startswith("->"),
        padding_right=hint.label.startswith("->"),
    )


def to_hover(info: HoverInfo, lines: Sequence[str], encoding: Encoding) -> types.Hover:
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=info.markdown),
        range=span_to_range(lines, info.span, encoding),
    )
