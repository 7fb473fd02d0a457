"""The analysis engine: source text in, findings, hovers and fixes out. Knows nothing of LSP.

One ``Engine`` serves every front end (``jaxlsp check``, the language server, tests), so the
terminal, CI and the editor agree.  It never imports or runs the user's code and never raises
on bad source: a file that does not parse gives an ``Analysis`` with ``parse_error`` set that
keeps the last good analysis for hovers.

Cost model (why it is built this way): libcst's scope and qualified-name metadata take seconds
on a 2,000-line file, while ``ast.parse`` takes ~20 ms.  So ``analyze`` parses with ``ast``,
summarises each top-level statement once (cached by its text, reused from ``previous`` or from
an earlier document), and links the summaries (reusing the previous analysis's linked
statements where nothing they read changed); libcst only runs in ``fixes``, on the statements a
fix rewrites.  The cyclic garbage collector is paused while ``analyze`` runs (see
``jaxlsp.analysis.gcpause``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from jaxlsp.analysis.gcpause import gc_paused
from jaxlsp.analysis.hover import hover_at
from jaxlsp.analysis.linking import link
from jaxlsp.analysis.model import StatementSummary
from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.statements import Chunk, StatementCache, summarize_source
from jaxlsp.analysis.suppress import is_suppressed
from jaxlsp.config import Config
from jaxlsp.findings import Finding, Fix, HoverInfo, Position, TextEdit
from jaxlsp.records.load import RecordSet, load_records
from jaxlsp.records.match import Match, Matcher
from jaxlsp.rules import all_rules, run_rules
from jaxlsp.rules.base import RuleFailure

#: Statement summaries by text, oldest first, for documents' first analyses (``_share``).
#: Process-wide, as the statements' trees are (``jaxlsp.analysis.trees``): the server swaps
#: engines (records loaded in two steps, another JAX's records) and must not lose them.
_SUMMARIES: dict[str, StatementSummary] = {}
#: How many summaries ``_SUMMARIES`` keeps: as many as the trees kept for the rules.
SHARED_SUMMARIES = 4096
_SUMMARIES_LOCK = threading.Lock()


@dataclass(frozen=True)
class Analysis:
    """What the engine knows about one version of one file.

    ``findings`` already honour ``# jaxlsp: ignore[code]`` comments but not a Config (see
    ``Engine.findings``).  When ``parse_error`` is set, ``facts`` are the last good ones (so
    hovers keep working mid-edit) and ``findings`` are empty.
    """

    source: str
    path: str | None
    parse_error: str | None
    findings: tuple[Finding, ...] = ()
    #: The linked module model (JAX references, call graph, rule inputs); engine-private.
    facts: ModuleFacts | None = field(default=None, repr=False, compare=False)
    #: Per-top-level-statement summaries keyed by statement text; engine-private.
    cache: StatementCache = field(default_factory=StatementCache, repr=False, compare=False)
    #: How many top-level statements were summarised afresh (the rest came from the cache).
    statements_summarized: int = 0
    statements_total: int = 0
    #: How many top-level statements were linked afresh (the rest reused the previous links).
    statements_relinked: int = 0
    #: Rules that raised on this version (their findings are missing; the others' are here).
    rule_failures: tuple[RuleFailure, ...] = ()


class Engine:
    """Analyses JAX source against the error records; pure and thread-safe."""

    def __init__(self, records: RecordSet | None = None) -> None:
        self.records = records if records is not None else load_records()
        self._matcher: Matcher | None = None
        self._lock = threading.Lock()
        all_rules()  # import the rule modules now (≈15–55 ms), not in the first analysis

    def analyze(
        self, source: str, path: str | None = None, previous: Analysis | None = None
    ) -> Analysis:
        """Analyse ``source``; reuse what ``previous`` (the last analysis of the same document)
        summarised and linked wherever it is unchanged."""
        with gc_paused():
            return self._analyze(source, path, previous)

    def _analyze(self, source: str, path: str | None, previous: Analysis | None) -> Analysis:
        if previous is not None:
            prior_cache = previous.cache
        else:
            with _SUMMARIES_LOCK:
                prior_cache = StatementCache(by_text=dict(_SUMMARIES))
        summary = summarize_source(source, prior_cache)
        if summary.error is not None:
            last_good = previous.facts if previous is not None else None
            return Analysis(
                source=source,
                path=path,
                parse_error=summary.error,
                facts=last_good,
                cache=prior_cache,
                statements_total=previous.statements_total if previous is not None else 0,
            )
        if previous is None:
            _share(summary.statements)
        prior_facts = previous.facts if previous is not None else None
        facts = link(summary.statements, source, prior_facts, list(summary.cache.lines))
        failures: list[RuleFailure] = []
        found = [
            finding
            for finding in run_rules(facts, self.records, failures)
            if not is_suppressed(facts.lines, finding)
        ]
        found.sort(key=lambda f: (f.span, f.code))
        return Analysis(
            source=source,
            path=path,
            parse_error=None,
            findings=tuple(found),
            facts=facts,
            cache=summary.cache,
            statements_summarized=summary.summarized,
            statements_total=len(summary.statements),
            statements_relinked=facts.statements_relinked,
            rule_failures=tuple(failures),
        )

    def findings(self, analysis: Analysis, config: Config | None = None) -> list[Finding]:
        """The analysis's findings, filtered and re-levelled by ``config`` (default: all)."""
        found = list(analysis.findings)
        return config.apply(found) if config is not None else found

    def hover(self, analysis: Analysis, position: Position) -> HoverInfo | None:
        """Markdown for a JAX call or a finding at ``position``; None when there is nothing."""
        return hover_at(analysis.facts, analysis.findings, self.records, position)

    def fixes(self, source: str, analysis: Analysis, finding: Finding) -> list[Fix]:
        """The record's quick fixes for ``finding`` as minimal edits, then "ignore on this line".

        ``source`` must be the text ``analysis`` was made from (fixes are computed lazily, on
        request, against that version).
        """
        from jaxlsp.fixes import fixes_for

        if analysis.facts is None or analysis.parse_error is not None:
            return []
        with analysis.facts.lock:
            return fixes_for(source, analysis.facts, finding)

    def fix_all(
        self, source: str, analysis: Analysis, config: Config | None = None
    ) -> list[TextEdit]:
        """Every preferred fix that does not overlap an earlier one (``source.fixAll``)."""
        from jaxlsp.fixes import merge_non_overlapping

        chosen = []
        for finding in self.findings(analysis, config):
            preferred = [
                fix for fix in self.fixes(source, analysis, finding) if fix.kind == "quickfix"
            ]
            if preferred:
                chosen.append(next((f for f in preferred if f.preferred), preferred[0]))
        return merge_non_overlapping(chosen)

    def explain(self, text: str, limit: int = 5) -> list[Match]:
        """The records that explain an error message or traceback, best first."""
        with self._lock:
            if self._matcher is None:
                self._matcher = Matcher(self.records.records)
            matcher = self._matcher
        return matcher.match(text, limit=limit)


def _share(chunks: tuple[Chunk, ...]) -> None:
    """Keep a new document's statement summaries for the next document's first analysis.

    A summary depends only on its statement's text, so a file opened again (closed and
    reopened, a branch switched) or a sibling sharing imports and helpers is not summarised
    again; later versions of a document reuse its own (``Analysis.cache``).  Bounded by
    ``SHARED_SUMMARIES``, the oldest dropped first.
    """
    with _SUMMARIES_LOCK:
        for chunk in chunks:
            _SUMMARIES.pop(chunk.text, None)  # re-inserted as the newest
            _SUMMARIES[chunk.text] = chunk.summary
        for text in list(_SUMMARIES)[: max(0, len(_SUMMARIES) - SHARED_SUMMARIES)]:
            del _SUMMARIES[text]


__all__ = ["Analysis", "Engine"]
