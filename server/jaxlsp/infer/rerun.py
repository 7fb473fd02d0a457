"""Analysing a file again from its last analysis: only the runs that read what changed run.

Why: when a module changes, the server analyses again every open file that imports it, their
own text unchanged.  Replaying each file's runs from their summaries rebuilds the whole analysis
(every run checked, its facts, frames and heap objects applied again, the any-caller pass
worked out again), which costs about what analysing the edited file itself costs, once per
importing file.  The file's last analysis already holds all of it.  ``rerun`` starts from that
analysis's journal (``IncrementalRuns.runs``: every run in the order it ran, with what it read and
what it added) and goes through it in order:

- a run whose reads still hold is kept as it is (``summaries.replay_holds``, what a replay
  checks): the globals it read, the heap objects made before it that it read, the memoised
  frames it reused (the same, or returning the same: ``same_outcome``), the frame counts of
  the functions it called, which defs were evaluated and custom rules run; a run none of
  whose reads (``Summary.read_any``) is among what the walk changed so far is kept at once;
- a module run whose statements changed is replaced by the summary the edited module's own
  analysis recorded, when that holds here (the edited module is run once, not once per
  importer), else run again;
- any other run is run again where it stood, seeing what it would see in a fresh analysis:
  the runs before it, not those after it (their memoised frames, frame counts, names, hovers
  and definitions are set aside while it runs).

The same walk makes the analysis of an edit of the file itself when the statements the edit
changed import nothing and define no class: the module's own run runs again, and each
any-caller run that read nothing the edit changed (no global it rebound, no heap object that
now holds something else, no definition that differs) is kept as it is, without running or
replaying it (``bench.run``'s didChange).  A def the edit rewrote (an edit inside a function)
has a new site; the any-caller pass meets it where it met the one it replaces, so it runs
there, in that run's place (``_Walk._footprint_renames``).  An edit that adds, removes or moves
a def gives the pass other sites to run: that is analysed afresh (``analyze``), which replays
what holds.

The result must be what analysing from scratch gives.  Where that is not certain it gives up
(returns None) and the caller analyses afresh: a run that could not be summarised, an import
added or removed, a module that is gone, or a run that, run again, would change which functions
the any-caller pass runs (what it defines, evaluates, or uses of the transforms made in the
analysed module).
"""

from __future__ import annotations

import ast
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from jaxlsp.infer.frames import FACT_LISTS, Facts, Frame, Made
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.incremental import IncrementalRuns, fresh_module_frame
from jaxlsp.infer.interpreter import (
    COUNT_LIMITS,
    EMPTY_CHUNK,
    Cancellation,
    Interpreter,
    Journal,
)
from jaxlsp.infer.summaries import (
    FactStarts,
    Summary,
    counts_hold,
    first_of,
    globals_hold,
    replay_holds,
    same_outcome,
    same_values,
)
from jaxlsp.infer.values import (
    ClassValue,
    ShardMapped,
    Site,
    Transformed,
    Value,
    Values,
    one,
)
from jaxlsp.infer.workspace import ModuleState, SourceModule, Workspace
from jaxlsp.syntax.walk import walk


def rerun(
    previous: Interpreter,
    analysed: ModuleState,
    source: SourceModule,
    workspace: Workspace,
    cancel: Cancellation | None = None,
) -> Rerun | None:
    """The analysis of ``source`` (the same statements as ``analysed``, the module
    ``previous`` analysed), made from ``previous``: its runs that still hold kept, the others
    run again.  None when that cannot be done exactly (see the module docstring).  With it,
    where its facts lists are the previous ones but for the slices of the runs replaced: the
    facts of those slices, before and now, by list name (``Program.carry``); else None.  And
    the runs it replaced, with what replaced each, and whether a heap object they made (before
    or now) is gone, new, or holds something else."""
    kept = previous.keeper
    if not isinstance(kept, IncrementalRuns) or kept.runs is None or analysed.frame is None:
        return None
    if not _same_trees(analysed.source, source):
        if not _edit_keeps_definitions(analysed.source, source):
            return None
        # what was summarised of its statements that are gone goes (as a fresh run does)
        workspace.summaries.retain(source.key, tuple(c.tree for c in source.parsed.chunks))
    modules = _current_modules(previous, analysed, source, workspace)
    if modules is None:
        return None
    interpreter = Interpreter(workspace, previous.apis, cancel)
    interpreter.modules = modules
    walk = _Walk(previous, kept, interpreter, analysed.key, list(kept.runs))
    if not walk.run():
        return None
    walk.finish()
    replaced = tuple((walk.recorded[index], walk.runs[index]) for index in walk.replaced)
    return Rerun(interpreter, modules[analysed.key], walk.spliced, replaced, walk.heap_changed)


class Rerun(NamedTuple):
    """What ``rerun`` made: the new analysis, and how it differs from the last one."""

    interpreter: Interpreter
    module: ModuleState
    #: The facts of the runs replaced, before and now, by list name, where every other fact
    #: is the same object at the same place (``Program.carry``); None where not.
    spliced: dict[str, list[Any]] | None
    #: Each run replaced (in the journal's order), with what replaced it.
    replaced: tuple[tuple[Summary, Summary], ...]
    #: Whether a heap object the replaced runs made is gone, new, or holds something else.
    heap_changed: bool


