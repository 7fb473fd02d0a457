"""The language server: thin pygls handlers over ``jaxlsp.engine``.

Execution model, chosen per handler (DESIGN.md, style example 8):

- Every handler is a coroutine on the event loop and does only bookkeeping there.
- Analyses run on one worker thread (``_worker``), one at a time and in order: they are
  CPU-bound and hold the GIL, so more threads would not make them faster, only out of order.
- Requests that only read a finished analysis and may take a while (fixes, explain) run on a
  second thread (``_requests``), so they are not queued behind a long analysis of another
  file; a hover on a current analysis is a lookup and is answered on the loop.
  pygls's own thread pool is left to pygls (its stdin reader lives there).
- The GIL is handed between threads every ``GIL_SWITCH_INTERVAL_S``, not CPython's 5 ms: a
  request crosses the reader, the loop and the requests thread, each waiting out an interval
  while an analysis holds the GIL.
- A document's analysis is shared: the debounced push, a hover and a pull all await the same
  future for the same version.  A result for a version that is no longer current is never
  published; it only serves as the ``previous`` that the engine reuses statements from.
- Every handler runs inside ``edge``: an exception is logged (``window/logMessage`` and
  stderr) and the client gets an empty answer; the server keeps going.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import os
import re
import sys
import threading
import traceback
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO, NoReturn, ParamSpec, TypeVar, cast

from lsprotocol import types
from pygls.capabilities import ServerCapabilitiesBuilder
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method

from jaxlsp import __version__
from jaxlsp.analysis.gcpause import hold_collection
from jaxlsp.config import Config, load_config
from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Finding, Fix
from jaxlsp.index.cache import build_index_cached, index_path_for, shipped_index_dir
from jaxlsp.lsp import convert
from jaxlsp.lsp.documents import Checked, Document, DocumentStore
from jaxlsp.lsp.jaxversion import candidate_locations, find_jax
from jaxlsp.lsp.positions import Encoding, span_to_range
from jaxlsp.lsp.settings import ClientSettings, parse_client_settings
from jaxlsp.lsp.uris import folder_of, uri_to_path
from jaxlsp.lsp.wire import warmed_converter
from jaxlsp.records.load import RecordSet, curated_records_dir, iter_record_files, load_records
from jaxlsp.records.match import Match
from jaxlsp.records.render import render_markdown

logger = logging.getLogger("jaxlsp.lsp")

EXPLAIN_COMMAND = "jaxlsp.explain"
SETTINGS_SECTION = "jaxlsp"
#: How long a thread holds the GIL while another waits for it.  While a 20,000-line file is
#: first analysed, hovers on another file took 27.5 ms (p50) at CPython's 5 ms and 7.5 ms at
#: 1 ms; an analysis with no request in flight is no slower (``bench.busy_requests``,
#: bench/README.md).
GIL_SWITCH_INTERVAL_S = 0.001

P = ParamSpec("P")
R = TypeVar("R")
H = TypeVar("H", bound=Callable[..., Awaitable[Any]])


class JaxlspProtocol(LanguageServerProtocol):
    """pygls's protocol minus its own copy of open documents (``DocumentStore`` is ours).

    pygls would apply ``didChange`` to a document that was never opened by reading the file
    from disk, and fail loudly when there is none; we answer such a change with a log line.
    """

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls drops a request whose params do not fit the LSP types (a negative line, a
        string where an object belongs) without an answer, so the client would wait for ever:
        answer it with the JSON-RPC error, then let pygls log it as before."""
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


class Superseded(Exception):
    """An analysis skipped because its version was replaced before it started."""

    def __init__(self, uri: str, version: int) -> None:
        super().__init__(f"{uri} version {version} was replaced before it was analysed")


@dataclass(frozen=True)
class ClientSupport:
    """What the client said it can do, read once at ``initialize``."""

    pull_diagnostics: bool = False
    resolve_edits: bool = False
    document_changes: bool = False
    configuration: bool = False
    diagnostic_refresh: bool = False
    watch_files: bool = False
    work_done_progress: bool = False


