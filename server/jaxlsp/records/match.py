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

import builtins
import contextlib
import functools
import hashlib
import json
import math
import os
import re
import tempfile
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from jaxlsp.records import safe_regex
from jaxlsp.records.errortext import ErrorText, parse_error_text
from jaxlsp.records.load import LoadedRecord, RecordSet
from jaxlsp.records.record import Record

MatchKind = Literal["exact", "fuzzy"]
ClassFit = Literal["agrees", "compatible", "conflicts"]

#: Fuzzy matches below this cosine similarity are noise, not suggestions.
FUZZY_THRESHOLD = 0.35
#: Best possible fuzzy score; an exact match with a strong pattern scores above it.
FUZZY_CEILING = 0.85
#: Added to an exact match of a record that explains its error: it outranks an index record
#: (which only locates the error) for the same message, even one whose line agrees.
EXPLAINED_BONUS = 0.03
#: Literal characters at which a pattern's evidence is 63 % of the most it can be: a pattern
#: is only as strong as the text it spells out, not what its wildcards swallow.
LITERAL_SCALE = 30.0
#: What a class the text names that contradicts the record's costs (a TypeError is no
#: UserWarning); a class that agrees earns a little.
CLASS_CONFLICT = 0.25
CLASS_AGREES = 0.04
#: A pattern spelling out this few letters proves little on its own (``expected {}, got {}``
#: fits countless messages) ...
THIN_LETTERS = 15
#: ... unless its literal text is at least this share of the message it matched: below both, an
#: index record's exact match is capped under the confident score and cannot be the answer.
THIN_SHARE = 0.5
THIN_CAP = 0.55
#: A message cut short (``…``, a first sentence pasted alone, a truncated post) is matched as
#: the start of a longer message when it keeps at least this many characters ...
PARTIAL_MIN = 15
#: ... of which this many must be the message's own wording, in order ...
PARTIAL_CONFIRMED = 15
#: ... and scores below a whole message that matched: the rest of the message is unseen.
PARTIAL_PENALTY = 0.06
#: An exact match this good makes reading the text as a cut-off message pointless.
PARTIAL_SKIP = 0.75
#: Where a pasted message says part of it was left out.
_ELLIPSIS = re.compile(r"\s*(?:…|\.\.\.+|\[\.\.\.\])\s*")

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
    #: Higher is better; about 0.6 is a fair match and 1 a certain one (evidence such as the
    #: traceback passing through the raise line can lift it a little above 1).
    score: float
    kind: MatchKind
    matched_message: str
    #: How the record's class compares with the text's: "agrees", "compatible" (a base class,
    #: an alias, or no class named) or "conflicts".
    class_fit: ClassFit = "compatible"
    #: Characters of literal text the matched pattern required (0 for a similar message).
    literal: int = 0
    #: The releases the matched wording was seen on, when it is not the record's own (an
    #: older release's wording joined to today's record).
    seen_versions: tuple[str, ...] = ()


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
    #: The pattern as it reads a flattened message (its whitespace and newlines one space).
    flat: str
    #: The variant's own class when it has one (None: the record's).
    error_class: str | None


#: A candidate before it is ranked: score, kind, the record's message that matched, the class
#: fit and the literal characters of the pattern.
_Found = tuple[float, MatchKind, str, "ClassFit", int]