def _same_trees(one: SourceModule, other: SourceModule) -> bool:
    a, b = one.parsed.chunks, other.parsed.chunks
    return len(a) == len(b) and all(x.tree is y.tree for x, y in zip(a, b, strict=True))


#: What a statement may hold that changes which modules run before it (an import), or
#: the methods the any-caller pass runs bound to an instance (a class).
_RESHAPING = (ast.Import, ast.ImportFrom, ast.ClassDef)


def _edit_keeps_definitions(before: SourceModule, after: SourceModule) -> bool:
    """Whether the statements an edit of the analysed module added, removed or rewrote
    import nothing and define no class.  Then its own run runs again, and what that run
    defines and makes must stand where the last one's did, each def the edit rewrote in the
    place of the one it replaces (``_Walk._footprint_renames``); else it is analysed afresh,
    replaying what holds, without running the module's statements twice."""
    old = Counter(id(chunk.tree) for chunk in before.parsed.chunks)
    new = Counter(id(chunk.tree) for chunk in after.parsed.chunks)
    trees = {id(chunk.tree): chunk.tree for chunk in (*before.parsed.chunks, *after.parsed.chunks)}
    changed = (trees[key] for key in old.keys() | new.keys() if old[key] != new[key])
    return not any(isinstance(node, _RESHAPING) for tree in changed for node in walk(tree))


def _current_modules(
    previous: Interpreter, analysed: ModuleState, source: SourceModule, workspace: Workspace
) -> dict[str, ModuleState] | None:
    """The modules ``previous`` ran, in their current versions (frames not yet set, but for
    an empty module's); None when one is gone."""
    modules: dict[str, ModuleState] = {}
    for key, module in previous.modules.items():
        current = source if module is analysed else workspace.current(module.source)
        if current is None:
            return None
        state = ModuleState(current)
        state.imports = set(module.imports)
        if module.frame is not None and not module.parsed.chunks:
            if current.parsed.chunks:
                return None  # an empty module has no run to replace
            state.frame = Frame(key, None, EMPTY_CHUNK)
        modules[key] = state
    return modules


