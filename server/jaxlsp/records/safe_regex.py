"""Regular expressions from record files, compiled and matched with bounded cost.

Record patterns come from files anyone can edit, so they may be hostile: a pattern such as
``(a+)+$`` backtracks exponentially on Python's ``re``.  We use the ``regex`` engine, which
accepts the same syntax and can abandon a match after a time limit, and we cap the text length.
Compiling is bounded too: ``regex`` unrolls counted repeats when it compiles, so a short pattern
such as ``((a{1000}){1000}){1000}`` would need hundreds of gigabytes; such patterns are refused
before they reach the engine.
"""

from __future__ import annotations

import functools
import re
from typing import Any

#: Wall-clock limit for one match of one pattern.
MATCH_TIMEOUT_SECONDS = 0.05
#: Longest error text we try patterns against (tracebacks are cut to their message first).
MAX_SUBJECT_LENGTH = 20_000


#: Most positions a pattern may unroll to when compiled (each costs memory in the compiled
#: pattern: the bound keeps a hostile counted repeat from taking tens of megabytes).
MAX_EXPANDED_SIZE = 100_000

_COUNTED_REPEAT = re.compile(r"\{(\d*)(?:,(\d*))?\}")


class PatternError(ValueError):
    """A pattern that does not compile."""


@functools.lru_cache(maxsize=16_384)
def compile_pattern(pattern: str) -> Any:
    """Compile once per distinct pattern; raise PatternError with the engine's reason."""
    size = expanded_size(pattern)
    if size > MAX_EXPANDED_SIZE:
        raise PatternError(
            f"counted repeats unroll to about {size:,} positions (the limit is "
            f"{MAX_EXPANDED_SIZE:,}); compiling it could exhaust memory"
        )
    import regex  # imported by the first pattern, not by every server start

    try:
        return regex.compile(pattern, flags=regex.VERSION0)
    except (regex.error, ValueError, OverflowError, RecursionError) as error:
        # ValueError: e.g. an inline (?V1) flag, which contradicts VERSION0.
        raise PatternError(f"does not compile: {error}") from None


def expanded_size(pattern: str) -> int:
    """An upper estimate of how many positions ``pattern`` unrolls to when compiled.

    Every atom counts 1; a group counts the sum of its parts (all branches of an alternation);
    ``{m,n}`` multiplies what it repeats by its larger bound.  The estimate only over-counts,
    so a pattern under the limit is safe to compile; ordinary message patterns stay in the
    hundreds.
    """
    frames: list[int] = [0]  # the running size of each open group, outermost first
    last = 0  # the size of the atom a quantifier would apply to
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            if (
                pattern[index - 1 : index] in ("p", "P", "N", "x", "X")
                and pattern[index : index + 1] == "{"
            ):
                closing = pattern.find("}", index)
                index = closing + 1 if closing != -1 else len(pattern)
            last = 1
            frames[-1] += 1
            continue
        if char == "[":
            # A class is one atom; a "]" right after "[" or "[^" is a literal member.
            index += 2 if pattern[index + 1 : index + 2] == "^" else 1
            index += 1 if pattern[index : index + 1] == "]" else 0
            while index < len(pattern) and pattern[index] != "]":
                index += 2 if pattern[index] == "\\" else 1
            index += 1
            last = 1
            frames[-1] += 1
            continue
        if char == "(":
            frames.append(0)
        elif char == ")" and len(frames) > 1:
            last = frames.pop()
            frames[-1] += last
        elif char == "{" and (counted := _COUNTED_REPEAT.match(pattern, index)):
            low, high = counted.group(1), counted.group(2)
            times = max(int(low or 0), int(high or 0) if high else 0, 1)
            frames[-1] += last * (times - 1)
            last *= times
            index = counted.end()
            continue
        elif char not in "|*+?":
            last = 1
            frames[-1] += 1
        index += 1
    return sum(frames)


class MatchTimeout(Exception):
    """A pattern gave up after ``MATCH_TIMEOUT_SECONDS``: it backtracks badly on this text."""


def search(pattern: str, text: str) -> tuple[int, int] | None:
    """Span of the first match of ``pattern`` in ``text``; None on no match or on time-out."""
    try:
        return search_or_raise(pattern, text)
    except MatchTimeout:
        return None


def search_or_raise(pattern: str, text: str) -> tuple[int, int] | None:
    """Like ``search``, but a time-out raises MatchTimeout, so callers can report the pattern."""
    compiled = compile_pattern(pattern)
    try:
        found = compiled.search(text[:MAX_SUBJECT_LENGTH], timeout=MATCH_TIMEOUT_SECONDS)
    except TimeoutError:
        raise MatchTimeout(pattern) from None
    if found is None:
        return None
    span: tuple[int, int] = found.span()
    return span


def partial_match_or_raise(pattern: str, text: str) -> int | None:
    """Where in ``text`` a match of ``pattern`` begins that either is whole or runs to the end
    of ``text`` with the rest of the pattern still to come (the text was cut short), or None.
    A time-out raises MatchTimeout, as in ``search_or_raise``."""
    compiled = compile_pattern(pattern)
    try:
        found = compiled.search(
            text[:MAX_SUBJECT_LENGTH], partial=True, timeout=MATCH_TIMEOUT_SECONDS
        )
    except TimeoutError:
        raise MatchTimeout(pattern) from None
    if found is None:
        return None
    start: int = found.start()
    return start
