"""Client settings: the ``jaxlsp`` section of ``workspace/configuration``, as a typed object.

An editor sends whatever its user typed; nothing it sends may crash the server or be silently
dropped.  ``parse_client_settings`` keeps every usable value, falls back to the default for the
rest and returns one problem line for each thing it could not use (the server logs them).  The
code filters (``select``, ``ignore``, ``severity``) and the size limits (``maxFileBytes``,
``maxLineLength``) mean what they mean in ``[tool.jaxlsp]`` (``jaxlsp.config``) and are merged
over the pyproject's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from jaxlsp.config import SETTINGS as CONFIG_SETTINGS
from jaxlsp.lsp.documents import MOST_OVERTAKEN

#: The ``[tool.jaxlsp]`` keys a client may also set (``exclude`` only concerns ``jaxlsp check``).
_CONFIG_KEYS = ("select", "ignore", "severity", "maxFileBytes", "maxLineLength", "pallasTarget")

DEFAULT_RECYCLE_RATIO = 1.25
DEFAULT_RECYCLE_MIN_MIB = 32

#: Every client setting and what it does (the one place they are documented).
CLIENT_SETTINGS: dict[str, str] = {
    "enable": "Set to false to turn jaxlsp off for this workspace folder (default true).",
    "debounceMs": "Milliseconds to wait after the last keystroke before checking (default 0: "
    "check at once; an edit stops the check still running on the text before it, except after "
    f"{MOST_OVERTAKEN} in a row, so diagnostics keep coming while you type).",
    "interpreter": "The Python (or venv folder) whose installed JAX to match records to; "
    "default: a .venv/venv in the workspace folder, else the server's own Python.",
    "unsafeFixes": "Let fix-all (`source.fixAll.jaxlsp`) apply unsafe fixes too, those that "
    "change behaviour the code may rely on (default false: safe fixes only; an unsafe quick fix "
    "can still be applied on its own).",
    "inlayHints": "Show arrays' shapes and dtypes as inlay hints after assignments and on "
    "function returns, where jaxlsp knows them (default true; false turns them off).",
    "recycle": "Once closing documents has left the server much bigger than a fresh one holding "
    "the documents still open (`recycleRatio` times and `recycleMinMiB` more), let it restart "
    "its own process in place, between two messages, to give that memory back: same process "
    "id and pipes, the session and open documents carried over, their diagnostics published "
    "again (Linux; default true; false turns it off; global settings only).",
    "recycleRatio": "How many times a fresh server's estimated size the server must be for "
    f"`recycle` (default {DEFAULT_RECYCLE_RATIO}, at least 1).",
    "recycleMinMiB": "How many MiB over a fresh server's estimated size the server must be for "
    f"`recycle` (default {DEFAULT_RECYCLE_MIN_MIB}, at least 0).",
    **{
        key: f"As in `[tool.jaxlsp]`, merged over it: {text}"
        for key, text in CONFIG_SETTINGS.items()
        if key in _CONFIG_KEYS
    },
}

DEFAULT_DEBOUNCE_MS = 0
MAX_DEBOUNCE_MS = 10_000


@dataclass(frozen=True)
class ClientSettings:
    enable: bool = True
    debounce_ms: int = DEFAULT_DEBOUNCE_MS
    interpreter: str | None = None
    inlay_hints: bool = True
    #: The ``[tool.jaxlsp]``-style keys, passed to ``Config.merged``.
    overrides: Mapping[str, Any] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    unsafe_fixes: bool = False
    recycle: bool = True
    recycle_ratio: float = DEFAULT_RECYCLE_RATIO
    recycle_min_mib: float = DEFAULT_RECYCLE_MIN_MIB


def parse_client_settings(raw: object, origin: str) -> ClientSettings:
    """Typed settings from what the client sent (None or a non-object: the defaults)."""
    if raw is None:
        return ClientSettings()
    if not isinstance(raw, Mapping):
        return ClientSettings(
            problems=(f"{origin}: settings must be an object, got {type(raw).__name__}",)
        )
    problems: list[str] = []
    for key in raw:
        if key not in CLIENT_SETTINGS:
            problems.append(
                f"{origin}: unknown setting {key!r} (known: {', '.join(CLIENT_SETTINGS)})"
            )
    enable = raw.get("enable", True)
    if not isinstance(enable, bool):
        problems.append(f"{origin}: 'enable' must be true or false, got {enable!r}; using true")
        enable = True
    debounce = raw.get("debounceMs", DEFAULT_DEBOUNCE_MS)
    if isinstance(debounce, bool) or not isinstance(debounce, int | float):
        problems.append(
            f"{origin}: 'debounceMs' must be a number, got {debounce!r}; "
            f"using {DEFAULT_DEBOUNCE_MS}"
        )
        debounce = DEFAULT_DEBOUNCE_MS
    elif not 0 <= debounce <= MAX_DEBOUNCE_MS:
        clamped = min(max(int(debounce), 0), MAX_DEBOUNCE_MS)
        problems.append(
            f"{origin}: 'debounceMs' must be between 0 and {MAX_DEBOUNCE_MS}, got {debounce!r}; "
            f"using {clamped}"
        )
        debounce = clamped
    interpreter = raw.get("interpreter")
    if interpreter is not None and (not isinstance(interpreter, str) or not interpreter.strip()):
        problems.append(f"{origin}: 'interpreter' must be a path, got {interpreter!r}; ignored")
        interpreter = None
    unsafe_fixes = raw.get("unsafeFixes", False)
    if not isinstance(unsafe_fixes, bool):
        problems.append(
            f"{origin}: 'unsafeFixes' must be true or false, got {unsafe_fixes!r}; using false"
        )
        unsafe_fixes = False
    inlay_hints = raw.get("inlayHints", True)
    if not isinstance(inlay_hints, bool):
        problems.append(
            f"{origin}: 'inlayHints' must be true or false, got {inlay_hints!r}; using true"
        )
        inlay_hints = True
    recycle = raw.get("recycle", True)
    if not isinstance(recycle, bool):
        problems.append(f"{origin}: 'recycle' must be true or false, got {recycle!r}; using true")
        recycle = True
    ratio = _number_at_least(raw, "recycleRatio", DEFAULT_RECYCLE_RATIO, 1.0, origin, problems)
    min_mib = _number_at_least(raw, "recycleMinMiB", DEFAULT_RECYCLE_MIN_MIB, 0.0, origin, problems)
    overrides = {key: value for key, value in raw.items() if key in _CONFIG_KEYS}
    return ClientSettings(
        enable,
        int(debounce),
        interpreter,
        inlay_hints,
        overrides,
        tuple(problems),
        unsafe_fixes,
        recycle,
        ratio,
        min_mib,
    )


def _number_at_least(
    raw: Mapping[str, Any], key: str, default: float, least: float, origin: str, problems: list[str]
) -> float:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= least:
        problems.append(
            f"{origin}: {key!r} must be a number of at least {least:g}, got {value!r}; "
            f"using {default:g}"
        )
        return default
    return float(value)


def settings_markdown() -> str:
    """The settings table docs/server.md shows (a test keeps it in step with this)."""
    rows = ["| Setting (`jaxlsp.`…) | What it does |", "| --- | --- |"]
    rows += [f"| `{key}` | {text} |" for key, text in CLIENT_SETTINGS.items()]
    return "\n".join(rows)
