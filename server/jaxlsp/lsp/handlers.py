"""The LSP handlers: each translates a request into engine calls and back, and nothing more.

Registered by ``register`` on a ``JaxlspServer``; every handler is wrapped by ``edge`` so an
error anywhere is logged and answered with an empty result instead of taking the server down.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from lsprotocol import types

from jaxlsp.config import forget_read_configs
from jaxlsp.engine import Engine, FixAll
from jaxlsp.findings import Fix
from jaxlsp.gcpause import hold_collection
from jaxlsp.lsp import convert, notebook_handlers, notebooks
from jaxlsp.lsp.capabilities import client_support, negotiated_encoding
from jaxlsp.lsp.documents import Checked, Document
from jaxlsp.lsp.positions import apply_change, range_to_span, to_engine
from jaxlsp.lsp.server import (
    EXPLAIN_COMMAND,
    SETTINGS_SECTION,
    JaxlspServer,
    edge,
)
from jaxlsp.records.load import RecordSet

#: How long a check waits for the client to answer ``workspace/configuration`` at start-up.
SETTINGS_TIMEOUT_S = 5.0
#: Language ids of the documents jaxlsp checks (others are ignored, e.g. Markdown, TOML).
PYTHON_LANGUAGES = frozenset({"python"})
#: Most matches ``jaxlsp.explain`` returns.
MAX_EXPLAIN_LIMIT = 50


def create_server(engine_factory: Callable[[RecordSet], Engine] = Engine) -> JaxlspServer:
    """A server with every handler registered (not yet started)."""
    server = JaxlspServer(engine_factory)
    register(server)
    return server


def register(ls: JaxlspServer) -> None:
    ls.feature(types.INITIALIZE)(initialize)
    ls.feature(types.INITIALIZED)(initialized)
    ls.feature(types.SHUTDOWN)(shutdown)
    ls.feature(types.TEXT_DOCUMENT_DID_OPEN)(did_open)
    ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)(did_change)
    ls.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))(did_save)
    ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)(did_close)
    ls.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(did_change_configuration)
    ls.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)(did_change_folders)
    ls.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(did_change_watched_files)
    ls.feature(types.TEXT_DOCUMENT_HOVER)(hover)
    ls.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))(
        inlay_hint
    )
    ls.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[
                types.CodeActionKind.QuickFix,
                convert.FIX_ALL_KIND,
                notebooks.NOTEBOOK_FIX_ALL_KIND,
            ],
            resolve_provider=True,
        ),
    )(code_action)
    ls.feature(types.CODE_ACTION_RESOLVE)(resolve_code_action)
    ls.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier=convert.SOURCE, inter_file_dependencies=False, workspace_diagnostics=False
        ),
    )(pull_diagnostics)
    ls.command(EXPLAIN_COMMAND)(explain)
    notebook_handlers.register(ls)


# ------------------------------------------------------------------- lifecycle and settings


@edge()
async def initialize(ls: JaxlspServer, params: types.InitializeParams) -> None:
    ls.encoding = negotiated_encoding(params.capabilities)
    ls.support = client_support(params.capabilities)
    options = params.initialization_options
    if isinstance(options, dict) and options:
        ls.set_settings(None, options.get(SETTINGS_SECTION, options))
    if not ls.support.configuration:
        ls.scheduler.settings_ready.set()
    ls.engines.engine_future()  # start loading the records while the client finishes its handshake
    ls.update_roots()
    if ls.recycler is not None:
        ls.recycler.started()


@edge()
async def initialized(ls: JaxlspServer, params: types.InitializedParams) -> None:
    ls.client_initialized = True
    try:
        await asyncio.wait_for(ls.fetch_settings(), SETTINGS_TIMEOUT_S)
    except TimeoutError:
        ls.log(
            types.MessageType.Warning,
            "jaxlsp: the client did not answer workspace/configuration; using defaults",
        )
    finally:
        ls.scheduler.settings_ready.set()
    ls.in_background(ls.select_jax(), "finding the project's JAX")
    if ls.support.watch_files:
        watcher = types.FileSystemWatcher(glob_pattern="**/pyproject.toml")
        options = types.DidChangeWatchedFilesRegistrationOptions(watchers=[watcher])
        registration = types.Registration(
            id="jaxlsp-pyproject",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=options,
        )
        try:
            await ls.client_register_capability_async(
                types.RegistrationParams(registrations=[registration])
            )
        except Exception as error:  # the client said it could, then refused: save still works
            ls.log(types.MessageType.Warning, f"jaxlsp: cannot watch pyproject.toml: {error!r}")


@edge()
async def shutdown(ls: JaxlspServer, params: None) -> None:
    for document in ls.documents:
        document.stop()


@edge()
async def did_change_configuration(
    ls: JaxlspServer, params: types.DidChangeConfigurationParams
) -> None:
    if ls.support.configuration:
        await ls.fetch_settings()
    elif isinstance(params.settings, dict):
        ls.set_settings(None, params.settings.get(SETTINGS_SECTION, params.settings))
    ls.scheduler.recheck_all()
    if ls.support.inlay_hint_refresh:
        ls.workspace_inlay_hint_refresh(None)  # the inlayHints setting may have changed
    ls.in_background(ls.select_jax(), "finding the project's JAX")


@edge()
async def did_change_folders(
    ls: JaxlspServer, params: types.DidChangeWorkspaceFoldersParams
) -> None:
    ls.update_roots()
    await ls.fetch_settings()
    ls.scheduler.recheck_all()


@edge()
async def did_change_watched_files(
    ls: JaxlspServer, params: types.DidChangeWatchedFilesParams
) -> None:
    if any(change.uri.endswith("/pyproject.toml") for change in params.changes):
        forget_read_configs()
        ls.config_changed()
        ls.scheduler.recheck_all()  # a [tool.jaxlsp] table may have changed


# ------------------------------------------------------------------- documents


@edge()
async def did_open(ls: JaxlspServer, params: types.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    if item.language_id not in PYTHON_LANGUAGES:
        ls.documents.ignored.add(item.uri)  # a client without a document selector
        return
    document = ls.documents.open(item.uri, item.text, item.version, item.language_id)
    ls.text_changed(document)
    ls.scheduler.schedule(document, 0)


@edge()
async def did_change(ls: JaxlspServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    document = ls.documents.get(uri)
    if document is None:
        if uri not in ls.documents.ignored:
            ls.log(types.MessageType.Warning, f"jaxlsp: didChange for {uri}, which is not open")
        return
    text = document.text
    for change in params.content_changes:
        range_ = (
            change.range if isinstance(change, types.TextDocumentContentChangePartial) else None
        )
        text = apply_change(text, range_, change.text, ls.encoding)
    version = params.text_document.version
    if version == document.version and text == document.text:
        # The text the client holds, sent again under the same version: nothing changed, so
        # nothing starts over (jupyterlab-lsp sends its document once more right after didOpen).
        return
    if version <= document.version:
        # LSP: versions increase with every change.  The change is still the client's edit of
        # the text we hold, so it is applied (as pygls does) and published under the client's
        # version; but nothing made for the old numbering may pass for the new: start over.
        ls.log(
            types.MessageType.Warning,
            f"jaxlsp: didChange for {uri} goes from version {document.version} to {version}, "
            "but versions must increase; applied, and its analyses start over",
        )
        document = ls.documents.open(uri, text, version, document.language_id)
    else:
        document.update(text, version)
    ls.text_changed(document)
    ls.scheduler.schedule(document, ls.settings_for(uri).debounce_ms / 1000)


@edge()
async def did_save(ls: JaxlspServer, params: types.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    if uri.endswith("/pyproject.toml"):
        forget_read_configs()
        ls.config_changed()
        ls.scheduler.recheck_all()  # its [tool.jaxlsp] may have changed
        return
    if (document := ls.documents.get(uri)) is not None:
        ls.scheduler.schedule(document, 0)
        ls.recheck_dependents(document)


@edge()
async def did_close(ls: JaxlspServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.documents.ignored.discard(uri)
    if (closing := ls.documents.get(uri)) is not None:
        ls.document_closed(closing)
    if ls.documents.close(uri) is not None and not ls.support.pull_diagnostics:
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )


# ------------------------------------------------------------------- diagnostics (pull)


def _result_id(ls: JaxlspServer, result: Checked) -> str:
    parse = "p" if result.analysis.parse_error is None else "e"
    return f"{result.version}.{ls.scheduler.config_generation}.{parse}"


@edge(lambda: types.RelatedFullDocumentDiagnosticReport(items=[]))
async def pull_diagnostics(
    ls: JaxlspServer, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    uri = params.text_document.uri
    notebook = ls.notebooks.of_cell(uri)
    document = ls.documents.get(uri)
    if notebook is None and document is None:
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    _hold_collection_until_answered()
    if notebook is not None:
        return await notebook_handlers.pull(ls, notebook, uri, params.previous_result_id)
    assert document is not None
    result = await ls.scheduler.current(document)
    result_id = _result_id(ls, result)
    if params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    items = ls.diagnostics(document, result)
    _once_answered(lambda: ls.scheduler.shown(document, result))
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=result_id)


def _hold_collection_until_answered() -> None:
    """Hold the collector until this request's answer is sent.

    An analysis's survivors trigger a collection as soon as the collector is back on, which
    grows with the file. A push holds it until the diagnostics are published
    (``Scheduler._accept``); for a pull, until the answer is sent (``_once_answered``).
    """
    _once_answered(hold_collection())


def _once_answered(work: Callable[[], object]) -> None:
    """Do ``work`` once this request's answer is sent (at once outside a request's task): the
    answer is sent by pygls's done callback on the request's task, registered before the
    handler ran, so a callback added now runs after it."""
    task = asyncio.current_task()
    if task is None:
        work()
    else:
        task.add_done_callback(lambda _: work())


# ------------------------------------------------------------------- hover


@edge()
async def hover(ls: JaxlspServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    if (notebook := ls.notebooks.of_cell(uri)) is not None:
        return await notebook_handlers.hover(ls, notebook, uri, params.position)
    document = ls.documents.get(uri)
    if document is None:
        return None
    result = await ls.scheduler.current(document)
    if result.skipped is not None:
        return None  # not analysed (too big): nothing to say, and its lines are not split
    engine = await ls.engines.reading_engine()
    lines = document.lines
    position = to_engine(lines, params.position, ls.encoding)
    # On the loop, not the requests thread: once the analysis is current a hover is a bisect
    # and a dict lookup (well under a millisecond), cheaper than the hop to a thread and back.
    info = engine.hover(result.analysis, position)
    if info is None:
        return None
    return convert.to_hover(info, lines, ls.encoding)


# ------------------------------------------------------------------- inlay hints


@edge(list)
async def inlay_hint(ls: JaxlspServer, params: types.InlayHintParams) -> list[types.InlayHint]:
    """Arrays' shapes after assignments and on function returns, in the requested range."""
    document = ls.documents.get(params.text_document.uri)
    if document is None or not ls.settings_for(document.uri).inlay_hints:
        return []
    result = await ls.scheduler.current(document)
    if result.skipped is not None:
        return []
    engine = await ls.engines.reading_engine()
    lines = document.lines
    span = range_to_span(lines, params.range, ls.encoding)
    hints = engine.inlay_hints(result.analysis)
    return [
        convert.to_inlay_hint(hint, lines, ls.encoding)
        for hint in hints
        if span.start <= hint.position <= span.end
    ]


