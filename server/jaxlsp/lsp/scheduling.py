"""When documents are analysed: one worker, versions, shared and superseded analyses, pushes.

- Analyses run on one worker thread, one at a time and in order: they are CPU-bound and hold
  the GIL, so more threads would not make them faster, only out of order.
- Requests that only read a finished analysis and may take a while (fixes, explain) run on a
  second thread (``off_loop``), so they are not queued behind a long analysis of another file.
- A document's analysis is shared: the debounced push, a hover and a pull all await the same
  future for the same version.  A result for a version that is no longer current is never
  published; it only serves as the ``previous`` that the engine reuses statements from.
- Jobs queue up when edits arrive faster than analyses finish; one whose version is no longer
  the document's by the time it starts is skipped (``Superseded``), and one running when a newer
  version arrives or its document closes is stopped through its ``CancelToken`` (the engine
  checks it between its steps; ``Document.update`` lets one in a few finish while someone
  types).
- A document over the size limits of its config (``maxFileBytes``, ``maxLineLength``) is not
  analysed: its result says why (``Checked.skipped``), shown as one diagnostic.
- The collection an analysis's survivors trigger is held off until its push has published.

Only the event loop calls in here, except ``_check``, which runs on the worker.
"""

from __future__ import annotations

import asyncio
import functools
import traceback
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from typing import ParamSpec, Protocol, TypeVar

from lsprotocol import types

from jaxlsp.cancel import AnalysisCancelled, CancelToken
from jaxlsp.config import Config
from jaxlsp.engine import Analysis
from jaxlsp.gcpause import hold_collection
from jaxlsp.lsp.capabilities import ClientSupport
from jaxlsp.lsp.documents import Checked, Document, DocumentStore
from jaxlsp.lsp.engines import EngineHost
from jaxlsp.lsp.settings import ClientSettings

P = ParamSpec("P")
R = TypeVar("R")


class Superseded(Exception):
    """An analysis skipped or stopped because its version was replaced (or closed) first."""

    def __init__(self, uri: str, version: int) -> None:
        super().__init__(f"{uri} version {version} was replaced before it was analysed")


class Front(Protocol):
    """What the scheduler needs from the server: settings, config, logging and publishing."""

    support: ClientSupport

    def settings_for(self, uri: str) -> ClientSettings: ...

    def config_for(self, document: Document, settings: ClientSettings) -> Config: ...

    def log(self, level: types.MessageType, message: str, *, once: bool = False) -> None: ...

    def log_exception(self, where: str, error: BaseException) -> None: ...

    def show_config_problems(self, problems: tuple[str, ...]) -> None: ...

    def show_once(self, message: str) -> None: ...

    def publish(self, document: Document, result: Checked) -> None: ...

    def warm_requests(self) -> None: ...

    def refresh_pulled_diagnostics(self) -> None: ...


