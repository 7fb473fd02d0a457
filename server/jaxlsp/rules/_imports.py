"""Which module a name is, from the imports that bind it, and whether code asks first: the
syntax the rules about a library's module-level names share (``jax-module-attribute-missing``,
``haiku-outside-transform``)."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Collection, Iterator


def root(node: ast.expr) -> str:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def package_aliases(
    trees: list[ast.Module], package: str, modules: Collection[str]
) -> dict[str, tuple[str, tuple[ast.Module, ast.AST]]]:
    """Names bound in the module only by an import of ``package`` or one of its ``modules``:
    name -> (dotted module, where it is imported).  ``import jax`` and ``import jax.numpy``
    both bind ``jax`` to the package; anything else binding the name, anywhere, leaves it
    out, so a name found here is that module wherever it is read."""
    bound: dict[str, int] = {}
    imported: dict[str, tuple[str, tuple[ast.Module, ast.AST]]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            for name in _bound_names(node, package):
                bound[name] = bound.get(name, 0) + 1
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == package or alias.name.startswith(f"{package}."):
                        if alias.asname is not None:
                            imported[alias.asname] = (alias.name, (tree, node))
                        else:
                            imported[package] = (package, (tree, node))
            elif isinstance(node, ast.ImportFrom) and _from_package(node, package):
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    if full in modules:
                        imported[alias.asname or alias.name] = (full, (tree, node))
    return {
        name: found
        for name, found in imported.items()
        if bound.get(name, 0) == (0 if name == package and found[0] == package else 1)
    }


def _from_package(node: ast.ImportFrom, package: str) -> bool:
    module = node.module or ""
    return node.level == 0 and (module == package or module.startswith(f"{package}."))


def _bound_names(node: ast.AST, package: str) -> Iterator[str]:
    """The names a node binds (an import binds its alias, or the package's first name)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname is not None or alias.name.split(".")[0] != package:
                yield alias.asname or alias.name.split(".")[0]
    elif isinstance(node, ast.ImportFrom):
        for alias in node.names:
            yield alias.asname or alias.name
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
        yield node.id
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.arg):
        yield node.arg
    elif isinstance(node, ast.Global | ast.Nonlocal):
        yield from node.names
    elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
        yield node.name


def dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, aliases)
        return None if base is None else f"{base}.{node.attr}"
    return None


def future_annotations(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )


def attribute_reads(
    tree: ast.Module, lazy_annotations: bool
) -> Iterator[tuple[ast.Attribute, list[ast.AST]]]:
    """Every attribute read that runs, with the nodes from the tree down to it."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend((child, [*path, child]) for child in node.orelse)
            continue
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            yield node, path
        for child in ast.iter_child_nodes(node):
            if lazy_annotations and _is_annotation(node, child):
                continue
            stack.append((child, [*path, child]))


def _is_annotation(parent: ast.AST, child: ast.AST) -> bool:
    if isinstance(parent, ast.arg):
        return child is parent.annotation
    if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
        return child is parent.returns
    if isinstance(parent, ast.AnnAssign):
        return child is parent.annotation
    return False


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def checked_first(path: list[ast.AST], errors: Collection[str] = ("AttributeError",)) -> bool:
    """Under a ``try`` that catches AttributeError, in an ``except`` handler (a fallback that
    runs only when the ``try`` failed, often for another JAX version), or in a branch (or
    test) of a conditional that asks ``hasattr``/``getattr``, a version, or a
    ``TYPE_CHECKING`` flag."""
    for parent, child in itertools.pairwise(path):
        if isinstance(parent, ast.ExceptHandler):
            return True
        if (
            isinstance(parent, ast.Try | ast.TryStar)
            and child in parent.body
            and any(_catches(handler, errors) for handler in parent.handlers)
        ):
            return True
        if isinstance(parent, ast.If | ast.While | ast.IfExp) and _asks_first(parent.test):
            return True
        if isinstance(parent, ast.BoolOp) and any(_asks_first(v) for v in parent.values):
            return True
    return False


def _asks_first(test: ast.expr) -> bool:
    for node in ast.walk(test):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("hasattr", "getattr")
        ):
            return True
        if isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if "version" in name.lower() or name == "TYPE_CHECKING":
                return True
    return False


def _catches(handler: ast.ExceptHandler, errors: Collection[str]) -> bool:
    if handler.type is None:
        return True
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {*errors, "Exception", "BaseException"}
    return any(isinstance(kind, ast.Name) and kind.id in names for kind in caught)
