"""Shared helpers for the corpus tests: the curated records, and the JAX names their examples use.

Nothing here imports JAX; names are only collected, and resolved later in a JAX subprocess.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

from jaxlsp.records.load import RecordSet, load_records
from jaxlsp.records.model import ErrorRecord

ROOT = Path(__file__).resolve().parents[1]
RECORDS_DIR = ROOT / "data" / "records"
REPRODUCERS_DIR = ROOT / "tests" / "reproducers"
HARNESS = REPRODUCERS_DIR / "_harness.py"
PINNED_JAX = "0.12.0.1"

#: Import aliases the examples use, as the JAX documentation spells them.
EXAMPLE_ALIASES = {
    "jax": "jax",
    "jnp": "jax.numpy",
    "lax": "jax.lax",
    "pl": "jax.experimental.pallas",
    "pltpu": "jax.experimental.pallas.tpu",
}


#: Libraries beyond JAX that some reproducers and rule examples import, with the extra that
#: installs each (``pip install -e '.[jax]'`` installs the light ones; flax is apart).
LIBRARIES = {"optax": "jax", "equinox": "jax", "flax": "libraries", "haiku": "libraries"}


def missing_libraries(source: str) -> list[str]:
    """The libraries of ``LIBRARIES`` that ``source`` imports and are not installed: a
    program that needs one cannot run here (the test that would run it skips)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            imported.add(node.module.split(".")[0])
    return sorted(
        name for name in imported & LIBRARIES.keys() if importlib.util.find_spec(name) is None
    )


def skip_without_libraries(source: str) -> None:
    """Skip the calling test when ``source`` needs a library that is not installed."""
    missing = missing_libraries(source)
    if missing:
        import pytest

        extras = sorted({LIBRARIES[name] for name in missing})
        pytest.skip(f"needs {', '.join(missing)} (pip install -e '.[{','.join(extras)}]')")


def curated_records() -> RecordSet:
    return load_records([RECORDS_DIR])


def reproducible_on(platform: str) -> list[ErrorRecord]:
    """Curated records whose reproducer runs on ``platform``, in slug order."""
    return sorted(
        (
            record
            for record in curated_records().records
            if record.reproducer is not None and record.reproducer.platform == platform
        ),
        key=lambda record: record.slug,
    )


def jax_names_in(code: str) -> set[str]:
    """Qualified JAX names that ``code`` reads, with aliases expanded (``jnp.zeros`` ->
    ``jax.numpy.zeros``); only the longest chain of each attribute access is kept."""
    names: set[str] = set()
    inner: set[int] = set()
    for node in ast.walk(ast.parse(code)):
        if not isinstance(node, ast.Attribute) or id(node) in inner:
            continue
        parts: list[str] = []
        current: ast.expr = node
        while isinstance(current, ast.Attribute):
            parts.append(current.attr)
            inner.add(id(current.value))
            current = current.value
        if isinstance(current, ast.Name) and current.id in EXAMPLE_ALIASES:
            names.add(".".join([EXAMPLE_ALIASES[current.id], *reversed(parts)]))
    return names


#: A dotted JAX name in prose: ``jax.lax.scan``, ``jnp.where``, ``pl.BlockSpec``.
_PROSE_NAME = re.compile(r"\b(?:jax|jnp|lax|pl|pltpu)(?:\.[A-Za-z_][A-Za-z0-9_]*)+")


def jax_names_in_prose(text: str) -> set[str]:
    """Qualified JAX names mentioned in a record's explanations, aliases expanded."""
    names = set()
    for found in _PROSE_NAME.findall(text):
        head, _, rest = found.partition(".")
        names.add(f"{EXAMPLE_ALIASES[head]}.{rest}")
    return names


def prose_of(record: ErrorRecord) -> str:
    """Every explanatory text of a record, joined."""
    parts = [
        record.documentation,
        record.trigger_scenarios,
        record.common_situations,
        *record.solutions,
        *record.prevention_tips,
    ]
    return "\n".join(part for part in parts if part)
