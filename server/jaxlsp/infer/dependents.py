"""Whether an importer's findings still hold after an edit to a module it imports.

Why: when a module changes, the server checks again every open file that imports it, their
own text unchanged (``bench.project``'s dependents budget).  ``rerun`` remakes such a file's
analysis keeping each run that read nothing the edit changed, but asking every rule again
over the whole analysis cost as much as the rerun itself, once per importer.  When every run
of the importer's own was kept, what the rules read differs from the last analysis only in
the facts the edited module's own run (its top-level statements, run when it is imported)
recorded: ``same_facts`` says whether those are the same operations at the same places,
reading the same values; then the rules find what they found.

The edited module's run is run again whole, so its facts are new objects even where its
statements are unchanged.  They are the same operations with the same values when:

- its run is the only one replaced (any other run kept as it was, so nothing the importer's
  runs or another module's read changed: ``rerun``'s walk decided that), and it is the only
  module that changed;
- each facts list holds as many facts as before, each of the same kind at the same site (an
  unchanged statement keeps its tree and nodes; a changed one that made a fact fails this);
- no unchanged statement of the module names what a changed one (before or after the edit)
  may bind or change at import time: a ``def`` or ``class`` with no decorator binds its name
  (its body does not run), an assignment of a constant binds its targets, anything else may
  change whatever it names.  An edit of a statement that imports, calls a registration or
  names ``globals``, ``setattr`` and the like is never such an edit (the rules read a module's
  imports and registrations from its text; those names reach what they do not name).

Where the last findings cite the changed module (their place, a related place or a message
naming its file), its lines may have moved: the rules run again (``Engine``).
"""

from __future__ import annotations

import ast
import threading
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import fields, is_dataclass
from typing import Generic, TypeVar

from jaxlsp.infer.frames import FACT_LISTS, Frame
from jaxlsp.infer.incremental import IncrementalRuns
from jaxlsp.infer.interpreter import Interpreter
from jaxlsp.infer.sources import SourceModule
from jaxlsp.infer.summaries import Summary
from jaxlsp.infer.values import Site
from jaxlsp.syntax.source import Chunk


def changed_modules(before: Interpreter, after: Interpreter, analysed: str) -> set[str]:
    """The keys of the modules other than ``analysed`` whose version differs between the two
    analyses (``after`` ran the same modules: ``rerun``)."""
    return {
        key
        for key, module in after.modules.items()
        if key != analysed
        and (old := before.modules.get(key)) is not None
        and old.source is not module.source
    }


def imports_kept(before: Interpreter, after: Interpreter, changed: Iterable[str]) -> bool:
    """Whether the statements the edits of the ``changed`` modules (by key) added, removed or
    rewrote import nothing: which modules a module imports is read from its text (the Pallas
    rules read whether it imports Pallas's TPU or GPU module)."""
    for key in changed:
        old, new = before.modules.get(key), after.modules.get(key)
        if old is None or new is None:
            return False
        if not _imports_kept(old.source, new.source):
            return False
    return True


_Answer = TypeVar("_Answer")


class PairMemo(Generic[_Answer]):
    """Answers kept for pairs of live objects, by identity (a weak reference tells a pair
    from a later one at the same addresses): a few, all dropped once ``kept`` are held.  Why:
    every importer of an edited module asks the same question of the same two versions."""

    def __init__(self, kept: int) -> None:
        self._kept = kept
        self._found: dict[tuple[int, int], tuple[weakref.ref[object], weakref.ref[object], _Answer]]
        self._found = {}
        self._lock = threading.Lock()  # analyses may run on several threads

    def get(self, old: object, new: object) -> _Answer | None:
        found = self._found.get((id(old), id(new)))
        if found is None or found[0]() is not old or found[1]() is not new:
            return None
        return found[2]

    def put(self, old: object, new: object, answer: _Answer) -> _Answer:
        with self._lock:
            if len(self._found) >= self._kept:
                self._found.clear()
            self._found[(id(old), id(new))] = (weakref.ref(old), weakref.ref(new), answer)
        return answer


#: The last pairs of versions ``_imports_kept`` compared, with its answer.
_IMPORTS: PairMemo[bool] = PairMemo(8)


