"""Giving freed memory back to the system after closed documents are released.

The engine releases everything a closed document held (``Workspace.release_unused``), but a
process does not shrink by itself when Python frees objects:

- a few process-wide caches keep strings the documents' analyses made: the type attribute
  cache holds the name of every attribute looked up on a type (4,096 of them), ``urlsplit``
  keeps its last 128 URIs and their parts, and ``jaxlsp.apis.canonical`` the qualified names
  of the documents' imports.  Each such survivor pins its block of memory (below), so they are
  dropped first;
- glibc's ``malloc`` (Python's larger blocks: dict tables, long lists, source text) returns
  freed memory in the middle of its heaps only when asked, with ``malloc_trim``;
- CPython's small-object allocator (pymalloc) returns memory only in whole arenas, each once
  every object in it is freed.  Opening hundreds of documents fills hundreds of arenas, and a
  few long-lived small objects made meanwhile end up spread over them, so those arenas stay:
  above all every identifier ``ast.parse`` meets, which CPython interns and never frees.
  Running Python with ``PYTHONMALLOC=malloc`` (or, on 3.13, ``mimalloc`` purging at once)
  gives that memory back too, at a cost in analysis time that ``bench/README.md`` measures:
  the server does not choose it for the user.  What this module cannot give back, a new
  process does: once closes left the server much bigger than a fresh one holding the open
  documents, it re-executes itself in place (``jaxlsp.lsp.recycle``).

This lives here, at the edge; the analysis core knows nothing of allocators.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import sys
import urllib.parse
from collections.abc import Callable

from jaxlsp import apis


def give_back_freed_memory() -> None:
    """Drop the caches that keep closed documents' strings, collect what they left in cycles,
    and return the free pages of glibc's heaps to the system.

    A full collection also empties the interpreter's free lists (tuples, dicts, floats...)."""
    forget_cached_names()
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def forget_cached_names() -> None:
    """Empty the process-wide caches that hold names and URIs taken from documents."""
    if sys.version_info >= (3, 13):
        sys._clear_internal_caches()
    else:
        sys._clear_type_cache()
    _clear(urllib.parse.urlsplit)  # an LRU cache since 3.11 (typeshed does not say so)
    apis.canonical.cache_clear()


def _clear(cached: object) -> None:
    clear: Callable[[], None] | None = getattr(cached, "cache_clear", None)
    if clear is not None:
        clear()


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


__all__ = ["forget_cached_names", "give_back_freed_memory"]
