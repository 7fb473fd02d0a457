"""The server recycles its process in place over stdio, and the client notices nothing.

The real ``python -m jaxlsp serve`` under pytest-lsp, with thresholds low enough that closing a
batch of documents makes it re-execute itself (``jaxlsp.lsp.recycle``): hovers sent in a burst
around that moment are all answered as before, the document left open keeps its diagnostics and
takes further edits, and shutdown and exit still end the process with code 0.  The byte-level
handover (a message cut in two across the recycle) is in ``tests/reliability``.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from bench.generate import generate
from lsprotocol import types

from tests.lsp._session import SYMBOLIC_ZEROS, position_of, session

DOCUMENTS = 15
RECYCLE_NOW = {"recycleRatio": 1, "recycleMinMiB": 0}
REPRODUCER = Path(__file__).parents[1] / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="recycles only on Linux")


def _logged(messages: list[types.LogMessageParams], text: str) -> list[str]:
    return [m.message for m in messages if text in m.message]


async def test_closing_documents_recycles_the_process_and_the_session_goes_on(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    async with session(folders=[tmp_path], settings=RECYCLE_NOW) as s:
        client = s.client
        process = client._server
        assert process is not None
        text = REPRODUCER.read_text(encoding="utf-8")
        kept = s.open(tmp_path / "kept.py", text)
        before = await client.diagnostics_for(kept, 1)
        assert [d.code for d in before] == [SYMBOLIC_ZEROS]
        where = position_of(text, "shard_map(", offset=2)
        hover = await s.hover(kept, where.line, where.character)
        assert hover is not None
        opened = [
            s.open(tmp_path / f"doc_{n:02d}.py", generate(350, seed=300 + n))
            for n in range(DOCUMENTS)
        ]
        for uri in opened:
            await client.diagnostics_for(uri, 1)
        published_before = len([p for p in client.published if p.uri == kept])
        for uri in opened:
            client.text_document_did_close(
                types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri))
            )

        # Hovers in a burst from the closes until well after the new process took over.
        answers: list[types.Hover | None] = []

        async def burst() -> None:
            after_recycle = 0
            while after_recycle < 10:
                three = [s.hover(kept, where.line, where.character) for _ in range(3)]
                answers.extend(await asyncio.gather(*three))
                if _logged(client.log_messages, "recycled the server process"):
                    after_recycle += 1
                await asyncio.sleep(0.01)

        await asyncio.wait_for(burst(), 120)
        assert process.returncode is None and client._server is process  # the same process
        assert len(_logged(client.log_messages, "recycling the server process")) == 1
        assert len(_logged(client.log_messages, "recycled the server process")) == 1
        assert len(answers) > 30
        assert all(answer == hover for answer in answers)

        # The document left open: its diagnostics published again, the same; edits still apply.
        await client.until(
            lambda: len([p for p in client.published if p.uri == kept]) > published_before
        )
        assert await client.diagnostics_for(kept, 1) == before
        assert list([p.diagnostics for p in client.published if p.uri == kept][-1]) == before
        line = len(text.splitlines())
        end = types.Position(line=line, character=0)
        version = s.change(kept, types.Range(start=end, end=end), "\n# edited after a recycle\n")
        after_edit = await client.diagnostics_for(kept, version)
        assert [d.code for d in after_edit] == [SYMBOLIC_ZEROS]
        assert after_edit[0].range == before[0].range
        # Settings came across: the closed documents' cleared diagnostics are not re-sent, and
        # the file watcher was registered once (not again by the new process).
        assert len([r for r in client.registrations if r.id == "jaxlsp-pyproject"]) == 1
        assert client.messages == []  # nothing shown to the user
    assert process.returncode == 0
