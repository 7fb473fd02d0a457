"""``jax-module-attribute-missing`` names what the pinned JAX lacks: where the JAX installed
beside jaxlsp is older, a name removed since may still be there, so the rule is silent."""

from __future__ import annotations

import pytest

from jaxlsp.rules import jax_module_attribute_missing as rule
from tests._engine import fresh_engine

PROGRAM = """
import jax

leaves = jax.tree_map(lambda a: a + 1, [1, 2])
"""


def _codes(tmp_path, monkeypatch: pytest.MonkeyPatch, version: str | None) -> set[str]:
    monkeypatch.setattr(rule, "installed_jax_version", lambda: version)
    rule.older_jax_installed.cache_clear()
    try:
        path = tmp_path / "old_code.py"
        path.write_text(PROGRAM)
        analysis = fresh_engine().analyze(PROGRAM, str(path))
        return {finding.code for finding in analysis.findings}
    finally:
        rule.older_jax_installed.cache_clear()


@pytest.mark.parametrize("version", [None, "0.12.0.1", "0.13.0", "0.12.1rc1"])
def test_a_removed_name_is_an_error_on_the_pinned_jax_or_later(tmp_path, monkeypatch, version):
    assert "jax-module-attribute-missing" in _codes(tmp_path, monkeypatch, version)


@pytest.mark.parametrize("version", ["0.4.30", "0.6.2", "0.12.0"])
def test_an_older_installed_jax_may_still_have_the_name(tmp_path, monkeypatch, version):
    assert "jax-module-attribute-missing" not in _codes(tmp_path, monkeypatch, version)


def test_the_installed_version_is_read_from_the_distribution_on_the_path(tmp_path, monkeypatch):
    (tmp_path / "jaxlib-0.4.30.dist-info").mkdir()
    (tmp_path / "jax-0.4.30.dist-info").mkdir()
    monkeypatch.setattr(rule.sys, "path", [str(tmp_path)])
    assert rule.installed_jax_version() == "0.4.30"
    monkeypatch.setattr(rule.sys, "path", [str(tmp_path / "empty")])
    assert rule.installed_jax_version() is None


def test_a_removed_name_only_in_text_is_no_read(tmp_path, monkeypatch):
    """The source is searched for a missing name first; a mention in a string or a comment
    only makes the rule walk the trees, which find no read."""
    monkeypatch.setattr(rule, "installed_jax_version", lambda: None)
    rule.older_jax_installed.cache_clear()
    program = '"""Was `jax.tree_map`; now `jax.tree.map`."""\nimport jax\n\n# jax.tree_map\nx = jax.tree.map(abs, [1])\n'
    analysis = fresh_engine().analyze(program, str(tmp_path / "mention.py"))
    rule.older_jax_installed.cache_clear()
    assert "jax-module-attribute-missing" not in {f.code for f in analysis.findings}


def test_a_missing_name_deep_in_a_dotted_read(tmp_path, monkeypatch):
    monkeypatch.setattr(rule, "installed_jax_version", lambda: None)
    rule.older_jax_installed.cache_clear()
    program = "import jax\n\nkind = jax.random.KeyArray\n"
    analysis = fresh_engine().analyze(program, str(tmp_path / "deep.py"))
    rule.older_jax_installed.cache_clear()
    assert [(f.code, f.span.start.line) for f in analysis.findings] == [
        ("jax-module-attribute-missing", 2)
    ]
