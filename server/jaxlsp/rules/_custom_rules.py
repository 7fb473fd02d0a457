"""Where a custom_vjp/custom_jvp function gets its rules: ``f.defvjp(fwd, bwd)``, ``@f.defjvp``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlsp.analysis.pyast import (
    REGISTRATION_METHODS,
    FunctionNode,
    ModuleAst,
    chunk_scopes,
    identifiers,
    inside_function,
    own_nodes,
    resolve_function,
    tree_scopes,
    tree_walk,
)
from jaxlsp.rules._support import decorated_with


@dataclass(frozen=True)
class RuleSite:
    owner: str
    rule: FunctionNode
    rule_chunk: int
    #: The ``f.defvjp``/``f.defjvp`` attribute (a call's callee or a decorator).
    where: ast.expr
    chunk: int


def custom_functions(module: ModuleAst, api: str) -> frozenset[str]:
    """Names of module-level defs decorated (innermost) with ``api`` (interned: an equal set
    is the same object from one analysis to the next, for the memos keyed by it)."""
    key = f"custom_functions:{api}"
    cached = module.memo.get(key)
    if isinstance(cached, frozenset):
        return cached
    found = frozenset(
        node.name
        for scope, node, _ in decorated_with(module, api)
        if not scope.parents and module.top_level_def(node.name) is not None
    )
    found = _OWNERS.setdefault(found, found)
    if len(_OWNERS) > 64:
        _OWNERS.clear()  # an old set only costs recomputing the memos keyed by it
    module.memo[key] = found
    return found


_OWNERS: dict[frozenset[str], frozenset[str]] = {}


def rule_sites(module: ModuleAst, api: str, method: str, position: int) -> Iterator[RuleSite]:
    owners = custom_functions(module, api)
    if not owners:
        return
    assert method in REGISTRATION_METHODS
    for index in module.index.registrations.get(method, ()):
        tree = module.trees[index]
        assert tree is not None
        entries = _method_sites(tree).get(method)
        if not entries:
            continue
        scopes = chunk_scopes(tree, index)
        for scope_position, node in entries:
            scope = scopes[scope_position][0]
            if isinstance(node, ast.Attribute):  # a decorator of the scope's def
                if _is_method(node, owners, method) and position == 0:
                    assert isinstance(scope.node, ast.FunctionDef | ast.AsyncFunctionDef)
                    yield RuleSite(_owner(node), scope.node, index, node, index)
                continue
            if _is_method(node.func, owners, method) and len(node.args) > position:
                resolved = resolve_function(module, scope, node.args[position])
                if resolved is not None:
                    assert isinstance(node.func, ast.Attribute)
                    yield RuleSite(_owner(node.func), resolved[0], resolved[1], node.func, index)


def _method_sites(tree: ast.Module) -> dict[str, list[tuple[int, ast.Attribute | ast.Call]]]:
    """By method name, in scope order: decorators ``@f.method`` (the attribute) and calls
    ``f.method(...)`` evaluated in each scope, with the scope's position in ``chunk_scopes``;
    memoised on the tree (it reads nothing else)."""
    cached: dict[str, list[tuple[int, ast.Attribute | ast.Call]]] | None = getattr(
        tree, "_jaxlsp_method_sites", None
    )
    if cached is not None:
        return cached
    found: dict[str, list[tuple[int, ast.Attribute | ast.Call]]] = {}
    for scope_position, (node, _, _) in enumerate(tree_scopes(tree)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Attribute) and isinstance(decorator.value, ast.Name):
                    found.setdefault(decorator.attr, []).append((scope_position, decorator))
        if isinstance(node, ast.ClassDef):
            continue
        for child in _method_calls(node):
            assert isinstance(child.func, ast.Attribute)
            found.setdefault(child.func.attr, []).append((scope_position, child))
    tree._jaxlsp_method_sites = found  # type: ignore[attr-defined]
    return found


def _nested(tree: ast.Module, node: ast.AST) -> bool:
    return inside_function(tree, node)


def _is_method(node: ast.expr, owners: frozenset[str], method: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == method
        and isinstance(node.value, ast.Name)
        and node.value.id in owners
    )


def _owner(node: ast.Attribute) -> str:
    assert isinstance(node.value, ast.Name)
    return node.value.id


@dataclass(frozen=True)
class Unregistered:
    """A custom function whose rule this module never registers, and a call of it."""

    name: str
    definition: ast.FunctionDef | ast.AsyncFunctionDef
    definition_chunk: int
    call: ast.Call
    call_chunk: int


def unregistered(module: ModuleAst, api: str, method: str) -> Iterator[Unregistered]:
    """Module-level custom functions called here whose ``.defvjp``/``.defjvp`` is never named.

    Any mention of ``f.<method>`` (called, decorating, or passed along) counts as registered,
    and so does any other use of ``f`` as a value (it may be registered elsewhere)."""
    owners = custom_functions(module, api)
    if not owners:
        return
    called: dict[str, tuple[ast.Call, int]] = {}
    escaped: set[str] = set()
    for index, tree in enumerate(module.trees):
        if tree is None:
            continue
        known = getattr(tree, "_jaxlsp_owner_uses", None)  # memo, read inline (hot loop)
        if known is not None and known[0] is owners:
            uses = known[1]
        else:
            uses = _owner_uses(tree, module.chunks[index].text, owners)
        if uses is None:
            continue
        escaped.update(owners & uses.escaped)
        first = [name for name in owners & uses.calls.keys() if name not in called]
        for name in sorted(first, key=lambda n: uses.calls[n][0]):
            called[name] = (uses.calls[name][1], index)
    for name, (call, call_chunk) in called.items():
        if name in escaped:
            continue
        found = module.top_level_def(name)
        if found is None or not isinstance(found[0], ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        yield Unregistered(name, found[0], found[1], call, call_chunk)


@dataclass(frozen=True)
class _NameUses:
    """How one statement uses plain names (walk order of ``ast.walk``)."""

    #: Each name's first use as a callee: (its rank among those, the call).
    calls: dict[str, tuple[int, ast.Call]]
    #: Names used any other way (``f.attr``, a binding, a value).
    escaped: frozenset[str]
    names: frozenset[str]


def _owner_uses(tree: ast.Module, text: str, owners: frozenset[str]) -> _NameUses | None:
    """``_name_uses`` of a statement that names one of ``owners``, else None; memoised on the
    tree for ``owners`` (a statement that names none is not walked)."""
    named = identifiers(tree, text)
    found: _NameUses | None = None
    if named is None or not owners.isdisjoint(named):
        uses = _name_uses(tree)
        found = None if owners.isdisjoint(uses.names) else uses
    tree._jaxlsp_owner_uses = (owners, found)  # type: ignore[attr-defined]
    return found


def _name_uses(tree: ast.Module) -> _NameUses:
    """``_NameUses`` of one statement, memoised on the tree (trees are cached by their text)."""
    cached: _NameUses | None = getattr(tree, "_jaxlsp_name_uses", None)
    if cached is not None:
        return cached
    nodes = tree_walk(tree)
    calls = {id(node.func): node for node in nodes if isinstance(node, ast.Call)}
    first: dict[str, tuple[int, ast.Call]] = {}
    escaped: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            escaped.add(node.value.id)
        elif isinstance(node, ast.Name):
            call = calls.get(id(node)) if isinstance(node.ctx, ast.Load) else None
            if call is None:
                escaped.add(node.id)
            elif node.id not in first:
                first[node.id] = (len(first), call)
    found = _NameUses(first, frozenset(escaped), frozenset(escaped) | frozenset(first))
    tree._jaxlsp_name_uses = found  # type: ignore[attr-defined]
    return found


def _method_calls(
    node: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
) -> list[ast.Call]:
    """The calls of a method on a plain name (``f.defvjp(...)``) evaluated in ``node``'s own
    scope (a module's: outside its functions), in walk order; memoised on the node (trees are
    cached by their text)."""
    cached: list[ast.Call] | None = getattr(node, "_jaxlsp_method_calls", None)
    if cached is not None:
        return cached
    nodes = tree_walk(node) if isinstance(node, ast.Module) else own_nodes(node)
    found = [
        child
        for child in nodes
        if isinstance(child, ast.Call)
        and isinstance(child.func, ast.Attribute)
        and isinstance(child.func.value, ast.Name)
        and not (isinstance(node, ast.Module) and _nested(node, child))
    ]
    node._jaxlsp_method_calls = found  # type: ignore[union-attr]
    return found
