"""Re-checking the files that import an edited module (``jaxlsp.infer.rerun``) must give what a
fresh analysis of the project gives.

Each rerun starts from the importer's last analysis and keeps the runs whose reads still hold
(``summaries.replay_holds``); these tests make the runs before a kept one change what it read:
a frame it made now memoised by an earlier run, a method it ran for any caller now evaluated
earlier, and random edits to generated projects.

The generated projects' modules share many statements (their imports, their helpers'
text): identical statements of two modules share one tree, and each module's functions must
still be its own (``Site`` compares the module too).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from bench.project import PACKAGE, generate_project

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Position
from jaxlsp.infer.frames import FACT_LISTS, Frame
from jaxlsp.infer.incremental import IncrementalRuns
from jaxlsp.infer.interpreter import Interpreter
from jaxlsp.infer.summaries import first_of
from jaxlsp.infer.values import Site
from jaxlsp.infer.workspace import Workspace
from tests.engine.test_incremental import ENGINE, assert_same_as_fresh_project


class Project:
    """An engine over a folder of modules, every module open, each re-checked from its last
    analysis after an edit, as the server re-checks the open files."""

    def __init__(self, root: Path, texts: dict[str, str]) -> None:
        self.root = root
        self.engine = Engine(ENGINE.records, Workspace([root]))
        self.texts: dict[Path, str] = {}
        self.analyses: dict[Path, Analysis] = {}
        for name, text in texts.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            self.texts[path] = text
            self.engine.workspace.set_document(path, text)
        for path in self.texts:
            self.analyze(path)

    def analyze(self, path: Path) -> Analysis:
        previous = self.analyses.get(path)
        analysis = self.engine.analyze(self.texts[path], str(path), previous=previous)
        self.analyses[path] = analysis
        return analysis

    def edit(self, path: Path, text: str) -> None:
        self.texts[path] = text
        self.engine.workspace.set_document(path, text)

    def assert_fresh(self, analysis: Analysis) -> None:
        assert_same_as_fresh_project(self.root, self.texts, analysis)


def test_a_frame_an_earlier_module_now_memoises_is_not_made_again(tmp_path: Path) -> None:
    """``ops``'s new run (recorded by its own analysis, where ``first`` did not run) made
    ``util.f(2.0)``'s frame; in ``train``'s analysis ``first`` ran before and made it, so
    ``ops``'s run reuses it, and what ``f`` recorded is there once."""
    project = Project(
        tmp_path,
        {
            "util.py": "import jax.numpy as jnp\n\n\ndef f(x):\n    return jnp.sin(x)\n",
            "first.py": "import util\n\nA = util.f(2.0)\n",
            "ops.py": "import util\n\nB = util.f(2.0)\nC = 1\n",
            "train.py": "import first\nimport ops\n\nD = ops.B\n",
        },
    )
    ops, train = tmp_path / "ops.py", tmp_path / "train.py"
    project.edit(ops, project.texts[ops].replace("C = 1", "C = 2"))
    project.analyze(ops)
    again = project.analyze(train)
    project.assert_fresh(again)
    sines = [c for c in again.program.facts.api_calls if c.api.name == "jax.numpy.sin"]
    assert len(sines) == 1


def test_a_method_an_earlier_run_now_evaluates_is_not_run_for_any_caller(tmp_path: Path) -> None:
    """``Model.m`` is ``ops.f``: the any-caller run of ``Model`` runs it, unless something
    before it evaluated ``f``, which the edited ``helper`` now does."""
    ops = "import jax.numpy as jnp\n\n\ndef f(x):\n    return jnp.sin(x)\n\n\ndef helper(x):\n"
    project = Project(
        tmp_path,
        {
            "ops.py": ops + "    return x\n",
            "train.py": "import ops\n\nops.helper(1.0)\n\n\nclass Model:\n    m = ops.f\n",
        },
    )
    path, train = tmp_path / "ops.py", tmp_path / "train.py"
    for body in ("    return f(x)\n", "    return x\n"):
        project.edit(path, ops + body)
        project.analyze(path)
        again = project.analyze(train)
        project.assert_fresh(again)
        sines = [c for c in again.program.facts.api_calls if c.api.name == "jax.numpy.sin"]
        assert len(sines) == 1