class _Walk:
    """One pass over a previous analysis's journal, making a new analysis of it."""

    def __init__(
        self,
        previous: Interpreter,
        kept: IncrementalRuns,
        interpreter: Interpreter,
        analysed: str,
        runs: list[Summary],
    ) -> None:
        self.previous = previous
        #: What the previous analysis kept of its runs.
        self.kept = kept
        self.new = interpreter
        #: What the new analysis keeps of its runs: the runs it runs again are recorded there.
        self.keeper = IncrementalRuns(interpreter)
        self.analysed = analysed
        #: The new journal: each entry the previous one kept, or what replaced it.
        self.runs = runs
        self.recorded = tuple(runs)
        #: The memoised frames now, and which run (index) memoised each.
        self.owner: dict[int, int] = {
            id(frame): index for index, run in enumerate(runs) for _, frame in run.memo
        }
        self.memo = _Memo(previous.memoised_frames, self.owner)
        #: What the runs walked so far made: frame counts, defs evaluated, rules run.
        self.tally = _Tally(runs)
        #: Definitions now (the any-caller runs' values are read from them).
        self.defined = dict(previous.defined)
        #: Runs that must run again: a run before them now memoises a frame they made.
        self.stale: set[int] = set()
        #: The runs replaced (by index, in order).
        self.replaced: list[int] = []
        #: Where ``finish`` made the facts lists from the previous ones, the facts of the
        #: slices it replaced, before and now, by list name.
        self.spliced: dict[str, list[Any]] | None = None
        #: What differs from the previous analysis so far: the identities of all that
        #: changed of what a run may read (``Summary.read_any``: the globals a module's new run
        #: bound to something else, by module and name; heap objects made again or no more,
        #: functions whose frame counts changed, frames memoised, dropped or owned by
        #: another run, defs evaluated and custom rules run by other runs, and the sites
        #: whose definition or transform made there changed).
        self.rebound: set[tuple[str, str]] = set()
        self.changed: set[object] = set()
        #: Whether a heap object a replaced run made (before or now) is gone, new, or holds
        #: something else (``Program.heap_changed``).
        self.heap_changed = False
        # a kept run may have reused a frame now under another memoised by no run before it
        # (one that returns the same: ``same_outcome``): those runs are checked in full
        for index, run in enumerate(runs):
            for _, hit in run.hits:
                if self.owner.get(id(hit), len(runs)) >= index:
                    self.changed.add(id(hit))
        self._made: dict[Site, Made] | None = None
        self._transforms: _TransformIndex | None = None
        #: The statements of the analysed module the edit rewrote (by the id of their old and
        #: their new tree), and each def, lambda or transform made there that stands in the
        #: place of one the last analysis ran for any caller (its site then, its site now).
        old_trees = {id(c.tree) for c in previous.modules[analysed].parsed.chunks}
        new_trees = {id(c.tree) for c in interpreter.modules[analysed].parsed.chunks}
        self._rewritten = old_trees - new_trees
        self._written = new_trees - old_trees
        self.renamed: dict[Site, Site] = {}
        self._made_before: dict[Site, Made] | None = None
        #: Where the analysed module's own run is in the journal.
        self.own = next(
            (i for i, run in enumerate(runs) if run.trees and run.module == analysed), len(runs)
        )
        interpreter.heap = _copied_heap(previous.heap)

    def run(self) -> bool:
        for index, run in enumerate(self.runs):
            walked = self._module_run(index, run) if run.trees else self._any_caller_run(index, run)
            if not walked:
                return False
        return set(self.new.modules) == set(self.previous.modules)

    # module runs ------------------------------------------------------------------------------

    def _module_run(self, index: int, run: Summary) -> bool:
        module = self.new.modules.get(run.module)
        if module is None or not module.parsed.chunks:
            return False
        candidate: Summary | None = run
        if module.source is self.previous.modules[run.module].source:
            trees = run.trees  # the version that ran before
        else:
            trees = tuple(chunk.tree for chunk in module.parsed.chunks)
        if not run.same_statements(trees):
            candidate = self.new.workspace.summaries.get(run.module, trees[0])
            if candidate is not None and (
                not candidate.same_statements(trees) or candidate.writes_outside
            ):
                candidate = None  # (a replay would write outside it: not followed here)
        if (
            candidate is not None
            and index not in self.stale
            and (candidate is run or _keys(candidate.prerun) == _keys(run.prerun))
            and (
                self._unchanged(index, candidate)  # nothing it read changed: it holds
                or self._holds(index, candidate, (), None, module.key)
            )
        ):
            assert candidate.module_frame is not None
            kept = self.previous.modules[run.module].frame if candidate is run else None
            module.frame = fresh_module_frame(kept or candidate.module_frame, module)
            module.imports.update(candidate.imports)
            if candidate is run:
                self.new.kept += 1
                return True
            self.new.replayed += 1
            self._note_rebound(module)
            return self._replace(index, candidate, executed=False)
        # run its statements again, where it stood; its unchanged statements make the heap
        # objects they made before (as in a fresh analysis: ``IncrementalRuns.module_run``)
        self.new.remember_module_refs(run.module, run.module_refs)
        frame = self.new.new_module_frame(module)
        prerun = tuple(self.new.modules[key].source for key in _keys(run.prerun))
        with self._before(index):
            summary = self.keeper.recorded_module_run(module, frame, prerun)
        self._note_rebound(module)
        if summary is None or summary.writes_outside:
            return False  # (its writes outside it are not followed here: analysed afresh)
        return self._replace(index, summary, executed=True)

    # any-caller runs --------------------------------------------------------------------------

    def _any_caller_run(self, index: int, run: Summary) -> bool:
        if index not in self.stale and self._unchanged(index, run):
            # nothing it read changed, nor what is defined or made at its site (what it runs)
            self.new.kept += 1
            return True
        # a def the edit rewrote runs where the one it replaces ran (the pass meets it there)
        site = self.renamed.get(run.site, run.site)
        scheduled = self._scheduled_at(site)
        if scheduled is None:
            return False
        values, owner = scheduled
        if (
            site == run.site
            and index not in self.stale
            and self._holds(index, run, values, owner, None)
        ):
            self.new.kept += 1
            return True
        with self._before(index, site):
            self.new.ran_for_any_caller += 1
            summary = self.keeper.recorded_any_caller_run(
                site, values, owner, self.new.modules[self.analysed]
            )
        return summary is not None and self._replace(index, summary, executed=True)

    def _scheduled(self, run: Summary) -> tuple[Values, ClassValue | None] | None:
        """What the any-caller pass would run for ``run``'s site now: its definition, or the
        transform made there (a method's with its class)."""
        return self._scheduled_at(run.site)

    def _scheduled_at(self, site: Site) -> tuple[Values, ClassValue | None] | None:
        """What the any-caller pass would run for ``site`` now (``_scheduled``)."""
        defined = self.defined.get(site)
        if defined is not None:
            return defined, None
        made = self._made_at().get(site)
        if made is None:
            return None
        return one(made.value), made.frame.class_value

    def _made_at(self) -> dict[Site, Made]:
        """The first fact of each site of the analysed module where something was made, in
        the runs' order now."""
        if self._made is None:
            self._made = {}
            for run in self.runs:
                for made in run.added("made"):
                    if made.site.module == self.analysed:
                        self._made.setdefault(made.site, made)
        return self._made

    # reads ------------------------------------------------------------------------------------

    def _holds(
        self, index: int, run: Summary, values: Values, owner: ClassValue | None, own: str | None
    ) -> bool:
        """Whether ``run`` does at its place in the new analysis what running it there would
        (``replay_holds``, against the runs before it only)."""
        return replay_holds(run, values, owner, _RerunPlace(self, index, run, own))

    def _unchanged(self, index: int, run: Summary) -> bool:
        """Whether ``run`` is the one the previous analysis had at ``index``, where it held,
        and nothing it read changed since (``Summary.read_any``)."""
        return run is self.recorded[index] and not run.read_any(self.changed)

    def _note_rebound(self, module: ModuleState) -> None:
        """Note the globals of ``module`` its new run bound to something else than its last
        run (a run that read none of them reads what it read before)."""
        before = self.previous.modules[module.key].frame
        assert before is not None and module.frame is not None
        old, new = before.state.env, module.frame.state.env
        rebound = {
            (module.key, name)
            for name in old.keys() | new.keys()
            if not same_values(old.get(name), new.get(name))
        }
        self.rebound = {read for read in self.rebound if read[0] != module.key} | rebound
        self.changed.update(rebound)

    def _rebinds(self, read: tuple[str, str]) -> bool:
        """Whether the global ``read`` (module, name) is bound to something else than before,
        by a module's new run."""
        return read in self.rebound

    # replacing a run --------------------------------------------------------------------------

    def _retract(self, index: int) -> None:
        """Take out of the memo and the heap what the run at ``index`` added."""
        run = self.runs[index]
        for key, frame in run.memo:
            if self.memo.get(key) is frame:
                del self.memo[key]
            self._disown(frame)
        heap = self.new.heap
        for table in (heap.fields, heap.lists, heap.dicts, heap.registrations):
            for ref in _refs_made(run):
                table.pop(ref, None)

    @contextmanager
    def _before(self, index: int, site: Site | None = None) -> Iterator[None]:
        """While a run at ``index`` runs again: the interpreter as the runs before it left it
        (what it made before taken out, what the runs after it made set aside)."""
        self._retract(index)
        new = self.new
        before = self.runs[:index]
        self.memo.hidden_after = index
        tally = self.tally.before(index)
        new.restore_calls(self.memo, dict(tally.counts))
        # names only ever set where unset, and read only to do so: starting empty, the run
        # records every name it sets, and the earlier runs' ones still come first
        # (``Interpreter.named``)
        new.facts.named = {}
        # the definitions and first frames the runs before it made: few runs ask for one
        # (a def defined again, a custom rule's frame), so each is looked up when asked
        new.defined = _Earlier(lambda key: _first_in(before, lambda run: run.definitions, key))
        new.evaluated = Journal(tally.evaluated)
        if site is not None:
            new.evaluated.add(site)
        new.rules_run = Journal(tally.rules_run)
        new.frames_of = _Earlier(lambda key: _first_in(before, lambda run: run.first_frames, key))
        try:
            yield
        finally:
            self.memo.hidden_after = None
            for frame in self.memo.displaced:
                self.stale.add(self.owner[id(frame)])  # it reuses the frame made here now
                self._disown(frame)
            self.memo.displaced.clear()

    def _replace(self, index: int, summary: Summary, *, executed: bool) -> bool:
        """Put ``summary`` in the place of the run at ``index``, if the any-caller pass
        would still run the same functions after it."""
        run = self.runs[index]
        renames = self._footprint_renames(index, run, summary)
        if renames is None:
            return False
        if renames:
            self.renamed.update(renames)
            self.changed.update(renames.keys(), renames.values())
        if not executed:
            self._retract(index)
            heap = self.new.heap
            for ref, found in summary.heap_fields.items():
                heap.fields[ref] = dict(found)
            for ref, contents in summary.heap_lists.items():
                heap.lists[ref] = contents.copy()
            for ref, entries in summary.heap_dicts.items():
                heap.dicts[ref] = dict(entries)
            for ref, registrations in summary.heap_registrations.items():
                heap.registrations[ref] = list(registrations)
        for key, frame in summary.memo:
            current = self.memo.get(key)
            if current is not None and current is not frame:
                earlier = self.owner.get(id(current), len(self.runs))
                if earlier < index:
                    continue  # as a replay keeps the frame an earlier run memoised
                self.stale.add(earlier)
                self._disown(current)
            self.memo[key] = frame
            self.owner[id(frame)] = index
            self.changed.add(id(frame))
        changed = self.changed
        # the heap objects either made, but for those both made that hold what they held (an
        # unchanged top-level statement makes its objects again: ``Summary.module_refs``)
        made_before, made_now = _refs_made(run), _refs_made(summary)
        heap_changed = made_before ^ made_now
        before, now = self.previous.heap, self.new.heap
        heap_changed.update(
            ref for ref in made_before & made_now if before.contents(ref) != now.contents(ref)
        )
        if heap_changed:
            self.heap_changed = True
            changed.update(heap_changed)
        changed.update(
            function
            for function in run.contexts.keys() | summary.contexts.keys()
            if run.contexts.get(function) != summary.contexts.get(function)
        )
        changed.update(set(run.evaluated).symmetric_difference(summary.evaluated))
        changed.update(set(run.rules_run).symmetric_difference(summary.rules_run))
        # what the any-caller runs of the analysed module run: a site whose definition, or
        # the transform made there, is no longer what it was (``replay_holds`` compares a
        # run's values with it)
        here = self.analysed
        sites = {
            *_defined_here(run, here),
            *_defined_here(summary, here),
            *(made.site for made in run.made_by_module.get(here, ())),
            *(made.site for made in summary.made_by_module.get(here, ())),
        }
        scheduled = {site: self._scheduled_at(site) for site in sites}
        for key, entry in run.defined:
            if self.defined.get(key) is entry:
                del self.defined[key]
        for key, defined in summary.defined:
            self.defined.setdefault(key, defined)
        self.runs[index] = summary
        self.replaced.append(index)
        if here in run.made_by_module or here in summary.made_by_module:
            self._made = self._transforms = None
        changed.update(
            site
            for site, before in scheduled.items()
            if not _same_schedule(before, self._scheduled_at(site))
        )
        return True

    def _disown(self, frame: Frame) -> None:
        """``frame`` is no more memoised by the run that made it."""
        self.owner.pop(id(frame), None)
        self.changed.add(id(frame))

    def _footprint_renames(
        self, index: int, run: Summary, summary: Summary
    ) -> dict[Site, Site] | None:
        """Whether ``summary`` leaves the any-caller pass of the analysed module as ``run``
        did: the same functions defined there, the same transforms made there, the same of
        them evaluated or used (a run after it that reads which custom derivative rules ran
        is checked itself: ``Summary.rules_asked``), up to the defs and transforms of the
        statements the edit rewrote, each in the place of the one it replaces.  Those it
        gives (its site in ``run``, in ``summary``); None where the footprints differ."""
        analysed = self.analysed
        renames: dict[Site, Site] | None = {}
        if _defined_here(run, analysed) != _defined_here(summary, analysed):
            renames = self._renames(
                _defined_in_order(run, analysed), _defined_in_order(summary, analysed)
            )
        made: dict[Site, Site] | None = {}
        if _made_here(run, analysed) != _made_here(summary, analysed):
            made = self._renames(_made_in_order(run, analysed), _made_in_order(summary, analysed))
        if renames is None or made is None:
            return None
        renames.update(made)

        names = {**self.renamed, **renames}  # this run's, and those of the runs before it

        def renamed(sites: Iterable[Site]) -> set[Site]:
            return {names.get(site, site) for site in sites}

        evaluated = renamed(run.evaluated).symmetric_difference(summary.evaluated)
        rewritten = set(names.values())  # scheduled now in the place of the old ones
        if any(site in rewritten or self._may_schedule(site) for site in evaluated):
            return None
        if index < self.own:
            return renames  # it ran before the analysed module made anything
        if index > self.own:
            # the pass passes over a function whose first frame returned (``Interpreter._ran``;
            # not the run's own, which the pass met at this run, nor one the module's own run
            # called, which it never meets)
            own = summary.site
            returned = _first_frames_returned(run, analysed, names).items() ^ (
                _first_frames_returned(summary, analysed, {}).items()
            )
            if any(
                site != own and (site in rewritten or self._may_schedule(site))
                for site, _ in returned
            ):
                return None
        used_before, used_now = _transforms_used(run), _transforms_used(summary)
        if not any(_made_in(value, analysed) for value in (*used_before, *used_now)):
            # only a transform made in the analysed module can be one of its made ones (an
            # importer's run that calls a jitted function of the module an edit changed)
            return renames
        if self._transforms is None:
            self._transforms = _TransformIndex(self._made_at())
        before = renamed(self._used(used_before, self._transforms_renamed()))
        if before != self._used(used_now, self._transforms_with(run, summary)):
            return None
        return renames

    def _transforms_renamed(self) -> _TransformIndex:
        """The transforms made in the analysed module now, and those the edit rewrote as the
        last analysis made them (under their old sites): what a run recorded then used."""
        assert self._transforms is not None
        if not self.renamed:
            return self._transforms
        if self._made_before is None:
            self._made_before = {}
            for run in self.recorded:
                for made in run.added("made"):
                    if made.site.module == self.analysed:
                        self._made_before.setdefault(made.site, made)
        made_at = dict(self._made_at())
        for site in self.renamed:
            if (earlier := self._made_before.get(site)) is not None:
                made_at.setdefault(site, earlier)
        return _TransformIndex(made_at)

    def _renames(self, before: Sequence[Site], now: Sequence[Site]) -> dict[Site, Site] | None:
        """The sites of ``before`` (what a run defined or made in the analysed module, in
        order) that ``now``'s stand in place of: the same place, in a statement the edit
        rewrote (the pass meets the new one where it met the old).  None where the two do not
        pair up so."""
        if len(before) != len(now):
            return None
        found: dict[Site, Site] = {}
        for old, new in zip(before, now, strict=True):
            if old == new:
                continue
            if id(old.tree) not in self._rewritten or id(new.tree) not in self._written:
                return None
            found[old] = new
        return found

    def _may_schedule(self, site: Site) -> bool:
        """Whether the any-caller pass of the analysed module may run ``site``: a definition
        there, or a transform made there."""
        return site.module == self.analysed and (site in self.defined or site in self._made_at())

    def _used(
        self, values: list[Transformed | ShardMapped], transforms: _TransformIndex
    ) -> set[Site]:
        """Which transforms made in the analysed module ``values`` (the transforms a run
        called or handed to an API) are (the any-caller pass runs the others): ``_Used``'s
        test, by identity, or by equality for a made function."""
        found: set[Site] = set()
        for value in values:
            found.update(transforms.made_as(value))
        return found

    def _transforms_with(self, run: Summary, summary: Summary) -> _TransformIndex:
        """The transforms made in the analysed module once ``summary`` stands in ``run``'s
        place (the transforms a run makes, it often calls at once)."""
        if not _made_here(summary, self.analysed):
            if self._transforms is None:
                self._transforms = _TransformIndex(self._made_at())
            return self._transforms
        made_at = dict(self._made_at())
        made_by_run = {id(made) for made in run.added("made")}
        for made in summary.added("made"):
            site = made.site
            if site.module == self.analysed and id(made_at.get(site)) in made_by_run:
                made_at[site] = made
        return _TransformIndex(made_at)

    # the new analysis -------------------------------------------------------------------------

    def finish(self) -> None:
        """Set the new interpreter's tables from the new journal, in its order (what
        replaying every run of it would set)."""
        new, runs = self.new, self.runs
        spliced = self._spliced_facts()
        if spliced is None:
            lists = _facts_of(runs)
            self.keeper.fact_starts = FactStarts.of(runs)
            module_runs: Iterable[Summary] = runs
        else:
            lists, self.keeper.fact_starts = spliced
            module_runs = [runs[index] for index in self.replaced]
            self.spliced = {
                name: [
                    fact
                    for index in self.replaced
                    for fact in (*self.recorded[index].added(name), *runs[index].added(name))
                ]
                for name in FACT_LISTS
            }
        # a module's frame is this analysis's own (``fresh_module_frame``), where the
        # previous analysis's or a summary's stands in the lists
        frames: dict[int, Frame] = {}
        for key, module in new.modules.items():
            before = self.previous.modules[key].frame
            if before is not None and module.frame is not None:
                frames[id(before)] = module.frame
        for run in module_runs:
            if run.module_frame is not None:
                module = new.modules[run.module]
                assert module.frame is not None
                frames[id(run.module_frame)] = module.frame
        lists["frames"] = [frames.get(id(frame), frame) for frame in lists["frames"]]
        facts = Facts()
        for name, found in lists.items():
            setattr(facts, name, found)
        new.facts = facts
        # the hovers' table, made on first request
        new.names_from = lambda: first_of(run.named for run in runs)
        # the tables that keep each key's first entry, merged from the last run to the first
        # (each run's own table made once: no key hashed again), in one pass over the runs
        defined: dict[Site, Values] = {}
        frames_of: dict[Site, Frame] = {}
        skipped: list[Sequence[Site]] = []
        for run in reversed(runs):
            if run.defined:
                defined.update(run.defined)
            if run.added("frames"):
                # (each run's made once and kept with it: most runs are kept at each re-check)
                frames_of.update(run.first_frames)
            if run.skipped:
                skipped.append(run.skipped)
            for importer, imported in run.imported:
                new.modules[importer].imports.add(imported)
        new.defined, new.frames_of = defined, frames_of
        new.skipped = list(itertools.chain.from_iterable(reversed(skipped)))
        tally = self.tally.before(len(runs))
        # the memo as a plain table (copied as it is: no key hashed again)
        new.restore_calls(dict(self.memo), tally.counts)
        new.evaluated = Journal(tally.evaluated)
        new.rules_run = Journal(tally.rules_run)
        self.keeper.runs = runs

    def _spliced_facts(self) -> tuple[dict[str, list[Any]], FactStarts] | None:
        """The new journal's facts lists, and where each run starts in them, made from the
        previous analysis's lists: the same runs' facts in the same order but for the runs
        replaced, whose slices are put in.  None where the previous lists are not where its
        journal says (then they are made run by run)."""
        previous, recorded, runs = self.previous, self.recorded, self.runs
        starts = self.kept.fact_starts
        if starts is None:
            starts = FactStarts.of(recorded)
        if not recorded or len(starts) != len(recorded):
            return None
        lists: dict[str, list[Any]] = {}
        for kind, (name, before) in enumerate(zip(FACT_LISTS, previous.facts.lists(), strict=True)):
            if starts.at(-1, kind) + len(recorded[-1].added(name)) != len(before):
                return None
            found = list(before)
            moved = 0  # how much longer the replaced runs made it so far
            for index in self.replaced:
                old, new = recorded[index].added(name), runs[index].added(name)
                start = starts.at(index, kind)
                end = starts.at(index + 1, kind) if index + 1 < len(starts) else len(before)
                if end - start != len(old):
                    return None
                if old or new:
                    found[start + moved : end + moved] = new
                    moved += len(new) - len(old)
            lists[name] = found
        return lists, starts.moved(self.replaced, recorded, runs)


