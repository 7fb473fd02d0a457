"""Which names a function, lambda, class body or module binds: Python decides at compile time
that a name assigned anywhere in a function is local to all of it, so the interpreter needs
this before it runs the body."""

from __future__ import annotations

import ast
import threading
import weakref
from dataclasses import dataclass

from jaxlsp.syntax.walk import child_nodes

ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef


@dataclass(frozen=True, slots=True)
class ScopeNames:
    local: frozenset[str]
    declared_global: frozenset[str]
    declared_nonlocal: frozenset[str]


_DEFINITIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_COMPREHENSIONS = frozenset({ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})
#: Nodes that bind a name of their own (``except E as name``, ``case x``, ``case *rest``).
_NAMED = frozenset({ast.ExceptHandler, ast.MatchAs, ast.MatchStar})
#: Nodes with nothing below them that binds.
_LEAVES = frozenset({ast.Constant, ast.Pass, ast.Break, ast.Continue, ast.Load, ast.Store})


#: Per node, computed once: trees live as long as their statements are unchanged, so the
#: names of a function are worked out once however many analyses run it.
_CACHE: weakref.WeakKeyDictionary[ast.AST, ScopeNames] = weakref.WeakKeyDictionary()
_CACHE_LOCK = threading.Lock()


def scope_names(node: ScopeNode) -> ScopeNames:
    """The names ``node``'s own scope binds (not its nested functions' or classes')."""
    with _CACHE_LOCK:
        cached = _CACHE.get(node)
    if cached is not None:
        return cached
    names = _scope_names(node)
    with _CACHE_LOCK:
        _CACHE[node] = names
    return names


def _scope_names(node: ScopeNode) -> ScopeNames:
    local: set[str] = set()
    declared_global: set[str] = set()
    declared_nonlocal: set[str] = set()
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        arguments = node.args
        for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
            local.add(arg.arg)
        if arguments.vararg is not None:
            local.add(arguments.vararg.arg)
        if arguments.kwarg is not None:
            local.add(arguments.kwarg.arg)
        body: list[ast.AST] = [node.body] if isinstance(node, ast.Lambda) else list(node.body)
    else:
        body = list(node.body)
    stack = list(reversed(body))
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is ast.Name:
            if type(current.ctx) is not ast.Load:  # type: ignore[attr-defined]
                local.add(current.id)  # type: ignore[attr-defined]
            continue
        if kind in _LEAVES:
            continue
        if kind in _DEFINITIONS:
            assert isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            local.add(current.name)
            # decorators, defaults, bases run in this scope
            stack.extend(current.decorator_list)
            if isinstance(current, ast.ClassDef):
                stack.extend(current.bases)
                stack.extend(k.value for k in current.keywords)
            else:
                stack.extend(current.args.defaults)
                stack.extend(d for d in current.args.kw_defaults if d is not None)
            continue
        if kind is ast.Lambda:
            assert isinstance(current, ast.Lambda)
            stack.extend(current.args.defaults)
            stack.extend(d for d in current.args.kw_defaults if d is not None)
            continue
        if kind in _COMPREHENSIONS:
            assert isinstance(current, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp)
            # only walrus targets inside a comprehension bind in this scope
            for inner in ast.walk(current):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    local.add(inner.target.id)
            # the first iterable runs in this scope
            stack.append(current.generators[0].iter)
            continue
        if kind is ast.Global:
            declared_global.update(current.names)  # type: ignore[attr-defined]
            continue
        if kind is ast.Nonlocal:
            declared_nonlocal.update(current.names)  # type: ignore[attr-defined]
            continue
        if kind is ast.Import or kind is ast.ImportFrom:
            for alias in current.names:  # type: ignore[attr-defined]
                if alias.name != "*":
                    local.add(alias.asname or alias.name.split(".")[0])
            continue
        if kind in _NAMED and current.name:  # type: ignore[attr-defined]
            local.add(current.name)  # type: ignore[attr-defined]
        elif kind is ast.MatchMapping and current.rest:  # type: ignore[attr-defined]
            local.add(current.rest)  # type: ignore[attr-defined]
        stack.extend(child_nodes(current))
    local -= declared_global
    local -= declared_nonlocal
    return ScopeNames(_frozen(local), _frozen(declared_global), _frozen(declared_nonlocal))


_NONE: frozenset[str] = frozenset()


def _frozen(names: set[str]) -> frozenset[str]:
    return frozenset(names) if names else _NONE  # most scopes declare nothing: one empty set
