"""Server pieces that need no client: the error edge around the engine, capability reading."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from jaxlsp.engine import Analysis, Engine
from jaxlsp.lsp.documents import Checked, Document
from jaxlsp.lsp.handlers import _wants
from jaxlsp.lsp.server import (
    ClientSupport,
    JaxlspServer,
    Superseded,
    client_support,
    negotiated_encoding,
)
from jaxlsp.lsp.settings import ClientSettings
from jaxlsp.records.load import RecordSet

GOOD = "import jax\n\n\ndef f(x):\n    return jax.numpy.sin(x)\n"


class BrokenRuleEngine(Engine):
    """An engine with a bug: it fails on any text mentioning 'boom'."""

    def analyze(
        self, source: str, path: str | None = None, previous: Analysis | None = None
    ) -> Analysis:
        if "boom" in source:
            raise RuntimeError("a rule crashed")
        return super().analyze(source, path, previous)


def test_an_engine_error_keeps_the_last_good_analysis() -> None:
    server = JaxlspServer(lambda _: BrokenRuleEngine(RecordSet()))
    try:
        document = Document("file:///tmp/x.py", GOOD, 1)
        good = server._check(1, GOOD, document, None, ClientSettings(), 0)
        assert good.internal_error is None and good.analysis.parse_error is None
        document.update(GOOD + "boom\n", 2)
        bad = server._check(2, document.text, document, good.analysis, ClientSettings(), 0)
        assert bad.internal_error is not None and "a rule crashed" in bad.internal_error
        assert bad.analysis.parse_error is not None
        assert bad.analysis.facts is good.analysis.facts  # hovers keep working
        assert bad.findings == ()
        fresh = Document("file:///tmp/z.py", "boom", 1)
        first = server._check(1, "boom", fresh, None, ClientSettings(), 0)
        assert first.internal_error is not None and first.analysis.source == "boom"
        # A job whose version was replaced before it started is skipped, not analysed.
        with pytest.raises(Superseded):
            server._check(1, GOOD, document, None, ClientSettings(), 0)
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
        on = server._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        off = server._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(enable=False), 0)
        assert on.findings and off.findings == ()
    finally:
        server.stop_workers()


def test_the_first_analysis_does_not_wait_for_the_index() -> None:
    """The index loads only when explain needs it; an analysis with the curated records alone
    finds exactly what one with every record finds."""
    server = JaxlspServer()
    try:
        document = Document("file:///tmp/i.py", SYMBOLIC_ZEROS, 1)
        first = server._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        assert first.findings and not server.engine_future().done()
        server._queue_index()
        complete = server.engine_future().result(timeout=60)
        assert server._checker is not None
        assert len(complete.records.loaded) > len(server._checker.result().records.loaded)
        again = server._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        assert again.findings == first.findings
    finally:
        server.stop_workers()


def test_hovers_and_fixes_read_the_curated_engine_and_only_explain_loads_the_index() -> None:
    """The index (≈5 MiB) is not loaded for what does not read it: its records list no API
    (hovers show a record by API) and carry no fix."""
    server = JaxlspServer()
    try:
        document = Document("file:///tmp/h.py", SYMBOLIC_ZEROS, 1)
        checked = server._check(1, SYMBOLIC_ZEROS, document, None, ClientSettings(), 0)
        reading = asyncio.run(server.reading_engine())
        assert server._checker is not None and reading is server._checker.result()
        finding = checked.findings[0]
        hover = reading.hover(checked.analysis, finding.span.start)
        assert hover is not None and finding.code in hover.markdown
        assert reading.fixes(SYMBOLIC_ZEROS, checked.analysis, finding)
        assert not server._index_queued and not server.engine_future().done()
        complete = asyncio.run(server.engine())
        assert len(complete.records.loaded) > len(reading.records.loaded) + 5_000
        index = [item for item in complete.records.loaded if not item.has_explanation]
        assert index and not any(item.apis for item in index)
        assert complete.hover(checked.analysis, finding.span.start) == hover
        assert asyncio.run(server.reading_engine()) is complete
    finally:
        server.stop_workers()


def test_code_action_kind_filters() -> None:
    assert _wants(None, "quickfix")
    assert _wants(["source"], "source.fixAll.jaxlsp")
    assert _wants(["source.fixAll"], "source.fixAll.jaxlsp")
    assert not _wants(["quickfix"], "source.fixAll.jaxlsp")
    assert not _wants(["source.organizeImports"], "source.fixAll.jaxlsp")


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
        server.settings_ready.set()
        document = server.documents.open("file:///tmp/race.py", GOOD, 2, "python")
        result = server._check(2, GOOD, document, None, ClientSettings(), 0)
        pending: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        pending.set_result(result)  # done, and ``_accept`` never ran: document.checked is None
        document.pending = pending  # type: ignore[assignment]
        document.pending_stamp = (2, server.config_generation)
        outcome.append(await server.current(document))

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
        server.settings_ready.set()
        await server.engine()  # loaded first: no other hold (loading pauses it too) is alive
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


def test_a_documents_lines_are_its_analysis_lines_when_that_analysed_its_text() -> None:
    """The document does not hold its text split a second time (≈2 MiB at 20,000 lines)."""
    engine = Engine(RecordSet())
    text = GOOD + "\r\nx = 1\r"
    document = Document("file:///tmp/l.py", text, 1)
    analysis = engine.analyze(text)
    assert document.accept(Checked(1, analysis, ()), 0)
    assert analysis.facts is not None
    assert document.lines is analysis.facts.lines
    assert document.lines == [
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
    assert document.lines == [*analysis.facts.lines[:-1], "y = (", ""]
    broken = engine.analyze(document.text, previous=analysis)
    document.accept(Checked(2, broken, ()), 0)
    document.update(document.text, 3)
    assert broken.parse_error is not None and document.lines is not analysis.facts.lines