class Scheduler:
    """Runs each open document's analyses and pushes their diagnostics."""

    def __init__(
        self,
        documents: DocumentStore,
        engines: EngineHost,
        worker: Executor,
        requests: Executor,
        front: Front,
    ) -> None:
        self._documents = documents
        self._engines = engines
        self._worker = worker
        self._requests = requests
        self._front = front
        #: Bumped whenever settings or a pyproject change: results made before are not used,
        #: and pull clients see a new result id.
        self.config_generation = 0
        #: Set once the client's settings are in (or it cannot send any): checks wait for it.
        self.settings_ready = asyncio.Event()
        #: Collector holds of finished analyses whose diagnostics a push is about to publish.
        self._held_collections: list[Callable[[], None]] = []
        #: The analyses those replaced, kept until the push has published: freeing an analysis
        #: (tens of thousands of objects) is a large share of an edit's work, and is not
        #: needed before the diagnostics go out (``bench.run``'s didChange).
        self._retired: list[Checked | None] = []

    async def off_loop(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a request's engine call (fixes, explain) on the requests thread."""
        call = functools.partial(function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._requests, call)

    # ---------------------------------------------------------------- analysis

    def _check(
        self,
        version: int,
        text: str,
        document: Document,
        previous: Analysis | None,
        settings: ClientSettings,
        generation: int,
        cancel: CancelToken | None = None,
        imports: int = 0,
        line_names: Callable[[int], str] | None = None,
    ) -> Checked:
        """Runs on the worker: analyse one version and apply the config (``Superseded`` when
        the version was replaced before the job started, or ``cancel`` stopped it)."""
        stale = (document.version, self.config_generation, document.imports)
        if stale != (version, generation, imports):
            raise Superseded(document.uri, version)
        engine = self._engines.checking_engine()
        path = str(document.path) if document.path is not None else None
        try:
            config = self._front.config_for(document, settings)
            if (skipped := config.skip_reason(text)) is not None:
                analysis = Analysis(source=text, path=path, parse_error=None)
                return Checked(
                    version,
                    analysis,
                    (),
                    generation,
                    config.problems,
                    skipped=skipped,
                    imports=imports,
                )
            analysis = engine.analyze(text, path, previous, cancel=cancel, line_names=line_names)
            findings = engine.findings(analysis, config) if settings.enable else []
        except AnalysisCancelled:
            raise Superseded(document.uri, version) from None
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
            return Checked(
                version, fallback, (), generation, internal_error=error_text, imports=imports
            )
        return Checked(
            version, analysis, tuple(findings), generation, config.problems, imports=imports
        )

    async def checked(self, document: Document) -> Checked:
        """The analysis of the document's current version (shared with anyone else waiting)."""
        if document.is_checked(self.config_generation) and document.checked is not None:
            return document.checked
        await self.settings_ready.wait()
        stamp = (document.version, self.config_generation, document.imports)
        if document.pending is None or document.pending_stamp != stamp:
            previous = document.latest.analysis if document.latest is not None else None
            self._engines.engine_future()  # its first step is queued ahead of this analysis
            cancel = CancelToken()
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(
                self._worker,
                self._check,
                document.version,
                document.text,
                document,
                previous,
                self._front.settings_for(document.uri),
                self.config_generation,
                cancel,
                document.imports,
                document.line_names,
            )
            # The collection an analysis's survivors trigger is held off until its push has
            # published (see ``_accept``), not paid between the analysis and the publish.
            release = hold_collection()
            future.add_done_callback(functools.partial(self._accept, document, release))
            document.pending = future
            document.pending_stamp = stamp
            document.pending_cancel = cancel
        return await asyncio.shield(document.pending)

    def _accept(
        self, document: Document, release: Callable[[], None], future: asyncio.Future[Checked]
    ) -> None:
        if document.push is not None and not document.push.done():
            self._held_collections.append(release)  # the push releases it when it is done
            self._retired.extend((document.latest, document.checked))
        else:
            release()
        if future.cancelled() or isinstance(future.exception(), Superseded):
            return
        log = self._front.log
        if (error := future.exception()) is not None:
            self._front.log_exception(f"analysis of {document.uri}", error)
            return
        result = future.result()
        document.overtaken = 0
        self._front.show_config_problems(result.problems)
        if result.analysis.newer_syntax and result.analysis.parse_error is not None:
            # The file may be fine for the project's Python: say so once (per construct), not
            # per file or keystroke.
            self._front.show_once(f"jaxlsp: {result.analysis.parse_error}")
        if result.internal_error is not None:
            log(types.MessageType.Error, f"jaxlsp: error {result.internal_error}", once=True)
        if result.skipped is not None:
            log(types.MessageType.Info, f"jaxlsp: {document.uri}: {result.skipped}", once=True)
        for failure in result.analysis.rule_failures:  # the other rules' findings are published
            log(
                types.MessageType.Error,
                f"jaxlsp: {failure} on {document.uri}\n{failure.detail}",
                once=True,
            )
        if self._documents.is_current(document):
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
            fresh = (result.version, result.generation, result.imports) == (
                document.version,
                self.config_generation,
                document.imports,
            )
            if fresh or not self._documents.is_current(document):
                return result

    # ---------------------------------------------------------------- pushes

    def schedule(self, document: Document, delay: float) -> None:
        """(Re)start the debounced push for this document; pull clients ask by themselves."""
        if self._front.support.pull_diagnostics:
            return
        if document.push is not None:
            document.push.cancel()
        document.push = asyncio.ensure_future(self._push_after(document, delay))
        document.push.add_done_callback(self._release_collections)

    def _release_collections(self, push: asyncio.Future[None]) -> None:
        """Let the collector run again, free the analyses the new one replaced and make the
        summaries it left for later, once a push has published (or was cancelled): none of
        it competes with the publish."""
        held, self._held_collections = self._held_collections, []
        self._retired.clear()
        for release in held:
            release()
        self._engines.settle_summaries()

    async def _push_after(self, document: Document, delay: float) -> None:
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            result = await self.checked(document)
            if not self._documents.is_current(document) or result is not document.checked:
                return  # stale: a newer version (or config) is on its way
            self._front.publish(document, result)
            self.shown(document, result)
        except asyncio.CancelledError:
            raise
        except Superseded:
            return  # a newer version replaced this one; its own push is on its way
        except Exception as error:
            if error is not _analysis_error(document):  # that one was logged when it happened
                self._front.log_exception(f"diagnostics for {document.uri}", error)

    def shown(self, document: Document, result: Checked) -> None:
        """The diagnostics of ``result`` are out (published, or answered to a pull): make now
        what the requests that follow read, while the user reads them. What its first hover
        reads is made on the worker (``EngineHost.prepare_hovers``), unless a newer version
        has replaced it by then; the requests' conversions once (``Front.warm_requests``)."""
        self._engines.prepare_hovers(
            result.analysis,
            lambda: self._documents.is_current(document) and document.checked is result,
        )
        self._front.warm_requests()

    def recheck(self, document: Document, delay: float) -> None:
        """A module the document's last analysis ran has changed: analyse it again (pushed, or
        pulled by a pull client after the refresh the caller asks for)."""
        document.imports += 1
        self.schedule(document, delay)

    def recheck_all(self) -> None:
        """After a settings change: push again, or ask pull clients to pull again."""
        self.config_generation += 1
        for document in self._documents:
            self.schedule(document, 0)
        self._front.refresh_pulled_diagnostics()


def _analysis_error(document: Document) -> BaseException | None:
    pending = document.pending
    if pending is None or not pending.done() or pending.cancelled():
        return None
    return pending.exception()


__all__ = ["Front", "Scheduler", "Superseded"]