class Matcher:
    """A search structure over a list of records; build once, query many times."""

    def __init__(
        self, records: RecordSet | Sequence[Record], *, cache_dir: Path | None = None
    ) -> None:
        """Prefer a ``RecordSet``: its packed index records are then read in place, where a list
        of models (``record_set.records``) builds and keeps a model per record.

        With ``cache_dir``, what the matcher derives from the records' patterns and messages
        is kept there, keyed by those patterns and messages and by this module's code, so a
        new process reads it instead of deriving it again (``jaxlsp explain`` starts cold each
        time).  A missing or damaged cache file is rebuilt, never an error."""
        if isinstance(records, RecordSet):
            self._records = list(records.loaded)
        else:
            self._records = [LoadedRecord(record, _NOWHERE) for record in records]
        #: Patterns that hit the time limit (pattern → record id).  They are skipped from then
        #: on, so a hostile pattern costs one time-out per Matcher, not one per query; front
        #: ends report them.
        self.timed_out: dict[str, str] = {}
        entries = [
            (index, message, pattern, error_class)
            for index, record in enumerate(self._records)
            for message, pattern, error_class in _messages(record)
        ]
        derived = _cached_derivation(entries, cache_dir)
        self._patterns = [
            _Pattern(
                index,
                message,
                pattern,
                required,
                pattern.startswith("(?i)"),
                literal,
                pattern if flat is None else flat,
                error_class,
            )
            for (index, message, pattern, error_class), flat, required, literal in zip(
                entries, derived.flats, derived.required, derived.literal, strict=True
            )
        ]
        #: One document per message: (record index, message).  A word's postings list the
        #: documents that use it, in order; ``_repeats`` holds the counts above one.  (Sets and
        #: a Counter per document cost megabytes more over the shipped index.)
        self._documents = [(index, message) for index, message, _, _ in entries]
        self._postings = derived.postings
        self._repeats = derived.repeats
        self._idf = _idf(derived.postings, len(entries))
        #: Words no record uses weigh like the rarest word: they make a query less similar.
        self._unknown_idf = math.log(1 + max(len(entries), 1))
        self._norms = derived.norms

    def match(self, text: str, *, limit: int = 5) -> list[Match]:
        """Records for a message or traceback, best first, at most one entry per record."""
        return self.match_error(parse_error_text(text), limit=limit)

    def match_error(self, error: ErrorText, *, limit: int = 5) -> list[Match]:
        best: dict[int, _Found] = {}
        exact = self._exact(error)
        found = exact + self._partial(error, exact) + self._fuzzy(error)
        for index, candidate in found:
            previous = best.get(index)
            if previous is None:
                best[index] = candidate
            elif previous[1] == "exact" and candidate[1] == "fuzzy":
                continue  # a similar message never hides (or lifts) a pattern that matched
            elif candidate[0] > previous[0]:
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
            Match(records[index].record, score, kind, message, fit, literal)
            for index, (score, kind, message, fit, literal) in ranked[:limit]
        ]

    def similar(self, error: ErrorText) -> list[tuple[LoadedRecord, float, ClassFit]]:
        """Records whose messages' words resemble ``error``'s, with the similar-message score
        and class fit (no pattern is run)."""
        return [(self._records[index], found[0], found[3]) for index, found in self._fuzzy(error)]

    def pattern_candidates(self, messages: Sequence[str]) -> list[LoadedRecord]:
        """The records whose patterns could match one of ``messages``: a pattern's required
        literal is in it (or the pattern has none).  Joining a record to its raise site then
        runs a few patterns, not every index record's."""
        flats = [" ".join(message.split()) for message in messages]
        folded = [flat.casefold() for flat in flats]
        found: dict[int, LoadedRecord] = {}
        for entry in self._patterns:
            if entry.record_index in found:
                continue
            if entry.required is not None:
                haystacks = folded if entry.ignore_case else flats
                if not any(entry.required in haystack for haystack in haystacks):
                    continue
            found[entry.record_index] = self._records[entry.record_index]
        return list(found.values())

    def _exact(self, error: ErrorText) -> list[tuple[int, _Found]]:
        message = error.flat
        folded = message.casefold()
        size = max(len(error.collapsed), 1)
        found: list[tuple[int, _Found]] = []
        for entry in self._patterns:
            if entry.required is not None:
                haystack = folded if entry.ignore_case else message
                if entry.required not in haystack:
                    continue
            if entry.pattern in self.timed_out:
                continue
            try:
                span = safe_regex.search_or_raise(entry.flat, message)
            except safe_regex.PatternError:
                continue  # index patterns are not compiled at load; a broken one matches nothing
            except safe_regex.MatchTimeout:
                self.timed_out[entry.pattern] = self._records[entry.record_index].id
                continue
            if span is None:
                continue
            record = self._records[entry.record_index]
            # The evidence is the literal text the pattern required (a pattern that is mostly
            # wildcards proves little however much it spans), then how much of the message
            # that text explains, the class, file and line, and a record that explains the
            # error over an index record that only locates it.
            strength = 1.0 - math.exp(-entry.literal / LITERAL_SCALE)
            coverage = min(entry.literal / size, 1.0)
            fit = class_fit(entry.error_class or record.error_class, error)
            score = 0.45 + 0.45 * strength + 0.1 * coverage + _CLASS_SCORE[fit]
            # A traceback through the very line that raises it is near-certain evidence.
            score += 0.03 * _site_agrees(record, error) + 0.08 * _line_agrees(record, error)
            score += EXPLAINED_BONUS * record.has_explanation
            if not record.has_explanation and _thin(entry, size):
                score = min(score, THIN_CAP)
            found.append(
                (
                    entry.record_index,
                    (round(score, 4), "exact", entry.message, fit, entry.literal),
                )
            )
        return found

    def _partial(
        self, error: ErrorText, exact: list[tuple[int, _Found]]
    ) -> list[tuple[int, _Found]]:
        """Records whose message could begin with the pasted text: a message cut at an ellipsis
        or a truncated post, a first sentence pasted alone.  Only when no pattern matched the
        whole text with confidence; the pattern must accept the text as the start of a match
        (the ``regex`` engine's partial matching), and the text must hold the message's opening
        words (its first literal words, before or between value holes)."""
        if any(found[0] >= PARTIAL_SKIP for _, found in exact):
            return []
        fragment = _ELLIPSIS.split(error.flat, maxsplit=1)[0].strip().rstrip(".,:;")
        if len(fragment) < PARTIAL_MIN:
            return []
        folded = fragment.casefold()
        found: list[tuple[int, _Found]] = []
        for entry in self._patterns:
            opening = _opening_words(entry.message)
            if opening is None or opening not in folded:
                continue
            if entry.pattern in self.timed_out:
                continue
            try:
                span = safe_regex.partial_match_or_raise(entry.flat, fragment)
            except safe_regex.PatternError:
                continue
            except safe_regex.MatchTimeout:
                self.timed_out[entry.pattern] = self._records[entry.record_index].id
                continue
            if span is None:
                continue
            record = self._records[entry.record_index]
            # What the text confirms is the message's wording it holds in order, not what the
            # pattern's wildcards would swallow ("jaxlib version {} is newer ..." is no match
            # for "jaxlib version 0.1.69 but this version of jax requires ...").
            literal = _confirmed_wording(entry.message, fragment[span:])
            if literal < PARTIAL_CONFIRMED:
                continue
            strength = 1.0 - math.exp(-literal / LITERAL_SCALE)
            fit = class_fit(entry.error_class or record.error_class, error)
            # Of two messages that open alike, the one the text covers more of fits better.
            coverage = min(literal / max(len(_TEMPLATE_HOLE.sub("", entry.message)), 1), 1.0)
            score = 0.45 + 0.45 * strength + 0.1 * coverage + _CLASS_SCORE[fit] - PARTIAL_PENALTY
            score += EXPLAINED_BONUS * record.has_explanation
            if not record.has_explanation and literal_letters(fragment[span:]) <= THIN_LETTERS:
                score = min(score, THIN_CAP)
            found.append(
                (entry.record_index, (round(score, 4), "exact", entry.message, fit, literal))
            )
        return found

    def _fuzzy(self, error: ErrorText) -> list[tuple[int, _Found]]:
        query = Counter(_words(error.collapsed))
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
            fit = class_fit(record.error_class, error)
            score = FUZZY_CEILING * similarity + _CLASS_SCORE[fit]
            score += 0.02 * _site_agrees(record, error)
            if not record.has_explanation and _few_letters(message):
                score = min(score, THIN_CAP)  # "x must be >= 0" is like "m ({m}) must be >= 3"
            found.append(
                (record_index, (round(min(score, FUZZY_CEILING), 4), "fuzzy", message, fit, 0))
            )
        return found

    def _norm(self, words: Counter[str]) -> float:
        return _norm(words, self._idf, self._unknown_idf)


