"""Server pieces that need no client: the error edge around the engine, capability reading."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from lsprotocol import types

from jaxlsp.cancel import CancelToken
from jaxlsp.engine import Analysis, Engine
from jaxlsp.lsp import convert
from jaxlsp.lsp.capabilities import ClientSupport, client_support, negotiated_encoding
from jaxlsp.lsp.documents import MOST_OVERTAKEN, Checked, Document
from jaxlsp.lsp.scheduling import Superseded
from jaxlsp.lsp.server import JaxlspServer
from jaxlsp.lsp.settings import ClientSettings
from jaxlsp.records.load import RecordSet

GOOD = "import jax\n\n\ndef f(x):\n    return jax.numpy.sin(x)\n"


class BrokenRuleEngine(Engine):
    """An engine with a bug: it fails on any text mentioning 'boom'."""

    def analyze(
        self,
        source: str,
        path: str | None = None,
        previous: Analysis | None = None,
        *,
        cancel: CancelToken | None = None,
        line_names: Callable[[int], str] | None = None,
    ) -> Analysis:
        if "boom" in source:
            raise RuntimeError("a rule crashed")
        return super().analyze(source, path, previous, cancel=cancel, line_names=line_names)


def test_an_engine_error_keeps_the_last_good_analysis() -> None:
    server = JaxlspServer(lambda _: BrokenRuleEngine(RecordSet()))
    try:
        document = Document("file:///tmp/x.py", GOOD, 1)
        good = server.scheduler._check(1, GOOD, document, None, ClientSettings(), 0)
        assert good.internal_error is None and good.analysis.parse_error is None
        document.update(GOOD + "boom\n", 2)
        bad = server.scheduler._check(
            2, document.text, document, good.analysis, ClientSettings(), 0
        )
        assert bad.internal_error is not None and "a rule crashed" in bad.internal_error
        assert bad.analysis.parse_error is not None
        assert bad.analysis.program is good.analysis.program  # hovers keep working
        assert bad.findings == ()
        fresh = Document("file:///tmp/z.py", "boom", 1)
        first = server.scheduler._check(1, "boom", fresh, None, ClientSettings(), 0)
        assert first.internal_error is not None and first.analysis.source == "boom"
        # A job whose version was replaced before it started is skipped, not analysed.
        with pytest.raises(Superseded):
            server.scheduler._check(1, GOOD, document, None, ClientSettings(), 0)
    finally:
        server.stop_workers()


#: A module with one finding (symbolic zeros under shard_map).
SYMBOLIC_ZEROS = (
    "import jax\n\n@jax.custom_vjp\ndef f(x):\n    return x\n\n"
    "def fwd(x):\n    return x.value, None\n\ndef bwd(_, g):\n    return (g,)\n\n"
    "f.defvjp(fwd, bwd, symbolic_zeros=True)\n"
    "mesh = jax.make_mesh((1,), ('i',))\n"
    "jax.shard_map(f, mesh=mesh, in_specs=None, out_specs=None)(1.0)\n"
)


def test_a_disabled_folder_gets_no_findings() -> None:
    server = JaxlspServer()
    try:
        document = Document("file:///tmp/y.py", SYMBOLIC_ZEROS, 1)
        on = server.scheduler._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        off = server.scheduler._check(
            1, SYMBOLIC_ZEROS, document, None, ClientSettings(enable=False), 0
        )
        assert on.findings and off.findings == ()
    finally:
        server.stop_workers()


def test_the_first_analysis_does_not_wait_for_the_index() -> None:
    """The index loads only when explain needs it; an analysis with the curated records alone
    finds exactly what one with every record finds."""
    server = JaxlspServer()
    try:
        document = Document("file:///tmp/i.py", SYMBOLIC_ZEROS, 1)
        first = server.scheduler._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        assert first.findings and not server.engines.engine_future().done()
        server.engines.queue_index()
        complete = server.engines.engine_future().result(timeout=60)
        assert server.engines._checker is not None
        assert len(complete.records.loaded) > len(server.engines._checker.result().records.loaded)
        again = server.scheduler._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        assert again.findings == first.findings
    finally:
        server.stop_workers()


def test_hovers_and_fixes_read_the_curated_engine_and_only_explain_loads_the_index() -> None:
    """The index (≈5 MiB) is not loaded for what does not read it: its records list no API
    (hovers show a record by API) and carry no fix."""
    server = JaxlspServer()
    try:
        document = Document("file:///tmp/h.py", SYMBOLIC_ZEROS, 1)
        checked = server.scheduler._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        reading = asyncio.run(server.engines.reading_engine())
        assert server.engines._checker is not None and reading is server.engines._checker.result()
        finding = checked.findings[0]
        hover = reading.hover(checked.analysis, finding.span.start)
        assert hover is not None and finding.code in hover.markdown
        assert reading.fixes(SYMBOLIC_ZEROS, checked.analysis, finding)
        assert not server.engines._index_queued and not server.engines.engine_future().done()
        complete = asyncio.run(server.engines.engine())
        assert len(complete.records.loaded) > len(reading.records.loaded) + 5_000
        index = [item for item in complete.records.loaded if not item.has_explanation]
        assert index and not any(item.apis for item in index)
        assert complete.hover(checked.analysis, finding.span.start) == hover
        assert asyncio.run(server.engines.reading_engine()) is complete
    finally:
        server.stop_workers()


def test_code_action_kind_filters() -> None:
    assert convert.wants(None, "quickfix")
    assert convert.wants(["source"], "source.fixAll.jaxlsp")
    assert convert.wants(["source.fixAll"], "source.fixAll.jaxlsp")
    assert not convert.wants(["quickfix"], "source.fixAll.jaxlsp")
    assert not convert.wants(["source.organizeImports"], "source.fixAll.jaxlsp")


def test_capabilities_are_read_defensively() -> None:
    bare = client_support(types.ClientCapabilities())
    assert not (bare.pull_diagnostics or bare.resolve_edits or bare.configuration)
    assert negotiated_encoding(types.ClientCapabilities()) == "utf-16"
    utf8 = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=["utf-8", "utf-16"])
    )
    assert negotiated_encoding(utf8) == "utf-8"


def test_current_returns_a_done_analysis_before_its_callback_ran() -> None:
    """A hover can arrive in the loop pass where the analysis finished but ``_accept`` (its
    done callback) has not run yet; ``current`` must return that result, not spin waiting for
    ``document.checked`` (awaiting a done future never yields to let the callback run)."""
    import asyncio
    import threading

    server = JaxlspServer(lambda _: Engine(RecordSet()))
    outcome: list[object] = []

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        document = server.documents.open("file:///tmp/race.py", GOOD, 2, "python")
        result = server.scheduler._check(2, GOOD, document, None, ClientSettings(), 0)
        pending: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        pending.set_result(result)  # done, and ``_accept`` never ran: document.checked is None
        document.pending = pending  # type: ignore[assignment]
        document.pending_stamp = (2, server.scheduler.config_generation)
        outcome.append(await server.scheduler.current(document))

    try:
        runner = threading.Thread(target=asyncio.run, args=(scenario(),), daemon=True)
        runner.start()
        runner.join(timeout=30)
        assert not runner.is_alive(), "current() spun without returning"
        assert len(outcome) == 1 and getattr(outcome[0], "version", None) == 2
    finally:
        server.stop_workers()


def test_a_pull_is_answered_before_the_collector_runs() -> None:
    """The collection an analysis's survivors trigger waits until the pulled diagnostics are
    sent: pygls sends the answer from a done callback it adds to the request's task before the
    handler runs, so the collector must still be held when that callback runs."""
    import asyncio
    import gc
    import threading

    from jaxlsp.lsp import handlers

    server = JaxlspServer(lambda _: Engine(RecordSet()))
    server.support = ClientSupport(pull_diagnostics=True)
    seen: dict[str, bool] = {}

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        await (
            server.engines.engine()
        )  # loaded first: no other hold (loading pauses it too) is alive
        server.documents.open("file:///tmp/pull.py", GOOD, 1, "python")
        params = types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri="file:///tmp/pull.py")
        )
        request = asyncio.ensure_future(handlers.pull_diagnostics(server, params))
        request.add_done_callback(lambda _: seen.update(when_answered=gc.isenabled()))
        await request
        await asyncio.sleep(0)  # the handler's own done callback runs after pygls's
        seen["afterwards"] = gc.isenabled()

    assert gc.isenabled()
    try:
        runner = threading.Thread(target=asyncio.run, args=(scenario(),), daemon=True)
        runner.start()
        runner.join(timeout=60)
        assert not runner.is_alive()
        assert seen == {"when_answered": False, "afterwards": True}
    finally:
        server.stop_workers()
        gc.enable()


def test_a_pulled_version_is_prepared_for_requests_after_its_answer_is_sent() -> None:
    """What the requests after the diagnostics read (``Scheduler.shown``: the first hover's
    indices, the requests' conversions) is made once a pull's answer is sent, not before it:
    pygls sends it from a done callback on the request's task, added before the handler ran."""
    from jaxlsp.lsp import handlers

    server = JaxlspServer(lambda _: Engine(RecordSet()))
    server.support = ClientSupport(pull_diagnostics=True)
    order: list[str] = []
    server.scheduler.shown = lambda document, result: order.append("shown")  # type: ignore[method-assign]

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        server.documents.open("file:///tmp/shown.py", GOOD, 1, "python")
        params = types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri="file:///tmp/shown.py")
        )
        request = asyncio.ensure_future(handlers.pull_diagnostics(server, params))
        request.add_done_callback(lambda _: order.append("answered"))
        await request
        await asyncio.sleep(0)  # the handler's own done callbacks run after pygls's

    try:
        asyncio.run(scenario())
    finally:
        server.stop_workers()
    assert order == ["answered", "shown"]


