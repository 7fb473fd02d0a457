"""The rules that read only the analysed module's own text (``Rule.READS_OWN_TEXT``): what they
found is kept with the analysis, and an importer re-checked after an edit to a module it
imports (its own text unchanged) takes it instead of asking them again (``run_rules``).

Two things must hold: each such rule reads nothing else (checked by running it on a program
that refuses everything else), and an importer re-checked so finds what a fresh analysis finds
(edits to the imported module that change the importer's findings, and edits that do not).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Span
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.infer.workspace import Workspace
from jaxlsp.rules import all_rules, own_text_rules
from jaxlsp.rules.base import Rule
from tests.engine.test_incremental import ENGINE, assert_same_as_fresh_project


class _OwnTextOnly:
    """A program that answers only what a rule reading the module's own text may ask: the
    module, and the places of its own sites.  Anything else (facts, other modules, the
    interpreter) raises."""

    def __init__(self, program: Program) -> None:
        self._program = program
        self.module = program.module

    def _own(self, site: Site) -> Site:
        assert site.module == self.module.key, f"a site of another module: {site.module}"
        return site

    def is_here(self, site: Site) -> bool:
        return self._program.is_here(self._own(site))

    def span(self, site: Site, node: ast.AST | None = None) -> Span:
        return self._program.span(self._own(site), node)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a rule that reads only its module's text read program.{name}")


def test_the_costly_syntax_rules_are_marked() -> None:
    """The two that read only the module's text and cost most on an importer's re-check."""
    names = {rule.NAME for rule in own_text_rules()}
    assert {"jax-module-attribute-missing", "haiku-outside-transform"} <= names
    # a rule that reads facts is not among them
    assert "incompatible-shapes-for-broadcasting" not in names


@pytest.mark.parametrize("rule", own_text_rules(), ids=lambda r: r.NAME)
def test_an_own_text_rule_reads_nothing_but_the_module_text(rule: Rule) -> None:
    """On each of its examples it finds, from the module alone, what it finds on the whole
    program."""
    for source in (*rule.VALID, *rule.INVALID):
        analysis = ENGINE.analyze(source)
        assert analysis.program is not None
        record = ENGINE.records.get(rule.RECORD_ID)
        whole = list(rule.check(analysis.program, record))
        alone = list(rule.check(_OwnTextOnly(analysis.program), record))  # type: ignore[arg-type]
        assert alone == whole


def test_a_rule_that_reads_facts_is_caught_by_the_check() -> None:
    """The check above can fail: a rule that reads the facts raises on the restricted
    program."""
    rule = next(r for r in all_rules() if r.NAME == "incompatible-shapes-for-broadcasting")
    source = rule.INVALID[0]
    analysis = ENGINE.analyze(source)
    assert analysis.program is not None
    with pytest.raises(AssertionError, match="read program"):
        list(rule.check(_OwnTextOnly(analysis.program), None))  # type: ignore[arg-type]


OPS_VERSIONS = [
    "import jax.numpy as jnp\n\n\ndef helper(x):\n    return jnp.sin(x)\n",
    # a body edit that keeps the importer's findings
    "import jax.numpy as jnp\n\n\ndef helper(x):\n    return jnp.cos(x) * 2.0\n",
    # one that adds a finding in the importer's call (a shape that cannot broadcast)
    "import jax.numpy as jnp\n\n\ndef helper(x):\n    return x + jnp.ones(7)\n",
    # and one that lines move in, the function the same
    "import jax.numpy as jnp\n\n# moved\n\n\ndef helper(x):\n    return jnp.sin(x)\n",
]

IMPORTER = """import haiku as hk
import jax
import jax.numpy as jnp

import ops

layer = hk.Linear(3)
leaves = jax.tree_map(lambda a: a + 1, {"a": jnp.ones(2)})


@jax.jit
def step(x):
    return ops.helper(x) * 2.0


def shaped():
    return ops.helper(jnp.ones(3))


Y = ops.helper(jnp.ones(3))
"""

QUIET_IMPORTER = """import jax.numpy as jnp

import ops


def run(x):
    return ops.helper(x) + 1.0
"""


def test_an_importer_re_checked_takes_its_own_text_findings_and_matches_a_fresh_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ops, importer, quiet = tmp_path / "ops.py", tmp_path / "train.py", tmp_path / "quiet.py"
    texts = {ops: OPS_VERSIONS[0], importer: IMPORTER, quiet: QUIET_IMPORTER}
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    analyses: dict[Path, Analysis] = {
        path: engine.analyze(text, str(path)) for path, text in texts.items()
    }
    first = analyses[importer]
    own = {rule.NAME for rule in own_text_rules()}
    assert {f.rule for f in first.findings} >= {
        "jax-module-attribute-missing",
        "haiku-outside-transform",
    }
    assert first.own_text is not None and set(first.own_text) <= own
    assert analyses[quiet].own_text is not None and not analyses[quiet].own_text

    asked: list[str] = []
    for rule in own_text_rules():
        real = rule.check

        def check(program: Program, record: Any, real: Any = real, name: str = rule.NAME) -> Any:
            asked.append(name)
            return real(program, record)

        monkeypatch.setattr(rule, "check", check)

    findings_seen = set()
    for version in (1, 2, 3, 0, 2):
        texts[ops] = OPS_VERSIONS[version]
        engine.workspace.set_document(ops, texts[ops])
        analyses[ops] = engine.analyze(texts[ops], str(ops), previous=analyses[ops])
        asked.clear()
        for path in (importer, quiet):
            analyses[path] = engine.analyze(texts[path], str(path), previous=analyses[path])
        assert asked == [], "an own-text rule was asked again on an unchanged text"
        for path in (importer, quiet):
            assert_same_as_fresh_project(tmp_path, texts, analyses[path])
        seen = analyses[importer]
        findings_seen.add(tuple(f.rule for f in (*seen.findings, *seen.elsewhere)))
        assert analyses[importer].own_text == first.own_text
    # the edits changed the importer's findings (the broadcast came and went)
    assert len(findings_seen) > 1

    # its own text edited: the rules are asked again, and find what a fresh analysis finds
    texts[importer] = IMPORTER.replace("layer = hk.Linear(3)\n", "")
    asked.clear()
    again = engine.analyze(texts[importer], str(importer), previous=analyses[importer])
    assert set(asked) == own
    assert_same_as_fresh_project(tmp_path, texts, again)
    assert "haiku-outside-transform" not in {f.rule for f in again.findings}


def test_a_failed_own_text_rule_is_asked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule that raised kept nothing: the next analysis of the same text asks it again."""
    ops, importer = tmp_path / "ops.py", tmp_path / "train.py"
    texts = {ops: OPS_VERSIONS[0], importer: IMPORTER}
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    rule = next(r for r in own_text_rules() if r.NAME == "haiku-outside-transform")
    real = rule.check

    def failing(program: Program, record: Any) -> Any:
        raise ValueError("a bug")

    monkeypatch.setattr(rule, "check", failing)
    before = engine.analyze(texts[importer], str(importer))
    assert before.own_text is None
    assert [f.rule for f in before.rule_failures] == [rule.NAME]
    monkeypatch.setattr(rule, "check", real)
    texts[ops] = OPS_VERSIONS[1]
    engine.workspace.set_document(ops, texts[ops])
    again = engine.analyze(texts[importer], str(importer), previous=before)
    assert not again.rule_failures
    assert "haiku-outside-transform" in {f.rule for f in again.findings}
    assert_same_as_fresh_project(tmp_path, texts, again)
