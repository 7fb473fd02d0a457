"""Keeping what an analysis's runs did, for the next analyses: replayed where it holds.

Why: the interpreter runs each module's top-level code, and then each function nothing called
"for any caller"; most of an analysis's time goes there, and an edit changes one statement.
This layer is the interpreter's ``keeper`` (``observers.RunKeeper``): asked to run a module or
a function for any caller, it replays the summary an earlier analysis kept (``summaries``) when
that holds, and otherwise has the interpreter run it while a ``Recording`` hears what the run
does (``observers.RunObserver``), then keeps the summary for the next analyses and in the
journal ``rerun`` starts from.  The interpreter knows it only by those two protocols.
"""

from __future__ import annotations

import ast
import itertools
import threading
import weakref
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from jaxlsp.infer.frames import FACT_LISTS, Frame
from jaxlsp.infer.heap import HeapCopy
from jaxlsp.infer.interpreter import COUNT_LIMITS, Interpreter
from jaxlsp.infer.observers import UNOBSERVED
from jaxlsp.infer.summaries import (
    FactStarts,
    NestedRun,
    Outside,
    Recording,
    Summary,
    counts_hold,
    globals_hold,
    kept,
    replay_holds,
    same_outcome,
)
from jaxlsp.infer.values import ClassValue, Site, Value, Values
from jaxlsp.infer.workspace import ModuleState, SourceModule

_Key = TypeVar("_Key")
_Entry = TypeVar("_Entry")