def _imports_kept(before: SourceModule, after: SourceModule) -> bool:
    answer = _IMPORTS.get(before, after)
    if answer is None:
        answer = _no_import_edited(before.parsed.chunks, after.parsed.chunks)
        _IMPORTS.put(before, after, answer)
    return answer


def _no_import_edited(before: Sequence[Chunk], after: Sequence[Chunk]) -> bool:
    old, new = {id(chunk.tree) for chunk in before}, {id(chunk.tree) for chunk in after}
    edited = [c.tree for c in before if id(c.tree) not in new]
    edited += [c.tree for c in after if id(c.tree) not in old]
    return not any(
        isinstance(node, ast.Import | ast.ImportFrom) for tree in edited for node in ast.walk(tree)
    )


def same_facts(before: Interpreter, after: Interpreter, analysed: str) -> bool:
    """Whether ``after`` (remade by ``rerun`` from ``before``, the analysed module's text
    unchanged) holds the same facts as ``before`` up to the objects that record them: see the
    module docstring."""
    changed = changed_modules(before, after, analysed)
    old_keeper, new_keeper = before.keeper, after.keeper
    if len(changed) != 1 or not isinstance(old_keeper, IncrementalRuns):
        return False
    if not isinstance(new_keeper, IncrementalRuns):
        return False
    old_runs, new_runs = old_keeper.runs, new_keeper.runs
    if old_runs is None or new_runs is None or len(old_runs) != len(new_runs):
        return False
    replaced = [(old, new) for old, new in zip(old_runs, new_runs, strict=True) if old is not new]
    if len(replaced) != 1:
        return False
    old, new = replaced[0]
    if not old.trees or not new.trees or old.module != new.module or old.module not in changed:
        return False
    return _alike(old, new)


#: The last runs ``_alike`` compared, with its answer: every importer of an edited module
#: replaces the same run (the one its last analysis replayed) with the same summary (the one
#: the module's own analysis recorded).
_ALIKE: PairMemo[bool] = PairMemo(8)


def _alike(old: Summary, new: Summary) -> bool:
    """Whether two runs of one module made the same facts from its unchanged statements, and
    its changed ones reach none of them."""
    answer = _ALIKE.get(old, new)
    if answer is None:
        answer = _ALIKE.put(
            old, new, _same_places(old, new) and _edit_reaches_nothing(old.trees, new.trees)
        )
    return answer


def _same_places(old: Summary, new: Summary) -> bool:
    """Each facts list of the two runs: as many facts, each of the same kind at the same site."""
    for kind in FACT_LISTS:
        before, after = old.added(kind), new.added(kind)
        if len(before) != len(after):
            return False
        if any(_place(a) != _place(b) for a, b in zip(before, after, strict=True)):
            return False
    return True


def _place(fact: object) -> tuple[object, ...]:
    """What a fact is and where: its kind and site (a frame: its module, function and
    statement's tree; the module's own frame: its module)."""
    if isinstance(fact, Site):
        return (Site, fact)
    if isinstance(fact, Frame):
        if fact.function is None and not fact.is_class:
            return (Frame, fact.module_key)  # the module's own (at its last statement)
        function = fact.function.site if fact.function is not None else None
        return (Frame, fact.module_key, function, id(fact.chunk.tree), fact.context)
    return (type(fact), getattr(fact, "site", None))


def same_fact(old: object, new: object) -> bool:
    """Whether two facts (of a run and of the run that replaced it) are the same operation at
    the same place on equal values: every field equal, a frame compared by its place and the
    transforms it runs under (its own bindings are not compared), the argument expressions by
    identity (an unchanged statement keeps its nodes)."""
    if type(old) is not type(new):
        return False
    if isinstance(old, Frame):
        assert isinstance(new, Frame)
        return _same_frame(old, new)
    if not is_dataclass(old):
        return old == new
    for item in fields(old):
        before, now = getattr(old, item.name), getattr(new, item.name)
        if isinstance(before, Frame) or isinstance(now, Frame):
            if not (isinstance(before, Frame) and isinstance(now, Frame)):
                return False
            if not _same_frame(before, now):
                return False
        elif item.name == "nodes":
            if before.keys() != now.keys() or any(before[k] is not now[k] for k in before):
                return False
        elif before is not now and before != now:
            return False
    return True


def _same_frame(old: Frame, new: Frame) -> bool:
    return _place(old) == _place(new) and old.context == new.context