class JaxlspServer(LanguageServer):
    def __init__(self, engine_factory: Callable[[RecordSet], Engine] = Engine) -> None:
        super().__init__(
            "jaxlsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=JaxlspProtocol,
            converter_factory=warmed_converter,
        )
        self.documents = DocumentStore()
        self.encoding: Encoding = "utf-16"
        self.support = ClientSupport()
        #: Makes an engine from records (tests pass one whose analyses fail).
        self._engine_factory = engine_factory
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxlsp-analysis")
        self._requests = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxlsp-requests")
        self._engine: Future[Engine] | None = None
        #: The engine an analysis needs, loaded before ``_engine`` (see ``engine_future``).
        self._checker: Future[Engine] | None = None
        self._index_queued = False
        #: The index the complete engine loads (``select_jax`` may point it at another JAX's).
        self._index_paths: list[Path] = [shipped_index_dir()]
        #: Client settings per workspace folder URI; None holds the global (unscoped) ones.
        self._settings: dict[str | None, ClientSettings] = {}
        #: Bumped whenever settings or a pyproject change: results made before are not used,
        #: and pull clients see a new result id.
        self.config_generation = 0
        #: Set once the client's settings are in (or it cannot send any): checks wait for it.
        self.settings_ready = asyncio.Event()
        self._logged: set[str] = set()
        #: The JAX version whose records the engine holds (None: the shipped default set).
        self.jax_version: str | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        #: Collector holds of finished analyses whose diagnostics a push is about to publish.
        self._held_collections: list[Callable[[], None]] = []

    # ---------------------------------------------------------------- engine and workers

    def engine_future(self) -> Future[Engine]:
        """The engine with every record loaded, loaded on the worker.

        The first call starts loading the engine with the curated records: all that an
        analysis, its diagnostics, hovers and quick fixes read (``_checking_engine``,
        ``reading_engine``).  The index (≈5,500 records that explain nothing and list no API:
        ≈50 ms and ≈5 MiB) is loaded into this one only when someone awaits it (``engine``:
        explain, or ``select_jax`` swapping in another JAX's index once it was loaded).
        """
        if self._engine is None:
            self._engine = Future()
            # Running from now on: a cancelled hover that awaits it cannot cancel it.
            self._engine.set_running_or_notify_cancel()
            self._checker = self._worker.submit(self._load_checker)
        return self._engine

    def _load_checker(self) -> Engine:
        """The curated records' engine, with everything loaded so far out of the collector's sight.

        The records and the imported modules live as long as the server; frozen, they are no
        longer traversed by every full collection that the analyses' allocations trigger.
        Their patterns are not compiled here (≈35 ms): like the index's, the shipped records'
        are compiled by the tests (``tests/test_corpus.py``), and explain compiles each on
        first use (a broken one matches nothing).
        """
        curated = load_records([curated_records_dir()], compile_patterns=False)
        engine = self._engine_factory(curated)
        gc.freeze()
        return engine

    def _queue_index(self) -> None:
        """Queue the index load behind the analyses already waiting for the worker (once)."""
        self.engine_future()
        if not self._index_queued:
            self._index_queued = True
            self._worker.submit(self._load_index)

    def _load_index(self) -> None:
        """Complete ``_engine``: the curated records, then the index (the shipped one, or the
        one ``select_jax`` chose), as ``load_records`` loads them.  Not frozen: an analysis may
        be alive by now, and frozen, its cycles would never be collected."""
        assert self._engine is not None and self._checker is not None
        try:
            records = RecordSet()
            records.extend(self._checker.result().records)
            records.extend(load_records(self._index_paths))
            engine = self._engine_factory(records)
            # Build the API → records lookup here, on the worker, not in the first hover (on
            # the loop: ≈ 5 ms for the shipped index).
            engine.records.loaded_for_api("")
        except BaseException as error:
            self._engine.set_exception(error)
        else:
            self._engine.set_result(engine)

    def _checking_engine(self) -> Engine:
        """The engine for analyses and their diagnostics: the complete one once it is loaded,
        else the curated records' one (the rules read only curated records: same findings)."""
        engine = self.engine_future()
        if engine.done() or self._checker is None:
            return engine.result()
        return self._checker.result()

    async def off_loop(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a request's engine call (fixes, explain) on the requests thread."""
        call = functools.partial(function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._requests, call)

    async def reading_engine(self) -> Engine:
        """The engine a hover or a code action reads: the complete one once it is loaded, else
        the curated records' one, which has every record those read (index records list no
        API and carry no fix).  Never loads the index."""
        complete = self.engine_future()
        if complete.done():
            return complete.result()
        assert self._checker is not None
        if self._checker.done():
            return self._checker.result()
        return await asyncio.wrap_future(self._checker)

    async def engine(self) -> Engine:
        """The complete engine (see ``engine_future``), its index queued now if it was not."""
        self._queue_index()
        future = self.engine_future()
        if future.done():
            return future.result()  # loaded: no round trip through the loop (hover latency)
        return await asyncio.wrap_future(future)

    def stop_workers(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
        self._requests.shutdown(wait=False, cancel_futures=True)

    async def select_jax(self) -> None:
        """Match the records to the user's JAX (see ``jaxversion``); swap the engine if needed."""
        settings = self._settings.get(None, ClientSettings())
        folders = [path for uri in self.folders() if (path := uri_to_path(uri)) is not None]
        locations = candidate_locations(settings.interpreter, folders)
        choice = await in_daemon_thread(find_jax, locations)
        if choice.install is None:
            where = ", ".join(str(path) for path in locations)
            self.log(
                types.MessageType.Info,
                f"jaxlsp: no JAX found (looked in {where}); using the records shipped with jaxlsp",
                once=True,
            )
            return
        install = choice.install
        if install.version == self.jax_version:
            return
        index = index_path_for(install.version)
        if index is None:
            self.log(
                types.MessageType.Info,
                f"jaxlsp: indexing JAX {install.version} from {install.package_dir} "
                "(once per version; meanwhile the shipped records are used)",
            )
            async with self.showing_progress(f"jaxlsp: indexing JAX {install.version}"):
                index = await in_daemon_thread(
                    build_index_cached, install.package_dir, install.version
                )
        await self._use_index(index)
        self.jax_version = install.version
        self.log(
            types.MessageType.Info,
            f"jaxlsp: using the records for JAX {install.version} (found in {choice.found_in})",
        )

    async def _use_index(self, index: Path) -> None:
        """Make ``index`` the complete engine's: noted for when it loads, or, when it has been
        loaded already, loaded now and swapped in."""
        wanted = index.resolve()
        if {path.resolve() for path in iter_record_files(self._index_paths)} == {wanted}:
            return  # the usual case: the shipped index fits the project's JAX
        self._index_paths = [index]
        if not self._index_queued:
            return  # loaded from there when explain first needs it
        current = await self.engine()
        if _index_files(current.records) == {wanted}:
            return
        records = await in_daemon_thread(self._records_with, index)
        if not _same_records(current.records, records):  # else the loaded set already fits
            engine = await in_daemon_thread(self._engine_with, records)
            self._engine = Future()
            self._engine.set_result(engine)
            gc.freeze()  # as in ``_load_checker``: the new records live as long as the server
            self.recheck_all()

    def _records_with(self, index: Path) -> RecordSet:
        assert self._checker is not None
        records = RecordSet()
        records.extend(self._checker.result().records)
        records.extend(load_records([index]))
        return records

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

    def _engine_with(self, records: RecordSet) -> Engine:
        engine = self._engine_factory(records)
        engine.records.loaded_for_api("")  # as in ``_load_index``
        return engine

    # ---------------------------------------------------------------- logging

    def log(self, level: types.MessageType, message: str, *, once: bool = False) -> None:
        """Tell the client (``window/logMessage``) and stderr; ``once`` drops repeats."""
        if once:
            if message in self._logged:
                return
            self._logged.add(message)
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

    def log_exception(self, where: str, error: BaseException) -> None:
        detail = "".join(traceback.format_exception(error)).rstrip()
        self.log(types.MessageType.Error, f"jaxlsp: error in {where}: {error!r}\n{detail}")

    # ---------------------------------------------------------------- settings and config

    def folders(self) -> list[str]:
        try:
            return [folder.uri for folder in self.workspace.folders.values()]
        except RuntimeError:  # not initialized yet
            return []

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
        self.config_generation += 1

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

        Read from disk on every check (a few stat calls): a cache here would need invalidating
        on every save of any pyproject.toml, and a stale config is worse than a stat.
        """
        path = document.path
        base = load_config(path) if path is not None else Config()
        if settings.overrides:
            return base.merged(settings.overrides, "client settings")
        return base

    # ---------------------------------------------------------------- analysis

    def _check(
        self,
        version: int,
        text: str,
        document: Document,
        previous: Analysis | None,
        settings: ClientSettings,
        generation: int,
    ) -> Checked:
        """Runs on the worker: analyse one version and apply the config.

        Jobs queue up when edits arrive faster than analyses finish; one whose version is no
        longer the document's by the time it starts is skipped (``Superseded``), so a burst of
        keystrokes costs one analysis, not one per keystroke.
        """
        if document.version != version or generation != self.config_generation:
            raise Superseded(document.uri, version)
        engine = self._checking_engine()
        path = str(document.path) if document.path is not None else None
        try:
            analysis = engine.analyze(text, path, previous)
            config = self.config_for(document, settings)
            findings = engine.findings(analysis, config) if settings.enable else []
        except Exception as error:
            # A bug in a rule must not cost the user what worked: treat the text like one
            # that does not parse (last good hovers and diagnostics stay) and say why.
            reason = f"jaxlsp internal error: {error!r}"
            detail = "".join(traceback.format_exception(error)).rstrip()
            fallback = (
                replace(previous, source=text, path=path, parse_error=reason)
                if previous is not None
                else Analysis(source=text, path=path, parse_error=reason)
            )
            error_text = f"analysing {document.uri}: {detail}"
            return Checked(version, fallback, (), generation, internal_error=error_text)
        return Checked(version, analysis, tuple(findings), generation, config.problems)

    async def checked(self, document: Document) -> Checked:
        """The analysis of the document's current version (shared with anyone else waiting)."""
        if document.is_checked(self.config_generation) and document.checked is not None:
            return document.checked
        await self.settings_ready.wait()
        stamp = (document.version, self.config_generation)
        if document.pending is None or document.pending_stamp != stamp:
            previous = document.latest.analysis if document.latest is not None else None
            self.engine_future()  # its first step is queued ahead of this analysis
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(
                self._worker,
                self._check,
                document.version,
                document.text,
                document,
                previous,
                self.settings_for(document.uri),
                self.config_generation,
            )
            # The collection an analysis's survivors trigger is held off until its push has
            # published (see ``_accept``), not paid between the analysis and the publish.
            release = hold_collection()
            future.add_done_callback(functools.partial(self._accept, document, release))
            document.pending = future
            document.pending_stamp = stamp
        return await asyncio.shield(document.pending)

    def _accept(
        self, document: Document, release: Callable[[], None], future: asyncio.Future[Checked]
    ) -> None:
        if document.push is not None and not document.push.done():
            self._held_collections.append(release)  # the push releases it when it is done
        else:
            release()
        if future.cancelled() or isinstance(future.exception(), Superseded):
            return
        if (error := future.exception()) is not None:
            self.log_exception(f"analysis of {document.uri}", error)
            return
        result = future.result()
        for problem in result.problems:
            self.log(types.MessageType.Warning, f"jaxlsp: {problem}", once=True)
        if result.internal_error is not None:
            self.log(types.MessageType.Error, f"jaxlsp: error {result.internal_error}", once=True)
        for failure in result.analysis.rule_failures:  # the other rules' findings are published
            message = f"jaxlsp: {failure} on {document.uri}\n{failure.detail}"
            self.log(types.MessageType.Error, message, once=True)
        if self.documents.is_current(document):
            document.accept(result, self.config_generation)

    async def current(self, document: Document) -> Checked:
        """Like ``checked``, but catches up when the document changes while we wait.

        The result is judged by its own stamp, not by ``document.checked``: the analysis may
        be done while ``_accept`` (its done callback) has not run yet, and awaiting a done
        future does not yield, so waiting for ``document.checked`` here would spin for ever.
        Every pass that does not return awaits a new analysis (the stamp moved on).
        """
        while True:
            try:
                result = await self.checked(document)
            except Superseded:
                continue  # a newer version arrived before that analysis started
            fresh = (result.version, result.generation) == (
                document.version,
                self.config_generation,
            )
            if fresh or not self.documents.is_current(document):
                return result

    # ---------------------------------------------------------------- diagnostics

    def diagnostics(self, document: Document, result: Checked) -> list[types.Diagnostic]:
        """Diagnostics for a result; a file that does not parse keeps its last good ones."""
        if result.analysis.parse_error is not None:
            return document.last_diagnostics
        engine = self._checking_engine()
        # Split once for the diagnostics and the hovers after them (≈ 1–3 ms at 20,000 lines).
        lines = document.lines_of(result.analysis.source)
        made = [
            convert.to_diagnostic(
                finding,
                uri=document.uri,
                version=result.version,
                lines=lines,
                encoding=self.encoding,
                record=engine.records.get(finding.record_id),
            )
            for finding in result.findings
        ]
        document.last_diagnostics = made
        return made

    def schedule(self, document: Document, delay: float) -> None:
        """(Re)start the debounced push for this document; pull clients ask by themselves."""
        if self.support.pull_diagnostics:
            return
        if document.push is not None:
            document.push.cancel()
        document.push = asyncio.ensure_future(self._push_after(document, delay))
        document.push.add_done_callback(self._release_collections)

    def _release_collections(self, push: asyncio.Future[None]) -> None:
        """Let the collector run again once a push has published (or was cancelled): it does
        not compete with the publish for the interpreter."""
        held, self._held_collections = self._held_collections, []
        for release in held:
            release()

    async def _push_after(self, document: Document, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            result = await self.checked(document)
            if not self.documents.is_current(document) or result is not document.checked:
                return  # stale: a newer version (or config) is on its way
            diagnostics = self.diagnostics(document, result)
            if document.published == (result.version, diagnostics):
                return  # a re-check (new settings, new records) that changed nothing here
            document.published = (result.version, diagnostics)
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(
                    uri=document.uri, diagnostics=diagnostics, version=result.version
                )
            )
        except asyncio.CancelledError:
            raise
        except Superseded:
            return  # a newer version replaced this one; its own push is on its way
        except Exception as error:
            if error is not _analysis_error(document):  # that one was logged when it happened
                self.log_exception(f"diagnostics for {document.uri}", error)

    def recheck_all(self) -> None:
        """After a settings change: push again, or ask pull clients to pull again."""
        self.config_generation += 1
        for document in self.documents:
            self.schedule(document, 0)
        if self.support.pull_diagnostics and self.support.diagnostic_refresh:
            self.workspace_diagnostic_refresh(None)

    # ---------------------------------------------------------------- fixes

    def finding_for(self, document: Document, diagnostic: types.Diagnostic) -> Finding | None:
        """The finding behind one of our diagnostics, if the document is still at its version.

        Found by the diagnostic's ``data``; for a client that drops ``data``, by code and range
        (which only match while the document has not changed since they were published).
        """
        result = document.checked
        if result is None or result.version != document.version:
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
            engine = self._checking_engine()
            cached = engine.fixes(result.analysis.source, result.analysis, finding)
            document.fixes[key] = cached
        return cached


async def in_daemon_thread(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run blocking background work (indexing JAX: seconds) on a daemon thread.

    Not ``asyncio.to_thread``: the default executor is joined when the loop ends, so an index
    build in progress would keep the server alive after the client said ``exit``.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[R] = loop.create_future()

    def deliver(outcome: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody is waiting
            loop.call_soon_threadsafe(outcome)

    def settle_result(value: R) -> None:
        if not future.done():
            future.set_result(value)

    def settle_error(error: BaseException) -> None:
        if not future.done():
            future.set_exception(error)

    def run() -> None:
        try:
            value = function(*args, **kwargs)
        except BaseException as error:
            deliver(functools.partial(settle_error, error))
        else:
            deliver(functools.partial(settle_result, value))

    threading.Thread(target=run, name="jaxlsp-background", daemon=True).start()
    return await future


def _same_records(first: RecordSet, second: RecordSet) -> bool:
    return first.ids() == second.ids()


def _index_files(records: RecordSet) -> set[Path]:
    """The index files (not curated records) that ``records`` were loaded from."""
    curated = curated_records_dir().resolve()
    files = {item.path for item in records.loaded}  # a few files for thousands of records
    return {path for file in files if not (path := file.resolve()).is_relative_to(curated)}


def _analysis_error(document: Document) -> BaseException | None:
    pending = document.pending
    if pending is None or not pending.done() or pending.cancelled():
        return None
    return pending.exception()


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


def create_server(engine_factory: Callable[[RecordSet], Engine] = Engine) -> JaxlspServer:
    """A server with every handler registered (not yet started)."""
    server = JaxlspServer(engine_factory)
    from jaxlsp.lsp import handlers

    handlers.register(server)
    return server


def serve(log_level: str = "WARNING") -> NoReturn:
    """Run over stdio until the client says exit; logs go to stderr (stdout is the protocol).

    Exits with the code LSP asks for: 0 after a ``shutdown`` request, else 1.  (pygls
    computes it too, but its ``sys.exit`` is swallowed by its own IO loop.)  The process ends
    with ``os._exit``, without interpreter finalisation: background work still running (an
    index load or build on a daemon thread, inside pydantic-core's native code) would
    otherwise be torn down mid-call, which aborts the process (SIGABRT) instead of exiting.
    """
    logging.basicConfig(
        level=log_level, stream=sys.stderr, format="jaxlsp: %(levelname)s: %(message)s"
    )
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    server = create_server()
    try:
        server.start_io(stdin=cast(BinaryIO, HeaderTolerantStdin(sys.stdin.buffer)))
    finally:
        server.stop_workers()
    code = 0 if getattr(server.protocol, "_shutdown", False) else 1
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe: nothing left to say
            stream.flush()
    os._exit(code)


_CONTENT_LENGTH = re.compile(rb"content-length:[ \t]*(\d+)[ \t]*\r?\n\Z", re.IGNORECASE)


class HeaderTolerantStdin:
    """stdin as pygls's reader sees it, with every ``Content-Length`` header line made exact.

    pygls accepts only ``Content-Length: N\\r\\n`` alone on its line.  After one frame whose
    length was wrong, each following header lands on the same line as the rest of the previous
    body, and pygls would never see a header again (every later request silently lost).  A
    line that ends with a Content-Length header (any case, any junk before it) is handed on
    as the exact header, so the stream resynchronises at the next message.
    """

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw

    def readline(self) -> bytes:
        line = self._raw.readline()
        found = _CONTENT_LENGTH.search(line)
        return b"Content-Length: " + found.group(1) + b"\r\n" if found else line

    def read(self, size: int = -1) -> bytes:
        return self._raw.read(size)


def negotiated_encoding(capabilities: types.ClientCapabilities) -> Encoding:
    """The encoding pygls announces (it picks; we must count in the same units)."""
    chosen = ServerCapabilitiesBuilder.choose_position_encoding(capabilities)
    if chosen == types.PositionEncodingKind.Utf8:
        return "utf-8"
    if chosen == types.PositionEncodingKind.Utf32:
        return "utf-32"
    return "utf-16"


def client_support(capabilities: types.ClientCapabilities) -> ClientSupport:
    text = capabilities.text_document
    workspace = capabilities.workspace
    action = text.code_action if text is not None else None
    resolve = action.resolve_support if action is not None else None
    edit = workspace.workspace_edit if workspace is not None else None
    refresh = workspace.diagnostics if workspace is not None else None
    watched = workspace.did_change_watched_files if workspace is not None else None
    window = capabilities.window
    return ClientSupport(
        pull_diagnostics=text is not None and text.diagnostic is not None,
        resolve_edits=resolve is not None and "edit" in resolve.properties,
        document_changes=bool(edit is not None and edit.document_changes),
        configuration=bool(workspace is not None and workspace.configuration),
        diagnostic_refresh=bool(refresh is not None and refresh.refresh_support),
        watch_files=bool(watched is not None and watched.dynamic_registration),
        work_done_progress=bool(window is not None and window.work_done_progress),
    )


def explain_payload(matches: Iterable[Match]) -> list[dict[str, Any]]:
    """``jaxlsp.explain``'s answer: JSON-able, one entry per matching record, best first."""
    return [
        {
            "id": match.record.id,
            "slug": match.record.slug,
            "score": match.score,
            "kind": match.kind,
            "matchedMessage": match.matched_message,
            "errorClass": match.record.error_class,
            "link": match.record.github_url,
            "markdown": render_markdown(match.record, full=True),
        }
        for match in matches
    ]


__all__ = [
    "EXPLAIN_COMMAND",
    "JaxlspServer",
    "client_support",
    "create_server",
    "explain_payload",
    "negotiated_encoding",
    "serve",
]
