"""Pull the error message, exception class, chain and frames out of pasted text.

Users paste anything from a bare exception class name to a full traceback: JAX's
"SimplifiedTraceback" or "FilteredStackTrace" preamble, chained exceptions ("The above exception
was the direct cause ...", "During handling ..."), IPython's and pytest's formats (``E   ``
prefixes), rich's boxed frames, lines a console wrapped mid-sentence, messages cut off where
the post was truncated.  The exception that ended the program is the last one of the chain;
the ones before it are its causes.

Two views of a message feed the matcher: ``flat`` (the lines joined, whitespace collapsed:
what console wrapping cannot change) and ``collapsed`` (long value printouts, such as a
``PyTreeDef(...)`` or a ``Traced<...>`` repr, replaced by a placeholder: what similarity
measures should see).
"""

from __future__ import annotations

import builtins
import re
from dataclasses import dataclass, field

_FRAME = re.compile(r'^\s*(?:File\s+)?"(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<fn>\S+))?')
_IPYTHON_FRAME = re.compile(
    r"^\s*\[?(?P<file>(?:[A-Za-z]:)?[^\s\[\]()]+\.py)\]?(?:\([^)]*\))?"
    r"(?::(?P<line>\d+))?,? in (?P<fn>[\w<>.]+)"
)
_EXCEPTION_LINE = re.compile(
    r"^(?:E\s{1,7})?(?P<cls>(?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*)(?::\s?(?P<msg>.*))?$"
)
_PYTEST_PREFIX = re.compile(r"^E\s{1,7}")
#: An IPython traceback header: ``ValueError            Traceback (most recent call last)``.
_IPYTHON_HEADER = re.compile(r"^(?P<cls>[A-Za-z_][\w.]*)\s+Traceback \(most recent call last\)")
_CHAIN = re.compile(
    r"^(?:The above exception was the direct cause of the following exception"
    r"|During handling of the above exception, another exception occurred)"
)
#: Lines that end a message: JAX's traceback banners, chain separators, a new traceback.
_MESSAGE_END = re.compile(
    r"^(?:-{10,}|The above exception was the direct cause|During handling of the above exception"
    r"|For simplicity, JAX has removed its internal frames|Traceback \(most recent call last\)"
    r"|The stack trace above excludes JAX-internal frames|The preceding stack trace is the source"
    r"|\S+\s+Traceback \(most recent call last\))"
)
#: Classes that wrap another exception's ``Class: message`` in their own message.
_WRAPPERS = frozenset(
    {"FilteredStackTrace", "UnfilteredStackTrace", "JaxStackTraceBeforeTransformation"}
)
#: JAX's own notice; never the error itself.
_NOTICES = frozenset({"SimplifiedTraceback"})
_JAX_SRC = re.compile(
    r"(?:^|/)(jax/_src/.+\.py|jax/experimental/.+\.py|jax/interpreters/.+\.py|jax/[^/]+\.py)$"
)
#: Paths of code the user did not write: the last frame outside these is the user's own.
_LIBRARY_PATH = re.compile(r"(?:site-packages|dist-packages|/lib/python\d|<frozen |\bjax/_src/)")
#: "jax 0.4.33", "jax==0.4.28", "jax: 0.4.33", "JAX Version:  0.5.2", "jax-0.8.2", "jax-v0.4.26".
_JAX_VERSION = re.compile(
    r"(?<![\w./-])jax(?:\s*(?:==|:|version:?|Version:?)\s*|-v?|\s+v?)"
    r"(?P<version>\d+\.\d+\.\d+(?:\.\d+)?)\b",
    re.IGNORECASE,
)
#: A link to JAX's error page: ``errors.html#jax.errors.TracerBoolConversionError``.
_ERROR_PAGE = re.compile(r"errors\.html#(?:jax\.errors\.)?(?P<cls>[A-Z]\w+)")
_SPACE = re.compile(r"\s+")
#: Where a long value printout starts: a name glued to a bracket, or a bare bracket.
_OPENERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
#: Printouts shorter than this stay (a shape like ``(3, 4)`` says something).
LONG_VALUE = 40
#: The placeholder a long printout becomes in ``collapsed``.
VALUE = "…"


