"""The methods ``dataclasses`` writes for jaxlsp's classes, compiled once and kept between
server starts, as Python keeps a module's bytecode in ``__pycache__``.

On CPython 3.11 and 3.12 ``@dataclass`` writes each method it adds (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` and ``__delattr__``) as source text
and compiles it with ``exec``, one compilation per method: the server's start makes about 1,050
of them (~200 classes), 55 ms of CPU, the largest share of what its start costs beyond a bare
pygls server's.  The module's own bytecode is cached by Python; those methods are not.

While the server starts (``StartCode.install`` .. ``finish``), ``dataclasses`` gets an
``exec`` that compiles each text once per text: the same text compiled the same way gives the
same code, so every class and method is what it was.  The start's code objects are written,
with ``marshal`` as ``.pyc`` files are, beside this module's bytecode (``sys.pycache_prefix``
honoured), and the next start reads them (about 4 ms) instead of compiling.  They are written
only where Python writes bytecode (not under ``PYTHONDONTWRITEBYTECODE``); a file that cannot be
read, or was written by another Python (``MAGIC_NUMBER``) or optimisation level, is ignored.
Trust: the same as jaxlsp's own ``.pyc`` files, which lie in the same folder.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

#: What a file must start with to be read: this Python's bytecode and optimisation level.
_HEADER = (importlib.util.MAGIC_NUMBER, sys.flags.optimize)


def cache_path() -> Path | None:
    """Where the start's compiled methods are kept: beside this module's bytecode."""
    try:
        bytecode = importlib.util.cache_from_source(__file__)
    except (NotImplementedError, ValueError):  # no cache tag: this Python keeps no bytecode
        return None
    return Path(bytecode).with_name(f"dataclass-methods.{sys.implementation.cache_tag}.bin")


class StartCode:
    """``dataclasses``' compilations made once per text; see the module's docstring."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        #: Every text read from the file or compiled so far, with its code.
        self._known: dict[str, CodeType] = _read(path) if path is not None else {}
        #: The texts this start compiled or read: what the file will hold.
        self.used: dict[str, CodeType] = {}
        #: How many texts this start compiled (not in the file).
        self.compiled = 0
        self._installed = False

    @classmethod
    def install(cls, path: Path | None = None) -> StartCode:
        """Start answering ``dataclasses``' compilations (``path``: the default file)."""
        code = cls(path if path is not None else cache_path())
        if not hasattr(dataclasses, "exec"):  # no one else's exec there to shadow
            dataclasses.exec = code.exec  # type: ignore[attr-defined]
            code._installed = True
        return code

    def exec(self, source: Any, namespace: Any = None, local: Any = None, /, **kwargs: Any) -> None:
        """``exec`` as ``dataclasses`` calls it, a text compiled only the first time."""
        if isinstance(source, str) and not kwargs:
            code = self._known.get(source)
            if code is None:
                # As exec compiles a text: the caller's future flags (dataclasses has none).
                code = self._known[source] = compile(source, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            self.used[source] = code
            source = code
        if namespace is None:  # exec would take its caller's globals: the caller is dataclasses
            namespace = vars(dataclasses)
        exec(source, namespace, local, **kwargs)

    def finish(self) -> None:
        """The start is over: ``dataclasses`` compiles as before, and the file is written when
        it does not hold exactly what this start used."""
        if self._installed and vars(dataclasses).get("exec") == self.exec:
            del dataclasses.exec  # type: ignore[attr-defined]
        self._installed = False
        if self.path is None or sys.dont_write_bytecode:
            return
        if not self.compiled and len(self.used) == len(self._known):
            return
        with contextlib.suppress(OSError, ValueError):  # not writable: compiled next time
            _write(self.path, self.used)


def _read(path: Path) -> dict[str, CodeType]:
    """The file's code by text; empty when it is missing, unreadable or of another Python."""
    try:
        loaded = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not (isinstance(loaded, tuple) and len(loaded) == 2 and loaded[0] == _HEADER):
        return {}
    codes = loaded[1]
    if not isinstance(codes, dict) or not all(
        type(text) is str and type(code) is CodeType for text, code in codes.items()
    ):
        return {}
    return codes


def _write(path: Path, codes: dict[str, CodeType]) -> None:
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
