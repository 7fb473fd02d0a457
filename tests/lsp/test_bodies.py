"""Message bodies decoded while they arrive (``jaxlsp.lsp.bodies``) and their path through stdin.

Whatever the pieces a body arrives in, the message must be exactly what
``json.loads(body, object_hook=hook)`` gives (pygls's decoding), with the same hook calls in the
same order, and a body that does not parse must fail as json fails.  A big one must be decoded
as its pieces come, not once the last one is in.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from jaxlsp.lsp.bodies import LONG_STRING, MOST_STRINGS, Body, BodyDecoder
from jaxlsp.lsp.stdio import (
    STREAMED_BODY_BYTES,
    HeaderTolerantStdin,
    MessageReader,
    StdinBuffer,
    read_messages,
)
from tests.lsp._stdin import Recorder, posix_only, until

#: Text with what a JSON string escapes or spells in several ways: quotes, backslashes, control
#: characters, a slash, non-ASCII of 2, 3 and 4 UTF-8 bytes (an astral one: a surrogate pair
#: when escaped), and a lone surrogate.
AWKWARD = 'a "quoted" \\path\\ /x\ttab\r\nline é € 😀 \ud800 end\n'


def _did_open(text: str, *, ascii_only: bool = False) -> bytes:
    message = {
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": {
            "textDocument": {
                "uri": "file:///big.py",
                "languageId": "python",
                "version": 1,
                "text": text,
            }
        },
    }
    return json.dumps(message, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


def _decoded(load: Callable[[Callable[[dict[str, Any]], Any]], Any]) -> tuple[Any, ...]:
    """What a decoding gives, and every object_hook call it made, in order."""
    calls: list[dict[str, Any]] = []

    def hook(data: dict[str, Any]) -> Any:
        calls.append(dict(data))
        return ("hooked", len(calls), data)

    try:
        return ("message", load(hook), calls)
    except ValueError as error:
        return ("error", type(error), str(error), calls)


def _fed(body: bytes, pieces: Iterator[int] | list[int]) -> tuple[BodyDecoder, Body]:
    decoder = BodyDecoder()
    at = 0
    sizes = iter(pieces)
    while at < len(body):
        size = next(sizes, len(body))
        decoder.feed(body[at : at + size])
        at += size
    return decoder, decoder.finish()


def _same_as_json(body: bytes, decoded: Body) -> None:
    expected = _decoded(lambda hook: json.loads(body, object_hook=hook))
    assert _decoded(decoded.decode) == expected


@pytest.mark.parametrize("ascii_only", [False, True], ids=["utf-8", "escaped"])
def test_every_split_of_a_body_decodes_as_json_does(ascii_only: bool) -> None:
    """Cut in two and three at every byte: inside escapes, between the two halves of a
    surrogate pair, inside a UTF-8 sequence, in the envelope around the text."""
    body = _did_open("x" * LONG_STRING + AWKWARD * 3, ascii_only=ascii_only)
    for cut in range(1, len(body)):
        for third in (1, 5):
            decoder, decoded = _fed(body, [cut, third])
            assert decoder.decoded_whole is None, (cut, decoder.decoded_whole)
            assert decoded.strings and len(decoded.skeleton) < 200
            _same_as_json(body, decoded)


def test_random_bodies_and_pieces_decode_as_json_does() -> None:
    rng = random.Random(19)
    alphabet = [*AWKWARD, "x" * 40, "NaN", "\x01"]
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.choice([5, 3000, 20_000])))
        body = _did_open(text, ascii_only=rng.random() < 0.5)
        damage = rng.random()
        if damage < 0.1:
            body = body[: -rng.randint(1, 40)]
        elif damage < 0.2:
            at = rng.randrange(len(body))
            body = body[:at] + bytes([rng.randrange(256)]) + body[at + 1 :]
        _decoder, decoded = _fed(body, iter(lambda: rng.choice([1, 3, 7, 100, 65536]), None))
        _same_as_json(body, decoded)


def test_a_big_text_is_decoded_as_it_arrives() -> None:
    text = "def f(x):\n    return \"a\\\\b\" + 'é' * x  # 😀\n" * 40_000
    body = _did_open(text)
    decoder = BodyDecoder()
    for at in range(0, len(body), 65536):
        decoder.feed(body[at : at + 65536])
        assert decoder.undecoded < 2048  # all but the end of what arrived is decoded
    decoded = decoder.finish()
    assert decoder.decoded_whole is None
    assert decoded.strings == (text,)
    _same_as_json(body, decoded)


def test_a_text_dense_with_escapes_waits_for_its_end_and_is_still_right() -> None:
    text = "\u00e9\n" * 30_000  # escaped: a backslash every few bytes, never 6 bytes without
    body = _did_open(text, ascii_only=True)
    decoder, decoded = _fed(body, [65536] * 10)
    assert decoder.decoded_whole is None
    assert decoded.strings == (text,)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b'{"a": "' + b"x" * 70_000, "does not end"),
        (b'{"a": "' + b"x" * 70_000 + b'"', "does not parse"),
        (b'{"a": "' + b"x" * 70_000 + b'"}}', "does not parse"),
        (b'{"' + b"k" * 70_000 + b'": 1}', "does not parse"),  # a long key
        (b'{"a": NaN, "b": "' + b"x" * 70_000 + b'"}', "NaN"),
        (b'{"a": Infinity, "b": "' + b"x" * 70_000 + b'"}', "NaN"),
        (b'{"a": "NaN", "b": "' + b"x" * 70_000 + b'"}', "NaN"),
        (b'{"a": "' + b"x" * 70_000 + b'\x01"}', "control character"),
        (b'{"a": "' + b"x" * 70_000 + b'\\q"}', "escape"),
        (b'{"a": "' + b"x" * 70_000 + b'\xff"}', "utf-8"),
        (b' {"a": "' + b"x" * 70_000 + b'"}', "start with"),
        ("{}".encode("utf-16-le") + b"\x00" * 70_000, "start with"),
        (b"\xef\xbb\xbf" + b'{"a": "' + b"x" * 70_000 + b'"}', "start with"),
        (b'{"a": [' + b'"s",' * (MOST_STRINGS + 1) + b'"' + b"x" * 70_000 + b'"]}', "strings"),
        (b'{"a": [' + b"1," * 40_000 + b'"' + b"x" * 70_000 + b'"]}', "skeleton"),
    ],
    ids=[
        "truncated-in-text",
        "truncated",
        "extra-brace",
        "long-key",
        "own-nan",
        "own-infinity",
        "nan-text",
        "control-character",
        "bad-escape",
        "not-utf-8",
        "leading-space",
        "utf-16",
        "byte-order-mark",
        "many-strings",
        "big-skeleton",
    ],
)
def test_a_body_not_of_the_expected_shape_is_decoded_whole_by_json(body: bytes, why: str) -> None:
    decoder, decoded = _fed(body, [1000] * 200)
    assert decoder.decoded_whole is not None and why.lower() in decoder.decoded_whole.lower()
    assert decoded.whole == body
    _same_as_json(body, decoded)


def test_a_small_body_and_an_empty_one() -> None:
    small = b'{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}'
    decoder, decoded = _fed(small, [3] * 100)
    assert decoder.decoded_whole is None and decoded.strings == ()
    _same_as_json(small, decoded)
    assert not BodyDecoder().finish()  # nothing came: the end of the stream


# ------------------------------------------------------------------------------- over stdin


@posix_only
def test_the_buffer_hands_a_body_on_in_the_pieces_that_arrived(
    pipe: tuple[StdinBuffer, int],
) -> None:
    owned, write_end = pipe
    os.write(write_end, b"first")
    pieces = owned.read_pieces(12)
    assert next(pieces) == b"first"  # without waiting for the rest
    os.write(write_end, b" second" + b"next message")
    assert list(pieces) == [b" second"]  # only the body's bytes
    assert owned.read(12) == b"next message"


@posix_only
def test_a_body_is_decoded_while_its_writer_is_still_writing(
    pipe: tuple[StdinBuffer, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer gives the second half only once the first is decoded: read whole, the body
    would never complete."""
    owned, write_end = pipe
    body = _did_open(AWKWARD * 20_000)
    half = len(body) // 2
    decoded_half = threading.Event()
    real_feed = BodyDecoder.feed
    fed = [0]

    def feed(decoder: BodyDecoder, piece: bytes) -> None:
        real_feed(decoder, piece)
        fed[0] += len(piece)
        if fed[0] >= half and decoder.undecoded < 2048:
            decoded_half.set()

    def write() -> None:
        os.write(write_end, b"Content-Length: %d\r\n\r\n" % len(body) + body[:half])
        if decoded_half.wait(10):
            os.write(write_end, body[half:])

    monkeypatch.setattr(BodyDecoder, "feed", feed)
    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    stdin = HeaderTolerantStdin(owned)
    assert stdin.readline() == b"Content-Length: %d\r\n" % len(body)
    assert stdin.readline() == b"\r\n"
    decoded = stdin.read_body(len(body))
    writer.join(10)
    assert decoded_half.is_set() and decoded.whole is None
    _same_as_json(body, decoded)