def _edit_reaches_nothing(before: Sequence[ast.Module], after: Sequence[ast.Module]) -> bool:
    """Whether no statement both versions share names what a statement the edit changed may
    bind or change when the module runs (see the module docstring)."""
    old, new = {id(tree) for tree in before}, {id(tree) for tree in after}
    changed = [tree for tree in before if id(tree) not in new]
    changed += [tree for tree in after if id(tree) not in old]
    reach: set[str] = set()
    for tree in changed:
        for statement in tree.body:
            found = _may_change(statement)
            if found is None:
                return False
            reach |= found
    if not reach:
        return True
    kept = (tree for tree in after if id(tree) in old)
    return not any(reach & _statement_names(tree) for tree in kept)


#: Each statement's names (``_names``), kept while its tree lives: every importer of an
#: edited module asks of the same unchanged statements.
_NAMES: weakref.WeakKeyDictionary[ast.Module, frozenset[str]] = weakref.WeakKeyDictionary()
_NAMES_LOCK = threading.Lock()


def _statement_names(tree: ast.Module) -> frozenset[str]:
    found = _NAMES.get(tree)
    if found is None:
        found = frozenset(_names(tree))
        with _NAMES_LOCK:
            _NAMES[tree] = found
    return found


#: Names through which a statement may bind or change what it does not name.
_DYNAMIC = frozenset(
    {"globals", "vars", "locals", "exec", "eval", "setattr", "delattr", "__import__", "__dict__"}
    | {"sys", "importlib", "builtins"}
)


def _may_change(statement: ast.stmt) -> set[str] | None:
    """The names a top-level statement may bind or change when it runs; None when the rules
    read it themselves (an import says which Pallas backend a module uses; a call named like a
    registration registers a class as a pytree: ``jit_non_array_argument``) or when it may
    change what it does not name (``globals()``, ``setattr``...)."""
    for node in ast.walk(statement):
        if isinstance(node, ast.Import | ast.ImportFrom):
            return None
        if isinstance(node, ast.Call) and "register" in _called_name(node.func):
            return None
        if isinstance(node, ast.Name | ast.Attribute) and _named(node) in _DYNAMIC:
            return None
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        if not statement.decorator_list and isinstance(statement, ast.ClassDef | ast.FunctionDef):
            if isinstance(statement, ast.ClassDef):
                return {statement.name} | _names_in(statement.body) | _names_in(statement.bases)
            arguments = statement.args
            runs = [*arguments.defaults, *(d for d in arguments.kw_defaults if d is not None)]
            return {statement.name} | _names_in(runs)
        return _names(statement) | {statement.name}
    if isinstance(statement, ast.Assign | ast.AnnAssign) and _constant(statement.value):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if all(isinstance(target, ast.Name) for target in targets):
            return {target.id for target in targets if isinstance(target, ast.Name)}
    return _names(statement)


def _called_name(callee: ast.expr) -> str:
    if isinstance(callee, ast.Attribute):
        return callee.attr
    return callee.id if isinstance(callee, ast.Name) else ""


def _named(node: ast.Name | ast.Attribute) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr


def _constant(value: ast.expr | None) -> bool:
    return value is None or all(
        isinstance(node, ast.Constant | ast.Tuple | ast.List | ast.Load | ast.UnaryOp | ast.USub)
        for node in ast.walk(value)
    )


def _names(node: ast.AST) -> set[str]:
    """Every name a node mentions: names, attributes, definitions, arguments, imports,
    keywords and global declarations."""
    return _names_in([node])


def _names_in(nodes: Iterable[ast.AST]) -> set[str]:
    found: set[str] = set()
    for root in nodes:
        for node in ast.walk(root):
            if isinstance(node, ast.Name):
                found.add(node.id)
            elif isinstance(node, ast.Attribute):
                found.add(node.attr)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.add(node.name)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
            elif isinstance(node, ast.alias):
                found.add((node.asname or node.name).split(".")[0])
            elif isinstance(node, ast.keyword) and node.arg is not None:
                found.add(node.arg)
            elif isinstance(node, ast.Global | ast.Nonlocal):
                found.update(node.names)
    return found


__all__ = ["PairMemo", "changed_modules", "imports_kept", "same_fact", "same_facts"]
