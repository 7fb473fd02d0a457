"""Records as text for a terminal, and as Markdown for hovers: short first, details below."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from jaxlsp.records.record import Record

if TYPE_CHECKING:  # explain imports this module
    from jaxlsp.explain import Explanation
    from jaxlsp.records.errortext import RaisedError
    from jaxlsp.records.match import Match

_WIDTH = 88


def source_link(record: Record) -> str | None:
    """The pinned link to the raise site, or a plain ``file:line`` when there is no link."""
    if record.github_url:
        return record.github_url
    if record.file_path:
        return (
            f"{record.file_path}:{record.line_number}" if record.line_number else record.file_path
        )
    return None


def location(record: Record) -> str | None:
    if not record.file_path:
        return None
    return f"{record.file_path}:{record.line_number}" if record.line_number else record.file_path


def render_text(record: Record, *, header: str | None = None) -> str:
    """A record for the terminal: the message, then what it means, why, and what to do."""
    lines: list[str] = []
    title = f"{record.error_class}: " if record.error_class else ""
    lines.append(header or f"{record.slug}  [{record.id}]")
    lines.append(_wrap(f"{title}{record.error_message}", indent="  "))
    if where := location(record):
        seen = f" (seen on jax {', '.join(record.jax_versions)})" if record.jax_versions else ""
        lines.append(f"  raised at {where}{seen}")
    for variant in record.message_variants:
        seen = f" on jax {', '.join(variant.jax_versions)}" if variant.jax_versions else ""
        lines.append(_wrap(f"also raised as{seen}: {variant.error_message}", indent="  "))
    _section(lines, "What it means", record.documentation)
    _section(lines, "When it happens", record.trigger_scenarios)
    _section(lines, "Common situations", record.common_situations)
    if record.solutions:
        lines.extend(["", "Solutions"])
        for number, solution in enumerate(record.solutions, 1):
            lines.append(_wrap(solution, indent="     ", first=f"  {number}. "))
    if record.example_fix:
        lines.extend(["", "Example fix", textwrap.indent(record.example_fix, "    ")])
    if record.prevention_tips:
        lines.extend(["", "Prevention"])
        lines.extend(_wrap(tip, indent="    ", first="  - ") for tip in record.prevention_tips)
    if record.related_errors:
        lines.extend(["", "Related errors"])
        lines.extend(_wrap(other, indent="    ", first="  - ") for other in record.related_errors)
    if link := source_link(record):
        lines.extend(["", f"Source: {link}"])
    if not record.has_explanation:
        lines.extend(["", "(No explanation has been written for this error yet; only its site.)"])
    return "\n".join(lines)


def _section(lines: list[str], title: str, body: str | None) -> None:
    if body:
        lines.extend(["", title, _wrap(body, indent="  ")])


def _wrap(text: str, *, indent: str, first: str | None = None) -> str:
    return textwrap.fill(
        text,
        width=_WIDTH,
        initial_indent=first if first is not None else indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _code(text: str) -> str:
    return text.replace("`", "'")


# --------------------------------------------------------------- explain's answer
#: How much of the user's own message an answer quotes.
_QUOTE = 300


def render_answer_text(explanation: Explanation, *, show_all: bool = False) -> str:
    """The answer a person reads in a terminal: one record, filled with the user's values and
    frame, then why, the fix, the example and one link; ``show_all`` adds the runner-ups."""
    if explanation.verdict == "not-jax":
        named = explanation.error.exception_class
        what = f" ({named})" if named else ""
        return f"Not a JAX error{what}: nothing in this text comes from JAX."
    if explanation.verdict == "no-confident-match":
        lines = ["No confident match for this error.", _your_error(explanation), ""]
        if explanation.shared_with is not None:
            lines[1:1] = [
                f"{explanation.shared_with} raises this message in these very words, and nothing "
                "else in the text comes from JAX."
            ]
        lines.append("Nearest:" if explanation.nearest else "No record is near it.")
        for rank, match in enumerate(explanation.nearest, 1):
            lines.append(
                _wrap(
                    f"{rank}. {match.record.slug} (score {min(match.score, 1.0):.2f}, not "
                    f"confident): {_short(match.record.error_message)}",
                    indent="     ",
                    first="  ",
                )
            )
        return "\n".join(lines)
    best = explanation.best
    assert best is not None
    lines = _answer_lines(explanation, best)
    if show_all and len(explanation.matches) > 1:
        lines.extend(["", "Also close:"])
        for rank, match in enumerate(explanation.matches[1:], 2):
            lines.append(
                _wrap(
                    f"{rank}. {match.record.slug} (score {min(match.score, 1.0):.2f}): "
                    f"{_short(match.record.error_message)}",
                    indent="     ",
                    first="  ",
                )
            )
    return "\n".join(lines)


def _answer_lines(explanation: Explanation, match: Match) -> list[str]:
    record = match.record
    site = explanation.sites.get(record.id)
    kind = record.error_class or record.error_type
    lines = [
        f"{record.slug}  ({kind}, score {min(match.score, 1.0):.2f})",
        _your_error(explanation),
    ]
    explained = explanation.explained
    causes = explanation.error.causes
    if explained is not None and explained.message != explanation.error.message:
        lines.append(_wrap(f"Explained: its cause, {_raised(explained)}", indent="  "))
    elif causes:
        lines.append(_wrap(f"Caused by: {_raised(causes[-1])}", indent="  "))
    if (frame := explanation.user_frame) is not None:
        code = f": {frame.code}" if frame.code else ""
        lines.append(f"Your code: {frame.path}:{frame.line}{code}")
    version = explanation.error.jax_version
    seen = explanation.seen_on_version(match)
    versions = _seen_versions(match)
    if version is not None:
        verdict = "seen on that version" if seen else f"not seen on it (seen on jax {versions})"
        lines.append(f"JAX: {version} (from your text); this record was {verdict}")
    elif versions:
        lines.append(f"Seen on jax {versions}")
    if not record.has_explanation:
        lines.append("(No explanation has been written for this error yet; only its site.)")
    _section(lines, "Why", record.documentation)
    if record.solutions:
        lines.extend(["", "Fix"])
        for number, solution in enumerate(record.solutions, 1):
            lines.append(_wrap(solution, indent="     ", first=f"  {number}. "))
    if record.example_fix:
        lines.extend(["", "Example", textwrap.indent(record.example_fix, "    ")])
    link = (site.github_url if site is not None else None) or source_link(record)
    if link:
        where = f" ({site.file_path}:{site.line_number})" if site and site.line_number else ""
        lines.extend(["", f"Source{where}: {link}"])
    return lines


def render_answer_markdown(explanation: Explanation, match: Match) -> str:
    """One ranked record as Markdown for the editor: the same facts as the terminal answer."""
    record = match.record
    parts = [f"**{record.error_class or 'Error'}**: `{_code(_short(explanation.error.flat))}`"]
    if (frame := explanation.user_frame) is not None:
        code = f" — `{_code(frame.code)}`" if frame.code else ""
        parts.append(f"Your code: `{frame.path}:{frame.line}`{code}")
    if explanation.error.jax_version is not None:
        seen = explanation.seen_on_version(match)
        parts.append(
            f"JAX {explanation.error.jax_version} (from the text): this record was "
            + ("seen on it" if seen else f"seen on jax {_seen_versions(match)}")
        )
    if record.documentation:
        parts.append(record.documentation)
    else:
        parts.append("No explanation has been written for this error yet; only its site.")
    if record.solutions:
        parts.append(
            "**Fix:**\n" + "\n".join(f"{n}. {s}" for n, s in enumerate(record.solutions, 1))
        )
    if record.example_fix:
        parts.append(f"```python\n{record.example_fix}\n```")
    site = explanation.sites.get(record.id)
    link = (site.github_url if site is not None else None) or source_link(record)
    if link:
        label = (
            f"{site.file_path}:{site.line_number}"
            if site is not None and site.line_number
            else location(record) or "source"
        )
        parts.append(f"[{label}]({link})" if link.startswith("https://") else f"`{link}`")
    return "\n\n".join(parts)


def _your_error(explanation: Explanation) -> str:
    error = explanation.error
    if error.bare_class:
        return f"Your error: {error.exception_class}"
    named = f"{error.exception_class}: " if error.exception_class else ""
    return _wrap(f"Your error: {named}{_short(error.flat)}", indent="  ")


def _raised(raised: RaisedError) -> str:
    named = f"{raised.exception_class}: " if raised.exception_class else ""
    return named + _short(" ".join(raised.message.split()))


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _QUOTE else flat[: _QUOTE - 1] + "…"


def _seen_versions(match: Match) -> str:
    if match.seen_versions:
        return _versions(match.seen_versions)
    record = match.record
    for variant in record.message_variants:
        if variant.error_message == match.matched_message and variant.jax_versions:
            return _versions(variant.jax_versions)
    return _versions(record.jax_versions)


def _versions(versions: tuple[str, ...]) -> str:
    if len(versions) == 2:
        return f"{versions[0]} to {versions[1]}"
    return ", ".join(versions)