def test_a_documents_lines_are_its_analysis_lines_when_that_analysed_its_text() -> None:
    """The document does not hold its text split a second time (≈2 MiB at 20,000 lines)."""
    engine = Engine(RecordSet())
    text = GOOD + "\r\nx = 1\r"
    document = Document("file:///tmp/l.py", text, 1)
    analysis = engine.analyze(text)
    assert document.accept(Checked(1, analysis, ()), 0)
    assert analysis.program is not None
    assert document.lines is analysis.lines
    assert list(document.lines) == [
        "import jax",
        "",
        "",
        "def f(x):",
        "    return jax.numpy.sin(x)",
        "",
        "x = 1",
        "",
    ]
    document.update(text + "y = (\n", 2)  # not analysed yet, and it will not parse
    assert list(document.lines) == [*analysis.lines[:-1], "y = (", ""]
    broken = engine.analyze(document.text, previous=analysis)
    document.accept(Checked(2, broken, ()), 0)
    document.update(document.text, 3)
    assert broken.parse_error is not None and document.lines is not analysis.lines


def test_a_newer_version_stops_the_analysis_in_flight_but_lets_one_in_a_few_finish() -> None:
    """While someone types faster than the file is analysed, every MOST_OVERTAKEN-th analysis
    runs to its end, so diagnostics keep coming; one finished resets the count."""
    loop = asyncio.new_event_loop()
    try:
        document = Document("file:///tmp/t.py", GOOD, 1)
        tokens = []
        for version in range(2, MOST_OVERTAKEN + 3):
            token = CancelToken()
            document.pending, document.pending_cancel = loop.create_future(), token
            document.update(GOOD + "#" * version, version)
            tokens.append(token)
        assert [t.cancelled for t in tokens] == [True] * MOST_OVERTAKEN + [False]
        document.overtaken = 0  # what Scheduler._accept does when an analysis finishes
        token = document.pending_cancel = CancelToken()
        document.update(GOOD, 99)
        assert token.cancelled
        finished = loop.create_future()
        finished.set_result(None)
        document.pending, document.pending_cancel = finished, CancelToken()
        document.update(GOOD + "\n", 100)  # nothing in flight: nothing to cancel or count
        assert not document.pending_cancel.cancelled and document.overtaken == 1
    finally:
        loop.close()