class IncrementalRuns:
    """The keeper of one analysis's runs (``Interpreter.keeper``, set when it is made)."""

    def __init__(self, interpreter: Interpreter) -> None:
        # A weak reference: the interpreter holds its keeper, and a cycle between them would
        # keep each replaced analysis (its heap and facts) alive until a cyclic collection,
        # which the server holds off until diagnostics are out: large files' peak memory grew
        # by a whole analysis.
        self._interpreter = weakref.ref(interpreter)
        interpreter.keeper = self
        #: The run being recorded for a summary.
        self._recording: Recording | None = None
        #: What every run of this analysis did, in the order they ran (module runs and
        #: any-caller runs, replayed or not); None once one could not be summarised.  The next
        #: analysis of the same text reuses the runs that still hold (``jaxlsp.infer.rerun``).
        self._runs: list[Summary | _Unsettled] | None = []
        #: The any-caller runs whose summaries are made later (``settle``).
        self._unsettled: list[_Unsettled] = []
        #: The module frames of this analysis that a module run's summary keeps as the run
        #: left them, by id: the module's state and the summary (``global_writing``).
        self._live_frames: dict[int, tuple[ModuleState, Summary]] = {}
        self._settling = threading.Lock()
        #: An analysis remade from its last one: where each run of ``runs`` starts in each
        #: facts list (``FACT_LISTS`` order), for the next one to splice the lists at the
        #: runs it replaces.
        self.fact_starts: FactStarts | None = None

    @property
    def interpreter(self) -> Interpreter:
        """The analysis this keeper serves (it lives as long as the keeper is used)."""
        interpreter = self._interpreter()
        if interpreter is None:
            raise RuntimeError("the analysis of this keeper is gone")
        return interpreter

    # what the interpreter asks (``observers.RunKeeper``) ---------------------------------------

    def module_run(self, module: ModuleState) -> Frame | None:
        """Run ``module``'s top-level code, or replay its summary (None: the interpreter runs
        it as it is, not kept: inside a recorded run, or an empty module)."""
        if self._recording is not None:
            return None
        interp = self.interpreter
        parsed = module.parsed
        trees = tuple(chunk.tree for chunk in parsed.chunks)
        # what was summarised of statements no longer in the module goes
        interp.workspace.summaries.retain(module.key, trees)
        if not parsed.chunks:
            return None
        summary = interp.workspace.summaries.get(module.key, trees[0])
        if summary is not None and not summary.same_statements(trees):
            interp.remember_module_refs(module.key, summary.module_refs)
            summary = None
        # its frame now, empty: a module its imports run that imports it back sees it
        # still empty, as in Python
        frame = interp.new_module_frame(module)
        # its imports first; a summary knows them without looking them up again
        imported = (
            interp.run_known_imports(summary.prerun, module)
            if summary is not None
            else interp.run_imports_first(module)
        )
        if summary is not None and self._replay(summary, (), None, module):
            interp.replayed += 1
            self._journal(summary)
            assert module.frame is not None
            return module.frame
        self._journal(self.recorded_module_run(module, frame, imported))
        return frame

    def any_caller_run(
        self,
        site: Site,
        values: Values,
        owner: ClassValue | None,
        module: ModuleState,
        *,
        defer: bool,
    ) -> None:
        """Run ``values`` (defined at ``site``) for any caller, or replay its summary; with
        ``defer`` its summary is made by ``settle``, later."""
        interp = self.interpreter
        summary = interp.workspace.summaries.get(site.module, site.node)
        if summary is not None and self._replay(summary, values, owner):
            interp.replayed += 1
            self._journal(summary)
            return
        interp.ran_for_any_caller += 1
        if defer:
            recording = self._recorded_run(site, values, owner, module)
            self._journal(
                None if recording is None else self._defer(recording, site, values, owner)
            )
        else:
            self._journal(self.recorded_any_caller_run(site, values, owner, module))

    # recording and replaying ------------------------------------------------------------------

    def recorded_module_run(
        self, module: ModuleState, frame: Frame, imported: tuple[SourceModule, ...]
    ) -> Summary | None:
        """Run ``module``'s statements in ``frame`` (its imports ran), recorded: its summary
        (kept for the next analyses), or None when it cannot be summarised."""
        interp = self.interpreter
        recording = self._start_recording(own=module.key)
        try:
            interp.run_statements(module, frame)
        finally:
            self._stop_recording()
        return self._module_summary(recording, module, frame, imported)

    def _module_summary(
        self,
        recording: Recording,
        module: ModuleState,
        frame: Frame,
        imported: tuple[SourceModule, ...],
    ) -> Summary | None:
        """The summary of a module's run just recorded, kept for the next analyses (None: it
        could not be summarised)."""
        interp = self.interpreter
        if recording.refused is not None:
            return None
        writes = {(key, name): _bound(interp, key, name) for key, name in recording.written}
        if any(values is None for values in writes.values()):
            return None  # (a global it deleted: a replay would not delete it)
        trees = tuple(chunk.tree for chunk in module.parsed.chunks)
        summary = self._summary_as_it_ends(
            recording, Site(module.key, trees[0], trees[0]), (), None
        )
        summary.trees = trees
        # its frame as the run left it (and those of the modules it ran): the runs after it
        # in this analysis may write their globals (another module's run, recorded in that
        # run's summary), which a replay must not see; copied when one is written
        # (``global_writing``), not before: most never are
        summary.module_frame = frame
        self._live_frames[id(frame)] = (module, summary)
        nested: list[NestedRun] = []
        for key in recording.nested:
            ran = interp.modules.get(key)
            if ran is None or ran.frame is None:
                return None
            chunks = tuple(chunk.tree for chunk in ran.parsed.chunks)
            nested.append(NestedRun(ran.source, chunks, ran.frame, tuple(sorted(ran.imports))))
            self._live_frames[id(ran.frame)] = (ran, summary)
        if writes or nested or recording.written_refs or recording.stars:
            summary.outside = Outside(
                {key: values for key, values in writes.items() if values is not None},
                tuple(recording.written_refs),
                tuple(nested),
                recording.stars,
            )
        summary.imports = tuple(sorted(module.imports))
        summary.prerun = imported
        summary.module_refs = interp.refs_made_in(frame)
        interp.workspace.summaries.put(module.key, summary)
        return summary

    def recorded_any_caller_run(
        self, site: Site, values: Values, owner: ClassValue | None, module: ModuleState
    ) -> Summary | None:
        """Run ``values`` (defined at ``site``) for any caller, recorded: its summary (kept for
        the next analyses), or None when it cannot be summarised."""
        interp = self.interpreter
        recording = self._recorded_run(site, values, owner, module)
        if recording is None:
            return None
        summary = self._summary_as_it_ends(recording, site, values, owner)
        interp.workspace.summaries.put(site.module, summary)
        return summary

    def _recorded_run(
        self, site: Site, values: Values, owner: ClassValue | None, module: ModuleState
    ) -> Recording | None:
        """Run ``values`` (defined at ``site``) for any caller, recorded: the recording, or
        None when the run cannot be summarised."""
        interp = self.interpreter
        recording = self._start_recording()
        try:
            interp.run_for_any_caller(site, values, owner, module)
        finally:
            self._stop_recording()
        return recording if recording.refused is None else None

    def _defer(
        self, recording: Recording, site: Site, values: Values, owner: ClassValue | None
    ) -> _Unsettled:
        """Leave the summary of a recorded run to ``settle``.  What the heap
        objects it made hold is copied now: a later run may write them."""
        interp = self.interpreter
        position = len(self._runs) if self._runs is not None else -1
        heap = interp.heap.copy_of(recording.refs)
        run = _Unsettled(recording, site, values, owner, heap, position)
        self._unsettled.append(run)
        return run

    def settle(self) -> None:
        """Make the summaries ``any_caller_pass`` left for later, keep them for the next
        analyses (the workspace's cache) and in the journal (``runs``)."""
        interp = self.interpreter
        with self._settling:
            unsettled, self._unsettled = self._unsettled, []
            if not unsettled:
                return
            # what each run added is a slice of these, which only grow
            named = list(interp.facts.named.items())
            defined = list(interp.defined.items())
            summaries = interp.workspace.summaries
            # each run's recording goes once its summary is made, not after the last one's
            unsettled.reverse()
            while unsettled:
                run = unsettled.pop()
                recording = run.recording
                summary = self._summary(
                    recording,
                    run.site,
                    run.values,
                    run.owner,
                    named[recording.named_start : recording.named_end],
                    defined[recording.defined_start : recording.defined_end],
                    run.heap,
                )
                summaries.put(run.site.module, summary)
                if self._runs is not None:
                    self._runs[run.position] = summary

    @property
    def runs(self) -> list[Summary] | None:
        """What every run of this analysis did, in the order they ran (module runs and
        any-caller runs, replayed or not); None once one could not be summarised.  The next
        analysis of the same text reuses the runs that still hold (``jaxlsp.infer.rerun``)."""
        self.settle()
        if self._runs is None:
            return None
        return [run for run in self._runs if isinstance(run, Summary)]  # all, once settled

    @runs.setter
    def runs(self, runs: list[Summary] | None) -> None:
        self._runs = list(runs) if runs is not None else None

    def _start_recording(self, own: str | None = None) -> Recording:
        """Record the run about to start (``own``: the module whose top-level run it is)."""
        interp = self.interpreter
        facts = interp.facts
        recording = Recording(
            tuple(map(len, facts.lists())),
            len(facts.named),
            len(interp.defined),
            len(interp.skipped),
            own=own,
        )
        self._recording = interp.observer = recording
        heap = interp.heap
        heap.observer = lambda ref, write: recording.touch(ref, write, heap)
        interp.evaluated.log = recording.evaluated
        interp.rules_run.log = recording.rules_run
        interp.evaluated.asked = recording.evaluated_asked
        interp.rules_run.asked = recording.rules_asked
        return recording

    def _journal(self, summary: Summary | _Unsettled | None) -> None:
        """Note a run in ``runs`` (a run that could not be summarised, or that wrote outside
        itself, ends the journal: ``rerun`` does not redo such writes)."""
        if self._runs is not None:
            if summary is None or (isinstance(summary, Summary) and summary.writes_outside):
                self._runs = None
            else:
                self._runs.append(summary)

    def _stop_recording(self) -> None:
        interp = self.interpreter
        recording = self._recording
        if recording is not None:
            facts = interp.facts
            recording.facts_end = tuple(map(len, facts.lists()))
            recording.named_end = len(facts.named)
            recording.defined_end = len(interp.defined)
            recording.skipped_end = len(interp.skipped)
        self._recording = None
        interp.observer = UNOBSERVED
        interp.heap.observer = None
        interp.evaluated.log = interp.rules_run.log = None
        interp.evaluated.asked = interp.rules_run.asked = None

    def _summary_as_it_ends(
        self, recording: Recording, site: Site, values: Values, owner: ClassValue | None
    ) -> Summary:
        """The summary of the run just recorded (what it added is at the end of each table)."""
        interp = self.interpreter
        return self._summary(
            recording,
            site,
            values,
            owner,
            _added_since(interp.facts.named, recording.named_start),
            _added_since(interp.defined, recording.defined_start),
            interp.heap.copy_of(
                [*recording.refs, *recording.written_refs]
                if recording.written_refs
                else recording.refs
            ),
        )

    def _summary(
        self,
        recording: Recording,
        site: Site,
        values: Values,
        owner: ClassValue | None,
        named: list[tuple[tuple[str, ast.AST], tuple[Site, Value]]],
        defined: list[tuple[Site, Values]],
        heap: HeapCopy,
    ) -> Summary:
        """The summary of a recorded run that added ``named`` and ``defined`` and left its
        heap objects holding ``heap``."""
        interp = self.interpreter
        facts = interp.facts
        return Summary(
            node=site.node,
            tree=site.tree,
            module=site.module,
            values=values,
            owner=owner,
            globals=kept(recording.globals),
            external=kept(recording.external),
            facts={  # only the kinds it added: most runs add to a few of them
                name: found[start:end]
                for name, found, start, end in zip(
                    FACT_LISTS,
                    facts.lists(),
                    recording.facts_start,
                    recording.facts_end,
                    strict=True,
                )
                if end > start
            },
            named=tuple(named),
            defined=tuple(defined),
            skipped=tuple(interp.skipped[recording.skipped_start : recording.skipped_end]),
            imported=tuple(recording.imported),
            memo=tuple(recording.memo),
            contexts=kept(recording.contexts),
            counts=kept(recording.counts),
            hits=tuple(recording.hits),
            evaluated=tuple(recording.evaluated),
            rules_run=tuple(recording.rules_run),
            evaluated_asked=kept(recording.evaluated_asked),
            rules_asked=kept(recording.rules_asked),
            heap_fields=kept(heap.fields),
            heap_lists=kept(heap.lists),
            heap_dicts=kept(heap.dicts),
            heap_registrations=kept(heap.registrations),
        )

    def _replay(
        self,
        summary: Summary,
        values: Values,
        owner: ClassValue | None,
        module: ModuleState | None = None,
    ) -> bool:
        """Do what a summarised run did, if that is what running it here would do
        (``replay_holds``)."""
        interp = self.interpreter
        nested = self._nested_states(summary)
        if nested is None:
            return False  # a module it ran has run here, or changed
        if any(
            interp.bindings_of(key) is None and all(key != n.key for n in nested)
            for key, _ in summary.global_writes
        ):
            return False  # a module it wrote to has not run here
        if any(
            _public_names(interp.bindings_of(key)) != names
            for key, names in summary.outside.stars.items()
        ):
            return False  # a module it imported * from has other names (or has run, or not)
        if not replay_holds(summary, values, owner, _FreshPlace(interp, module)):
            return False
        facts = interp.facts
        added_frames = summary.added("frames")
        if module is not None and summary.module_frame is not None:
            module.frame = fresh_module_frame(summary.module_frame, module)
            module.imports.update(summary.imports)
            fresh = {id(summary.module_frame): module.frame}
            for state, ran in zip(nested, summary.nested, strict=True):
                interp.modules[state.key] = state
                state.frame = fresh[id(ran.frame)] = fresh_module_frame(ran.frame, state)
                state.imports.update(ran.imports)
            added_frames = [fresh.get(id(f), f) for f in added_frames]
        for importer, imported in summary.imported:
            known = interp.modules.get(importer)
            if known is not None:
                known.imports.add(imported)
        for name, added in summary.facts.items():
            getattr(facts, name).extend(added_frames if name == "frames" else added)
        for key, named in summary.named:
            facts.named.setdefault(key, named)
        for site, defined in summary.defined:
            interp.defined.setdefault(site, defined)
        interp.skipped.extend(summary.skipped)
        for key, frame in summary.memo:
            interp.memoised_frames.setdefault(key, frame)
        for function, delta in summary.contexts.items():
            interp.frames_per_function[function] = (
                interp.frames_per_function.get(function, 0) + delta
            )
        interp.evaluated.update(summary.evaluated)
        interp.rules_run.update(summary.rules_run)
        for frame in added_frames:
            if frame.function is not None:
                interp.frames_of.setdefault(frame.function.site, frame)
        heap = interp.heap
        for ref, found in summary.heap_fields.items():
            heap.fields.setdefault(ref, dict(found))
        for ref, contents in summary.heap_lists.items():
            heap.lists.setdefault(ref, contents.copy())
        for ref, entries in summary.heap_dicts.items():
            heap.dicts.setdefault(ref, dict(entries))
        for ref, registrations in summary.heap_registrations.items():
            heap.registrations.setdefault(ref, list(registrations))
        self._write_outside(summary)
        return True

    def _nested_states(self, summary: Summary) -> list[ModuleState] | None:
        """The states of the modules ``summary``'s run ran in the middle of itself, for its
        replay to give their frames: None when one of them has run here, or its version has
        other statements (the run would not do what it did)."""
        if not summary.nested:
            return []
        interp = self.interpreter
        states: list[ModuleState] = []
        for ran in summary.nested:
            state = interp.modules.get(ran.source.key)
            if state is None:
                current = interp.workspace.current(ran.source)
                if current is None:
                    return None
                state = ModuleState(current)
            if state.frame is not None:
                return None
            if tuple(chunk.tree for chunk in state.parsed.chunks) != ran.trees:
                return None
            states.append(state)
        return states

    def global_writing(self, module: ModuleState) -> None:
        """A global of ``module`` is about to be written: a summary that keeps its frame as a
        run left it gets a copy of it first (``_module_summary``)."""
        frame = module.frame
        if frame is None or not self._live_frames:
            return
        kept = self._live_frames.pop(id(frame), None)
        if kept is None:
            return
        state, summary = kept
        copy = fresh_module_frame(frame, state)
        if summary.module_frame is frame:
            summary.module_frame = copy
        if summary.nested:
            summary.outside = replace(
                summary.outside,
                nested=tuple(
                    replace(ran, frame=copy) if ran.frame is frame else ran
                    for ran in summary.nested
                ),
            )
        if "frames" in summary.facts:
            summary.facts = {
                **summary.facts,
                "frames": [copy if f is frame else f for f in summary.facts["frames"]],
            }

    def _write_outside(self, summary: Summary) -> None:
        """What a replayed module run wrote outside itself, written again: other modules'
        globals, and the heap objects made before it (which held what it found in them:
        ``replay_holds``) as it left them."""
        interp = self.interpreter
        for (key, name), values in summary.global_writes.items():
            bindings = interp.bindings_of(key)
            assert bindings is not None, "checked before the replay"
            bindings[name] = values
        heap = interp.heap
        for ref in summary.written_refs:
            if (found := summary.heap_fields.get(ref)) is not None:
                heap.fields[ref] = dict(found)
            if (contents := summary.heap_lists.get(ref)) is not None:
                heap.lists[ref] = contents.copy()
            if (entries := summary.heap_dicts.get(ref)) is not None:
                heap.dicts[ref] = dict(entries)
            if (registrations := summary.heap_registrations.get(ref)) is not None:
                heap.registrations[ref] = list(registrations)


