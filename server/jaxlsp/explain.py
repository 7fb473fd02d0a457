"""Explain a pasted JAX error: one code path for ``jaxlsp explain``, the editor's
``jaxlsp.explain`` command and the MCP server's ``explain`` tool.

The text is parsed (``records.errortext``: the raised exception, its causes, the frames, the
JAX version named), matched (``records.match``), and judged:

- ``answer``: a record fits with a confidence we can defend (``CONFIDENT``) and a class that
  does not contradict the text's;
- ``no-confident-match``: the text comes from JAX but nothing fits well enough, or its message
  is worded as Python's or NumPy's own and nothing else in the text ties it to JAX
  (``records.shared_wordings``); the nearest records are shown as such;
- ``not-jax``: nothing in the text comes from JAX (no JAX frame, name or class) and nothing
  fits, or it is plainly another library's error (a ``torch.`` or ``tensorflow.`` class or
  frames).

A curated record outranks the bare index record of its own raise site: the index record only
locates the error, and its site is shown with the curated record instead.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from jaxlsp.index.history import HISTORY_TAG, joined_id
from jaxlsp.records import safe_regex
from jaxlsp.records.errortext import (
    BUILTIN_CLASSES,
    ErrorText,
    Frame,
    RaisedError,
    parse_error_text,
)
from jaxlsp.records.load import LoadedRecord, RecordSet
from jaxlsp.records.match import (
    Match,
    Matcher,
    class_relation,
    flatten_pattern,
    literal_length,
)
from jaxlsp.records.record import Record
from jaxlsp.records.shared_wordings import JAX_EVIDENCE, RaisedBy, shared_wording

Verdict = Literal["answer", "no-confident-match", "not-jax"]

#: The lowest score an answer may have: an exact match of a pattern with about 15 literal
#: characters and an agreeing class, or a message whose words are very close to the record's.
CONFIDENT = 0.62
#: A similar message (no pattern matched) in a text with nothing else from JAX must be this
#: close: NumPy's and other libraries' messages resemble JAX's ("too many indices for array"),
#: so words alike never answer alone (a similar message scores at most ``FUZZY_CEILING``).
CONFIDENT_WITHOUT_JAX = 0.9
#: What a warning's or log line's record loses when the text also shows an error.
WARNING_YIELDS = 0.3
#: What a record gains when the text names a JAX version its wording was seen on.
VERSION_AGREES = 0.015
#: How many records the matcher is asked for before curated records absorb their sites.
_CANDIDATES = 10
#: What a JAX-specific exception class named in the text adds to a curated record of that
#: class: JAX raises its own classes for few errors, so the class says much of the answer.
JAX_CLASS_BONUS = 0.15
#: The score a curated record gets from its JAX-specific class alone, when it is the only
#: curated record of that class (the wording may be another release's).
JAX_CLASS_ALONE = 0.63
#: How a JAX array prints (``Array([1, 2], dtype=int32)``); NumPy's is ``array(...)``.
_JAX_ARRAY_REPR = re.compile(r"(?<![\w.])Array\((?:\[|-?\d)")
#: Another framework's classes and files: its errors are not JAX's, however XLA-like.
_OTHER_FRAMEWORK = re.compile(
    r"(?:^|[\s/\\.(])(?:torch|tensorflow|keras|paddle|mxnet|cupy)(?:_\w+)?(?:[./\\]|$)"
    r"|\bPyTorch\b|\bPYTORCH_",
)


@dataclass(frozen=True)
class Explanation:
    """What explain says about one text: the verdict, the ranked records and the clues."""

    error: ErrorText
    verdict: Verdict
    #: Ranked records, best first, one entry per record (curated records have absorbed the
    #: index records of their sites).
    matches: tuple[Match, ...]
    #: Where each ranked record's error is raised in the indexed JAX (by record id).
    sites: dict[str, Record | None] = field(default_factory=dict)
    #: The exception of the chain that was explained (the raised one, or a cause of it when
    #: only the cause matched).
    explained: RaisedError | None = None
    #: Who else raises the message in these very words, when that is why no record is claimed.
    shared_with: RaisedBy | None = None

    @property
    def best(self) -> Match | None:
        """The answer, when there is one."""
        return self.matches[0] if self.verdict == "answer" and self.matches else None

    @property
    def nearest(self) -> tuple[Match, ...]:
        """The two nearest records when none is a confident answer (empty for non-JAX text)."""
        return self.matches[:2] if self.verdict == "no-confident-match" else ()

    @property
    def user_frame(self) -> Frame | None:
        return self.error.user_frame

    def seen_on_version(self, match: Match) -> bool | None:
        """Whether ``match``'s record was seen on the JAX version the text names (None when
        the text names none)."""
        version = self.error.jax_version
        if version is None:
            return None
        return version_seen(version, _versions_of(match))


class Explainer:
    """A matcher over a record set plus what explain adds; build once, query many times."""

    def __init__(self, records: RecordSet, *, cache_dir: Path | None = None) -> None:
        """``cache_dir``: where the matcher keeps what it derives from the records
        (``Matcher``), so a new process does not derive it again."""
        self._records = records
        self._matcher = Matcher(records, cache_dir=cache_dir)
        self._curated = [item for item in records.loaded if item.has_explanation]
        self._site_cache: dict[tuple[str, str], Record | None] = {}
        #: Index record id → the curated record that explains its site (None: none does).
        self._absorbing: dict[str, LoadedRecord | None] = {}
        self._lock = threading.Lock()

    @property
    def matcher(self) -> Matcher:
        return self._matcher

    def explain(self, text: str, *, limit: int = 3) -> Explanation:
        """Explain a message or a traceback (see the module docstring)."""
        error = parse_error_text(text)
        if error.bare_class:
            ranked = self._by_class(error)
            verdict: Verdict = "answer" if ranked else "not-jax"
            shown = tuple(ranked[: max(limit, 2)])
            return Explanation(error, verdict, shown, self._sites(shown), error.chain()[0])
        chain = error.chain()
        best_ranked: list[Match] = []
        explained = chain[0]
        for position, raised in enumerate(chain):
            candidate = _with_message(error, raised) if position else error
            ranked = self._rank(candidate)
            if position == 0:
                best_ranked = ranked
            if ranked and _confident(ranked[0]):
                best_ranked, explained = ranked, raised
                break
        from_jax = _from_jax(text, error)
        verdict = _verdict(text, error, best_ranked, from_jax)
        shared = None
        if verdict == "answer" and not from_jax and _jax_class(error) is None:
            wording = shared_wording(explained.message)
            if wording is not None:
                # Python's or NumPy's own words, with nothing else from JAX: a record that
                # matches them says nothing of who raised them.
                verdict, shared = "no-confident-match", wording.raised_by
        shown = tuple(best_ranked[: max(limit, 2)])
        return Explanation(error, verdict, shown, self._sites(shown), explained, shared)

    def _by_class(self, error: ErrorText) -> list[Match]:
        """A bare class name (or error page link) names the curated records of that class."""
        named = error.short_class
        found = [item.record for item in self._curated if item.error_class == named]
        if len(found) != 1:
            return []  # no record, or several: a class alone does not say which
        record = found[0]
        return [Match(record, 1.0, "exact", record.error_message, "agrees", len(named or ""))]

    def _rank(self, error: ErrorText) -> list[Match]:
        matches = self._matcher.match_error(error, limit=_CANDIDATES)
        jax_class = _jax_class(error)
        if jax_class is not None:
            same = [item for item in self._curated if item.error_class == jax_class]
            alone = same[0].id if len(same) == 1 else None
            boosted = [
                _rescored(
                    m,
                    max(m.score + JAX_CLASS_BONUS, JAX_CLASS_ALONE if m.record.id == alone else 0),
                )
                if m.record.error_class == jax_class and m.record.has_explanation
                else m
                for m in matches
            ]
            if len(same) == 1 and not any(m.record.id == same[0].id for m in matches):
                record = same[0].record
                boosted.append(
                    Match(record, JAX_CLASS_ALONE, "fuzzy", record.error_message, "agrees", 0)
                )
            matches = boosted
        matches = _warnings_yield(error, matches)
        ranked: dict[str, Match] = {}
        for match in matches:
            match = self._joined(match)
            if error.jax_version is not None and version_seen(
                error.jax_version, _versions_of(match)
            ):
                # Identical words raised at two sites or by two releases: the version the text
                # names decides.
                match = _rescored(match, match.score + VERSION_AGREES, keep_versions=True)
            owner = self._absorber(match)
            if owner is not None:
                record = owner.record
                match = Match(
                    record,
                    round(match.score + 0.03, 4),
                    match.kind,
                    match.matched_message,
                    match.class_fit,
                    match.literal,
                    match.seen_versions,
                )
            previous = ranked.get(match.record.id)
            if previous is not None:
                match = _merged(previous, match)
            ranked[match.record.id] = match
        ordered = sorted(
            ranked.values(),
            key=lambda m: (-m.score, not m.record.has_explanation, m.record.id),
        )
        # Index records of one message raised at several sites are one error to the reader:
        # the best-placed one stands for them all.
        seen: set[tuple[str, str | None]] = set()
        unique = []
        for match in ordered:
            record = match.record
            if not record.has_explanation:
                key = (" ".join(record.error_message.split()), record.error_class)
                if key in seen:
                    continue
                seen.add(key)
            unique.append(match)
        return unique

    def _joined(self, match: Match) -> Match:
        """An older release's wording (a history record) stands for today's record it joins."""
        record = match.record
        if HISTORY_TAG not in record.tags:
            return match
        versions = _versions_of(match)
        today_id = joined_id(record.tags)
        today = self._records.get(today_id) if today_id is not None else None
        target = today if today is not None else record
        return Match(
            target,
            match.score,
            match.kind,
            match.matched_message,
            match.class_fit,
            match.literal,
            versions,
        )

    def _absorber(self, match: Match) -> LoadedRecord | None:
        """The curated record whose error ``match``'s index record locates, if any."""
        record = match.record
        if record.has_explanation:
            return None
        with self._lock:
            if record.id in self._absorbing:
                return self._absorbing[record.id]
        owner = self._find_absorber(record)
        with self._lock:
            self._absorbing[record.id] = owner
        return owner

    def _find_absorber(self, index_record: Record) -> LoadedRecord | None:
        """The curated record that explains what ``index_record`` locates: one whose message
        its pattern matches, raised in the same file; failing that (a release that kept the
        error elsewhere: history records keep their old files) the only curated record whose
        message a pattern of at least ``LINEAGE_LITERAL`` characters matches; failing that, the
        one whose message opens the same way (``_absorber_by_opening``).  A curated record whose
        variant is one case of a general raise (it fixes what the index record leaves open, as
        "Differentiation rule for 'mpmd_map' not implemented" beside "Differentiation rule for
        {} not implemented") explains that case only and does not absorb the general one."""
        patterns = [flatten_pattern(index_record.message_pattern)]
        patterns += [flatten_pattern(v.message_pattern) for v in index_record.message_variants]
        templates = [
            index_record.error_message,
            *(v.error_message for v in index_record.message_variants),
        ]
        literal = max(literal_length(pattern) for pattern in patterns)
        here: list[LoadedRecord] = []
        elsewhere: list[LoadedRecord] = []
        for curated in self._curated:
            same_file = not index_record.file_path or curated.file_path in (
                None,
                index_record.file_path,
            )
            same_file = same_file or any(
                v.file_path == index_record.file_path for v in curated.message_variants
            )
            messages = [curated.error_message, *(v.error_message for v in curated.message_variants)]
            for position, message in enumerate(messages):
                flat = " ".join(message.split())
                if not any(safe_regex.search(pattern, flat) is not None for pattern in patterns):
                    continue
                if position and _specialises(message, templates):
                    continue  # a variant naming one case of a general raise
                if same_file and curated not in here:
                    here.append(curated)
                elif literal >= LINEAGE_LITERAL and curated not in elsewhere:
                    elsewhere.append(curated)
        if len(here) > 1:
            # Several records fit a general raise ("Unable to initialize backend {}: {}" for
            # the GPU and the TPU): only one raised at that very site may claim it.
            here = [c for c in here if c.file_path == index_record.file_path]
        if here:
            return here[0] if len(here) == 1 else None
        if len(elsewhere) == 1:
            return elsewhere[0]
        return self._absorber_by_opening(index_record) or self._absorber_by_meaning(index_record)

    def _absorber_by_meaning(self, bare: Record) -> LoadedRecord | None:
        """The curated record whose message says what ``bare``'s says in nearly the same words
        ("Custom JVP rule must produce a pair" of 0.2 beside today's "Custom JVP rule {} for
        function {} must produce a pair"), with a class that does not conflict, clearly ahead
        of any other.  A message that opens with a value ("{name} function carry ...", raised
        for scan and while_loop alike) names no one error and is never linked this way."""
        if bare.error_message.lstrip().startswith("{"):
            return None
        error = ErrorText(_HOLE.sub(" ", bare.error_message), bare.error_class)
        scores: dict[str, tuple[float, LoadedRecord]] = {}
        for item, score, fit in self._matcher.similar(error):
            if not item.has_explanation or fit == "conflicts":
                continue
            if score > scores.get(item.id, (0.0, item))[0]:
                scores[item.id] = (score, item)
        ranked = sorted(scores.values(), key=lambda pair: -pair[0])
        if not ranked or ranked[0][0] < MEANING_SIMILAR:
            return None
        if len(ranked) > 1 and ranked[1][0] > ranked[0][0] - MEANING_MARGIN:
            return None
        return ranked[0][1]

    def _absorber_by_opening(self, bare: Record) -> LoadedRecord | None:
        """The curated record whose message opens as ``bare``'s does, for a long stretch and
        with a class that does not conflict: the same error worded at another site or by
        another release (history records keep their old files, and older wordings end
        differently); one opening may stop at a value the other spells out.  The longest
        shared opening wins; a tie between two records is no answer."""
        templates = [bare.error_message, *(v.error_message for v in bare.message_variants)]
        openings = [_opening(template) for template in templates]
        best: LoadedRecord | None = None
        best_length, tied = 0, False
        for curated in self._curated:
            variants = curated.message_variants
            messages = [
                (curated.error_message, curated.error_class),
                *((v.error_message, v.error_class or curated.error_class) for v in variants),
            ]
            length = 0
            for position, (message, error_class) in enumerate(messages):
                if class_relation(error_class, bare.error_class) == "conflicts":
                    continue
                if position and _specialises(message, templates):
                    continue
                theirs = _opening(message)
                for ours in openings:
                    shared = _shared_prefix(ours, theirs)
                    whole = shared >= OPENING_WHOLE and shared in (len(ours), len(theirs))
                    same = shared == len(ours) == len(theirs) >= OPENING_SAME
                    if shared >= OPENING_SHARED or whole or same:
                        length = max(length, shared)
            if length > best_length:
                best, best_length, tied = curated, length, False
            elif length and length == best_length and best is not curated:
                tied = True
        return None if tied else best

    def _sites(self, matches: tuple[Match, ...]) -> dict[str, Record | None]:
        from jaxlsp.index import join  # the index join is only needed for shown records

        sites: dict[str, Record | None] = {}
        for match in matches:
            key = (match.record.id, match.matched_message)
            with self._lock:
                known = key in self._site_cache
                site = self._site_cache.get(key)
            if not known:
                site = join.exact_site(
                    match.record, self._site_candidates(match.record), message=match.matched_message
                )
                with self._lock:
                    self._site_cache[key] = site
            sites[match.record.id] = site
        return sites

    def _site_candidates(self, record: Record) -> list[Record]:
        """The index records that may be ``record``'s raise site: those whose pattern's literal
        text is in one of its messages (``join`` checks each pattern)."""
        from jaxlsp.index.build import INDEX_TAG

        messages = [record.error_message, *(v.error_message for v in record.message_variants)]
        return [
            item.record
            for item in self._matcher.pattern_candidates(messages)
            if not item.has_explanation and INDEX_TAG in item.value("tags")
        ]


