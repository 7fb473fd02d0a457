"""Pause Python's cyclic garbage collector while an analysis (or a record load) runs.

One shared, reentrant pause: the records loader uses it too, so a load on a background thread
cannot switch the collector back on in the middle of an analysis.

Why: an analysis allocates hundreds of thousands of small container objects (summaries,
values, edges) that live until the next analysis.  Each allocation burst trips the collector,
and as the heap grows the oldest generation is collected again and again, each time traversing
everything alive (the previous analysis and, unless frozen, the loaded records): on large
files most of a cold analysis went there (``bench.engine_incremental`` measures it).  Nothing an
analysis builds needs the cyclic collector before it ends (reference counting still frees
everything acyclic), so collection is held off until the last running analysis finishes; what
is left for the collector afterwards is one pass over the survivors (paid by whichever
allocation comes next) instead of many over the whole heap.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: Holds in force now (analyses run on worker threads, possibly several at once).
_running = 0
#: Whether the collector was on when the first of them began (so we restore, not force).
_was_enabled = False


def hold_collection() -> Callable[[], None]:
    """Hold off cyclic collection until the returned function is called.

    For a pause that does not fit a ``with`` block: the language server holds one from an
    analysis until its diagnostics are published, so the collection the analysis's survivors
    trigger runs after the publish, not before it (``bench.busy_requests`` measures the pause).
    The function may be called from any thread; only its first call counts.
    """
    global _running, _was_enabled
    with _lock:
        if _running == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _running += 1
    released = False

    def release() -> None:
        global _running
        nonlocal released
        with _lock:
            if released:
                return
            released = True
            _running -= 1
            if _running == 0 and _was_enabled:
                gc.enable()

    return release


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off cyclic collection for the ``with`` block; reentrant and thread-safe.

    The collector is re-enabled when the last hold ends, also when the block leaves by an
    exception, and only if it was enabled when the first hold began.
    """
    release = hold_collection()
    try:
        yield
    finally:
        release()


#: The youngest generation's threshold while the server starts (CPython's default is 700).
#: The start allocates ~300,000 objects that nearly all live as long as the process (modules,
#: classes, functions, the records); at 700 the collector ran ~160 young, ~14 middle and one
#: full collection over them, ~80 ms of a ~0.5 s start; at 10,000, 11 and one, ~45 ms (2,000:
#: ~50 ms; 50,000: ~55 ms, each young collection larger).  Its garbage (classes replaced by
#: their slotted copies, cycles of the imports) is still collected, by fewer collections.
START_THRESHOLD = 10_000


def collect_less_while_starting() -> Callable[[], None]:
    """Raise the youngest generation's threshold to ``START_THRESHOLD`` until the returned
    function is called (the server calls it once its start is done, before the first message
    is read: no analysis runs with it)."""
    before = gc.get_threshold()
    gc.set_threshold(START_THRESHOLD, *before[1:])

    def restore() -> None:
        gc.set_threshold(*before)

    return restore