class _Tally:
    """What the runs of the new journal before a place made: frame counts per function, the
    defs they evaluated (and the sites the any-caller ones ran for), the custom derivative
    rules they ran.  Summed when a place asks (most runs are kept without asking), up to
    it: the walk asks at places in order, once the runs before each are final."""

    def __init__(self, runs: list[Summary]) -> None:
        self._runs = runs
        self._summed = 0
        self.counts: dict[Site, int] = {}
        self.evaluated: set[Site] = set()
        self.rules_run: set[Site] = set()

    def before(self, index: int) -> _Tally:
        """The tally of the runs before ``index`` (at or after the last place asked)."""
        assert index >= self._summed, "a place before one already tallied"
        counts, evaluated = self.counts, self.evaluated
        for run in itertools.islice(self._runs, self._summed, index):
            for function, made in run.contexts.items():
                counts[function] = counts.get(function, 0) + made
            if run.evaluated:
                evaluated.update(run.evaluated)
            if not run.trees:
                evaluated.add(run.site)
            if run.rules_run:
                self.rules_run.update(run.rules_run)
        self._summed = index
        return self


class _Memo(dict[Any, Frame]):
    """The memoised frames of the walk.  While a run runs again at ``hidden_after``, the frames
    the runs after it made are hidden from it (it runs as it would in a fresh analysis, before
    them), and those it memoises another frame over are noted in ``displaced`` (their runs
    would reuse its frame: they run again)."""

    def __init__(self, frames: dict[Any, Frame], owner: dict[int, int]) -> None:
        super().__init__(frames)
        self._owner = owner
        self.hidden_after: int | None = None
        self.displaced: list[Frame] = []

    def _hidden(self, frame: Frame) -> bool:
        return self.hidden_after is not None and self._owner.get(id(frame), -1) > self.hidden_after

    def get(self, key: Any, default: Any = None) -> Any:
        frame = super().get(key)
        return default if frame is None or self._hidden(frame) else frame

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None

    def __getitem__(self, key: Any) -> Frame:
        frame: Frame | None = self.get(key)
        if frame is None:
            raise KeyError(key)
        return frame

    def pop(self, key: Any, default: Any = None) -> Any:
        frame = self.get(key)
        if frame is None:
            return default
        return super().pop(key)

    def __setitem__(self, key: Any, frame: Frame) -> None:
        current = super().get(key)
        if current is not None and current is not frame and self._hidden(current):
            self.displaced.append(current)
        super().__setitem__(key, frame)