class _FreshPlace:
    """A replay's place in an analysis made run by run (``ReplayPlace``): what the runs so far
    left (``module``: the module whose own run is replayed, which reads its own globals as its
    unchanged statements bind them)."""

    def __init__(self, interpreter: Interpreter, module: ModuleState | None) -> None:
        self._interpreter = interpreter
        self._own = module.key if module is not None else None

    def unchanged(self, summary: Summary) -> bool:
        return False  # recorded in another analysis

    def globals_hold(self, summary: Summary) -> bool:
        return globals_hold(summary, self._interpreter.bindings_of, self._own)

    def heap_holds(self, summary: Summary) -> bool:
        heap = self._interpreter.heap
        return all(heap.contents(ref) == held for ref, held in summary.external.items())

    def counts_hold(self, summary: Summary) -> bool:
        return counts_hold(summary, self._interpreter.frames_per_function, COUNT_LIMITS)

    def memoised(self, key: Any) -> bool:
        return key in self._interpreter.memoised_frames

    def hit_holds(self, key: Any, hit: Frame) -> bool:
        current = self._interpreter.memoised_frames.get(key)
        return current is not None and same_outcome(hit, current)

    def evaluated(self, site: Site) -> bool:
        return site in self._interpreter.evaluated

    def rules_run(self, site: Site) -> bool:
        return site in self._interpreter.rules_run