#: Characters of literal opening a bare record must share with a curated record's message to
#: be the same error (about six words) ...
OPENING_SHARED = 30
#: ... or, when the bare record's whole literal opening is shorter, how long it must be ...
OPENING_WHOLE = 20
#: ... or how long two openings that are the same text must be ("unbound axis name:").
OPENING_SAME = 15
#: How similar (the matcher's similar-message score) an index record's message must be to a
#: curated record's to be linked as the same error in other words, and how far ahead of the next.
MEANING_SIMILAR = 0.78
MEANING_MARGIN = 0.05
#: Characters of literal text an index record's pattern needs to be linked to the only curated
#: record whose message it matches when the two were raised in different files.
LINEAGE_LITERAL = 25
_HOLE = re.compile(r"\{[^{}]*\}")


def _opening(message: str) -> str:
    """A message's literal text up to its first value hole, whitespace collapsed and case
    folded (releases changed "jitted function" to "Jitted function")."""
    return " ".join(_HOLE.split(message, maxsplit=1)[0].split()).casefold()


def _specialises(message: str, templates: list[str]) -> bool:
    """Whether a curated record's ``message`` fixes text that every one of an index record's
    ``templates`` leaves open: read as a pattern (its holes match anything), it matches none
    of them, and it spells out more than they do."""
    pattern = ".*?".join(re.escape(part) for part in _HOLE.split(" ".join(message.split())))
    literal = len(_HOLE.sub("", message))
    for template in templates:
        flat = " ".join(template.split())
        if len(_HOLE.sub("", flat)) >= literal or re.search(pattern, flat, re.DOTALL):
            return False
    return True


