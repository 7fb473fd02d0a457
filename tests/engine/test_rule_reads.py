"""The rules that declare the facts they read (``Rule.READS``): an importer re-checked after an
edit to a module it imports takes their last findings when the runs its re-analysis replaced
hold no fact they select, or only alike ones (``Reads.unchanged``).

Two things must hold: each such rule reads nothing but what it declares (checked by running it
on a program whose facts are only those it selects, and whose undeclared lists and interpreter
refuse to be read), and an importer re-checked so finds what a fresh analysis finds (edits that
leave the Pallas facts alone, and edits that change a kernel the importer launches).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import FACT_LISTS, Facts
from jaxlsp.infer.interpreter import Interpreter
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Kernel
from jaxlsp.infer.workspace import Workspace
from jaxlsp.rules import all_rules, reading_rules, rule_named
from jaxlsp.rules._pallas import PALLAS_FACTS
from jaxlsp.rules.base import Reads, Rule
from tests.engine.test_incremental import ENGINE, assert_same_as_fresh_project


class _Refused(list[Any]):
    """A facts list the rule did not declare: reading it fails."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _refuse(self, *args: object) -> Any:
        raise AssertionError(f"a rule read facts.{self.name}, which it does not declare")

    __iter__ = __len__ = __getitem__ = __bool__ = __contains__ = _refuse


class _Selected:
    """An interpreter that answers only what a rule declaring ``reads`` may ask: the facts it
    selects of the lists it names, the modules (their text and imports), and the heap where
    it says it reads it.  Anything else raises."""

    def __init__(self, interpreter: Interpreter, reads: Reads) -> None:
        self.facts = Facts()
        for name in FACT_LISTS:
            found: list[Any] = _Refused(name)
            if name in reads.lists:
                found = [fact for fact in getattr(interpreter.facts, name) if reads.selects(fact)]
            setattr(self.facts, name, found)
        self.modules = interpreter.modules
        if reads.heap:
            self.heap = interpreter.heap

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a rule that declares what it reads read interpreter.{name}")


def _selected(program: Program, reads: Reads) -> Program:
    return Program(program.module, _Selected(program.interpreter, reads), program.line_names)  # type: ignore[arg-type]


@cache
def _analysed(source: str) -> Analysis:
    return ENGINE.analyze(source)


def _finds_alike(rule: Rule, reads: Reads, source: str) -> bool:
    """Whether ``rule`` finds on ``source``'s program holding only what ``reads`` selects
    what it finds on the whole one."""
    program = _analysed(source).program
    assert program is not None
    record = ENGINE.records.get(rule.RECORD_ID)
    whole: list[Finding] = list(rule.check(program, record))
    return whole == list(rule.check(_selected(program, reads), record))


def _examples(rules: tuple[Rule, ...]) -> list[str]:
    return [source for rule in rules for source in (*rule.VALID, *rule.INVALID)]


def test_the_costly_fact_rules_declare_what_they_read() -> None:
    """The Pallas rules (most of an importer's re-check after an edit that leaves its kernels
    alone), vmap's in_axes count, and the families over shape errors and broken contracts
    (many rules, each cheap); rules that read more are not among them."""
    names = {rule.NAME for rule in reading_rules()}
    assert {"pallas-ref-used-as-array", "pallas-block-shape-rank", "vmap-in-axes-length"} <= names
    assert {"incompatible-shapes-for-broadcasting", "slice-indices-not-static"} <= names
    assert "pallas-tpu-dtype" not in names  # it reads the calls that made any operand
    assert "pallas-kernel-captures-array" not in names  # it looks names up in frames
    assert "jit-unhashable-static-argument" not in names  # a CalledRule's may read anything


@pytest.mark.parametrize("rule", reading_rules(), ids=lambda r: r.NAME)
def test_a_reading_rule_finds_the_same_on_what_it_selects(rule: Rule) -> None:
    """On the examples of every rule that shares its declaration (and its own), it finds from
    the facts it selects what it finds on the whole program, and reads no other list."""
    reads = rule.READS
    assert reads is not None
    sharing = tuple(other for other in all_rules() if other.READS is reads)
    for source in _examples(sharing):
        assert _finds_alike(rule, reads, source), source


def test_a_rule_that_reads_more_than_it_declares_is_caught() -> None:
    """The check above can fail: a declaration that selects too little (only the calls of
    kernels) changes what a rule that reads the Refs' operations finds, or makes it read a
    list it did not name."""
    rule = rule_named("pallas-ref-used-as-array")
    assert rule is not None
    too_little = Reads(
        "the calls of kernels",
        frozenset({"called", "api_calls", "frames"}),
        lambda fact: isinstance(getattr(fact, "callee", None), Kernel),
        heap=True,
    )
    assert not _finds_alike(rule, too_little, rule.INVALID[0])
    # one that leaves out a list the rule reads
    mesh_read = rule_named("pallas-mesh-ref-read")
    assert mesh_read is not None
    no_subscripts = Reads("no subscripts", frozenset({"made", "called"}), lambda fact: True)
    with pytest.raises(AssertionError, match=r"read facts\.subscripts"):
        _finds_alike(mesh_read, no_subscripts, mesh_read.INVALID[0])
    # and the rule's own declaration passes on the same example
    assert _finds_alike(rule, PALLAS_FACTS, rule.INVALID[0])


