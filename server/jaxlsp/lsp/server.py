"""The language server class: pygls glue between the handlers, the engines and the scheduler.

- ``jaxlsp.lsp.engines`` loads the records and matches them to the user's JAX;
- ``jaxlsp.lsp.scheduling`` decides when documents are analysed and pushes their diagnostics;
- ``jaxlsp.lsp.handlers`` translates each request into calls on those and back;
- this module holds the server's state (documents, settings, client capabilities), logging,
  and the conversions the others share (diagnostics, the finding behind a diagnostic).

Every handler is a coroutine on the event loop and does only bookkeeping there, inside
``edge``: an exception is logged (``window/logMessage`` and stderr) and the client gets an
empty answer; the server keeps going.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import traceback
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method

from jaxlsp import __version__
from jaxlsp.config import Config, load_config
from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Finding, Fix, Position
from jaxlsp.lsp import convert, notebooks
from jaxlsp.lsp.capabilities import ClientSupport
from jaxlsp.lsp.documents import Checked, Document, DocumentStore
from jaxlsp.lsp.engines import EngineHost
from jaxlsp.lsp.positions import Encoding, span_to_range
from jaxlsp.lsp.scheduling import Scheduler
from jaxlsp.lsp.settings import ClientSettings, parse_client_settings
from jaxlsp.lsp.uris import folder_of, uri_to_path
from jaxlsp.lsp.wire import warm_requests, warmed_converter
from jaxlsp.records.load import RecordSet

if TYPE_CHECKING:
    from pygls.protocol.json_rpc import MessageCallback, MessageHandler, MsgId

logger = logging.getLogger("jaxlsp.lsp")

EXPLAIN_COMMAND = "jaxlsp.explain"
SETTINGS_SECTION = "jaxlsp"
#: Once-only log messages remembered: each names a document or carries a traceback, so over a
#: long session they would add up; one forgotten is at worst logged again.
MAX_LOGGED_ONCE = 1024
#: How long after the last didClose what the closed documents held is released: a burst of
#: closes (a folder closed, an editor restarting) releases once.
RELEASE_DELAY_S = 0.5
H = TypeVar("H", bound=Callable[..., Awaitable[Any]])


class TrackedExecutor(ThreadPoolExecutor):
    """A thread pool that knows whether anything submitted to it is still queued or running."""

    def __init__(self, *, thread_name_prefix: str) -> None:
        super().__init__(max_workers=1, thread_name_prefix=thread_name_prefix)
        self._count_lock = threading.Lock()
        self._outstanding = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._count_lock:
            self._outstanding += 1
        try:
            future = super().submit(fn, *args, **kwargs)
        except BaseException:
            self._finished(None)
            raise
        future.add_done_callback(self._finished)
        return future

    def _finished(self, _: object) -> None:
        with self._count_lock:
            self._outstanding -= 1

    def idle(self) -> bool:
        return self._outstanding == 0


class MemoryWatch(Protocol):
    """What the server tells the one that recycles its process (``jaxlsp.lsp.recycle``)."""

    def started(self) -> None:
        """The handshake is done: the server is as small as it will be."""

    def documents_closed(self) -> None:
        """Documents were closed (called for each ``didClose``)."""


class JaxlspProtocol(LanguageServerProtocol):
    """pygls's protocol minus its own copy of open documents (``DocumentStore`` is ours).

    pygls would apply ``didChange`` to a document that was never opened by reading the file
    from disk, and fail loudly when there is none; we answer such a change with a log line.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Requests whose answer is kept from the client (``answer_silently``).
        self._silent: dict[MsgId, asyncio.Future[Any]] = {}
        #: The params of the client's ``initialize`` as they came (JSON).
        self.raw_initialize: dict[str, Any] | None = None

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls drops a request whose params do not fit the LSP types (a negative line, a
        string where an object belongs) without an answer, so the client would wait for ever:
        answer it with the JSON-RPC error, then let pygls log it as before.

        (Called for every JSON object, innermost first: the ``initialize`` message's params
        are still plain JSON here, and kept.)"""
        if data.get("method") == types.INITIALIZE and "jsonrpc" in data:
            params = data.get("params")
            self.raw_initialize = params if isinstance(params, dict) else None
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            request_id = data.get("id")
            if (
                "method" in data
                and isinstance(request_id, int | str)
                and not isinstance(request_id, bool)
            ):
                reason = f"{error.message}: {data['method']!s:.100}"
                self._send_response(
                    request_id, error=types.ResponseError(code=error.code, message=reason)
                )
            raise

    def _execute_handler(
        self,
        msg_id: MsgId,
        handler: MessageHandler,
        callback: MessageCallback,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """pygls keeps the future of each handler it runs by message id (to cancel it on
        ``$/cancelRequest``), but only a request's answer takes it out again: the future of
        every notification (each didChange) and of each step of a generator handler would stay
        for the server's life.  Take it out once it is done."""

        def done(future: Future[Any]) -> None:
            callback(future)
            # A cancelled one is pygls's own business: ``$/cancelRequest`` takes it out before
            # cancelling it, and ``shutdown`` cancels the rest while iterating over them (a
            # thread's future runs this callback at once, inside that loop).
            if not future.cancelled() and self._request_futures.get(msg_id) is future:
                self._request_futures.pop(msg_id, None)

        super()._execute_handler(msg_id, handler, done, args, kwargs)

    def answer_silently(self, msg_id: MsgId) -> asyncio.Future[Any]:
        """Keep the answer to request ``msg_id`` from the client: the future gets it instead
        (a recycled process replays the client's ``initialize``, which was answered once)."""
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._silent[msg_id] = answered
        return answered

    def _send_response(
        self,
        msg_id: MsgId,
        result: Any | None = None,
        error: types.ResponseError | None = None,
    ) -> None:
        if (answered := self._silent.pop(msg_id, None)) is not None:
            self._result_types.pop(msg_id, None)
            if not answered.done():
                answered.set_result(error if error is not None else result)
            return
        super()._send_response(msg_id, result, error)

    def handle_message(self, message: Any) -> None:
        """After ``shutdown`` pygls drops every message but ``exit`` without a word; LSP says a
        request then gets the error InvalidRequest, so a client waiting on one is answered."""
        method = getattr(message, "method", None)
        request_id = getattr(message, "id", None)
        if self._shutdown and method is not None and request_id is not None:
            logger.warning("%s after shutdown: answered with InvalidRequest", method)
            self._send_response(
                request_id,
                error=types.ResponseError(
                    code=types.ErrorCodes.InvalidRequest,
                    message=f"the server is shutting down; {method!s:.100} was not run",
                ),
            )
            return
        super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None

    # Notebooks and their cells are ours too (``jaxlsp.lsp.notebooks``).

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(self, params: types.DidOpenNotebookDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.NOTEBOOK_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(
        self, params: types.DidChangeNotebookDocumentParams
    ) -> Any:
        if (handler := self.fm.features.get(types.NOTEBOOK_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(self, params: types.DidCloseNotebookDocumentParams) -> Any:
        if (handler := self.fm.features.get(types.NOTEBOOK_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None


class JaxlspServer(LanguageServer):
    def __init__(self, engine_factory: Callable[[RecordSet], Engine] = Engine) -> None:
        #: The protocol's converter; the requests' conversions are generated once the first
        #: diagnostics are out (``warm_requests``).
        self.converter = warmed_converter()
        self._requests_warmed = False
        super().__init__(
            "jaxlsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=JaxlspProtocol,
            converter_factory=lambda: self.converter,
            notebook_document_sync=notebooks.SYNC_OPTIONS,
        )
        self.documents = DocumentStore()
        self.notebooks = notebooks.NotebookStore()
        self.encoding: Encoding = "utf-16"
        self.support = ClientSupport()
        # pygls's own thread pool is left to pygls (its stdin reader lives there).
        self._worker = TrackedExecutor(thread_name_prefix="jaxlsp-analysis")
        self._requests = TrackedExecutor(thread_name_prefix="jaxlsp-requests")
        self.engines = EngineHost(engine_factory, self._worker, self)
        self.scheduler = Scheduler(self.documents, self.engines, self._worker, self._requests, self)
        #: Client settings per workspace folder URI; None holds the global (unscoped) ones.
        self._settings: dict[str | None, ClientSettings] = {}
        #: What the client sent for each of them (what a recycled process starts from).
        self.raw_settings: dict[str | None, object] = {}
        #: Whether the client's ``initialized`` came.
        self.client_initialized = False
        #: Recycles the process once closing documents left it too big (``serve`` sets it).
        self.recycler: MemoryWatch | None = None
        #: The once-only messages sent (by hash), the oldest forgotten past ``MAX_LOGGED_ONCE``.
        self._logged: OrderedDict[int, None] = OrderedDict()
        #: Configuration problems shown to the user since the configuration last changed.
        self.shown_config_problems: set[str] = set()
        self.shown_once: set[str] = set()
        self._tasks: set[asyncio.Future[None]] = set()
        #: The release of what closed documents held, waiting for the closes to stop.
        self._release: asyncio.TimerHandle | None = None

    def busy_with(self) -> str | None:
        """What the server is doing or waiting for, if anything: a request or notification
        being handled, an answer from the client, an analysis, a push or background work.
        None means it is idle between two messages, with nothing that would be lost."""
        protocol = cast(JaxlspProtocol, self.protocol)
        if protocol._shutdown:
            return "the client asked for shutdown"
        if protocol._request_futures:
            return "a message is being handled, or a request to the client awaits its answer"
        if self._tasks or self._release is not None:
            return "background work is running"
        if not (self._worker.idle() and self._requests.idle()):
            return "an analysis or a request's work is queued or running"
        if len(self.notebooks):
            return "a notebook is open"
        for document in self.documents:
            if document.analysing() or (document.push is not None and not document.push.done()):
                return f"{document.uri} is being analysed"
            latest = document.latest
            if latest is not None and latest.analysis.parse_error is not None:
                # Its hovers and diagnostics come from its last good version, which a fresh
                # process would not have.
                return f"{document.uri} does not parse"
        return None

    def stop_workers(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
        self._requests.shutdown(wait=False, cancel_futures=True)

    async def select_jax(self) -> None:
        """Match the records to the user's JAX; check everything again if they changed."""
        settings = self._settings.get(None, ClientSettings())
        folders = [path for uri in self.folders() if (path := uri_to_path(uri)) is not None]
        if await self.engines.select_jax(settings.interpreter, folders):
            self.scheduler.recheck_all()

    @contextlib.asynccontextmanager
    async def showing_progress(self, title: str) -> AsyncIterator[None]:
        """Show ``title`` as a progress notification while the block runs (if the client can)."""
        token: str | None = None
        if self.support.work_done_progress:
            token = f"jaxlsp-{uuid.uuid4().hex}"
            try:
                await self.work_done_progress.create_async(token)
                self.work_done_progress.begin(token, types.WorkDoneProgressBegin(title=title))
            except Exception as error:  # no progress bar is no reason to stop
                self.log(types.MessageType.Info, f"jaxlsp: no progress shown: {error!r}")
                token = None
        try:
            yield
        finally:
            if token is not None:
                self.work_done_progress.end(token, types.WorkDoneProgressEnd())

    # ---------------------------------------------------------------- logging

    def log_left_out(self, uri: str, held_back: Sequence[Fix]) -> None:
        """Say which unsafe fixes a fix-all left out (``jaxlsp.unsafeFixes`` is off)."""
        if held_back:
            titles = "; ".join(fix.title for fix in held_back)
            self.log(
                types.MessageType.Info,
                f"jaxlsp: fix-all left out {len(held_back)} unsafe fix(es) in {uri} ({titles}): "
                "apply each quick fix on its own, or set jaxlsp.unsafeFixes",
            )

    def log(self, level: types.MessageType, message: str, *, once: bool = False) -> None:
        """Tell the client (``window/logMessage``) and stderr; ``once`` drops repeats."""
        if once:
            key = hash(message)
            if key in self._logged:
                return
            self._logged[key] = None
            if len(self._logged) > MAX_LOGGED_ONCE:
                self._logged.popitem(last=False)
        python_level = {
            types.MessageType.Error: logging.ERROR,
            types.MessageType.Warning: logging.WARNING,
        }.get(level, logging.INFO)
        logger.log(python_level, "%s", message)
        try:
            self.window_log_message(types.LogMessageParams(type=level, message=message))
        except Exception:  # the transport is gone (shutdown); stderr has it
            logger.debug("could not send a log message", exc_info=True)

    def in_background(self, work: Coroutine[Any, Any, None], what: str) -> None:
        """Run ``work`` as a task that is kept alive and whose failure is logged."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)

        def done(finished: asyncio.Future[None]) -> None:
            self._tasks.discard(finished)
            if not finished.cancelled() and (error := finished.exception()) is not None:
                self.log_exception(what, error)

        task.add_done_callback(done)

    def show_config_problems(self, problems: tuple[str, ...]) -> None:
        """Tell the user about a configuration problem (an unknown code, a bad value) with a
        message and in the log, once until the configuration changes (``config_changed``)."""
        for problem in problems:
            if problem not in self.shown_config_problems:
                self.shown_config_problems.add(problem)
                self._show(f"jaxlsp: {problem}")

    def show_once(self, message: str) -> None:
        """Show a warning (``window/showMessage``, and the log) once in the server's life."""
        if message not in self.shown_once:
            self.shown_once.add(message)
            self._show(message)

    def _show(self, message: str) -> None:
        self.log(types.MessageType.Warning, message)
        try:
            self.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
        except Exception:  # the transport is gone (shutdown); the log has it
            logger.debug("could not show a message", exc_info=True)

    def config_changed(self) -> None:
        """Settings or a pyproject.toml changed: its problems are shown again if they remain."""
        self.shown_config_problems.clear()

    def log_exception(self, where: str, error: BaseException) -> None:
        detail = "".join(traceback.format_exception(error)).rstrip()
        self.log(types.MessageType.Error, f"jaxlsp: error in {where}: {error!r}\n{detail}")

    # ---------------------------------------------------------------- settings and config

    def folders(self) -> list[str]:
        return [folder.uri for folder in self.workspace_folders()]

    def workspace_folders(self) -> list[types.WorkspaceFolder]:
        try:
            return list(self.workspace.folders.values())
        except RuntimeError:  # not initialized yet
            return []

    def global_settings(self) -> ClientSettings:
        return self._settings.get(None, ClientSettings())

    def settings_for(self, uri: str) -> ClientSettings:
        folder = folder_of(uri, self.folders())
        if folder is not None and folder in self._settings:
            return self._settings[folder]
        return self._settings.get(None, ClientSettings())

    def set_settings(self, scope: str | None, raw: object) -> None:
        settings = parse_client_settings(raw, f"client settings ({scope or 'global'})")
        for problem in settings.problems:
            self.log(types.MessageType.Warning, f"jaxlsp: {problem}", once=True)
        self._settings[scope] = settings
        self.raw_settings[scope] = raw
        self.scheduler.config_generation += 1
        self.config_changed()

    async def fetch_settings(self) -> None:
        """Ask the client for the ``jaxlsp`` section, globally and for each workspace folder."""
        if not self.support.configuration:
            return
        scopes: list[str | None] = [None, *self.folders()]
        items = [types.ConfigurationItem(scope_uri=s, section=SETTINGS_SECTION) for s in scopes]
        try:
            answers = await self.workspace_configuration_async(
                types.ConfigurationParams(items=items)
            )
        except Exception as error:
            self.log(
                types.MessageType.Warning,
                f"jaxlsp: workspace/configuration failed ({error!r}); keeping the settings I had",
            )
            return
        for scope, raw in zip(scopes, answers or [], strict=False):
            if raw is None and scope in self._settings:
                continue  # nothing configured there: keep what initializationOptions said
            self.set_settings(scope, raw)

    def config_for(self, document: Document, settings: ClientSettings) -> Config:
        """``[tool.jaxlsp]`` from the nearest pyproject, with the client's settings on top.

        Looked up on every check, but each pyproject.toml is parsed once per change of its
        modification time, size or inode (``jaxlsp.config``); a save or a watched change of
        one forgets them all.
        """
        path = document.path
        base = load_config(path) if path is not None else Config()
        if settings.overrides:
            return base.merged(settings.overrides, "client settings")
        return base

    # ---------------------------------------------------------------- diagnostics

    # ---------------------------------------------------------------- other modules

    def update_roots(self) -> None:
        """The workspace folders are where imports are looked for."""
        for uri in self.folders():
            if (path := uri_to_path(uri)) is not None:
                self.engines.workspace.add_root(path)

    def text_changed(self, document: Document) -> None:
        """An open document's text is what other modules importing it read."""
        if document.path is not None:
            self.engines.workspace.set_document(document.path, document.text)
        self.recheck_dependents(document)

    def document_closed(self, document: Document) -> None:
        """Imports of a closed document read it from the disk again, and what it alone held
        is released once the closes stop coming (``RELEASE_DELAY_S``)."""
        if document.path is not None:
            self.engines.workspace.close_document(document.path)
        self.recheck_dependents(document)
        if self._release is not None:
            self._release.cancel()
        self._release = asyncio.get_running_loop().call_later(RELEASE_DELAY_S, self._release_unused)
        if self.recycler is not None:
            self.recycler.documents_closed()

    def _release_unused(self) -> None:
        self._release = None
        unnamed_open = any(document.path is None for document in self.documents)
        self.engines.release_unused(unnamed_open=unnamed_open)

    def recheck_dependents(self, changed: Document) -> None:
        """Check again the open documents whose analysis ran ``changed`` (they import it)."""
        key = changed.module_key
        if key is None:
            return
        rechecked = False
        for other in self.documents:
            if other is changed or other.latest is None:
                continue
            if key in other.latest.analysis.dependencies:
                delay = self.settings_for(other.uri).debounce_ms / 1000
                self.scheduler.recheck(other, delay)
                rechecked = True
        if rechecked:
            self.refresh_pulled_diagnostics()

    def _from_other_documents(self, document: Document) -> list[Finding]:
        """Findings other open documents' code causes in this one (a helper here reached
        with a tracer from there)."""
        key = document.module_key
        if key is None:
            return []
        found: list[Finding] = []
        for other in self.documents:
            if other is document or other.latest is None:
                continue
            for finding in other.latest.analysis.elsewhere:
                if finding.path == key:
                    found.append(finding.placed_in(key))
        return found

    def _publish_affected(self, document: Document, result: Checked) -> None:
        """Publish again the open documents this document's findings elsewhere land in, now
        or before this result."""
        paths = {f.path for f in result.analysis.elsewhere if f.path is not None}
        before, document.elsewhere_paths = document.elsewhere_paths, frozenset(paths)
        paths |= before
        if not paths:
            return
        for other in self.documents:
            if other.module_key in paths and other.checked is not None:
                self.publish(other, other.checked, affected=False)
        self.refresh_pulled_diagnostics()

    def diagnostics(self, document: Document, result: Checked) -> list[types.Diagnostic]:
        """Diagnostics for a result; a file that does not parse gets Python's syntax error and
        keeps its last good ones (syntax newer than the server's Python is said once, as a
        message: the project's Python may take it), and a file that was not analysed (too big)
        gets one notice saying why."""
        if result.skipped is not None:
            document.last_diagnostics = [convert.skip_notice(result.skipped)]
            return document.last_diagnostics
        analysis = result.analysis
        if analysis.parse_error is not None:
            if analysis.newer_syntax:
                return document.last_diagnostics
            at = Position(*analysis.error_position) if analysis.error_position else None
            lines = document.lines_of(analysis.source)
            error = convert.syntax_error(analysis.parse_error, at, lines, self.encoding)
            return [error, *document.last_diagnostics]
        engine = self.engines.checking_engine()
        # Split once for the diagnostics and the hovers after them.
        lines = document.lines_of(result.analysis.source)
        findings = list(result.findings)
        extra = self._from_other_documents(document)
        if extra:
            config = self.config_for(document, self.settings_for(document.uri))
            have = {(f.code, f.span) for f in findings}
            findings += [f for f in config.apply(extra) if (f.code, f.span) not in have]
        made = [
            convert.to_diagnostic(
                finding,
                uri=document.uri,
                version=result.version,
                lines=lines,
                encoding=self.encoding,
                record=engine.records.get(finding.record_id),
                lines_of=functools.partial(_module_lines, result.analysis),
            )
            for finding in dict.fromkeys(findings)
        ]
        document.last_diagnostics = made
        return made

    def publish(self, document: Document, result: Checked, *, affected: bool = True) -> None:
        """Push ``result``'s diagnostics, unless they are what was last pushed for its version
        (a re-check after new settings or records that changed nothing here); then, with
        ``affected``, those of the open documents its findings elsewhere land in."""
        if (notebook := self.notebooks.of_document(document)) is not None:
            self._publish_cells(notebook, result)
            if affected:
                self._publish_affected(document, result)
            return
        diagnostics = self.diagnostics(document, result)
        if affected:
            self._publish_affected(document, result)
        if document.published == (result.version, diagnostics):
            return
        document.published = (result.version, diagnostics)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=document.uri, diagnostics=diagnostics, version=result.version
            )
        )

    def _publish_cells(self, notebook: notebooks.Notebook, result: Checked) -> None:
        """Push each cell's diagnostics under the cell's version (those that changed since the
        last push; a cell that does not parse keeps what it had)."""
        records = self.engines.checking_engine().records
        made = notebooks.cell_diagnostics(notebook, result, records, self.encoding)
        if made is None:
            return
        versions = {cell.uri: cell.version for cell in notebook.layout.cells}
        for uri, diagnostics in made.items():
            if notebook.published.get(uri) == (versions[uri], diagnostics):
                continue
            notebook.published[uri] = (versions[uri], diagnostics)
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(
                    uri=uri, diagnostics=diagnostics, version=versions[uri]
                )
            )

    def warm_requests(self) -> None:
        """Generate the requests' conversions (``wire.warm_requests``) on the loop, once, after
        the diagnostics just sent: the user is reading them, and the server has nothing to do
        (on the analysis worker, they would take the converter's caches from under the loop)."""
        if not self._requests_warmed:
            self._requests_warmed = True
            asyncio.get_running_loop().call_soon(warm_requests, self.converter)

    def refresh_pulled_diagnostics(self) -> None:
        """Ask a pull client to pull again (after a settings or records change)."""
        if self.support.pull_diagnostics and self.support.diagnostic_refresh:
            self.workspace_diagnostic_refresh(None)

    # ---------------------------------------------------------------- fixes

    def finding_for(self, document: Document, diagnostic: types.Diagnostic) -> Finding | None:
        """The finding behind one of our diagnostics, if the document is still at its version.

        Found by the diagnostic's ``data``; for a client that drops ``data``, by code and range
        (which only match while the document has not changed since they were published).
        """
        result = document.checked
        if result is None or result.version != document.version or not result.findings:
            return None
        if diagnostic.source != convert.SOURCE:
            return None
        data = convert.read_data(diagnostic.data)
        if data is not None:
            if data["version"] != result.version:
                return None
            key = data["key"]
            return next((f for f in result.findings if convert.finding_key(f) == key), None)
        lines = document.lines_of(result.analysis.source)
        for finding in result.findings:
            if finding.code == diagnostic.code and diagnostic.range == span_to_range(
                lines, finding.span, self.encoding
            ):
                return finding
        return None

    def fixes_for(self, document: Document, result: Checked, finding: Finding) -> list[Fix]:
        """Runs on the worker; computed once per finding and version, then cached."""
        key = (result.version, convert.finding_key(finding))
        cached = document.fixes.get(key)
        if cached is None:
            engine = self.engines.checking_engine()
            cached = engine.fixes(result.analysis.source, result.analysis, finding)
            document.fixes[key] = cached
        return cached


def edge(fallback: Callable[[], object] = lambda: None) -> Callable[[H], H]:
    """Catch and log whatever a handler raises, and answer with ``fallback()`` instead."""

    def decorate(handler: H) -> H:
        @functools.wraps(handler)
        async def guarded(ls: JaxlspServer, *args: Any) -> Any:
            try:
                return await handler(ls, *args)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                ls.log_exception(handler.__name__, error)
                return fallback()

        return cast(H, guarded)

    return decorate


__all__ = [
    "EXPLAIN_COMMAND",
    "JaxlspProtocol",
    "JaxlspServer",
    "MemoryWatch",
    "TrackedExecutor",
    "edge",
]


def _module_lines(analysis: Analysis, path: str) -> Sequence[str] | None:
    """The lines of the module at ``path`` as ``analysis`` read it, if it read it."""
    if analysis.program is None:
        return None
    for module in analysis.program.modules():
        if module.key == path:
            return module.parsed.lines
    return None