def _shared_prefix(first: str, second: str) -> int:
    length = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        length += 1
    return length


def _rescored(match: Match, score: float, *, keep_versions: bool = False) -> Match:
    return Match(
        match.record,
        round(min(score, 1.0) if not keep_versions else score, 4),
        match.kind,
        match.matched_message,
        match.class_fit,
        match.literal,
        match.seen_versions if keep_versions else (),
    )


def _merged(first: Match, second: Match) -> Match:
    """One record reached twice (its own pattern, and a site or older wording it absorbed): a
    pattern that matched wins over a similar message (which must neither hide nor lift it),
    then the better score."""
    exact = [m for m in (first, second) if m.kind == "exact"]
    candidates = exact or [first, second]
    return max(candidates, key=lambda m: m.score)


def _is_warning(record: Record) -> bool:
    return record.error_type == "warning" or (record.error_class or "").endswith("Warning")


def _warnings_yield(error: ErrorText, matches: list[Match]) -> list[Match]:
    """A warning or log line (libtpu's "Transparent hugepages are not enabled", a dtype
    truncation warning) is printed beside the real failure; when the text also shows an error
    (an exception that is not a warning, or a record of an error matching it exactly), the
    warning's records yield to it."""
    raised = error.short_class
    errs = (raised is not None and not raised.endswith("Warning")) or any(
        m.kind == "exact" and not _is_warning(m.record) and m.score >= CONFIDENT - 0.1
        for m in matches
    )
    if not errs:
        return matches
    return [
        _rescored(m, m.score - WARNING_YIELDS, keep_versions=True) if _is_warning(m.record) else m
        for m in matches
    ]