class TaggingRecorder(Recorder):
    """A recorder whose hook marks what it structured, so the hook calls can be compared."""

    def structure_message(self, data: Any) -> Any:
        return ("structured", data) if "jsonrpc" in data else data


@posix_only
async def test_the_message_loop_hands_big_and_small_messages_on_in_order(
    pipe: tuple[StdinBuffer, int],
) -> None:
    owned, write_end = pipe
    protocol = TaggingRecorder()
    stop = threading.Event()
    reader = MessageReader(HeaderTolerantStdin(owned), owned, None)
    loop = asyncio.create_task(read_messages(stop, reader, protocol, protocol.failed))
    big = _did_open(AWKWARD * 5_000)
    broken = b'{"jsonrpc": "2.0", "method": "x", "params": "' + b"y" * STREAMED_BODY_BYTES
    small = b'{"jsonrpc": "2.0", "id": 7, "method": "shutdown"}'
    stream = b"".join(b"Content-Length: %d\r\n\r\n" % len(b) + b for b in (big, broken, small))
    writer = threading.Thread(target=os.write, args=(write_end, stream), daemon=True)
    writer.start()
    await until(lambda: len(protocol.handled) == 2, timeout=10.0)
    assert protocol.handled == [
        json.loads(big, object_hook=protocol.structure_message),
        json.loads(small, object_hook=protocol.structure_message),
    ]
    [error] = protocol.errors  # the broken one is json's error, and the stream goes on
    assert isinstance(error, json.JSONDecodeError)
    with owned.paused() as unread:
        assert unread == b""
    stop.set()
    os.write(write_end, b"Content-Length: 2\r\n\r\n{}")
    await asyncio.wait_for(loop, 5)