# ------------------------------------------------------------------- code actions


def _action_data(document: Document, version: int, **extra: Any) -> dict[str, Any]:
    return {"uri": document.uri, "version": version, **extra}


@edge(list)
async def code_action(
    ls: JaxlspServer, params: types.CodeActionParams
) -> list[types.CodeAction | types.Command]:
    if (notebook := ls.notebooks.of_cell(params.text_document.uri)) is not None:
        return list(await notebook_handlers.code_actions(ls, notebook, params))
    document = ls.documents.get(params.text_document.uri)
    if document is None or document.checked is None:
        return []
    result = document.checked
    only = [str(kind) for kind in params.context.only] if params.context.only else None
    actions: list[types.CodeAction] = []
    if convert.wants(only, types.CodeActionKind.QuickFix):
        for diagnostic in params.context.diagnostics:
            finding = ls.finding_for(document, diagnostic)
            if finding is None:
                continue  # not ours, or from an older version: fresh ones are on their way
            key = convert.finding_key(finding)
            titles = [*finding.fix_titles, convert.suppress_title(finding.code)]
            for index, title in enumerate(titles):
                actions.append(
                    types.CodeAction(
                        title=title,
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        is_preferred=index == 0 and bool(finding.fix_titles),
                        data=_action_data(document, result.version, key=key, title=title),
                    )
                )
    if convert.wants(only, convert.FIX_ALL_KIND) and any(f.fix_titles for f in result.findings):
        actions.append(
            types.CodeAction(
                title="Fix all jaxlsp problems",
                kind=convert.FIX_ALL_KIND,
                data=_action_data(document, result.version, fixAll=True),
            )
        )
    if not ls.support.resolve_edits:
        actions = [await _resolve(ls, action) for action in actions]
    return list(actions)