def _jax_class(error: ErrorText) -> str | None:
    """The text's exception class when it is one of JAX's own (``TracerBoolConversionError``,
    ``jax.errors.KeyReuseError``), not a built-in or a runtime status class."""
    named = error.short_class
    # a built-in class names no one JAX error
    if not named or named in BUILTIN_CLASSES or named in {"XlaRuntimeError", "JaxRuntimeError"}:
        return None
    qualified = error.exception_class or ""
    if "." in qualified and not qualified.startswith("jax"):
        return None
    return named


def _with_message(error: ErrorText, raised: RaisedError) -> ErrorText:
    return ErrorText(
        raised.message,
        raised.exception_class,
        error.jax_frames,
        error.frames,
        (),
        error.jax_version,
    )


def _confident(match: Match) -> bool:
    return match.score >= CONFIDENT and match.class_fit != "conflicts"


def _verdict(text: str, error: ErrorText, ranked: list[Match], from_jax: bool) -> Verdict:
    """``from_jax``: whether anything in the text comes from JAX (``_from_jax``)."""
    # jaxlib's own builds of XLA log from "external/org_tensorflow/tensorflow/...": that path
    # is XLA inside jaxlib, not TensorFlow.
    text_seen = _JAXLIB_XLA_PATH.sub("external/xla/", text)
    said_by_jax = _names_jax_class(error) or bool(
        JAX_EVIDENCE.search(f"{error.exception_class or ''}: {error.message}")
    )
    other = bool(_OTHER_FRAMEWORK.search(error.exception_class or "")) or (
        not error.jax_frames and bool(_OTHER_FRAMEWORK.search(text_seen))
    )
    if other and not error.jax_frames and not said_by_jax:
        return "not-jax"
    if not from_jax and error.frames:
        # A traceback with no frame in JAX and no word of JAX was raised by other code (NumPy,
        # another library, the user's own), whatever its words resemble.
        return "not-jax"
    if ranked and _confident(ranked[0]):
        # With nothing from JAX in the text, words alike are not enough: only a pattern that
        # matched (or JAX's own class) says the error is JAX's.
        best = ranked[0]
        if from_jax or best.kind == "exact" or _jax_class(error) is not None:
            return "answer"
        if best.score >= CONFIDENT_WITHOUT_JAX:
            return "answer"
    return "no-confident-match" if from_jax else "not-jax"


