"""Where a custom_vjp/custom_jvp function gets its rules: ``f.defvjp(fwd, bwd)``, ``@f.defjvp``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlsp.analysis.pyast import FunctionNode, ModuleAst, own_nodes, resolve_function, scopes
from jaxlsp.rules._support import decorated


@dataclass(frozen=True)
class RuleSite:
    owner: str
    rule: FunctionNode
    rule_chunk: int
    #: The ``f.defvjp``/``f.defjvp`` attribute (a call's callee or a decorator).
    where: ast.expr
    chunk: int


def custom_functions(module: ModuleAst, api: str) -> set[str]:
    """Names of module-level defs decorated (innermost) with ``api``."""
    return {
        node.name
        for scope, node, name, _ in decorated(module)
        if name == api
        and isinstance(scope.node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not scope.parents
        and module.top_level_def(node.name) is not None
    }


def rule_sites(module: ModuleAst, api: str, method: str, position: int) -> Iterator[RuleSite]:
    owners = custom_functions(module, api)
    if not owners:
        return
    for scope in scopes(module):
        node = scope.node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                if _is_method(decorator, owners, method) and position == 0:
                    assert isinstance(decorator, ast.Attribute)
                    yield RuleSite(_owner(decorator), node, scope.chunk, decorator, scope.chunk)
        if isinstance(node, ast.ClassDef):
            continue
        for child in _method_calls(node):
            if _is_method(child.func, owners, method) and len(child.args) > position:
                resolved = resolve_function(module, scope, child.args[position])
                if resolved is not None:
                    assert isinstance(child.func, ast.Attribute)
                    yield RuleSite(
                        _owner(child.func), resolved[0], resolved[1], child.func, scope.chunk
                    )


def _nested(tree: ast.Module, node: ast.AST) -> bool:
    from jaxlsp.analysis.pyast import inside_function

    return inside_function(tree, node)


def _is_method(node: ast.expr, owners: set[str], method: str) -> bool:
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
        for name, call in _name_uses(tree):
            if name not in owners:
                continue
            if call is None:
                escaped.add(name)  # f.defvjp, f.fwd..., a rebinding or a value: don't guess
            else:
                called.setdefault(name, (call, index))
    for name, (call, call_chunk) in called.items():
        if name in escaped:
            continue
        found = module.top_level_def(name)
        if found is None or not isinstance(found[0], ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        yield Unregistered(name, found[0], found[1], call, call_chunk)


def _name_uses(tree: ast.Module) -> list[tuple[str, ast.Call | None]]:
    """Every use of a plain name in ``tree``, in walk order: the name with the call it is the
    callee of, or with None (``f.attr``, a binding, any other value use).  Memoised on the
    tree (trees are cached by their text)."""
    cached: list[tuple[str, ast.Call | None]] | None = getattr(tree, "_jaxlsp_name_uses", None)
    if cached is not None:
        return cached
    calls = {id(node.func): node for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found: list[tuple[str, ast.Call | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            found.append((node.value.id, None))
        elif isinstance(node, ast.Name):
            call = calls.get(id(node)) if isinstance(node.ctx, ast.Load) else None
            found.append((node.id, call))
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
    walk = ast.walk(node) if isinstance(node, ast.Module) else own_nodes(node)
    found = [
        child
        for child in walk
        if isinstance(child, ast.Call)
        and isinstance(child.func, ast.Attribute)
        and isinstance(child.func.value, ast.Name)
        and not (isinstance(node, ast.Module) and _nested(node, child))
    ]
    node._jaxlsp_method_calls = found  # type: ignore[union-attr]
    return found