class _Earlier(dict[Site, Any]):
    """A first-entry-per-key table of the interpreter (``defined``, ``frames_of``) while a run
    runs again: it holds the entries the run adds (what its summary takes, from the end of
    the table: ``Interpreter._summary_as_it_ends``), and a key the runs before it set keeps
    theirs, found by ``earlier`` when asked."""

    def __init__(self, earlier: Callable[[Site], Any]) -> None:
        super().__init__()
        self._earlier = earlier

    def get(self, key: Site, default: Any = None) -> Any:
        found = self._earlier(key)
        if found is None:
            found = super().get(key)
        return default if found is None else found

    def __contains__(self, key: object) -> bool:
        return isinstance(key, Site) and self.get(key) is not None

    def __getitem__(self, key: Site) -> Any:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def setdefault(self, key: Site, default: Any = None) -> Any:
        found = self.get(key)
        if found is not None:
            return found
        self[key] = default
        return default


class _RerunPlace:
    """A run's place in the journal being walked (``ReplayPlace``): what the runs before it
    leave now.  A run the previous analysis had there held then, so for it only what changed
    since is checked of the globals, the heap objects and the frame counts it read."""

    def __init__(self, walk: _Walk, index: int, run: Summary, own: str | None) -> None:
        self._walk = walk
        self._index = index
        self._recorded = run is walk.recorded[index]
        #: A module's own run reads its own globals as its unchanged statements bind them.
        self._own = own
        #: An any-caller run: the pass marks its site evaluated before it runs.
        self._site = None if run.trees else run.site

    def unchanged(self, summary: Summary) -> bool:
        return self._walk._unchanged(self._index, summary)

    def globals_hold(self, summary: Summary) -> bool:
        walk = self._walk
        if self._recorded:
            return not any(walk._rebinds(read) for read in summary.globals if read[0] != self._own)
        return globals_hold(summary, walk.new.bindings_of, self._own)

    def heap_holds(self, summary: Summary) -> bool:
        heap = self._walk.new.heap
        external = summary.external
        if self._recorded:
            refs: Iterable[Any] = (ref for ref in external if ref in self._walk.changed)
        else:
            refs = external
        return all(heap.contents(ref) == external[ref] for ref in refs)

    def counts_hold(self, summary: Summary) -> bool:
        walk = self._walk
        if self._recorded and walk.changed.isdisjoint(summary.counts):
            return True
        return counts_hold(summary, walk.tally.before(self._index).counts, COUNT_LIMITS)

    def _earlier(self, frame: Frame) -> bool:
        """Whether a run before this one memoised ``frame`` (and it still does)."""
        return self._walk.owner.get(id(frame), len(self._walk.runs)) < self._index

    def memoised(self, key: Any) -> bool:
        current = self._walk.memo.get(key)
        return current is not None and self._earlier(current)

    def hit_holds(self, key: Any, hit: Frame) -> bool:
        if self._earlier(hit):
            return True  # still memoised by a run before it
        current = self._walk.memo.get(key)
        return current is not None and self._earlier(current) and same_outcome(hit, current)

    def evaluated(self, site: Site) -> bool:
        return site == self._site or site in self._walk.tally.before(self._index).evaluated

    def rules_run(self, site: Site) -> bool:
        return site in self._walk.tally.before(self._index).rules_run