def _from_jax(text: str, error: ErrorText) -> bool:
    """Whether anything in the text comes from JAX: a frame in it, or its name or types."""
    text_seen = _JAXLIB_XLA_PATH.sub("external/xla/", text)
    return (
        bool(error.jax_frames)
        or bool(JAX_EVIDENCE.search(text_seen))
        or bool(_JAX_ARRAY_REPR.search(text))
    )


#: Where jaxlib's builds of XLA kept their sources: paths in its log lines, not TensorFlow's.
_JAXLIB_XLA_PATH = re.compile(r"external/org_tensorflow/(?:tensorflow/)?")


def _names_jax_class(error: ErrorText) -> bool:
    return bool(error.exception_class and "jax" in error.exception_class.lower())


def _versions_of(match: Match) -> tuple[str, ...]:
    if match.seen_versions:
        return match.seen_versions
    record = match.record
    for variant in record.message_variants:
        if variant.error_message == match.matched_message and variant.jax_versions:
            return variant.jax_versions
    return record.jax_versions


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version)[:4])


def version_seen(version: str, seen: tuple[str, ...]) -> bool:
    """``version`` is one of ``seen``, or lies between the first and last of them (a variant
    lists the first and last sampled releases that had its wording)."""
    if not seen:
        return False
    if version in seen:
        return True
    keys = sorted(_version_key(v) for v in seen)
    return len(keys) > 1 and keys[0] <= _version_key(version) <= keys[-1]