def _norm(words: Counter[str], idf: dict[str, float], unknown: float) -> float:
    return math.sqrt(sum((c * idf.get(w, unknown)) ** 2 for w, c in words.items()))


def _idf(postings: dict[str, list[int]], documents: int) -> dict[str, float]:
    total = max(documents, 1)
    return {word: math.log(1 + total / len(docs)) for word, docs in postings.items()}


#: (record index, message, pattern, the variant's own class): one per message of each record.
_Entry = tuple[int, str, str, str | None]
#: Bump when what ``_Derivation`` holds, or its file format, changes.
DERIVATION_FORMAT = 1
#: Derivations kept in a cache folder (one per record set seen: JAX versions, user records).
_KEPT_DERIVATIONS = 4


@dataclass(frozen=True)
class _Derivation:
    """What the matcher computes from the records, aligned with its entries."""

    #: Each pattern as it reads a flattened message (None: the pattern itself).
    flats: list[str | None]
    required: list[str | None]
    literal: list[int]
    postings: dict[str, list[int]]
    repeats: dict[tuple[int, str], int]
    norms: list[float]


def _derive(entries: Sequence[_Entry]) -> _Derivation:
    flats: list[str | None] = []
    required: list[str | None] = []
    literal: list[int] = []
    postings: dict[str, list[int]] = defaultdict(list)
    repeats: dict[tuple[int, str], int] = {}
    counts: list[Counter[str]] = []
    spelled: dict[str, str] = {}  # one string per distinct word, not one per use
    for document_index, (_, message, pattern, _) in enumerate(entries):
        flat = flatten_pattern(pattern)
        flats.append(None if flat == pattern else flat)
        required.append(required_literal(flat))
        literal.append(literal_length(flat))
        words = Counter(spelled.setdefault(w, w) for w in _words(message))
        counts.append(words)
        for word, count in words.items():
            postings[word].append(document_index)
            if count > 1:
                repeats[document_index, word] = count
    idf = _idf(postings, len(entries))
    unknown = math.log(1 + max(len(entries), 1))
    norms = [_norm(words, idf, unknown) for words in counts]
    return _Derivation(flats, required, literal, dict(postings), repeats, norms)


