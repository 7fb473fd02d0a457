"""``jax-module-attribute-missing`` names what the pinned JAX lacks: where the JAX installed
beside jaxlsp is older, a name removed since may still be there, so the rule is silent."""

from __future__ import annotations

import pytest

from jaxlsp.rules import jax_module_attribute_missing as rule
from jaxlsp.syntax.source import parse_module
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


MANY = "import jax\nimport jax.numpy as jnp\n\n" + "".join(
    f"\ndef f{i}(x):\n    return jnp.sum(x) + {i}\n\n" for i in range(12)
)


def _whole_text_search(text: str) -> bool:
    """What the search said when it read the whole text at every analysis."""
    return rule._reads_a_missing_name(text, {"jax": "jax", "jnp": "jax.numpy"})


@pytest.mark.parametrize(
    ("old", "new", "spelled"),
    [
        ("return jnp.sum(x) + 5", "return jnp.sum(x) + 6", False),
        ("return jnp.sum(x) + 5", "return jnp.DeviceArray + 5", True),
        ("return jnp.sum(x) + 5", "return 'jnp.DeviceArray' + 5", True),
        ("def f5(x):", "# jnp.DeviceArray\ndef f5(x):", True),  # a comment between statements
        ("def f5(x):", "# jnp.DeviceArrays_are_gone\ndef f5(x):", True),
        ("def f5(x):", "# jnp.sum\ndef f5(x):", False),
    ],
)
def test_the_search_by_statement_finds_what_the_whole_text_search_found(old, new, spelled):
    """An edit keeps the other statements' trees and what their text spells: only the edited
    statement and the lines between statements are searched again, with the same answer."""
    imported = {"jax": "jax", "jnp": "jax.numpy"}
    before = parse_module(MANY)
    assert not rule._spells_a_missing_name(before.chunks, before.lines, MANY, imported)
    edited = MANY.replace(old, new)
    after = parse_module(edited, before)
    assert after.parsed < len(after.chunks)  # the other statements kept their trees
    found = rule._spells_a_missing_name(after.chunks, after.lines, edited, imported)
    assert found is spelled is _whole_text_search(edited)


def test_an_edit_that_reads_a_removed_name_is_found_and_its_undo_is_silent(tmp_path, monkeypatch):
    monkeypatch.setattr(rule, "installed_jax_version", lambda: None)
    rule.older_jax_installed.cache_clear()
    engine = fresh_engine()
    path = str(tmp_path / "many.py")
    first = engine.analyze(MANY, path)
    read = engine.analyze(MANY.replace("jnp.sum(x) + 5", "jax.tree_map(abs, x) + 5"), path, first)
    undone = engine.analyze(MANY, path, read)
    rule.older_jax_installed.cache_clear()
    codes = [[f.code for f in a.findings] for a in (first, read, undone)]
    assert codes == [[], ["jax-module-attribute-missing"], []]


class _Unasked:
    """Per-tree marks that fail the test when asked."""

    def get(self, tree: object, default: object = None) -> object:
        raise AssertionError("the marks of a text's new trees were asked")

    def __setitem__(self, tree: object, key: object) -> None:
        pass


@pytest.mark.parametrize("spelled", [False, True])
def test_a_text_parsed_afresh_is_searched_whole_without_asking_each_tree(monkeypatch, spelled):
    """A text whose statements were mostly parsed afresh (a new file) has no marks kept for
    its new trees: the whole text is searched, with the whole-text search's answer, and no
    tree's mark is asked for (each was a miss); an edit (few parsed afresh) still asks."""
    imported = {"jax": "jax", "jnp": "jax.numpy"}
    text = MANY.replace("return jnp.sum(x) + 5", "return jnp.DeviceArray + 5") if spelled else MANY
    text = text.replace("def f", f"def afresh_{spelled}_")  # statements no other test parsed
    parsed = parse_module(text)
    assert parsed.parsed * 4 > len(parsed.chunks)  # (the imports may be shared trees)
    monkeypatch.setattr(rule, "_SPELL_NONE", _Unasked())
    monkeypatch.setattr(rule, "_SPELL_SOME", _Unasked())
    found = rule._spells_a_missing_name(
        parsed.chunks, parsed.lines, text, imported, fresh=parsed.parsed
    )
    assert found is spelled is _whole_text_search(text)
    with pytest.raises(AssertionError, match="were asked"):
        rule._spells_a_missing_name(parsed.chunks, parsed.lines, text, imported, fresh=1)


def test_the_installed_version_is_read_from_the_first_folder_that_has_jax(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first folder on ``sys.path`` with a ``jax-<version>.dist-info`` gives the version
    (the lowest name where it has two); files, missing folders and near names are passed."""
    empty, first, second = (tmp_path / name for name in ("empty", "first", "second"))
    for folder in (empty, first, second):
        folder.mkdir()
    (empty / "jaxlib-0.4.1.dist-info").mkdir()  # not jax's
    (empty / "jax.dist-info").mkdir()
    (first / "jax-0.4.30.dist-info").mkdir()
    (first / "jax-0.5.0.dist-info").mkdir()
    (second / "jax-0.12.0.1.dist-info").mkdir()
    archive = tmp_path / "python312.zip"
    archive.write_bytes(b"")
    path = [str(archive), str(tmp_path / "missing"), str(empty), str(first), str(second)]
    monkeypatch.setattr("sys.path", path)
    assert rule.installed_jax_version() == "0.4.30"
    monkeypatch.setattr("sys.path", [str(empty), str(second)])
    assert rule.installed_jax_version() == "0.12.0.1"
    monkeypatch.setattr("sys.path", [str(empty)])
    assert rule.installed_jax_version() is None
