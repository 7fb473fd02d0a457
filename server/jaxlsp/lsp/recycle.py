"""Recycling the server process in place, once closing documents left it much too big.

The engine releases what closed documents held, and ``jaxlsp.lsp.memory`` gives back what the
allocators let go, but CPython's small-object allocator keeps every 1 MiB arena in which one
object survives (above all the identifiers ``ast.parse`` interns, which are never freed): after
hundreds of documents are opened and closed, the process stays several times the size of a
fresh one.  Only a new process gives that back, so the server re-executes itself
(``os.execv`` of the same interpreter and arguments): same process id, same stdin and stdout,
all memory fresh.  The client notices nothing but its open documents' diagnostics, published
again with the same content.

- **When** (``MemoryPolicy``, ``Recycler``): a while after the last ``didClose``, when the
  resident size is over ``recycleRatio`` times, and ``recycleMinMiB`` more than, what a fresh
  server holding the open documents would be: the size measured after the handshake plus an
  allowance per open line.  Editing never triggers it, only closing.
- **Where**: at a safe point only (``JaxlspServer.busy_with``): between two messages, nothing
  being handled, no answer awaited from the client, no analysis queued or running, no notebook
  open, no document whose text does not parse (its last good version would not be carried);
  and with the stdin reader held still at a message boundary, so the bytes it read and did not
  hand on are known exactly (``jaxlsp.lsp.stdio.StdinBuffer``).  Otherwise it tries again.
- **What is carried** (``State``, a JSON file named on the new command line): the client's
  ``initialize`` params as received (with the current workspace folders), whether
  ``initialized`` came, the settings received, the open documents, the unread stdin bytes, the
  messages already shown once and the size measured after the first handshake.  The log level
  is on the command line already.
- **The new process** (``Recycler.restore``) replays ``initialize`` with its answer kept from
  the client, does not ask for the settings or register the file watcher again, matches the
  records to the user's JAX, reopens the documents as ``didOpen`` does, then reads stdin,
  the carried bytes first.

If the state cannot be written or the exec fails, the old process logs it and goes on (and
does not try again).  If the new process cannot read the state, the session's documents are
lost to it: it still serves (every request is answered, for the documents it does not have
with an empty answer, as for any unknown document), and shows an error asking the user to
restart the server, which makes the client send everything again.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import sys
import tempfile
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from lsprotocol import types

from jaxlsp.lsp.handlers import did_open
from jaxlsp.lsp.server import JaxlspProtocol, JaxlspServer

logger = logging.getLogger("jaxlsp.lsp")

MIB = 1024 * 1024
#: What a fresh server holds per line of an open document (its analysis, summaries and
#: diagnostics), rounded up from a fresh server with one generated 20,000-line file open.
LINE_ALLOWANCE_BYTES = 6 * 1024
#: How long after the last ``didClose`` the size is judged (a burst of closes judged once,
#: after ``RELEASE_DELAY_S`` released what they held).
IDLE_AFTER_CLOSE_S = 1.5
#: How long to wait before trying again when the server was not at a safe point.
RETRY_S = 0.5
#: After this long without a safe point, wait for the next ``didClose``.
GIVE_UP_AFTER_S = 300.0
#: How long the new process waits for the records to be matched to the user's JAX before it
#: reopens the documents (they are analysed with the same records as before).
SELECT_JAX_TIMEOUT_S = 30.0
#: Bumped when ``State`` changes shape.
STATE_FORMAT = 1
#: How a state file's name begins (only such a file is removed once read).
STATE_PREFIX = "jaxlsp-recycle-"


def current_rss() -> int | None:
    """This process's resident size in bytes (Linux), else None."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
        return int(fields[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


@dataclass(frozen=True)
class MemoryPolicy:
    """Whether the process is much bigger than a fresh one holding the open documents."""

    #: The resident size after the first handshake, before any document was opened.
    base_rss: int
    per_line: int = LINE_ALLOWANCE_BYTES
    #: What a new process holding its documents measured over the estimate (``calibrated``).
    offset: int = 0

    def fresh_rss(self, open_lines: int) -> int:
        """The estimated size of a fresh server holding ``open_lines`` lines of documents."""
        return self.base_rss + self.offset + self.per_line * open_lines

    def too_big(self, rss: int, open_lines: int, *, ratio: float, min_excess: int) -> bool:
        fresh = self.fresh_rss(open_lines)
        return rss > fresh * ratio and rss - fresh > min_excess

    def calibrated(self, rss: int, open_lines: int) -> MemoryPolicy:
        """This policy, told that a fresh process holding ``open_lines`` measured ``rss``: the
        estimate never again says less, so a new process is not judged too big for what it
        holds (and recycled in a loop)."""
        shortfall = rss - (self.base_rss + self.per_line * open_lines)
        return replace(self, offset=max(0, shortfall))


@dataclass(frozen=True)
class OpenDocument:
    uri: str
    language_id: str
    version: int
    text: str


@dataclass(frozen=True)
class State:
    """What a recycled process carries to its successor (JSON, in a file)."""

    #: The params of the client's ``initialize`` as received, with the current folders.
    initialize: dict[str, Any]
    initialized: bool
    #: The settings received, by scope (a workspace folder's URI, None for the global ones).
    settings: list[tuple[str | None, Any]]
    documents: list[OpenDocument]
    #: Open documents that are not Python (changes to them are ignored without a warning).
    ignored: list[str]
    #: Messages shown once (for the server's life, and until the configuration changes).
    shown_once: list[str]
    shown_config_problems: list[str]
    #: Bytes read from stdin and not yet handed to pygls.
    stdin: bytes
    base_rss: int
    offset: int = 0
    #: How many times the session's process was recycled, this one included.
    recycles: int = 1
    format: int = field(default=STATE_FORMAT)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["stdin"] = base64.b64encode(self.stdin).decode("ascii")
        return data

    @classmethod
    def from_json(cls, data: Any) -> State:
        """The state in ``data``; ValueError (saying what is wrong) when it is not one."""
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise ValueError("not a recycled server's state of this version")
        try:
            return cls(
                initialize=_typed(data["initialize"], dict),
                initialized=_typed(data["initialized"], bool),
                settings=[(_scope(scope), raw) for scope, raw in data["settings"]],
                documents=[
                    OpenDocument(
                        _typed(d["uri"], str),
                        _typed(d["language_id"], str),
                        _typed(d["version"], int),
                        _typed(d["text"], str),
                    )
                    for d in data["documents"]
                ],
                ignored=[_typed(uri, str) for uri in data["ignored"]],
                shown_once=[_typed(m, str) for m in data["shown_once"]],
                shown_config_problems=[_typed(m, str) for m in data["shown_config_problems"]],
                stdin=base64.b64decode(_typed(data["stdin"], str), validate=True),
                base_rss=_typed(data["base_rss"], int),
                offset=_typed(data["offset"], int),
                recycles=_typed(data["recycles"], int),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"a malformed state: {error!r}") from None


def _scope(value: Any) -> str | None:
    return None if value is None else _typed(value, str)


def _typed(value: Any, kind: type) -> Any:
    if not isinstance(value, kind):
        raise TypeError(f"expected {kind.__name__}, got {value!r:.80}")
    return value


def write_state(state: State) -> Path:
    """Write ``state`` to a new private temporary file and return its path."""
    fd, name = tempfile.mkstemp(prefix=STATE_PREFIX, suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            json.dump(state.to_json(), stream)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(name).unlink()
        raise
    return Path(name)


def read_state(path: Path) -> State | str:
    """The state at ``path``, or why it could not be read.  The file is removed (when it is
    named like one ``write_state`` makes: ``--restore`` given another file by hand keeps it)."""
    try:
        try:
            text = path.read_text(encoding="utf-8")
        finally:
            if path.name.startswith(STATE_PREFIX) and path.suffix == ".json":
                with contextlib.suppress(OSError):
                    path.unlink()
        return State.from_json(json.loads(text))
    except (OSError, ValueError) as error:
        return f"could not read the state {path} a recycled server left: {error}"


def restart_argv(state: Path, orig_argv: Sequence[str] | None = None) -> list[str]:
    """The command this process was started with (interpreter options included), told to
    restore ``state`` (instead of an earlier one)."""
    args = list(sys.orig_argv if orig_argv is None else orig_argv)[1:]
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--restore":
            skip = True
        elif not arg.startswith("--restore="):
            kept.append(arg)
    return [sys.executable, *kept, "--restore", str(state)]


class PausableReader(Protocol):
    """The stdin reader as the recycler sees it (``jaxlsp.lsp.stdio.StdinBuffer``)."""

    def paused(self) -> AbstractContextManager[bytes | None]: ...


class Recycler:
    """Watches the server's size after closes, and re-executes the process when it should."""

    def __init__(
        self, server: JaxlspServer, stdin: PausableReader, carried: State | str | None = None
    ) -> None:
        self._server = server
        self._stdin = stdin
        self._carried = carried
        self.policy: MemoryPolicy | None = None
        self._recycles = 0
        if isinstance(carried, State):
            self.policy = MemoryPolicy(carried.base_rss, offset=carried.offset)
            self._recycles = carried.recycles
        #: Why this process will not recycle (set after a failure).
        self._disabled: str | None = "the state was lost" if isinstance(carried, str) else None
        self._timer: asyncio.TimerHandle | None = None
        self._first_try: float | None = None

    # ---------------------------------------------------------------- when

    def started(self) -> None:
        if self.policy is None and (rss := current_rss()) is not None:
            self.policy = MemoryPolicy(rss)

    def documents_closed(self) -> None:
        loop = asyncio.get_running_loop()
        if self._timer is not None:
            self._timer.cancel()
        self._first_try = loop.time() + IDLE_AFTER_CLOSE_S
        self._timer = loop.call_later(IDLE_AFTER_CLOSE_S, self.attempt)

    def too_big(self) -> str | None:
        """Why the process should be recycled now (its size against a fresh one's), if so."""
        settings = self._server.global_settings()
        if self._disabled is not None or not settings.recycle or self.policy is None:
            return None
        if getattr(self._server.protocol, "_shutdown", False):
            return None  # the client is ending the session: never, not later
        rss = current_rss()
        if rss is None:
            return None
        documents = list(self._server.documents)
        lines = sum(document.text.count("\n") + 1 for document in documents)
        min_excess = int(settings.recycle_min_mib * MIB)
        if not self.policy.too_big(rss, lines, ratio=settings.recycle_ratio, min_excess=min_excess):
            return None
        fresh = self.policy.fresh_rss(lines)
        return (
            f"RSS {rss / MIB:.1f} MiB, while a fresh server holding the {len(documents)} open "
            f"document(s) ({lines:,} lines) would be about {fresh / MIB:.1f} MiB"
        )

    def attempt(self) -> None:
        """Recycle if the process is too big and at a safe point; try again later if it is
        not at one."""
        self._timer = None
        why = self.too_big()
        if why is None:
            return
        busy = self._server.busy_with()
        if busy is None:
            with self._stdin.paused() as unread:
                if unread is not None:
                    self._recycle(why, unread)  # returns only when it failed
                    return
                busy = "a message is being read"
        loop = asyncio.get_running_loop()
        if self._first_try is not None and loop.time() - self._first_try > GIVE_UP_AFTER_S:
            logger.info("not recycled: %s since %.0f s", busy, GIVE_UP_AFTER_S)
            return
        logger.debug("recycle put off: %s", busy)
        self._timer = loop.call_later(RETRY_S, self.attempt)

    # ---------------------------------------------------------------- how

    def state(self, unread: bytes) -> State:
        """The session as it stands (the server idle, the reader held at a boundary)."""
        server = self._server
        protocol = server.protocol
        assert isinstance(protocol, JaxlspProtocol)
        if protocol.raw_initialize is None or self.policy is None:
            raise ValueError("the client has not initialized the server")
        folders = [{"uri": f.uri, "name": f.name} for f in server.workspace_folders()]
        initialize = {**protocol.raw_initialize, "workspaceFolders": folders or None}
        return State(
            initialize=initialize,
            initialized=server.client_initialized,
            settings=list(server.raw_settings.items()),
            documents=[
                OpenDocument(d.uri, d.language_id, d.version, d.text) for d in server.documents
            ],
            ignored=sorted(server.documents.ignored),
            shown_once=sorted(server.shown_once),
            shown_config_problems=sorted(server.shown_config_problems),
            stdin=unread,
            base_rss=self.policy.base_rss,
            offset=self.policy.offset,
            recycles=self._recycles + 1,
        )

    def _recycle(self, why: str, unread: bytes) -> None:
        server = self._server
        try:
            path = write_state(self.state(unread))
        except Exception as error:
            self._give_up(f"could not save the session to recycle the process ({error!r})")
            return
        argv = restart_argv(path)
        server.log(
            types.MessageType.Info,
            f"jaxlsp: recycling the server process to give memory back: {why}",
        )
        _flush_everything()
        try:
            os.execv(argv[0], argv)
        except OSError as error:
            with contextlib.suppress(OSError):
                path.unlink()
            self._give_up(f"could not re-execute {argv[0]} ({error!r})")

    def _give_up(self, reason: str) -> None:
        self._disabled = reason
        self._server.log(types.MessageType.Warning, f"jaxlsp: {reason}; going on in this process")

    # ---------------------------------------------------------------- the new process

    async def restore(self) -> None:
        """Take up the session a recycled process left (before the first message is read)."""
        carried, self._carried = self._carried, None
        if isinstance(carried, State):
            try:
                await self._restore(carried)
            except Exception as error:
                self._server.log_exception("restoring the recycled server's session", error)
                carried = f"restoring it failed ({error!r})"
        if isinstance(carried, str):
            self._disabled = carried
            self._server.scheduler.settings_ready.set()  # the defaults: analyse what comes
            message = (
                f"jaxlsp restarted its process to give memory back but lost the session: "
                f"{carried}. Restart the language server so that your editor sends its "
                "open files again."
            )
            self._server.log(types.MessageType.Error, message)
            self._server.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Error, message=message)
            )

    async def _restore(self, carried: State) -> None:
        server = self._server
        protocol = server.protocol
        assert isinstance(protocol, JaxlspProtocol)
        request_id = f"jaxlsp-recycled-{carried.recycles}"
        answered = protocol.answer_silently(request_id)
        protocol.handle_message(
            protocol.structure_message(
                {
                    "jsonrpc": "2.0",
                    "id": request_id,
                    "method": types.INITIALIZE,
                    "params": carried.initialize,
                }
            )
        )
        await answered
        for scope, raw in carried.settings:
            server.set_settings(scope, raw)
        server.documents.ignored.update(carried.ignored)
        server.shown_once.update(carried.shown_once)
        server.shown_config_problems.update(carried.shown_config_problems)
        if carried.initialized:
            server.client_initialized = True
            server.scheduler.settings_ready.set()
            try:
                await asyncio.wait_for(server.select_jax(), SELECT_JAX_TIMEOUT_S)
            except Exception as error:  # the shipped records, as a fresh server has
                server.log_exception("finding the project's JAX after a recycle", error)
        for document in carried.documents:
            item = types.TextDocumentItem(
                uri=document.uri,
                language_id=document.language_id,
                version=document.version,
                text=document.text,
            )
            await did_open(server, types.DidOpenTextDocumentParams(text_document=item))
        server.in_background(self._report_restored(), "reporting the recycled process")

    async def _report_restored(self) -> None:
        """Once the reopened documents are analysed: log the size, and never judge this
        process too big for what it holds now."""
        documents = list(self._server.documents)
        pushes = [d.push for d in documents if d.push is not None]
        await asyncio.gather(*pushes, return_exceptions=True)
        rss = current_rss()
        lines = sum(document.text.count("\n") + 1 for document in documents)
        if rss is not None and self.policy is not None:
            self.policy = self.policy.calibrated(rss, lines)
        size = f"{rss / MIB:.1f} MiB" if rss is not None else "unknown"
        self._server.log(
            types.MessageType.Info,
            f"jaxlsp: recycled the server process (time {self._recycles} of this session): "
            f"RSS {size} with the {len(documents)} open document(s) reopened",
        )


def _flush_everything() -> None:
    """What the process wrote goes out before ``exec`` replaces it."""
    for handler in logging.getLogger().handlers:
        with contextlib.suppress(Exception):
            handler.flush()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


__all__ = [
    "IDLE_AFTER_CLOSE_S",
    "LINE_ALLOWANCE_BYTES",
    "MemoryPolicy",
    "OpenDocument",
    "Recycler",
    "State",
    "current_rss",
    "read_state",
    "restart_argv",
    "write_state",
]