@edge()
async def resolve_code_action(ls: JaxlspServer, action: types.CodeAction) -> types.CodeAction:
    if (uri := notebooks.notebook_of(action)) is not None:
        notebook = ls.notebooks.get(uri)
        if notebook is None:
            return action
        return await notebook_handlers.resolve(ls, notebook, action)
    return await _resolve(ls, action)


async def _resolve(ls: JaxlspServer, action: types.CodeAction) -> types.CodeAction:
    """Fill in ``action.edit`` from the engine, if the document is still at the action's version."""
    data = action.data if isinstance(action.data, dict) else {}
    uri, version = data.get("uri"), data.get("version")
    document = ls.documents.get(uri) if isinstance(uri, str) else None
    result = document.checked if document is not None else None
    if document is None or result is None or result.version != version:
        ls.log(
            types.MessageType.Info,
            f"jaxlsp: code action {action.title!r} is for an older version of {uri}; skipped",
        )
        return action
    engine = await ls.engines.reading_engine()
    if data.get("fixAll"):
        settings = ls.settings_for(document.uri)

        def fix_all() -> FixAll:  # reads the pyproject: off the loop too
            config = ls.config_for(document, settings)
            return engine.fix_all(
                result.analysis.source, result.analysis, config, unsafe=settings.unsafe_fixes
            )

        fixed = await ls.scheduler.off_loop(fix_all)
        edits = fixed.edits
        ls.log_left_out(document.uri, fixed.held_back)
    else:
        fix = await _fix_for(ls, document, result, data)
        if fix is None:
            ls.log(types.MessageType.Warning, f"jaxlsp: no fix titled {action.title!r} here")
            return action
        edits = list(fix.edits)
    action.edit = convert.to_workspace_edit(
        document.uri,
        result.version,
        edits,
        document.lines_of(result.analysis.source),
        ls.encoding,
        versioned=ls.support.document_changes,
    )
    return action