class _TransformIndex:
    """The transforms made in the analysed module, by the values that stand for them: the same
    object, or an equal one (``_Used``'s test: both hashable, and equal).  A transform holds
    the site it was made at, the ``Made`` fact's own (``_made_in``), so the only one a value
    may be is the one made at its site: looked up there when asked, not indexed whole (an
    importer's re-check asks of one or two values)."""

    def __init__(self, made_at: dict[Site, Made]) -> None:
        self._made_at = made_at

    def made_as(self, value: Transformed | ShardMapped) -> set[Site]:
        """The sites of the transforms ``value`` is (the same object, or an equal function)."""
        site = value.site
        made = self._made_at.get(site) if site is not None else None
        if site is None or made is None or not isinstance(made.value, Transformed | ShardMapped):
            return set()
        return {site} if made.value is value or _equal(value, made.value) else set()


def _equal(value: Value, other: Value) -> bool:
    """Whether a set of ``other`` holds ``value`` (``_Used``: a value that cannot be hashed,
    or is nested deeper than Python recurses, is known by identity only)."""
    try:
        hash(value), hash(other)
        return value == other
    except (TypeError, RecursionError):
        return False


def _made_in(value: Transformed | ShardMapped, module: str) -> bool:
    """Whether ``value`` may be a transform made in ``module`` (``_TransformIndex.made_as``
    finds it by identity or by its site): a transform holds the site it was made at, the
    ``Made`` fact's own (``jax_api._make_transform``, ``sharding._make_shard_map``)."""
    return value.site is not None and value.site.module == module