@dataclass(frozen=True)
class Frame:
    """One frame of a traceback: file, line, function and (when printed) its source line."""

    path: str
    line: int
    function: str | None = None
    code: str | None = None

    @property
    def in_jax(self) -> str | None:
        """The path relative to the ``jax`` package root when the frame is in JAX."""
        found = _JAX_SRC.search(self.path.replace("\\", "/"))
        return found.group(1) if found else None

    @property
    def is_library(self) -> bool:
        return bool(_LIBRARY_PATH.search(self.path.replace("\\", "/")))


@dataclass(frozen=True)
class RaisedError:
    """One exception of a chain: its class (as printed) and message."""

    exception_class: str | None
    message: str

    @property
    def short_class(self) -> str | None:
        return self.exception_class.rsplit(".", 1)[-1] if self.exception_class else None


@dataclass(frozen=True)
class ErrorText:
    """What a pasted error says: the message to match, and the clues around it."""

    message: str
    exception_class: str | None = None
    #: Frames inside JAX, as (path relative to the ``jax`` package root, line).
    jax_frames: tuple[tuple[str, int], ...] = field(default=())
    #: Every frame, outermost first.
    frames: tuple[Frame, ...] = field(default=())
    #: The exceptions before the last one, innermost cause last (nearest the raised one).
    causes: tuple[RaisedError, ...] = field(default=())
    #: The JAX version the text names (a path, a ``pip`` line, a version printout), if any.
    jax_version: str | None = None
    #: True when the text is only an exception class name or a link to JAX's error page.
    bare_class: bool = False

    @property
    def short_class(self) -> str | None:
        return self.exception_class.rsplit(".", 1)[-1] if self.exception_class else None

    @property
    def flat(self) -> str:
        return flatten(self.message)

    @property
    def collapsed(self) -> str:
        return collapse_values(self.flat)

    @property
    def user_frame(self) -> Frame | None:
        """The last frame outside JAX and installed libraries: the user's own line."""
        for frame in reversed(self.frames):
            if not frame.is_library and not frame.path.startswith("<"):
                return frame
        return None

    def chain(self) -> list[RaisedError]:
        """The raised exception first, then its causes, nearest first."""
        return [RaisedError(self.exception_class, self.message), *reversed(self.causes)]


def flatten(message: str) -> str:
    """The message with its lines joined and whitespace collapsed (console wrapping undone)."""
    return _SPACE.sub(" ", message).strip()


def collapse_values(text: str) -> str:
    """``text`` with each bracketed printout longer than ``LONG_VALUE`` characters (and the
    name glued to it, as in ``PyTreeDef(...)``) replaced by ``VALUE``."""
    out: list[str] = []
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        closer = _OPENERS.get(char)
        if closer is None:
            out.append(char)
            index += 1
            continue
        end = _balanced_end(text, index, char, closer)
        if end is None or end - index < LONG_VALUE:
            out.append(char)
            index += 1
            continue
        # Drop the name glued to the bracket (``Traced``, ``ShapedArray``, ``PyTreeDef``).
        while out and (out[-1].isalnum() or out[-1] in "_."):
            out.pop()
        out.append(VALUE)
        index = end + 1
        # A printout made of several bracketed parts (``Traced<...>with<...>``) is one value.
        glued = re.match(r"\w+[(<\[{]", text[index:])
        if glued:
            opener = text[index + glued.end() - 1]
            tail = _balanced_end(text, index + glued.end() - 1, opener, _OPENERS[opener])
            if tail is not None:
                index = tail + 1
    return "".join(out)