_EXPLAINERS: dict[int, tuple[RecordSet, Explainer]] = {}
_EXPLAINERS_LOCK = threading.Lock()


def explainer_for(records: RecordSet) -> Explainer:
    """The explainer of ``records``, built on first use and kept while the set is in use (the
    server swaps its record set when the user's JAX changes)."""
    with _EXPLAINERS_LOCK:
        kept = _EXPLAINERS.get(id(records))
        if kept is not None and kept[0] is records:
            return kept[1]
    from jaxlsp.index.cache import matcher_cache_dir

    explainer = Explainer(records, cache_dir=matcher_cache_dir())
    with _EXPLAINERS_LOCK:
        _EXPLAINERS.clear()
        _EXPLAINERS[id(records)] = (records, explainer)
    return explainer


def shown_matches(
    explanation: Explanation, *, show_all: bool = False, limit: int = 3
) -> tuple[Match, ...]:
    """What every front end shows: the answer alone (with ``show_all``, it and the runner-ups,
    up to ``limit``); without a confident answer, the nearest two; for text that is not
    JAX's, nothing (none of the records explains it)."""
    if explanation.verdict == "not-jax":
        return ()
    if explanation.verdict == "no-confident-match":
        return explanation.nearest
    return explanation.matches[: max(limit, 1) if show_all else 1]
