"""The committed index: rebuilt byte for byte from the pinned JAX, and complete where it must be.

These read the installed JAX's *source* (never import it) and rebuild the index, which takes
seconds, so they are marked ``jax``: CI installs jax==0.12.0.1 with ``pip install -e '.[jax]'``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from jaxlsp.index.build import IndexBuild, build_index, dump_index
from jaxlsp.index.cache import shipped_index_path
from jaxlsp.index.jaxenv import JaxInstall, detect_jax
from jaxlsp.records import safe_regex
from jaxlsp.records.load import load_file
from jaxlsp.records.match import required_literal
from jaxlsp.records.model import ErrorRecord

PINNED = "0.12.0.1"
#: The parts of JAX the issue asks to cover completely.
TARGETS = ["jax/_src/shard_map.py", "jax/_src/custom_derivatives.py", "jax/_src/pallas/"]


@pytest.fixture(scope="module")
def shipped() -> list[ErrorRecord]:
    loaded = load_file(shipped_index_path(PINNED))
    assert loaded.problems == []
    return loaded.records


@pytest.fixture(scope="module")
def pinned_jax() -> JaxInstall:
    install = detect_jax(Path(sys.executable))
    if install is None or install.version != PINNED:
        pytest.skip(f"needs jax=={PINNED} installed (pip install -e '.[jax]')")
    return install


@pytest.fixture(scope="module")
def rebuilt(pinned_jax: JaxInstall) -> IndexBuild:
    return build_index(pinned_jax.package_dir, pinned_jax.version)


def test_every_pattern_compiles_and_has_a_prefilter_literal(shipped: list[ErrorRecord]) -> None:
    for record in shipped:
        safe_regex.compile_pattern(record.message_pattern)
        assert required_literal(record.message_pattern) is not None, record.id
        assert record.source_code is None and not record.has_explanation
    assert len({record.id for record in shipped}) == len(shipped)
    assert len({record.slug for record in shipped}) == len(shipped)


@pytest.mark.jax
def test_rebuilding_from_the_pinned_jax_gives_the_committed_bytes(
    rebuilt: IndexBuild, tmp_path: Path
) -> None:
    assert rebuilt.problems == []
    committed = shipped_index_path(PINNED).read_text(encoding="utf-8")
    assert dump_index(rebuilt) == committed, (
        "data/index is stale: run scripts/build_index.sh and commit the result"
    )


def _plain_raise_sites(root: Path, target: str) -> tuple[int, set[tuple[str, int]]]:
    """An independent count: every ``raise`` statement, and those that raise an exception class
    with a string or f-string message (``raise E("...")``), found with a plain ``ast.walk``."""
    paths = sorted((root / target).rglob("*.py")) if target.endswith("/") else [root / target]
    total = 0
    literal: set[tuple[str, int]] = set()
    for path in paths:
        relative = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Raise):
                continue
            total += 1
            exc = node.exc
            if (
                isinstance(exc, ast.Call)
                and _names_a_class(exc.func)
                and exc.args
                and _has_literal_text(exc.args[0])
            ):
                literal.add((relative, node.lineno))
    return total, literal


def _names_a_class(func: ast.expr) -> bool:
    """``ValueError`` or ``errors.JaxError``; not a helper such as ``_make_error``."""
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name.lstrip("_")[:1].isupper()


def _has_literal_text(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and len(node.value.strip()) >= 4
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(v, ast.Constant) and len(str(v.value).strip()) >= 4 for v in node.values
        )
    return False


@pytest.mark.jax
@pytest.mark.parametrize("target", TARGETS)
def test_every_literal_raise_site_of_the_target_is_indexed(
    target: str, pinned_jax: JaxInstall, rebuilt: IndexBuild, shipped: list[ErrorRecord]
) -> None:
    total, literal = _plain_raise_sites(pinned_jax.site_packages, target)
    counts = rebuilt.summary(target)
    assert counts["raise"] == total
    indexed = {(r.file_path, r.line_number) for r in shipped}
    missing = sorted(site for site in literal if site not in indexed)
    assert missing == []
    # Beyond plain literals, names, helpers and %/.format templates are read too.
    assert counts["indexed"] >= len(literal)