def _balanced_end(text: str, start: int, opener: str, closer: str) -> int | None:
    depth = 0
    for position in range(start, min(len(text), start + 100_000)):
        char = text[position]
        if char == opener:
            depth += 1
        elif char == closer:
            depth -= 1
            if depth == 0:
                return position
    return None


def parse_error_text(text: str) -> ErrorText:
    """Find the raised exception's message, its causes and the frames in pasted text."""
    lines = [_PYTEST_PREFIX.sub("", line) for line in text.strip("\n").splitlines()]
    frames = _frames(lines)
    jax_frames = tuple((inside, f.line) for f in frames if (inside := f.in_jax) is not None)
    version = _jax_version(text)
    bare = _bare_class(text)
    if bare is not None:
        return ErrorText(bare, bare, jax_frames, frames, (), version, bare_class=True)
    blocks = _exception_blocks(lines)
    if not blocks:
        return ErrorText(text.strip(), None, jax_frames, frames, (), version)
    raised = blocks[-1]
    # A cut-off paste can end on a chained traceback's header with no message after it: the
    # last exception that says something is the one to explain.
    while len(blocks) > 1 and not raised.message:
        blocks.pop()
        raised = blocks[-1]
    causes = tuple(blocks[:-1])
    return ErrorText(raised.message, raised.exception_class, jax_frames, frames, causes, version)


def _bare_class(text: str) -> str | None:
    """``TracerBoolConversionError``, ``jax.errors.X`` or a link to JAX's error page alone."""
    stripped = text.strip().strip("`'\"")
    if "\n" in stripped or " " in stripped:
        return None
    page = _ERROR_PAGE.search(stripped)
    if page:
        return page.group("cls")
    matched = _EXCEPTION_LINE.match(stripped)
    if matched and matched.group("msg") is None and _is_exception_name(matched.group("cls")):
        return matched.group("cls")
    return None


def _exception_blocks(lines: list[str]) -> list[RaisedError]:
    """Every ``Class: message`` exception in the text, in order, each with its message lines;
    a wrapper's message is unwrapped to the exception it quotes."""
    blocks: list[RaisedError] = []
    index = 0
    in_traceback = False
    seen_header = any(
        "Traceback (most recent call last)" in line or _CHAIN.match(line) for line in lines
    )
    while index < len(lines):
        line = lines[index]
        if "Traceback (most recent call last)" in line:
            in_traceback = True
            index += 1
            continue
        start = _exception_start(line, in_traceback, seen_header)
        if start is None:
            index += 1
            continue
        exception_class, first = start
        body = [first]
        index += 1
        while index < len(lines):
            following = lines[index]
            if _MESSAGE_END.match(following.strip()) or _FRAME.match(following):
                break
            if "Traceback (most recent call last)" in following:
                break
            body.append(following)
            index += 1
        unwrapped_class, message = _unwrap(exception_class, "\n".join(body).strip())
        if unwrapped_class is not None and unwrapped_class.rsplit(".", 1)[-1] in _NOTICES:
            continue
        blocks.append(RaisedError(unwrapped_class, message))
        in_traceback = False
    return blocks


def _exception_start(line: str, in_traceback: bool, seen_header: bool) -> tuple[str, str] | None:
    """(class, first message line) when ``line`` starts an exception."""
    if _IPYTHON_HEADER.match(line.strip()):
        return None
    stripped = line.strip()
    candidates = [stripped]
    # A class after a prefix: "报错：ValueError: ...", "Fixes error: `ValueError: ...`",
    # "FAILED test.py::x - Exception: ...", "# TypeError: ...", "f(x)  # TypeError: ...",
    # and a built-in class typed in lower case in a title ("optax valueError: ...").
    for found in _PREFIXED_CLASS.finditer(stripped):
        name = found.group(1)
        if name.rsplit(".", 1)[-1][0].islower():
            name = name[0].upper() + name[1:]
            if name not in BUILTIN_CLASSES:
                continue
        rest = stripped[found.end(1) :]
        if stripped[found.start(1) - 1 : found.start(1)] == "`":
            # "`NameError: unbound axis name` when running the example": the quote ends it.
            rest = rest.split("`", 1)[0]
        candidates.append(name + rest)
    for candidate in candidates:
        matched = _EXCEPTION_LINE.match(candidate.rstrip("`"))
        if not matched or not _is_exception_name(matched.group("cls")):
            continue
        if matched.group("msg") is None and not (in_traceback or not seen_header):
            continue
        if line[:1].isspace() and not in_traceback and candidate is stripped and seen_header:
            # An indented "Class: msg" inside frames is code or a quoted value, not the error.
            continue
        return matched.group("cls"), (matched.group("msg") or "").rstrip("`")
    return None


