"""Regular expressions from record files, compiled and matched with bounded cost.

Record patterns come from files anyone can edit, so they may be hostile: a pattern such as
``(a+)+$`` backtracks exponentially on Python's ``re``.  We use the ``regex`` engine, which
accepts the same syntax and can abandon a match after a time limit, and we cap the text length.
"""

from __future__ import annotations

import functools
from typing import Any

import regex

#: Wall-clock limit for one match of one pattern.
MATCH_TIMEOUT_SECONDS = 0.05
#: Longest error text we try patterns against (tracebacks are cut to their message first).
MAX_SUBJECT_LENGTH = 20_000


class PatternError(ValueError):
    """A pattern that does not compile."""


@functools.lru_cache(maxsize=16_384)
def compile_pattern(pattern: str) -> Any:
    """Compile once per distinct pattern; raise PatternError with the engine's reason."""
    try:
        return regex.compile(pattern, flags=regex.VERSION0)
    except (regex.error, OverflowError, RecursionError) as error:
        raise PatternError(f"does not compile: {error}") from None


def search(pattern: str, text: str) -> tuple[int, int] | None:
    """Span of the first match of ``pattern`` in ``text``; None on no match or on time-out."""
    compiled = compile_pattern(pattern)
    try:
        found = compiled.search(text[:MAX_SUBJECT_LENGTH], timeout=MATCH_TIMEOUT_SECONDS)
    except TimeoutError:
        return None
    if found is None:
        return None
    span: tuple[int, int] = found.span()
    return span