def test_a_change_that_does_not_raise_the_version_starts_the_document_over() -> None:
    """An analysis queued for version 5 must not pass for a new text that is version 5 too."""
    from jaxlsp.lsp import handlers

    server = JaxlspServer(lambda _: Engine(RecordSet()))
    uri = "file:///tmp/same.py"

    async def scenario() -> None:
        old = server.documents.open(uri, GOOD, 5, "python")
        old.pending = asyncio.get_running_loop().create_future()
        old.pending_stamp = (5, server.scheduler.config_generation)
        old.pending_cancel = CancelToken()
        params = types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=5),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="x = 1\n")],
        )
        await handlers.did_change(server, params)
        new = server.documents.get(uri)
        assert new is not None and new is not old
        assert (new.text, new.version, new.pending) == ("x = 1\n", 5, None)
        assert old.pending_cancel.cancelled and old.pending.cancelled()

    logged: list[str] = []
    server.log = lambda level, message, *, once=False: logged.append(message)  # type: ignore[method-assign]
    try:
        asyncio.run(scenario())
        assert any("versions must increase" in message for message in logged)
    finally:
        server.stop_workers()


def test_closing_a_document_stops_its_analysis_on_the_worker() -> None:
    """The analysis sees its token cancelled and ends; the worker is free for the next one."""
    import threading

    started = threading.Event()

    class WaitingEngine(Engine):
        def analyze(
            self,
            source: str,
            path: str | None = None,
            previous: Analysis | None = None,
            *,
            cancel: CancelToken | None = None,
            line_names: Callable[[int], str] | None = None,
        ) -> Analysis:
            while "wait" in source:
                started.set()
                assert cancel is not None
                cancel.check()
                threading.Event().wait(0.005)
            return super().analyze(source, path, previous, cancel=cancel, line_names=line_names)

    server = JaxlspServer(lambda _: WaitingEngine(RecordSet()))

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        waiting = server.documents.open("file:///tmp/wait.py", "wait = 1\n", 1, "python")
        stopped = asyncio.ensure_future(server.scheduler.checked(waiting))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        server.documents.close(waiting.uri)
        with pytest.raises((Superseded, asyncio.CancelledError)):
            await stopped
        other = server.documents.open("file:///tmp/other.py", GOOD, 1, "python")
        result = await asyncio.wait_for(server.scheduler.checked(other), 30)
        assert result.version == 1 and result.analysis.parse_error is None

    try:
        asyncio.run(scenario())
    finally:
        server.stop_workers()


