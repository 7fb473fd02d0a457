"""The answer of ``explain`` as JSON, the one code path for ``jaxlsp explain --json``, the
editors' ``jaxlsp.explain`` command and the MCP tool, so they agree.

Why its own module: it joins the explanation (``explain``) with its Markdown
(``records.render``, which reads explanations), above both.
"""

from __future__ import annotations

from typing import Any

from jaxlsp.explain import Explainer, Explanation, shown_matches
from jaxlsp.records.match import Match
from jaxlsp.records.render import render_answer_markdown


def explain_json(
    explainer: Explainer,
    text: str,
    *,
    show_all: bool = False,
    limit: int = 3,
    full_records: bool = True,
) -> tuple[Explanation, dict[str, Any]]:
    """Explain ``text`` and give the answer as JSON: one code path for ``jaxlsp explain
    --json``, the editors' ``jaxlsp.explain`` command and the MCP tool, so they agree."""
    explanation = explainer.explain(text, limit=limit if show_all else 1)
    shown = shown_matches(explanation, show_all=show_all, limit=limit)
    return explanation, explanation_json(explanation, shown, full_records=full_records)


def explanation_json(
    explanation: Explanation, shown: tuple[Match, ...], *, full_records: bool = False
) -> dict[str, Any]:
    """The explanation as JSON, with the ``shown`` matches (``shown_matches``)."""
    from jaxlsp.index import join

    error = explanation.error
    frame = error.user_frame
    entries = []
    for rank, match in enumerate(shown):
        site = explanation.sites.get(match.record.id)
        entry: dict[str, Any] = {
            "id": match.record.id,
            "slug": match.record.slug,
            "score": round(min(match.score, 1.0), 4),
            "kind": match.kind,
            "classFit": match.class_fit,
            "confident": explanation.verdict == "answer" and rank == 0,
            "matchedMessage": match.matched_message,
            "errorClass": match.record.error_class,
            "explained": match.record.has_explanation,
            "seenOnVersion": explanation.seen_on_version(match),
            "site": join.site_json(site) if site is not None else None,
            "link": (site.github_url if site is not None else None) or match.record.github_url,
        }
        entry["markdown"] = render_answer_markdown(explanation, match)
        if full_records:
            entry["record"] = match.record.wire()
        entries.append(entry)
    return {
        "verdict": explanation.verdict,
        "sharedWording": explanation.shared_with,
        "error": {
            "class": error.exception_class,
            "message": error.message,
            "causes": [
                {"class": cause.exception_class, "message": cause.message} for cause in error.causes
            ],
            "jaxVersion": error.jax_version,
            "userFrame": (
                {
                    "path": frame.path,
                    "line": frame.line,
                    "function": frame.function,
                    "code": frame.code,
                }
                if frame is not None
                else None
            ),
        },
        "matches": entries,
    }
