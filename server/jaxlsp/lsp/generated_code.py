"""The code that ``dataclasses``, ``attrs`` and ``cattrs`` generate while the server starts,
compiled once and kept between starts, as Python keeps a module's bytecode in ``__pycache__``.

Those libraries write the methods of each class they make (``__init__``, ``__eq__``,
``__repr__``, a frozen class's ``__setattr__``..., cattrs's converters) as source text and
compile it at import: lsprotocol's ~550 attrs classes (~125 ms of CPU at each start, half of
its import), jaxlsp's ~200 dataclasses (~1,050 compilations on CPython 3.11 and 3.12, ~55 ms)
and the converters of the start's messages (``jaxlsp.lsp.wire``, ~7 ms).  The module's own
bytecode is cached by Python; this code is not.

While the server starts (``StartCode.install`` .. ``finish``), those modules' ``exec`` and
``compile`` compile each text once per text, with the future flags of their caller (as the
builtins do): the same text compiled the same way gives the same code, so every class,
method and converter is what it was.  The start's code objects are written with ``marshal``,
as ``.pyc`` files are, beside this module's bytecode (``sys.pycache_prefix`` honoured), and the
next start reads them instead of compiling.  They are written only where Python writes bytecode
(not under ``PYTHONDONTWRITEBYTECODE``); a file that cannot be read, or was written by another
Python (``MAGIC_NUMBER``) or optimisation level, is ignored.  Trust: the same as jaxlsp's own
``.pyc`` files, which lie in the same folder.
"""

from __future__ import annotations
import __future__

import builtins
import contextlib
import importlib
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

#: What a file must start with to be read: this Python's bytecode and optimisation level.
_HEADER = (importlib.util.MAGIC_NUMBER, sys.flags.optimize)
#: The future-statement flags a compilation inherits from the code that asks for it.
_FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag
#: The modules whose generated code is kept, and the builtin each compiles it with.
_PATCHED: tuple[tuple[str, str], ...] = (
    ("dataclasses", "exec"),
    ("attr._make", "compile"),
    ("cattrs.gen", "compile"),
    ("cattrs.gen.typeddicts", "compile"),
)
#: How many texts a start must have compiled (or left unused in the file) to write the file
#: again.  A few texts differ in every process (attrs writes ``hash`` of its file name, which
#: varies with ``PYTHONHASHSEED``, into each hashable class's ``__hash__``): compiled at each
#: start, they are no reason to write 2 MB each time.
REWRITE_AT = 16
#: A compilation: text, file name, mode, future flags.
Key = tuple[str, str, str, int]


def cache_path() -> Path | None:
    """Where the start's compiled code is kept: beside this module's bytecode."""
    try:
        bytecode = importlib.util.cache_from_source(__file__)
    except (NotImplementedError, ValueError):  # no cache tag: this Python keeps no bytecode
        return None
    return Path(bytecode).with_name(f"generated-code.{sys.implementation.cache_tag}.bin")


class StartCode:
    """The start's generated code, compiled once per text; see the module's docstring."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        #: Every compilation read from the file or made so far.
        self._known: dict[Key, CodeType] = _read(path) if path is not None else {}
        #: How many the file held.
        self.read = len(self._known)
        #: The compilations this start asked for: what the file will hold.
        self.used: dict[Key, CodeType] = {}
        #: How many of them were compiled (not in the file).
        self.compiled = 0
        #: How many compilations the start asked for (set by ``finish``).
        self.asked = 0
        #: The modules given an ``exec`` or ``compile`` of ours.
        self._patched: list[tuple[ModuleType, str]] = []

    @classmethod
    def install(cls, path: Path | None = None) -> StartCode:
        """Start answering the compilations (``path``: the default file)."""
        code = cls(path if path is not None else cache_path())
        for name, builtin in _PATCHED:
            try:
                module = importlib.import_module(name)
            except ImportError:
                continue
            if builtin in vars(module):  # someone's own: left alone
                continue
            setattr(module, builtin, code.exec if builtin == "exec" else code.compile)
            code._patched.append((module, builtin))
        return code

    def code(self, source: str, filename: str, mode: str, flags: int) -> CodeType:
        """``compile(source, filename, mode, flags, dont_inherit=True)``, once per text."""
        key = (source, filename, mode, flags)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = builtins.compile(
                source, filename, mode, flags, dont_inherit=True
            )
            self.compiled += 1
        self.used[key] = found
        return found

    def compile(self, source: Any, filename: Any, mode: Any, *args: Any, **kwargs: Any) -> Any:
        """``compile`` as ``attrs`` and ``cattrs`` call it: a text's code made once."""
        if isinstance(source, str) and isinstance(filename, str) and not args and not kwargs:
            return self.code(source, filename, mode, _caller_flags())
        return builtins.compile(source, filename, mode, *args, **kwargs)

    def exec(self, source: Any, namespace: Any = None, local: Any = None, /, **kwargs: Any) -> None:
        """``exec`` as ``dataclasses`` calls it: a text's code made once."""
        if isinstance(source, str):
            source = self.code(source, "<string>", "exec", _caller_flags())
        if namespace is None:  # exec would take its caller's globals
            namespace = sys._getframe(1).f_globals
        builtins.exec(source, namespace, local, **kwargs)

    def finish(self) -> None:
        """The start is over: the modules compile as before, the texts are let go, and the
        file is written with what this start used when there was none, or it differs from that
        by ``REWRITE_AT`` texts or more."""
        for module, builtin in self._patched:
            if getattr(vars(module).get(builtin), "__self__", None) is self:
                delattr(module, builtin)
        self._patched.clear()
        used, known = self.used, self._known
        self.used, self._known = {}, {}  # the texts are megabytes the server has no use for
        self.asked = len(used)
        if self.path is None or sys.dont_write_bytecode:
            return
        if self.read:
            unused = len(known) - len(used)  # in the file, not asked for this time
            stale = self.compiled + unused >= REWRITE_AT
        else:
            stale = self.compiled > 0  # no file yet: written once there is anything to keep
        if not stale:
            return
        with contextlib.suppress(OSError, ValueError):  # not writable: compiled next time
            _write(self.path, used)


def _caller_flags() -> int:
    """The future flags of the code that called ``exec`` or ``compile`` (two frames up)."""
    return sys._getframe(2).f_code.co_flags & _FUTURE_FLAGS


def _read(path: Path) -> dict[Key, CodeType]:
    """The file's compilations; empty when it is missing, unreadable or of another Python."""
    try:
        loaded = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not (isinstance(loaded, tuple) and len(loaded) == 2 and loaded[0] == _HEADER):
        return {}
    codes = loaded[1]
    if not isinstance(codes, dict) or not all(
        type(key) is tuple
        and len(key) == 4
        and type(key[0]) is str
        and type(key[1]) is str
        and type(key[2]) is str
        and type(key[3]) is int
        and type(code) is CodeType
        for key, code in codes.items()
    ):
        return {}
    return codes


def _write(path: Path, codes: dict[Key, CodeType]) -> None:
    """Replace the file at once (a start reading it meanwhile sees the old or the new one)."""
    import tempfile  # only when writing: the start that reads the file needs none of it

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(marshal.dumps((_HEADER, codes)))
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


__all__ = ["StartCode", "cache_path"]