def _transforms_used(run: Summary) -> list[Transformed | ShardMapped]:
    """The transforms ``run`` called or handed to an API (any other value it used is not one
    made in a module, by identity or by equality)."""
    return [
        value
        for value in itertools.chain(
            (called.callee for called in run.added("called")),
            (v for made in run.added("made") for values in made.arguments.values() for v in values),
        )
        if isinstance(value, Transformed | ShardMapped)
    ]


def _keys(sources: tuple[SourceModule, ...]) -> tuple[str, ...]:
    return tuple(source.key for source in sources)


def _copied_heap(heap: Heap) -> Heap:
    """The heap's objects, each copied (a run made again writes its own, and only those)."""
    return Heap(
        {ref: dict(fields) for ref, fields in heap.fields.items()},
        {ref: contents.copy() for ref, contents in heap.lists.items()},
        {ref: dict(entries) for ref, entries in heap.dicts.items()},
        {ref: list(made) for ref, made in heap.registrations.items()},
    )


def _refs_made(run: Summary) -> set[Any]:
    return {
        *run.heap_fields,
        *run.heap_lists,
        *run.heap_dicts,
        *run.heap_registrations,
    }


def _facts_of(runs: list[Summary]) -> dict[str, list[Any]]:
    """The facts lists of a journal, run by run."""
    lists: dict[str, list[Any]] = {name: [] for name in FACT_LISTS}
    for run in runs:
        for name, found in run.facts.items():
            if found:
                lists[name].extend(found)
    return lists


