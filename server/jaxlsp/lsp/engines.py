"""The server's engines: loading the records in two steps, and matching them to the user's JAX.

An analysis, its diagnostics, hovers and quick fixes read only the curated records, so the
first engine holds those alone and is loaded on the analysis worker ahead of the first
analysis.  The index (one record per raise site of JAX, explaining nothing) is loaded into the
complete engine only when something needs it (explain), or when the user's JAX has another
index (``select_jax``).  The engines live as long as the server; this module knows nothing of
documents or of the protocol beyond logging and progress.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import ParamSpec, Protocol, TypeVar

from lsprotocol import types

from jaxlsp.engine import Analysis, Engine
from jaxlsp.index.cache import (
    build_index_cached,
    index_path_for,
    shipped_index_dir,
    with_history,
)
from jaxlsp.infer.workspace import Workspace
from jaxlsp.lsp.jaxversion import candidate_locations, find_jax
from jaxlsp.lsp.memory import give_back_freed_memory
from jaxlsp.records.load import RecordSet, curated_records_dir, iter_record_files, load_records

P = ParamSpec("P")
R = TypeVar("R")

#: Closed documents whose summaries were at least this share of what the rest hold get their
#: cycles collected and their memory given back at once (see ``EngineHost.release_unused``).
FULL_COLLECTION_SHARE = 0.25


class Reporter(Protocol):
    """What the engines tell the user: log lines and a progress notification."""

    def log(self, level: types.MessageType, message: str, *, once: bool = False) -> None: ...

    def showing_progress(self, title: str) -> AbstractAsyncContextManager[None]: ...


class EngineHost:
    """The curated records' engine and the complete one, loaded on the analysis worker."""

    def __init__(
        self, engine_factory: Callable[[RecordSet], Engine], worker: Executor, reporter: Reporter
    ) -> None:
        #: Makes an engine from records (tests pass one whose analyses fail).
        self._engine_factory = engine_factory
        #: The user's modules as every engine sees them: folder roots, open documents' text.
        self.workspace = Workspace()
        self._worker = worker
        self._reporter = reporter
        self._engine: Future[Engine] | None = None
        #: The engine an analysis needs, loaded before ``_engine`` (see ``engine_future``).
        self._checker: Future[Engine] | None = None
        self._index_queued = False
        #: The index the complete engine loads (``select_jax`` may point it at another JAX's).
        self._index_paths: list[Path] = [shipped_index_dir()]
        #: The JAX version whose records the engine holds (None: the shipped default set).
        self.jax_version: str | None = None

    def engine_future(self) -> Future[Engine]:
        """The engine with every record loaded, loaded on the worker.

        The first call starts loading the engine with the curated records: all that an
        analysis, its diagnostics, hovers and quick fixes read (``checking_engine``,
        ``reading_engine``).  The index (thousands of records that explain nothing and list no
        API) is loaded into this one only when someone awaits it (``engine``: explain, or
        ``select_jax`` swapping in another JAX's index once it was loaded).
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
        Their patterns are not compiled here: like the index's, the shipped records' are
        compiled by the tests (``tests/test_corpus.py``), and explain compiles each on first
        use (a broken one matches nothing).
        """
        curated = load_records([curated_records_dir()], compile_patterns=False)
        engine = self._made(curated)
        gc.freeze()
        return engine

    def release_unused(self, *, unnamed_open: bool) -> None:
        """Queue the release of what closed documents held (``Workspace.release_unused``) on
        the analysis worker, behind the analyses already queued (a closed document's may still
        be running and summarise it again).

        When that was a large share of what the workspace held (``FULL_COLLECTION_SHARE``, the
        rule CPython's own collector follows for its oldest generation), the caches that keep
        documents' names are emptied, the cycles it left collected now and the freed memory
        given back to the system (``jaxlsp.lsp.memory``): an analysis's
        closures and classes refer to themselves, and once the editor is idle the collector may
        not run for a long while.  A full collection walks every live object, long with many
        documents open, so closing one document of many leaves its cycles to the collector's
        own schedule."""

        def release() -> None:
            released = self.workspace.release_unused(unnamed_open=unnamed_open)
            if released and released >= FULL_COLLECTION_SHARE * self.workspace.summaries.bytes:
                give_back_freed_memory()

        with contextlib.suppress(RuntimeError):  # the worker is shut down: we are exiting
            self._worker.submit(release)

    def settle_summaries(self) -> None:
        """Queue the making of the summaries the last analyses left for later
        (``SummaryCache.settle``) on the analysis worker: their diagnostics are out, and the
        next analysis of an edit replays them."""
        with contextlib.suppress(RuntimeError):  # the worker is shut down: we are exiting
            self._worker.submit(self.workspace.summaries.settle)

    def prepare_hovers(self, analysis: Analysis, still_shown: Callable[[], bool]) -> None:
        """Queue the making of what the first hover on ``analysis`` reads
        (``Engine.prepare_hovers``) on the analysis worker, once its diagnostics are out: on the
        loop, the first hover of a 20,000-line file made it while the user waited (about
        0.1 s).  Skipped when the worker reaches it after ``still_shown`` turned false (a newer
        version is on its way; its own publish queues its own)."""

        def prepare() -> None:
            # The engine the analysis ran with, loaded by then (the worker loaded it first):
            # the one ``reading_engine`` gives a hover.
            if still_shown():
                self.checking_engine().prepare_hovers(analysis)

        with contextlib.suppress(RuntimeError):  # the worker is shut down: we are exiting
            self._worker.submit(prepare)

    def queue_index(self) -> None:
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
            engine = self._made(records)
        except BaseException as error:
            self._engine.set_exception(error)
        else:
            self._engine.set_result(engine)

    def checking_engine(self) -> Engine:
        """The engine for analyses and their diagnostics: the complete one once it is loaded,
        else the curated records' one (the rules read only curated records: same findings)."""
        engine = self.engine_future()
        if engine.done() or self._checker is None:
            return engine.result()
        return self._checker.result()

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
        self.queue_index()
        future = self.engine_future()
        if future.done():
            return future.result()  # loaded: no round trip through the loop (hover latency)
        return await asyncio.wrap_future(future)

    async def select_jax(self, interpreter: str | None, folders: Sequence[Path]) -> bool:
        """Match the records to the user's JAX (see ``jaxversion``); swap the engine if needed.

        Returns whether the engine's records changed (then every document is checked again).
        """
        log = self._reporter.log
        locations = candidate_locations(interpreter, folders)
        # On the analysis worker, after the analyses queued: on a thread of its own it would
        # take turns with the first analysis for the interpreter, delaying its diagnostics.
        choice = await asyncio.wrap_future(self._worker.submit(find_jax, locations))
        if choice.install is None:
            where = ", ".join(str(path) for path in locations)
            log(
                types.MessageType.Info,
                f"jaxlsp: no JAX found (looked in {where}); using the records shipped with jaxlsp",
                once=True,
            )
            return False
        install = choice.install
        if install.version == self.jax_version:
            return False
        index = index_path_for(install.version)
        if index is None:
            log(
                types.MessageType.Info,
                f"jaxlsp: indexing JAX {install.version} from {install.package_dir} "
                "(once per version; meanwhile the shipped records are used)",
            )
            async with self._reporter.showing_progress(f"jaxlsp: indexing JAX {install.version}"):
                index = await in_daemon_thread(
                    build_index_cached, install.package_dir, install.version
                )
        swapped = await self._use_index(index)
        self.jax_version = install.version
        log(
            types.MessageType.Info,
            f"jaxlsp: using the records for JAX {install.version} (found in {choice.found_in})",
        )
        return swapped

    async def _use_index(self, index: Path) -> bool:
        """Make ``index`` the complete engine's: noted for when it loads, or, when it has been
        loaded already, loaded now and swapped in (then True)."""
        paths = with_history(index)
        wanted = {path.resolve() for path in iter_record_files(paths)}
        if {path.resolve() for path in iter_record_files(self._index_paths)} == wanted:
            return False  # the usual case: the shipped index fits the project's JAX
        self._index_paths = paths
        if not self._index_queued:
            return False  # loaded from there when explain first needs it
        current = await self.engine()
        if _index_files(current.records) == wanted:
            return False
        records = await in_daemon_thread(self._records_with, paths)
        if _same_records(current.records, records):
            return False  # the loaded set already fits
        engine = await in_daemon_thread(self._engine_with, records)
        self._engine = Future()
        self._engine.set_result(engine)
        gc.freeze()  # as in ``_load_checker``: the new records live as long as the server
        return True

    def _records_with(self, index_paths: list[Path]) -> RecordSet:
        assert self._checker is not None
        records = RecordSet()
        records.extend(self._checker.result().records)
        records.extend(load_records(index_paths))
        return records

    def _made(self, records: RecordSet) -> Engine:
        """An engine over ``records`` that shares the server's workspace (its modules, the open
        documents' text), so swapping engines loses nothing of it."""
        engine = self._engine_factory(records)
        engine.workspace = self.workspace
        return engine

    def _engine_with(self, records: RecordSet) -> Engine:
        return self._made(records)


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


__all__ = ["EngineHost", "Reporter", "in_daemon_thread"]