def test_the_analysis_an_edit_replaces_is_freed_after_the_push_not_before() -> None:
    """Freeing an analysis is a large share of an edit's work: the one a new analysis
    replaces stays alive until the new diagnostics are published, then goes."""
    import gc
    import threading
    import time
    import weakref

    server = JaxlspServer(lambda records: Engine(records))
    uri = "file:///tmp/retired.py"
    seen: dict[str, object] = {}

    def publish(document: Document, result: Checked, *, affected: bool = True) -> None:
        if result.version == 2:
            time.sleep(0.05)  # time for the worker to let go of the job's arguments
            seen["old alive at publish"] = seen["old"]() is not None  # type: ignore[operator]

    server.publish = publish  # type: ignore[method-assign]

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        document = server.documents.open(uri, GOOD, 1, "python")
        server.scheduler.schedule(document, 0)
        assert document.push is not None
        await document.push
        assert document.latest is not None
        seen["old"] = weakref.ref(document.latest.analysis)
        document.update(GOOD + "\nf(1.0)\n", 2)
        server.scheduler.schedule(document, 0)
        await document.push
        await asyncio.sleep(0)  # the push's done callbacks
        # the worker lets go of the job's arguments (the old analysis) once it takes the next
        await asyncio.get_running_loop().run_in_executor(server._worker, lambda: None)
        gc.collect()
        seen["old alive after"] = seen["old"]() is not None  # type: ignore[operator]

    try:
        runner = threading.Thread(target=asyncio.run, args=(scenario(),), daemon=True)
        runner.start()
        runner.join(timeout=60)
        assert not runner.is_alive()
        assert seen["old alive at publish"] is True
        assert seen["old alive after"] is False
    finally:
        server.stop_workers()
        gc.enable()


def test_requests_on_a_file_too_big_to_analyse_do_not_split_its_text() -> None:
    """A file over ``maxFileBytes`` has no analysis to look into: a hover, inlay hints and a
    code action on its notice answer with nothing, and the text (megabytes, where this matters)
    is not split into lines on the event loop to get there."""
    from jaxlsp.lsp import handlers

    server = JaxlspServer(lambda _: Engine(RecordSet()))
    server.set_settings(None, {"maxFileBytes": len(SYMBOLIC_ZEROS) - 1})
    uri = "file:///tmp/too-big.py"
    where = types.TextDocumentIdentifier(uri=uri)
    start = types.Position(line=0, character=0)
    everywhere = types.Range(start=start, end=types.Position(line=10, character=0))

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        document = server.documents.open(uri, SYMBOLIC_ZEROS, 1, "python")
        result = await server.scheduler.current(document)
        assert result.skipped is not None and "maxFileBytes" in result.skipped
        notice = convert.skip_notice(result.skipped)
        assert await handlers.hover(server, types.HoverParams(where, start)) is None
        hints = await handlers.inlay_hint(server, types.InlayHintParams(where, everywhere))
        assert hints == []
        context = types.CodeActionContext(diagnostics=[notice])
        actions = await handlers.code_action(
            server, types.CodeActionParams(where, everywhere, context)
        )
        assert actions == []
        assert document._lines is None

    try:
        asyncio.run(scenario())
    finally:
        server.stop_workers()
