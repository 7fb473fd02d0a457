"""Records as text for a terminal, and as Markdown for hovers: short first, details below."""

from __future__ import annotations

import textwrap

from jaxlsp.records.record import Record

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


def render_markdown(record: Record, *, full: bool = True) -> str:
    """A record for a hover: one-line summary first; with ``full``, the details below a rule."""
    head = f"**{record.error_class or 'Error'}**: `{_code(record.error_message)}`"
    parts = [head]
    if record.documentation:
        parts.append(_first_sentence(record.documentation) if not full else record.documentation)
    if not full:
        return "\n\n".join(parts)
    if record.trigger_scenarios:
        parts.append(f"**When:** {record.trigger_scenarios}")
    if record.solutions:
        parts.append(
            "**Fix:**\n" + "\n".join(f"{n}. {s}" for n, s in enumerate(record.solutions, 1))
        )
    if record.example_fix:
        parts.append(f"```python\n{record.example_fix}\n```")
    if link := source_link(record):
        label = location(record) or "source"
        parts.append(f"[{label}]({link})" if link.startswith("https://") else f"`{link}`")
    return "\n\n".join(parts)


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


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end == -1 else text[: end + 1]


def _code(text: str) -> str:
    return text.replace("`", "'")