def _derivation_key(entries: Sequence[_Entry]) -> str:
    digest = hashlib.sha256(f"{DERIVATION_FORMAT}\0".encode())
    digest.update(Path(__file__).read_bytes())  # a change to how patterns are read
    for _, message, pattern, _ in entries:
        digest.update(f"{message}\0{pattern}\0".encode())
    return digest.hexdigest()[:32]


def _cached_derivation(entries: Sequence[_Entry], cache_dir: Path | None) -> _Derivation:
    if cache_dir is None:
        return _derive(entries)
    path = cache_dir / f"{_derivation_key(entries)}.json"
    with contextlib.suppress(OSError, ValueError):
        derivation = _derivation_from_json(json.loads(path.read_bytes()), len(entries))
        if derivation is not None:
            return derivation
    derivation = _derive(entries)
    with contextlib.suppress(OSError):
        _write_atomically(path, json.dumps(_derivation_json(derivation)).encode())
        _prune(cache_dir, keep=path)
    return derivation


def _derivation_json(derivation: _Derivation) -> dict[str, Any]:
    return {
        "format": DERIVATION_FORMAT,
        "flats": derivation.flats,
        "required": derivation.required,
        "literal": derivation.literal,
        "postings": derivation.postings,
        "repeats": [[doc, word, count] for (doc, word), count in derivation.repeats.items()],
        "norms": derivation.norms,
    }