def test_a_statement_identical_to_an_imported_modules_keeps_its_hovers(tmp_path: Path) -> None:
    """Identical statements of two modules share their tree: the imported module, run first,
    must not claim the names of the importer's copy (hovers are by module and node), in a
    fresh analysis and after that module's copy is deleted."""
    shared = "step = jax.jit(jnp.sin)\n"
    project = Project(
        tmp_path,
        {
            "ops.py": "import jax\nimport jax.numpy as jnp\n\n" + shared,
            "train.py": "import jax\nimport jax.numpy as jnp\n\nimport ops\n\n" + shared,
        },
    )
    ops, train = tmp_path / "ops.py", tmp_path / "train.py"
    line = project.texts[train].count("\n") - 1
    hover = ENGINE.hover(project.analyses[train], Position(line, len("step = jax.j")))
    assert hover is not None and "jit" in hover.markdown
    project.edit(ops, "import jax\n")
    project.analyze(ops)
    again = project.analyze(train)
    project.assert_fresh(again)
    assert ENGINE.hover(again, Position(line, len("step = jax.j"))) == hover


# random edits to generated projects ------------------------------------------------------------

#: What an importer may add after its generated text (``{m}``: the edited module, ``{f}``: one
#: of its functions): top-level calls of it, classes holding it, rebindings.
IMPORTER_TAILS = [
    "",
    "\n\nFIRST = {m}.{f}(None, 1.0)\n",
    "\n\nclass Holder:\n    step = {m}.{f}\n",
    "\n\n@jax.jit\ndef through(x):\n    return {m}.{f}({{}}, x)\n",
    "\n\nalias = jax.grad({m}.{f})\n",
]


def _functions(text: str) -> list[str]:
    return re.findall(r"^def (\w+)\(", text, re.MULTILINE)


def _blocks(text: str) -> list[tuple[int, int]]:
    """The line ranges of the top-level statements after the header (imports and meshes)."""
    lines = text.split("\n")
    starts = [
        n
        for n, line in enumerate(lines)
        if line and not line[0].isspace() and not line.startswith((")", "]", "}", "#", '"'))
    ]
    first = next(n for n, at in enumerate(starts) if lines[at].startswith("BENCH_EDIT_SLOT"))
    return list(zip(starts[first + 1 :], [*starts[first + 2 :], len(lines)], strict=True))


def _edited(text: str, original: str, chance: random.Random, count: int) -> str:
    """One random edit of a generated module."""
    lines = text.split("\n")
    blocks = _blocks(text)
    names = _functions(text) or ["missing"]
    name, other = chance.choice(names), chance.choice(names)
    roll = chance.randrange(9)
    if roll == 0:  # a constant nothing reads
        return re.sub(r"BENCH_EDIT_SLOT = \d+", f"BENCH_EDIT_SLOT = {count}", text)
    if roll == 1:  # a function body the importers call
        return re.sub(r'\+ params\["b"\]( \* \d+\.0)?', f'+ params["b"] * {count}.0', text, count=1)
    if roll == 2 and blocks:  # a statement deleted
        start, end = chance.choice(blocks)
        return "\n".join(lines[:start] + lines[end:])
    if roll == 3 and blocks:  # a statement repeated at the end (its names bound again)
        start, end = chance.choice(blocks)
        return text + "\n\n" + "\n".join(lines[start:end]) + "\n"
    if roll == 4:  # a function rebound to another
        return text + f"\n\n{name} = {other}\n"
    if roll == 5:  # a function the importers call made to fail under jit
        return text + f"\n\ndef {name}(params, x):\n    return np.exp(x) + int(x.sum())\n"
    if roll == 6:  # a call at the top level
        return text + f"\n\nTOP_{count} = {name}(None, 1.0)\n"
    if roll == 7:  # a helper calling another
        return text + f"\n\ndef {name}(*args):\n    return {other}(*args)\n"
    return original