#: An exception class after other text on its line (see ``_exception_start``).
_PREFIXED_CLASS = re.compile(
    r"(?:^|[\s`'\"(:：#\-])((?:[A-Za-z_][A-Za-z0-9_]*\.)*[A-Za-z][A-Za-z0-9_]*(?:Error|Exception|"
    r"Warning|Exit|Interrupt|StackTrace|Transformation))(?=:\s|:$)"
)
#: Python's own exception classes.
BUILTIN_CLASSES = frozenset(
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
)


def _unwrap(exception_class: str | None, message: str) -> tuple[str | None, str]:
    """``FilteredStackTrace: TypeError: msg`` is a TypeError; so is a repeated class prefix."""
    while exception_class and exception_class.rsplit(".", 1)[-1] in _WRAPPERS:
        inner = _EXCEPTION_LINE.match(message.split("\n", 1)[0])
        if not inner or inner.group("msg") is None or not _is_exception_name(inner.group("cls")):
            break
        rest = message.split("\n", 1)[1] if "\n" in message else ""
        exception_class = inner.group("cls")
        message = (inner.group("msg") + ("\n" + rest if rest else "")).strip()
    inner = _EXCEPTION_LINE.match(message.split("\n", 1)[0])
    if (
        exception_class
        and inner
        and inner.group("msg") is not None
        and _is_exception_name(inner.group("cls"))
        and exception_class.rsplit(".", 1)[-1] in {"Exception", "RuntimeError"}
        and inner.group("cls").rsplit(".", 1)[-1] not in {"Exception", "RuntimeError"}
        and "." in inner.group("cls")
    ):
        # "RuntimeError: jaxlib.xla_extension.XlaRuntimeError: ..." from a library re-raising.
        rest = message.split("\n", 1)[1] if "\n" in message else ""
        return inner.group("cls"), (inner.group("msg") + ("\n" + rest if rest else "")).strip()
    return exception_class, message


def _is_exception_name(name: str) -> bool:
    short = name.rsplit(".", 1)[-1]
    return short.endswith(
        ("Error", "Exception", "Warning", "Exit", "Interrupt", "StackTrace", "Transformation")
    ) or short in {"SimplifiedTraceback", "KeyboardInterrupt", "StopIteration"}


def _frames(lines: list[str]) -> tuple[Frame, ...]:
    found: list[Frame] = []
    for index, line in enumerate(lines):
        matched = _FRAME.match(line)
        if matched:
            code = lines[index + 1].strip() if index + 1 < len(lines) else None
            if code and (_FRAME.match(lines[index + 1]) or not lines[index + 1][:1].isspace()):
                code = None
            found.append(
                Frame(
                    matched.group("file"),
                    int(matched.group("line")),
                    matched.group("fn"),
                    code or None,
                )
            )
            continue
        ipython = _IPYTHON_FRAME.match(line)
        if ipython and ipython.group("line"):
            found.append(
                Frame(ipython.group("file"), int(ipython.group("line")), ipython.group("fn"))
            )
    return tuple(found)


def _jax_version(text: str) -> str | None:
    versions = [m.group("version") for m in _JAX_VERSION.finditer(text)]
    return versions[0] if versions else None
