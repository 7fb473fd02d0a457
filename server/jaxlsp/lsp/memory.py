"""Giving freed memory back to the system after closed documents are released.

The engine releases everything a closed document held (``Workspace.release_unused``), but a
process does not shrink by itself when Python frees objects:

- glibc's ``malloc`` (Python's larger blocks: dict tables, long lists, source text) returns
  freed memory in the middle of its heaps only when asked, with ``malloc_trim``;
- CPython's small-object allocator (pymalloc) returns memory only in whole arenas, each once
  every object in it is freed.  Opening hundreds of documents fills hundreds of arenas, and a
  few long-lived small objects made meanwhile (on CPython 3.12, every identifier ``ast.parse``
  meets and every path component ``pathlib`` splits is interned and immortal) end up spread
  over them, so those arenas stay.  Only running Python with ``PYTHONMALLOC=malloc`` gives that
  memory back too (``malloc_trim`` then reaches it), at a cost in analysis time that
  ``bench/README.md`` measures: the server does not choose it for the user.

The trim lives here, at the edge; the analysis core knows nothing of allocators.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from collections.abc import Callable


def give_back_freed_memory() -> None:
    """Return the free pages of glibc's heaps to the system (a no-op elsewhere)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, when this process has it."""
    if sys.platform != "linux":
        return None
    try:
        libc = ctypes.CDLL(None)
    except OSError:
        return None
    trim: Callable[[int], int] | None = getattr(libc, "malloc_trim", None)
    return trim


__all__ = ["give_back_freed_memory"]