@pytest.mark.parametrize("seed", range(24))
def test_random_edits_to_a_generated_project_match_a_fresh_analysis(
    tmp_path: Path, seed: int
) -> None:
    """Edits to a module of a generated project (``bench.project``), each followed by the
    re-checks of the open files that import it, each compared with a fresh analysis."""
    chance = random.Random(seed)
    generate_project(tmp_path, modules=8, lines=90, seed=seed)
    package = tmp_path / PACKAGE
    texts = {
        path.relative_to(tmp_path).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(package.glob("m*.py"))
    }
    edited = f"{PACKAGE}/m00{chance.randrange(2)}.py"
    module = Path(edited).stem
    importers = [name for name, text in texts.items() if f"import {module}\n" in text][:3]
    names = _functions(texts[edited])
    for name in importers:
        tail = chance.choice(IMPORTER_TAILS)
        texts[name] += tail.format(m=module, f=chance.choice(names))
    project = Project(tmp_path, texts)
    path = tmp_path / edited
    original = texts[edited]
    kept = 0
    for count in range(1, 9):
        project.edit(path, _edited(project.texts[path], original, chance, count))
        if chance.random() < 0.7:  # else the importers run its new version first
            project.analyze(path)
        for name in importers:
            again = project.analyze(tmp_path / name)
            assert again.program is not None
            if again.program.interpreter.kept:  # remade from its last analysis
                assert_tables_of_its_journal(again.program.interpreter)
            project.assert_fresh(again)
            kept += again.program.interpreter.kept
    assert kept > 0


def assert_tables_of_its_journal(interpreter: Interpreter) -> None:
    """The tables a rerun sets (facts lists spliced from the last analysis's, tables merged
    from per-run ones, sums made as the walk asks) are what going through its journal run by
    run gives."""
    keeper = interpreter.keeper
    assert isinstance(keeper, IncrementalRuns)
    runs = keeper.runs
    assert runs is not None
    lists: dict[str, list[object]] = {name: [] for name in FACT_LISTS}
    starts = []
    for run in runs:
        starts.append(tuple(len(lists[name]) for name in FACT_LISTS))
        for name in FACT_LISTS:
            lists[name].extend(run.added(name))
        if run.module_frame is not None:  # the analysis's own module frame stands for it
            frames = lists["frames"]
            frames[frames.index(run.module_frame)] = interpreter.modules[run.module].frame
    assert dict(zip(FACT_LISTS, interpreter.facts.lists(), strict=True)) == lists
    assert keeper.fact_starts is not None and list(keeper.fact_starts) == starts
    assert interpreter.defined == first_of(run.defined for run in runs)
    first_frames: dict[Site, Frame] = {}
    for frame in interpreter.facts.frames:
        if frame.function is not None:
            first_frames.setdefault(frame.function.site, frame)
    assert interpreter.frames_of == first_frames
    counts: dict[Site, int] = {}
    for run in runs:
        for function, made in run.contexts.items():
            counts[function] = counts.get(function, 0) + made
    assert interpreter.frames_per_function == counts
    evaluated = {site for run in runs for site in run.evaluated}
    evaluated.update(run.site for run in runs if not run.trees)
    assert interpreter.evaluated == evaluated
    assert interpreter.rules_run == {site for run in runs for site in run.rules_run}


def test_a_made_transform_holds_the_site_it_was_made_at(tmp_path: Path) -> None:
    """What ``rerun``'s footprint check rests on (``_made_in``): a transform a ``Made`` fact
    records holds that fact's site, so a transform whose site is in another module is none of
    the analysed module's (an importer's run that calls the edited module's jitted function
    skips the index of the transforms made here).  On a generated project and every rule's
    examples."""
    from jaxlsp.infer.values import ShardMapped, Transformed
    from jaxlsp.rules import all_rules

    generate_project(tmp_path, modules=4, lines=200, seed=3)
    sources = [path.read_text(encoding="utf-8") for path in sorted(tmp_path.glob("*/m*.py"))]
    sources += [source for rule in all_rules() for source in (*rule.VALID, *rule.INVALID)]
    transforms = 0
    for source in sources:
        analysis = ENGINE.analyze(source)
        if analysis.program is None:
            continue
        for made in analysis.program.facts.made:
            if isinstance(made.value, Transformed | ShardMapped):
                transforms += 1
                assert made.value.site == made.site
    assert transforms > 100