def _derivation_from_json(data: Any, entries: int) -> _Derivation | None:
    """The derivation a cache file holds, or None when it is not one for ``entries`` entries."""
    if not isinstance(data, dict) or data.get("format") != DERIVATION_FORMAT:
        return None
    flats, required, literal = data.get("flats"), data.get("required"), data.get("literal")
    postings, repeats, norms = data.get("postings"), data.get("repeats"), data.get("norms")
    columns = (flats, required, literal, norms)
    if not all(isinstance(c, list) and len(c) == entries for c in columns):
        return None
    if not isinstance(postings, dict) or not isinstance(repeats, list):
        return None
    assert isinstance(flats, list) and isinstance(required, list)
    assert isinstance(literal, list) and isinstance(norms, list)
    strings_or_none = all(v is None or isinstance(v, str) for v in (*flats, *required))
    if not strings_or_none or not all(isinstance(v, int) for v in literal):
        return None
    if not all(isinstance(v, float | int) for v in norms):
        return None
    for documents in postings.values():
        if not isinstance(documents, list) or not all(
            isinstance(d, int) and 0 <= d < entries for d in documents
        ):
            return None
    counts: dict[tuple[int, str], int] = {}
    for item in repeats:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[1], str)):
            return None
        doc, word, count = item
        if not (isinstance(doc, int) and isinstance(count, int) and word in postings):
            return None
        counts[doc, word] = count
    return _Derivation(flats, required, literal, postings, counts, [float(n) for n in norms])


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        Path(temporary).replace(path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        raise


def _prune(folder: Path, *, keep: Path) -> None:
    """Keep the newest few derivations (each record set seen leaves one)."""
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in [f for f in files if f != keep][_KEPT_DERIVATIONS - 1 :]:
        old.unlink(missing_ok=True)


def _messages(record: LoadedRecord) -> list[tuple[str, str, str | None]]:
    """(message, pattern, the variant's own class) of the record and of each variant."""
    found: list[tuple[str, str, str | None]] = [
        (record.error_message, record.message_pattern, None)
    ]
    found += [(v.error_message, v.message_pattern, v.error_class) for v in record.message_variants]
    return found


#: How ``flatten_pattern`` reads a pattern: a character class (kept whole: its spaces are
#: literal), a run of whitespace escapes and characters (one space), any other escape, plain text.
_FLATTEN_TOKEN = re.compile(
    r"(?P<cls>\[\]?(?:\\.|[^\]\\])*\]?)|(?P<space>(?:\\[ntrfv \n\t\r\f\v]|[ \n\t\r\f\v])+)"
    r"|\\.|[^\[\\ \n\t\r\f\v]+|\\",
    re.DOTALL,
)


def flatten_pattern(pattern: str) -> str:
    """``pattern`` as it must read a message whose whitespace was collapsed to single spaces
    (``ErrorText.flat``): runs of literal whitespace (newlines, tabs, spaces, and their
    escapes ``\\n``, ``\\<newline>`` ...) become one space, outside character classes; leading
    and trailing literal whitespace is dropped."""
    if _CLASS_OR_SPACE_ESCAPE.search(pattern) is None:
        # No character class and no escaped whitespace: all whitespace is literal text.
        return _SPACE_RUN.sub(" ", pattern).strip(" ")
    pieces: list[str] = []
    for token in _FLATTEN_TOKEN.finditer(pattern):
        if token.lastgroup == "space":
            if pieces and pieces[-1] != " ":
                pieces.append(" ")
        else:
            pieces.append(token.group())
    if pieces and pieces[-1] == " ":
        pieces.pop()
    return "".join(pieces)


#: A character class (an unescaped ``[``) or an escape of whitespace (``\\n``, ``\\ ``, ...).
_CLASS_OR_SPACE_ESCAPE = re.compile(r"(?:^|[^\\])(?:\\\\)*\[|\\[ntrfv \n\t\r\f\v]")
_SPACE_RUN = re.compile(r"[ \n\t\r\f\v]+")


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.casefold()) if w not in _STOPWORDS and len(w) > 1]


