"""The server's memory follows its open documents (issue 19).

Over stdio, the real ``python -m jaxlsp serve``: what a batch of opened documents took is given
back once they are closed.  The server runs with ``PYTHONMALLOC=malloc`` here, so that its
resident size shows what it still holds: with CPython's small-object allocator, freed arenas
stay resident while a few long-lived objects sit in them (``jaxlsp.lsp.memory``), which says
nothing about what the server keeps alive.  In process: pygls keeps no future of a handled
notification, the once-only log messages remembered are bounded, and giving memory back
first empties the process-wide caches that keep names and URIs taken from documents.
"""

from __future__ import annotations

import asyncio
import sys
import uuid
from pathlib import Path

import pytest
from bench.generate import generate
from lsprotocol import types

from jaxlsp import apis
from jaxlsp.lsp.handlers import create_server
from jaxlsp.lsp.memory import give_back_freed_memory
from jaxlsp.lsp.server import MAX_LOGGED_ONCE
from jaxlsp.lsp.uris import path_to_uri, uri_to_path
from tests.lsp._session import session

DOCUMENTS = 25
MIB = 1024 * 1024


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


@pytest.mark.skipif(sys.platform != "linux", reason="reads the resident size from /proc")
async def test_closing_documents_gives_back_what_they_took(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    async with session(folders=[tmp_path], env={"PYTHONMALLOC": "malloc"}) as s:
        server = s.client._server
        assert server is not None
        probe = s.open(tmp_path / "probe.py", generate(100, seed=7))
        await s.client.diagnostics_for(probe, 1)
        before = _rss(server.pid)
        uris = [
            s.open(tmp_path / f"doc_{n:02d}.py", generate(350, seed=100 + n))
            for n in range(DOCUMENTS)
        ]
        for uri in uris:
            await s.client.diagnostics_for(uri, 1)
        grown = _rss(server.pid) - before
        assert grown > 10 * MIB, grown  # what the documents' analyses hold
        for uri in uris:
            s.client.text_document_did_close(
                types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri))
            )
        await s.client.until(lambda: len(s.client.published) >= 2 * DOCUMENTS + 1)  # cleared
        deadline = asyncio.get_running_loop().time() + 60
        while (left := _rss(server.pid) - before) > grown // 4:
            assert asyncio.get_running_loop().time() < deadline, (
                f"{left / MIB:.1f} MiB of the {grown / MIB:.1f} MiB the documents took is held"
            )
            await asyncio.sleep(0.1)
        hover = await s.hover(probe, 0, 0)  # the document left open is still served
        assert hover is None or hover.contents is not None


def test_a_handled_notification_leaves_no_future_behind() -> None:
    """pygls keeps each handler's future by message id to cancel it; only a request's answer
    took it out, so each didChange stayed for the server's life."""
    server = create_server()
    protocol = server.protocol

    async def scenario() -> None:
        for n in range(20):
            message = protocol.structure_message(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didClose",
                    "params": {"textDocument": {"uri": path_to_uri(Path(f"/tmp/n{n}.py"))}},
                }
            )
            protocol.handle_message(message)
        for _ in range(20):  # the handlers' tasks and their done callbacks
            await asyncio.sleep(0)

    try:
        asyncio.run(scenario())
        assert protocol._request_futures == {}
    finally:
        server.stop_workers()


def test_once_only_log_messages_are_remembered_within_a_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each names a document or carries a traceback: a long session must not keep them all."""
    server = create_server()
    sent: list[str] = []
    monkeypatch.setattr(server, "window_log_message", lambda params: sent.append(params.message))
    try:
        for n in range(MAX_LOGGED_ONCE + 100):
            server.log(types.MessageType.Info, f"jaxlsp: file:///doc_{n}.py: skipped", once=True)
        server.log(types.MessageType.Info, f"jaxlsp: file:///doc_{n}.py: skipped", once=True)
        assert len(sent) == MAX_LOGGED_ONCE + 100  # the repeat was dropped
        assert len(server._logged) == MAX_LOGGED_ONCE
    finally:
        server.stop_workers()


class _Analysed:
    """A type whose attributes an analysis looks up (as the interpreter's visitors are)."""


def test_giving_memory_back_drops_the_names_documents_left_in_caches() -> None:
    """A closed document's URI (``urlsplit``'s cache), an attribute name looked up on a type
    (the type attribute cache) and an import's qualified name (``apis.canonical``) outlived the
    document, each pinning the allocator's arena it was made in, so that closing hundreds of
    documents gave back half of what they took."""
    unique = uuid.uuid4().hex
    uri = f"file:///work/doc_{unique}.py"
    attribute = f"visit_{unique}"
    qualified = f"package_{unique}.helper"
    strings = (uri, attribute, qualified)
    alone = [sys.getrefcount(string) for string in strings]
    uri_to_path(uri)
    getattr(_Analysed, attribute, None)
    apis.canonical(qualified)
    cached = [sys.getrefcount(string) for string in strings]
    assert all(now > before for now, before in zip(cached, alone, strict=True)), (cached, alone)

    give_back_freed_memory()

    assert [sys.getrefcount(string) for string in strings] == alone