async def _fix_for(
    ls: JaxlspServer, document: Document, result: Checked, data: dict[str, Any]
) -> Fix | None:
    key, title = data.get("key"), data.get("title")
    if not isinstance(key, str) or not isinstance(title, str):
        return None
    finding = next((f for f in result.findings if convert.finding_key(f) == key), None)
    if finding is None:
        return None
    fixes = await ls.scheduler.off_loop(ls.fixes_for, document, result, finding)
    return convert.pick_fix(fixes, title, finding.code)


# ------------------------------------------------------------------- explain


@edge(dict)
async def explain(ls: JaxlspServer, *arguments: Any) -> dict[str, Any]:
    """``jaxlsp.explain``: arguments ``[text]`` or ``[{"text": ..., "limit": ..., "all": ...}]``.

    Answers what ``jaxlsp explain --json [--all --limit N]`` prints (``explain_json``): the
    verdict, the error as read, and the answer (or the nearest records).  The editors show it;
    no message is shown besides (Neovim would stop at a "Press ENTER" prompt for it).
    """
    text: object = arguments[0] if arguments else None
    limit: object = 3
    show_all: object = False
    if isinstance(text, dict):
        options: dict[str, Any] = text
        text, limit = options.get("text"), options.get("limit", 3)
        show_all = options.get("all", False)
    if not isinstance(text, str) or not text.strip():
        ls.window_show_message(
            types.ShowMessageParams(
                type=types.MessageType.Warning,
                message="jaxlsp.explain: give the error message or traceback as the argument",
            )
        )
        return {}
    if not isinstance(limit, int) or isinstance(limit, bool):
        limit = 3
    # Imported here, not with the server: no editing request needs the explainer, and its
    # modules stay out of the memory of a server that is never asked to explain.
    from jaxlsp.answers import explain_json
    from jaxlsp.explain import explainer_for

    engine = await ls.engines.engine()
    limit = min(max(limit, 1), MAX_EXPLAIN_LIMIT)
    _, payload = await ls.scheduler.off_loop(
        explain_json,
        explainer_for(engine.records),
        text,
        show_all=show_all is True,
        limit=limit,
    )
    return payload