_CLASS_SCORE: dict[ClassFit, float] = {
    "agrees": CLASS_AGREES,
    "compatible": 0.0,
    "conflicts": -CLASS_CONFLICT,
}
#: JAX's exception classes and the built-in class each derives from (``jax/_src/errors.py``
#: and friends), so a TypeError in an older release's wording fits a TracerIntegerConversionError.
_JAX_BASES = {
    "ConcretizationTypeError": "TypeError",
    "TracerBoolConversionError": "TypeError",
    "TracerArrayConversionError": "TypeError",
    "TracerIntegerConversionError": "TypeError",
    "NonConcreteBooleanIndexError": "IndexError",
    "UnexpectedTracerError": "TypeError",
    "KeyReuseError": "TypeError",
    "ShardingTypeError": "TypeError",
    "IndivisibleError": "ValueError",
    "InvalidInputException": "ValueError",
    "CustomVJPException": "Exception",
    "JaxprTypeError": "TypeError",
    "InconclusiveDimensionOperation": "Exception",
}
#: Classes the runtime's errors came under over the releases (a status error was a
#: RuntimeError, then a ValueError for some codes, then XlaRuntimeError, now JaxRuntimeError).
_RUNTIME_CLASSES = frozenset({"XlaRuntimeError", "JaxRuntimeError", "RuntimeError", "ValueError"})
_BUILTIN_BASES: dict[str, tuple[str, ...]] = {
    name: tuple(base.__name__ for base in value.__mro__)
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


def class_fit(record_class: str | None, error: ErrorText) -> ClassFit:
    """How ``record_class`` fits the class the text names (see ``Match.class_fit``)."""
    return class_relation(record_class, error.short_class)


def class_relation(record_class: str | None, named: str | None) -> ClassFit:
    """How two exception class names relate: the same, compatible (one derives from the
    other, both are runtime status classes, or one is unknown or missing), or in conflict."""
    if not named or not record_class:
        return "compatible"
    if named == record_class:
        return "agrees"
    if record_class in _RUNTIME_CLASSES and named in _RUNTIME_CLASSES:
        return "compatible"
    record_bases = _bases(record_class)
    named_bases = _bases(named)
    if record_bases is None or named_bases is None:
        return "compatible"  # a class we know nothing about: no evidence either way
    if named in record_bases or record_class in named_bases:
        return "compatible"
    return "conflicts"


def _bases(name: str) -> tuple[str, ...] | None:
    if name in _BUILTIN_BASES:
        return _BUILTIN_BASES[name]
    base = _JAX_BASES.get(name)
    if base is None:
        return None
    return (name, *_BUILTIN_BASES.get(base, (base,)))


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
    """About how many characters of a match ``pattern`` spells out: the text every match must
    hold, without wildcards (``.{0,80}?``, ``.*``, ``\\s*``, a quantified character class
    such as ``[^\\n]{0,300}``), flags and escape backslashes; of alternatives, the shortest
    (``(?:takes ... given|missing ...)`` spells out one branch, not both)."""
    return len(_spelled(pattern))


def _spelled(pattern: str) -> str:
    """The literal text every match of ``pattern`` must hold (its shortest alternatives),
    or, for a pattern this reader does not follow, its text without wildcards as before."""
    try:
        text, end = _spelled_branches(pattern, 0)
    except (IndexError, ValueError):
        text, end = "", -1
    if end != len(pattern):
        stripped = _WILDCARD.sub("", pattern)
        return stripped.replace("\\", "")
    return text


#: A quantifier that lets an atom match zero times (``?``, ``*``, ``{0,n}``, ``{,n}``).
_OPTIONAL = re.compile(r"[?*]|\{0+(?:,\d*)?\}|\{,\d+\}")
_QUANTIFIER = re.compile(r"(?:[?*+]|\{\d+(?:,\d*)?\}|\{,\d+\})\??")
_CLASS_ESCAPES = frozenset("sSdDwWbBAZ")


def _spelled_branches(pattern: str, at: int) -> tuple[str, int]:
    """The shortest branch's literal text from ``at`` to the end of the group (a ``)`` or
    the pattern's end), and where that end is."""
    branches: list[str] = []
    pieces: list[str] = []
    while at < len(pattern) and pattern[at] != ")":
        char = pattern[at]
        if char == "|":
            branches.append("".join(pieces))
            pieces = []
            at += 1
            continue
        atom = ""
        if char == "(":
            head = _GROUP_HEAD.match(pattern, at)
            if head is None:
                raise ValueError(pattern)
            if head.group("skip") is not None:  # a look-around or inline flags: no text
                at = _group_end(pattern, at) + 1
            else:
                atom, close = _spelled_branches(pattern, head.end())
                at = close + 1
        elif char == "\\":
            escaped = pattern[at + 1]
            atom = "" if escaped in _CLASS_ESCAPES or escaped.isdigit() else escaped
            at += 2
        elif char == "[":
            at = _CLASS.match(pattern, at).end()  # type: ignore[union-attr]
        elif char in ".^$":
            at += 1
        else:
            atom, at = char, at + 1
        quantifier = _QUANTIFIER.match(pattern, at)
        if quantifier is not None:
            if _OPTIONAL.match(quantifier.group()):
                atom = ""  # may match nothing
            at = quantifier.end()
        pieces.append(atom)
    branches.append("".join(pieces))
    return min(branches, key=len), at


#: How a group opens: capturing, ``(?:``, named, scoped flags (``(?i:``) spell their text;
#: look-arounds and inline flags (``(?i)``) spell none.
_GROUP_HEAD = re.compile(
    r"\((?:(?P<skip>\?[=!]|\?<[=!]|\?[a-zA-Z]+\))|\?:|\?P<\w+>|\?<\w+>|\?[a-zA-Z]+:)?"
)
#: A character class, ``]`` first in it (or after ``^``) taken as a member.
_CLASS = re.compile(r"\[\^?\]?(?:\\.|[^\]\\])*\]")


def _group_end(pattern: str, at: int) -> int:
    """Where the group opening at ``at`` closes (escapes and nesting followed)."""
    depth = 0
    while True:
        char = pattern[at]
        if char == "\\":
            at += 2
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return at
        at += 1


def _thin(entry: _Pattern, size: int) -> bool:
    """An index pattern too thin to name an error: few letters, and a small part of the
    message it matched (a curated record's pattern was chosen by its author and is trusted)."""
    return entry.literal < THIN_SHARE * size and literal_letters(entry.flat) <= THIN_LETTERS


def _confirmed_wording(message: str, text: str) -> int:
    """How many characters of ``message``'s wording (its value holes aside) ``text`` holds in
    order, the last stretch possibly cut where the text ends."""
    folded = " ".join(text.split()).casefold()
    position = confirmed = 0
    for chunk in _TEMPLATE_HOLE.split(message):
        words = " ".join(chunk.split()).casefold()
        if not words:
            continue
        found = folded.find(words, position)
        if found >= 0:
            confirmed += len(words)
            position = found + len(words)
            continue
        tail = folded[position:]
        confirmed += next(
            (size for size in range(len(words), 0, -1) if tail.endswith(words[:size])), 0
        )
        break
    return confirmed


@functools.lru_cache(maxsize=16_384)
def _opening_words(message: str) -> str | None:
    """The first three words of a message's first literal stretch of some length (value holes
    aside), case folded: what a pasted start of that message must contain."""
    for chunk in _TEMPLATE_HOLE.split(message):
        words = chunk.split()
        if len(" ".join(words)) >= 10:
            # Without the punctuation that ends them: a paste may stop before a colon.
            return " ".join(words[:3]).casefold().rstrip(".,:;")
    return None


def _few_letters(message: str) -> bool:
    """A message whose fixed wording (its value holes aside) is a few words at most."""
    return sum(char.isalpha() for char in _TEMPLATE_HOLE.sub("", message)) <= THIN_LETTERS


_TEMPLATE_HOLE = re.compile(r"\{[^{}]*\}")


def literal_letters(pattern: str) -> int:
    """How many letters ``pattern`` spells out (its wildcards, escapes and punctuation aside):
    how much of a message's wording it really fixes."""
    return sum(char.isalpha() for char in _WILDCARD.sub("", pattern).replace("\\", ""))


#: How ``required_literal`` reads a pattern: an escape, one metacharacter, or a run of plain text.
_LITERAL_TOKEN = re.compile(r"\\.|[.^$*+?{}\[\]()|\\]|[^.^$*+?{}\[\]()|\\]+", re.DOTALL)


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
    best = ""
    current = ""  # the literal run being read (outside groups)
    depth = 0
    index = 0
    while index < len(body):
        token = _LITERAL_TOKEN.match(body, index)
        assert token is not None  # the alternatives cover every character
        text = token.group()
        index = token.end()
        if text[0] == "\\" and len(text) == 2:
            if text[1].isalnum():  # \d, \s, \b, \1 ...: a class or an assertion, not a literal
                best, current = _longer(best, current, depth), ""
            elif depth == 0:
                current += text[1]
            continue
        if text in "?*{":
            best, current = _longer(best, current[:-1], depth), ""
            if text == "{":
                close = body.find("}", index - 1)
                index = close + 1 if close != -1 else len(body)
        elif text == "(":
            best, current = _longer(best, current, depth), ""
            depth += 1
        elif text == ")":
            depth = max(depth - 1, 0)
            current = ""
        elif text == "[":
            best, current = _longer(best, current, depth), ""
            close = body.find("]", index + 1)
            index = close + 1 if close != -1 else len(body)
        elif text in _REGEX_META:
            best, current = _longer(best, current, depth), ""
        elif depth == 0:  # plain text
            current += text
    best = _longer(best, current, depth)
    if len(best) < 4:
        return None
    return best.casefold() if ignore_case else best


def _longer(best: str, current: str, depth: int) -> str:
    """The longer of the best run so far and the run just closed (the first on a tie)."""
    return current if depth == 0 and len(current) > len(best) else best
