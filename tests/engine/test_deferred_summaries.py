"""An analysis leaves its any-caller runs' summaries to be made later
(``IncrementalRuns.settle``, run by ``SummaryCache.settle``): once made, they are what
summarising each run as it ended makes, and the next analysis finds them."""

from __future__ import annotations

import ast

from jaxlsp import apis
from jaxlsp.engine import Engine
from jaxlsp.infer.incremental import IncrementalRuns, _Unsettled
from jaxlsp.infer.interpreter import Interpreter
from jaxlsp.infer.program import ModuleState, analyze
from jaxlsp.infer.summaries import Recording, Summary
from jaxlsp.infer.values import ClassValue, Site, Values
from jaxlsp.infer.workspace import Workspace

SOURCE = """import jax
import jax.numpy as jnp


class Box:
    def __init__(self):
        self.items = []


def fill(box):
    box.items.append(jnp.zeros(2))
    return box


def first():
    made = new_box()
    return made.items


def second():
    return fill(new_box())


def make():
    box = Box()
    box.items.append(jnp.ones(3))
    return box


new_box = make  # called by another name: the pass runs make before the functions above


@jax.jit
def step(x):
    if x > 0:
        return x
    return -x


def late(x):
    return step(x) * 2.0
"""


#: Every run summarisable: none writes an object made outside it.
SUMMARISED = SOURCE.replace(
    """def second():
    return fill(new_box())
""",
    "",
)


class _AlsoSummarisedAtOnce(IncrementalRuns):
    """A keeper that also summarises each deferred run the moment it ends (as ``rerun``
    still does), to compare with the summary made later."""

    def __init__(self, interpreter: Interpreter) -> None:
        super().__init__(interpreter)
        self.at_once: dict[Site, Summary] = {}

    def _defer(
        self, recording: Recording, site: Site, values: Values, owner: ClassValue | None
    ) -> _Unsettled:
        run = super()._defer(recording, site, values, owner)
        self.at_once[site] = self._summary_as_it_ends(recording, site, values, owner)
        return run


def _analysed(source: str) -> tuple[Interpreter, _AlsoSummarisedAtOnce, ModuleState]:
    workspace = Workspace()
    interpreter = Interpreter(workspace, apis)
    keeper = _AlsoSummarisedAtOnce(interpreter)
    module = ModuleState(workspace.source_for(None, source))
    interpreter.modules[module.key] = module
    interpreter.run_module(module)
    interpreter.any_caller_pass(module, defer_summaries=True)
    return interpreter, keeper, module


def _kept(interpreter: Interpreter, module: ModuleState) -> dict[str, Summary]:
    """The kept summaries of the module's top-level functions and classes, by name."""
    found = {}
    for chunk in module.parsed.chunks:
        for node in chunk.tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                summary = interpreter.workspace.summaries.get(module.key, node)
                if summary is not None:
                    found[node.name] = summary
    return found


def test_summaries_made_later_are_those_made_as_each_run_ends() -> None:
    interpreter, keeper, module = _analysed(SUMMARISED)
    assert interpreter.ran_for_any_caller >= 5
    assert _kept(interpreter, module) == {}  # not made yet
    runs = keeper.runs  # makes them
    assert runs is not None and len(runs) == 1 + interpreter.ran_for_any_caller
    made_later = runs[1:]  # after the module's own run
    assert made_later == [keeper.at_once[summary.site] for summary in made_later]
    assert all(
        interpreter.workspace.summaries.get(summary.module, summary.node) is summary
        for summary in made_later
    )


def test_a_run_s_summary_keeps_what_its_objects_held_when_it_ended() -> None:
    # ``second`` appends to a list ``make`` made: its own run is not summarised (it writes
    # an object made outside it), and ``make``'s summary keeps the list as ``make`` left it
    interpreter, keeper, module = _analysed(SOURCE)
    assert keeper.runs is None  # the journal ends at ``second``
    kept = _kept(interpreter, module)
    assert "second" not in kept and "make" in kept
    assert kept == {name: keeper.at_once[summary.site] for name, summary in kept.items()}
    (made,) = kept["make"].heap_lists.values()
    assert [getattr(item, "shape", None) for item in made.element] == [(3,)]  # not (2,) too


def test_the_next_analysis_replays_the_summaries_left_for_later() -> None:
    engine = Engine(workspace=Workspace())
    first = engine.analyze(SUMMARISED, "/tmp/deferred.py")
    assert first.program is not None
    ran = first.program.interpreter.ran_for_any_caller
    assert len(engine.workspace.summaries) == 1 + ran  # the module's run too
    edited = SUMMARISED + "\n\nUNUSED = 1\n"
    again = engine.analyze(edited, "/tmp/deferred.py", previous=first)
    assert again.program is not None
    assert again.program.interpreter.ran_for_any_caller == 0
    # the edit defines nothing: the runs are kept from the last analysis, whose journal
    # holds the summaries it left for later, made now
    assert again.program.interpreter.kept == ran
    fresh = Engine(engine.records, Workspace()).analyze(edited, "/tmp/deferred.py")
    assert again.findings == fresh.findings
    assert [f.code for f in again.findings] == ["tracer-bool-conversion-error"]


def test_an_analysis_settles_what_the_last_one_left_before_it_runs() -> None:
    workspace = Workspace()
    first = analyze(workspace.source_for(None, SUMMARISED), workspace, apis)
    assert first.interpreter.ran_for_any_caller > 0
    # nothing asked for the summaries: the next analysis makes them, then replays them
    second = analyze(workspace.source_for(None, SUMMARISED + "\nX = 1\n"), workspace, apis)
    assert second.interpreter.ran_for_any_caller == 0
    assert second.interpreter.replayed == first.interpreter.ran_for_any_caller
