"""Rank records against an error message: exact pattern matches first, then similar messages.

Exact: a record's ``messagePattern`` (or one of its variants') matches the message.  A cheap
required-literal prefilter decides which patterns are worth running, so thousands of index
records cost microseconds, and every match runs under the time limit of ``safe_regex``.

Fuzzy: messages from other JAX versions differ in wording, so records are also ranked by TF-IDF
cosine similarity of their message words; a fuzzy score never reaches an exact one.

Built from a ``RecordSet`` the matcher reads the loader's packed index records in place and
builds a model only for the records it returns.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from jaxlsp.records import safe_regex
from jaxlsp.records.errortext import ErrorText, parse_error_text
from jaxlsp.records.load import LoadedRecord, RecordSet
from jaxlsp.records.record import Record

MatchKind = Literal["exact", "fuzzy"]

#: Fuzzy matches below this cosine similarity are noise, not suggestions.
FUZZY_THRESHOLD = 0.35
#: Best possible fuzzy score; every exact match scores above it.
FUZZY_CEILING = 0.8
#: Added to an exact match of a record that explains its error: it outranks an index record
#: (which only locates the error) for the same message, even one whose line agrees.
EXPLAINED_BONUS = 0.04

_WORD = re.compile(r"[a-z_][a-z0-9_]*|\d+")
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "that",
        "the",
        "this",
        "to",
        "was",
        "with",
    ]
)
_REGEX_META = set(".^$*+?{}[]()|\\")
#: The path of a record handed to the matcher as a bare model (it is never read).
_NOWHERE = Path()


@dataclass(frozen=True)
class Match:
    """One record that fits the error, how well, and by which of its messages."""

    record: Record
    score: float
    kind: MatchKind
    matched_message: str


@dataclass(frozen=True, slots=True)
class _Pattern:
    record_index: int
    message: str
    pattern: str
    #: A substring every match must contain (None: run the pattern on every message).
    required: str | None
    ignore_case: bool
    #: How many characters of a match the pattern fixes (its literal text, not its wildcards).
    literal: int


#: A candidate before it is ranked: score, kind, the record's message that matched.
_Found = tuple[float, MatchKind, str]


class Matcher:
    """A search structure over a list of records; build once, query many times."""

    def __init__(self, records: RecordSet | Sequence[Record]) -> None:
        """Prefer a ``RecordSet``: its packed index records are then read in place, where a list
        of models (``record_set.records``) builds and keeps a model per record (≈12 MiB)."""
        if isinstance(records, RecordSet):
            self._records = list(records.loaded)
        else:
            self._records = [LoadedRecord(record, _NOWHERE) for record in records]
        #: Patterns that hit the time limit (pattern → record id).  They are skipped from then
        #: on, so a hostile pattern costs one time-out per Matcher, not one per query; front
        #: ends report them.
        self.timed_out: dict[str, str] = {}
        self._patterns: list[_Pattern] = []
        #: One document per message: (record index, message).  A word's postings list the
        #: documents that use it, in order; ``_repeats`` holds the counts above one.  (Sets and
        #: a Counter per document cost ≈6 MiB more over the shipped index.)
        self._documents: list[tuple[int, str]] = []
        postings: dict[str, list[int]] = defaultdict(list)
        self._repeats: dict[tuple[int, str], int] = {}
        counts: list[Counter[str]] = []
        spelled: dict[str, str] = {}  # one string per distinct word, not one per use
        for index, record in enumerate(self._records):
            for message, pattern in record.messages_and_patterns():
                ignore_case = pattern.startswith("(?i)")
                self._patterns.append(
                    _Pattern(
                        index,
                        message,
                        pattern,
                        required_literal(pattern),
                        ignore_case,
                        literal_length(pattern),
                    )
                )
                words = Counter(spelled.setdefault(w, w) for w in _words(message))
                document_index = len(self._documents)
                self._documents.append((index, message))
                counts.append(words)
                for word, count in words.items():
                    postings[word].append(document_index)
                    if count > 1:
                        self._repeats[document_index, word] = count
        total = max(len(self._documents), 1)
        self._postings = dict(postings)
        self._idf = {w: math.log(1 + total / len(docs)) for w, docs in postings.items()}
        #: Words no record uses weigh like the rarest word: they make a query less similar.
        self._unknown_idf = math.log(1 + total)
        self._norms = [self._norm(words) for words in counts]

    def match(self, text: str, *, limit: int = 5) -> list[Match]:
        """Records for a message or traceback, best first, at most one entry per record."""
        return self.match_error(parse_error_text(text), limit=limit)

    def match_error(self, error: ErrorText, *, limit: int = 5) -> list[Match]:
        best: dict[int, _Found] = {}
        for index, candidate in self._exact(error) + self._fuzzy(error):
            if index not in best or candidate[0] > best[index][0]:
                best[index] = candidate
        # On equal scores an explained record goes first, then a stable order.
        records = self._records
        ranked = sorted(
            best.items(),
            key=lambda item: (
                -item[1][0],
                not records[item[0]].has_explanation,
                records[item[0]].id,
            ),
        )
        return [
            Match(records[index].record, score, kind, message)
            for index, (score, kind, message) in ranked[:limit]
        ]

    def _exact(self, error: ErrorText) -> list[tuple[int, _Found]]:
        message = error.message
        folded = message.casefold()
        found: list[tuple[int, _Found]] = []
        for entry in self._patterns:
            if entry.required is not None:
                haystack = folded if entry.ignore_case else message
                if entry.required not in haystack:
                    continue
            if entry.pattern in self.timed_out:
                continue
            try:
                span = safe_regex.search_or_raise(entry.pattern, message)
            except safe_regex.PatternError:
                continue  # index patterns are not compiled at load; a broken one matches nothing
            except safe_regex.MatchTimeout:
                self.timed_out[entry.pattern] = self._records[entry.record_index].id
                continue
            if span is None:
                continue
            record = self._records[entry.record_index]
            # Prefer the pattern that explains most of the message (by its span, and by its
            # literal text: "{x} got {y}" spans as much as "shape {x} got {y}" but says less),
            # then the right class, file and line, then a record that explains the error over
            # an index record that only locates it.
            size = max(len(message), 1)
            coverage = 0.5 * (span[1] - span[0]) / size + 0.5 * min(entry.literal / size, 1.0)
            score = 0.85 + 0.06 * coverage
            score += 0.02 * _class_agrees(record, error) + 0.02 * _site_agrees(record, error)
            score += 0.01 * _line_agrees(record, error) + EXPLAINED_BONUS * record.has_explanation
            found.append((entry.record_index, (round(min(score, 1.0), 4), "exact", entry.message)))
        return found

    def _fuzzy(self, error: ErrorText) -> list[tuple[int, _Found]]:
        query = Counter(_words(error.message))
        query_norm = self._norm(query)
        if not query_norm:
            return []
        dots: dict[int, float] = defaultdict(float)
        for word, count in query.items():
            weight = self._idf.get(word)
            if weight is None:
                continue
            repeats = self._repeats
            for document_index in self._postings[word]:
                dots[document_index] += (
                    count * weight * repeats.get((document_index, word), 1) * weight
                )
        found: list[tuple[int, _Found]] = []
        for document_index, dot in dots.items():
            similarity = dot / (query_norm * self._norms[document_index])
            if similarity < FUZZY_THRESHOLD:
                continue
            record_index, message = self._documents[document_index]
            record = self._records[record_index]
            score = FUZZY_CEILING * similarity
            score += 0.02 * _class_agrees(record, error) + 0.02 * _site_agrees(record, error)
            found.append((record_index, (round(min(score, FUZZY_CEILING), 4), "fuzzy", message)))
        return found

    def _norm(self, words: Counter[str]) -> float:
        unknown = self._unknown_idf
        return math.sqrt(sum((c * self._idf.get(w, unknown)) ** 2 for w, c in words.items()))


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS and len(w) > 1]


def _class_agrees(record: LoadedRecord, error: ErrorText) -> bool:
    return bool(error.short_class and record.error_class == error.short_class)


def _site_agrees(record: LoadedRecord, error: ErrorText) -> bool:
    return bool(record.file_path) and any(path == record.file_path for path, _ in error.jax_frames)


def _line_agrees(record: LoadedRecord, error: ErrorText) -> bool:
    """The traceback passes through the record's exact line (index records of the same JAX)."""
    site = (record.file_path, record.line_number)
    return bool(record.line_number) and any(frame == site for frame in error.jax_frames)