@dataclass(slots=True)
class _Unsettled:
    """An any-caller run recorded, whose summary ``IncrementalRuns.settle`` makes."""

    recording: Recording
    site: Site
    values: Values
    owner: ClassValue | None
    #: What the heap objects it made held when it ended.
    heap: HeapCopy
    #: Its place in the journal (``IncrementalRuns.runs``).
    position: int


def fresh_module_frame(old: Frame, module: ModuleState) -> Frame:
    """A summarised module's frame for this analysis: its bindings copied (this analysis
    may rebind them), its own bookkeeping too."""
    fresh = old.copy()
    fresh.module_key = module.key
    fresh.state = old.state.copy()
    fresh.returns = list(old.returns)
    fresh.consumed = dict(old.consumed)
    fresh.created = set(old.created)
    fresh.reads = dict(old.reads)
    fresh.innermost = dict(old.innermost)
    return fresh


def _public_names(bindings: dict[str, Values] | None) -> frozenset[str] | None:
    """The names ``from m import *`` binds of a module with ``bindings`` (None: not run)."""
    if bindings is None:
        return None
    return frozenset(name for name in bindings if not name.startswith("_"))


def _bound(interp: Interpreter, key: str, name: str) -> Values | None:
    """What the global ``name`` of the module ``key`` holds now (None: unbound)."""
    bindings = interp.bindings_of(key)
    return None if bindings is None else bindings.get(name)


def _added_since(entries: dict[_Key, _Entry], start: int) -> list[tuple[_Key, _Entry]]:
    """The entries added to a dict that only grows after its first ``start``, read from its
    end: skipping the first ``start`` would make each summary cost the size of the module."""
    added = list(itertools.islice(reversed(entries.items()), len(entries) - start))
    added.reverse()
    return added
