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
        walk = ast.walk(node) if isinstance(node, ast.Module) else own_nodes(node)
        for child in walk:
            if (
                isinstance(child, ast.Call)
                and _is_method(child.func, owners, method)
                and len(child.args) > position
            ):
                if isinstance(node, ast.Module) and _nested(node, child):
                    continue
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
        callees = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in owners:
                    escaped.add(node.value.id)  # f.defvjp, f.fwd... : don't guess
            elif isinstance(node, ast.Name) and node.id in owners:
                if not isinstance(node.ctx, ast.Load):
                    escaped.add(node.id)
                elif id(node) in callees:
                    for call in ast.walk(tree):
                        if isinstance(call, ast.Call) and call.func is node:
                            called.setdefault(node.id, (call, index))
                else:
                    escaped.add(node.id)
    for name, (call, call_chunk) in called.items():
        if name in escaped:
            continue
        found = module.top_level_def(name)
        if found is None or not isinstance(found[0], ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        yield Unregistered(name, found[0], found[1], call, call_chunk)