_WILDCARD = re.compile(
    r"\(\?[a-zA-Z]+\)"  # inline flags
    r"|\.(?:\{\d*,?\d*\}|[*+])\??"  # .{0,80}? .* .+
    r"|\\[sSdDwW](?:[*+]|\{\d*,?\d*\})?\??"  # \s* \d+
)


def literal_length(pattern: str) -> int:
    """About how many characters of a match ``pattern`` spells out: its text without
    wildcards (``.{0,80}?``, ``.*``, ``\\s*``), flags and escape backslashes."""
    text = _WILDCARD.sub("", pattern)
    return len(text) - text.count("\\")


def required_literal(pattern: str) -> str | None:
    """The longest literal run that every match of ``pattern`` must contain, or None.

    Conservative: alternation anywhere, or any construct we do not model, gives None (the
    pattern then runs on every message).  A literal followed by ``?``, ``*`` or ``{`` loses its
    last character, since that character is optional.
    """
    if "|" in pattern.replace("\\|", ""):
        return None
    ignore_case = pattern.startswith("(?i)")
    body = pattern[4:] if ignore_case else pattern
    runs: list[str] = []
    current: list[str] = []
    depth = 0
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            escaped = body[index + 1]
            if escaped.isalnum():  # \d, \s, \b, \1 ...: a class or an assertion, not a literal
                _close(runs, current, depth)
                current = []
            elif depth == 0:
                current.append(escaped)
            index += 2
            continue
        if char in "?*{":
            if current:
                current.pop()
            _close(runs, current, depth)
            current = []
            if char == "{":
                index = body.find("}", index) if body.find("}", index) != -1 else len(body)
        elif char == "(":
            _close(runs, current, depth)
            current = []
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
            current = []
        elif char == "[":
            _close(runs, current, depth)
            current = []
            end = body.find("]", index + 2)
            index = end if end != -1 else len(body)
        elif char in _REGEX_META:
            _close(runs, current, depth)
            current = []
        elif depth == 0:
            current.append(char)
        index += 1
    _close(runs, current, depth)
    best = max(runs, key=len, default="")
    if len(best) < 4:
        return None
    return best.casefold() if ignore_case else best


def _close(runs: list[str], current: list[str], depth: int) -> None:
    if current and depth == 0:
        runs.append("".join(current))
