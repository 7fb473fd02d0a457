"""Pull the error message, exception class and frames out of pasted text.

Users paste anything from a bare message to a full JAX traceback (with JAX's
"SimplifiedTraceback" preamble, chained exceptions, or pytest's ``E   `` prefixes).  The last
exception in the text is the one that was raised; its message may span several lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')
_EXCEPTION_LINE = re.compile(
    r"^(?:E\s{1,4})?(?P<cls>(?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*)(?::\s?(?P<msg>.*))?$"
)
_PYTEST_PREFIX = re.compile(r"^E\s{1,4}")
#: Lines that end a message: JAX's traceback banner and chained-exception separators.
_MESSAGE_END = re.compile(
    r"^(?:-{10,}|The above exception was the direct cause|During handling of the above exception"
    r"|For simplicity, JAX has removed its internal frames|Traceback \(most recent call last\))"
)
_JAX_SRC = re.compile(r"(?:^|/)(jax/_src/.+\.py|jax/experimental/.+\.py|jax/[^/]+\.py)$")


@dataclass(frozen=True)
class ErrorText:
    """What a pasted error says: the message to match, and the clues around it."""

    message: str
    exception_class: str | None = None
    #: Frames inside JAX, as (path relative to the ``jax`` package root, line).
    jax_frames: tuple[tuple[str, int], ...] = field(default=())

    @property
    def short_class(self) -> str | None:
        return self.exception_class.rsplit(".", 1)[-1] if self.exception_class else None


def parse_error_text(text: str) -> ErrorText:
    """Find the raised exception's message in a message or a traceback."""
    lines = text.strip("\n").splitlines()
    frames = _jax_frames(lines)
    is_traceback = any("Traceback (most recent call last)" in line for line in lines) or bool(
        frames
    )
    start = _last_exception_line(lines) if is_traceback or _looks_prefixed(lines) else None
    if start is None:
        # A bare message, perhaps with its class in front ("TypeError: ...").
        first = _EXCEPTION_LINE.match(lines[0]) if lines else None
        if first and first.group("msg") is not None and _is_exception_name(first.group("cls")):
            body = [first.group("msg"), *lines[1:]]
            return ErrorText(_join(body), first.group("cls"), frames)
        return ErrorText(text.strip(), None, frames)
    matched = _EXCEPTION_LINE.match(lines[start])
    assert matched is not None
    body = [matched.group("msg") or ""]
    for line in lines[start + 1 :]:
        if _MESSAGE_END.match(_PYTEST_PREFIX.sub("", line)) or _FRAME.match(line):
            break
        body.append(_PYTEST_PREFIX.sub("", line))
    return ErrorText(_join(body), matched.group("cls"), frames)


def _join(lines: list[str]) -> str:
    return "\n".join(lines).strip()


def _looks_prefixed(lines: list[str]) -> bool:
    return any(_PYTEST_PREFIX.match(line) for line in lines)


def _is_exception_name(name: str) -> bool:
    short = name.rsplit(".", 1)[-1]
    return short.endswith(("Error", "Exception", "Warning", "Exit", "Interrupt")) or short in {
        "SimplifiedTraceback",
        "KeyboardInterrupt",
        "StopIteration",
    }


def _last_exception_line(lines: list[str]) -> int | None:
    """Index of the raised exception's ``SomeError: message`` line, skipping JAX's banner.

    After the last ``Traceback (most recent call last):`` header, the frames are indented and the
    first unindented line is the exception; lines after it belong to its message, even one that
    itself reads like ``TypeError: ...`` (JAX quotes inner errors that way).  Without a header
    (pytest's ``E`` lines), the last exception-looking line wins.
    """
    headers = [i for i, line in enumerate(lines) if line.startswith("Traceback (most recent call")]
    if headers:
        for index in range(headers[-1] + 1, len(lines)):
            line = lines[index]
            if not line.strip() or line[:1].isspace():
                continue
            matched = _EXCEPTION_LINE.match(line)
            if matched and _is_exception_name(matched.group("cls")):
                return index
            break
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if line[:1].isspace():
            continue
        matched = _EXCEPTION_LINE.match(line)
        if (
            matched
            and _is_exception_name(matched.group("cls"))
            and not matched.group("cls").endswith("SimplifiedTraceback")
        ):
            return index
    return None


def _jax_frames(lines: list[str]) -> tuple[tuple[str, int], ...]:
    frames = []
    for line in lines:
        matched = _FRAME.match(line)
        if not matched:
            continue
        path = matched.group("file").replace("\\", "/")
        inside = _JAX_SRC.search(path)
        if inside:
            frames.append((inside.group(1), int(matched.group("line"))))
    return tuple(frames)