def _first_in(runs: list[Summary], table: Callable[[Summary], dict[Site, Any]], key: Site) -> Any:
    """``key``'s entry in the first of ``runs`` whose ``table`` has it (None: none has)."""
    for run in runs:
        found = table(run).get(key)
        if found is not None:
            return found
    return None


def _same_schedule(
    before: tuple[Values, ClassValue | None] | None, now: tuple[Values, ClassValue | None] | None
) -> bool:
    """Whether the any-caller pass runs the same at a site (``_Walk._scheduled_at``): a run
    recorded with ``before`` holds with ``now`` (``replay_holds``'s first checks)."""
    if before is None or now is None:
        return before is now
    (values, owner), (values_now, owner_now) = before, now
    return same_values(values, values_now) and same_values(
        one(owner) if owner else None, one(owner_now) if owner_now else None
    )


def _first_frames_returned(run: Summary, module: str, names: dict[Site, Site]) -> dict[Site, bool]:
    """Of each function of ``module`` ``run`` made a first frame of (its site renamed by
    ``names``), whether that frame returned: what the any-caller pass asks of it."""
    return {
        names.get(site, site): bool(frame.returns)
        for site, frame in run.first_frames.items()
        if site.module == module
    }


def _defined_in_order(run: Summary, module: str) -> list[Site]:
    return [site for site, _ in run.defined if site.module == module]


def _made_in_order(run: Summary, module: str) -> list[Site]:
    """``_made_here``'s sites, in the order the run first made each."""
    return list(
        dict.fromkeys(
            made.site
            for made in run.made_by_module.get(module, ())
            if isinstance(made.value, Transformed | ShardMapped) and not made.refused
        )
    )


def _defined_here(run: Summary, module: str) -> set[Site]:
    return {site for site, _ in run.defined if site.module == module}


def _made_here(run: Summary, module: str) -> set[Site]:
    return {
        made.site
        for made in run.made_by_module.get(module, ())
        if isinstance(made.value, Transformed | ShardMapped) and not made.refused
    }


__all__ = ["Rerun", "rerun"]