OPS_VERSIONS = [
    # a helper the importer calls, and a kernel it launches
    """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def helper(x):
    return jnp.sin(x)


def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def launch(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(double, out_shape=out, interpret=True)(x)
""",
    # the helper's body edited: no Pallas fact changes
    """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def helper(x):
    return jnp.cos(x) * 3.0


def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def launch(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(double, out_shape=out, interpret=True)(x)
""",
    # the kernel computes with a Ref: the importer's launch raises there
    """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def helper(x):
    return jnp.cos(x) * 3.0


def double(x_ref, o_ref):
    o_ref[...] = x_ref * 2.0


def launch(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(double, out_shape=out, interpret=True)(x)
""",
]

IMPORTER = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

import ops

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)


def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
row = pl.BlockSpec((128,), lambda i: (i,))
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=[row], out_specs=spec, interpret=True)(x)


@jax.jit
def step(y):
    return ops.helper(y) * 2.0


def run():
    return ops.launch(jnp.ones((8, 128), jnp.float32))
"""


def test_an_importer_re_checked_takes_the_pallas_findings_and_matches_a_fresh_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ops, importer = tmp_path / "ops.py", tmp_path / "train.py"
    texts = {ops: OPS_VERSIONS[0], importer: IMPORTER}
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    analyses = {path: engine.analyze(text, str(path)) for path, text in texts.items()}
    first = analyses[importer]
    assert "pallas-block-shape-rank" in {f.rule for f in first.findings}
    assert first.read_found is not None and set(first.read_found) == {
        rule.NAME for rule in reading_rules()
    }

    asked: list[str] = []
    for rule in reading_rules():
        real = rule.check

        def check(program: Program, record: Any, real: Any = real, name: str = rule.NAME) -> Any:
            asked.append(name)
            return real(program, record)

        monkeypatch.setattr(rule, "check", check)

    def edit(version: int) -> tuple[Analysis, set[str]]:
        """The importer re-checked after an edit of ops, with the reading rules asked."""
        texts[ops] = OPS_VERSIONS[version]
        engine.workspace.set_document(ops, texts[ops])
        analyses[ops] = engine.analyze(texts[ops], str(ops), previous=analyses[ops])
        asked.clear()
        last = analyses[importer]
        analyses[importer] = engine.analyze(texts[importer], str(importer), previous=last)
        were_asked = set(asked)
        assert_same_as_fresh_project(tmp_path, texts, analyses[importer])
        return analyses[importer], were_asked

    # the helper's body: the Pallas rules are not asked, their findings are the same
    pallas = {rule.NAME for rule in reading_rules() if rule.READS is PALLAS_FACTS}
    again, were_asked = edit(1)
    assert not pallas & were_asked
    assert "pallas-block-shape-rank" in {f.rule for f in again.findings}
    assert again.read_found == first.read_found
    # the kernel the importer launches: they are asked, and find the Ref computed with
    again, were_asked = edit(2)
    assert pallas <= were_asked
    assert "pallas-ref-used-as-array" in {f.rule for f in again.elsewhere}
    # and back
    again, were_asked = edit(0)
    assert pallas <= were_asked
    assert "pallas-ref-used-as-array" not in {f.rule for f in again.elsewhere}
    assert "pallas-block-shape-rank" in {f.rule for f in again.findings}


def test_a_failed_reading_rule_is_asked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule that raised kept nothing: the next re-check asks it again."""
    ops, importer = tmp_path / "ops.py", tmp_path / "train.py"
    texts = {ops: OPS_VERSIONS[0], importer: IMPORTER}
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    rule = rule_named("pallas-block-shape-rank")
    assert rule is not None
    real = rule.check

    def failing(program: Program, record: Any) -> Any:
        raise ValueError("a bug")

    monkeypatch.setattr(rule, "check", failing)
    before = engine.analyze(texts[importer], str(importer))
    assert before.read_found is not None and rule.NAME not in before.read_found
    monkeypatch.setattr(rule, "check", real)
    texts[ops] = OPS_VERSIONS[1]
    engine.workspace.set_document(ops, texts[ops])
    again = engine.analyze(texts[importer], str(importer), previous=before)
    assert not again.rule_failures
    assert rule.NAME in {f.rule for f in again.findings}
    assert_same_as_fresh_project(tmp_path, texts, again)
