"""``jax.tree_map(...)``, ``jnp.DeviceArray``, ``jax.random.KeyArray``: a name a JAX module
does not have on the pinned JAX (most often one JAX removed: code written for an older
release), so reading it raises AttributeError.

The names are data (``jaxlsp.apis.module_names``, read from the pinned JAX).  The module must be
JAX's for certain: a name bound once in the module, by an import of a JAX module (``import jax``,
``import jax.numpy as jnp``, ``from jax import random``), and never bound again.  Code that
checks first stays silent: a read under ``try`` that catches AttributeError, in a branch whose
test asks ``hasattr``/``getattr`` or a version, an annotation that is never evaluated
(``from __future__ import annotations``, a string, ``if TYPE_CHECKING:``).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator

from jaxlsp.apis.module_names import JAX_VERSION, MODULE_NAMES
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class JaxModuleAttributeMissing(Rule):
    NAME = "jax-module-attribute-missing"
    CODE = "jax-module-attribute-missing"
    RECORD_ID = "e254c4133319a57a"

    VALID = (
        """
import jax
import jax.numpy as jnp

x = jax.tree.map(lambda a: a + 1, {"a": jnp.ones(2)})
y = jax.tree_util.tree_map(lambda a: a * 2, x)
z: jax.Array = jnp.zeros(3)
""",
        # written for several JAX versions: the name is looked up (or its error caught) first
        """
import jax

tree_map = jax.tree.map if hasattr(jax, "tree") else jax.tree_map

try:
    KeyArray = jax.random.KeyArray
except AttributeError:
    KeyArray = jax.Array
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

x = jax.tree_map(lambda a: a + 1, {"a": jnp.ones(2)})  # expect: jax-module-attribute-missing
""",
        """
from jax import random

KeyArray = random.KeyArray  # expect: jax-module-attribute-missing
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        chunks = module.source.parsed.chunks
        trees = [chunk.tree for chunk in chunks]
        aliases = _jax_aliases(trees)
        if not aliases:
            return
        lazy_annotations = any(_future_annotations(tree) for tree in trees)
        for tree in trees:
            for node, path in _attributes(tree, lazy_annotations):
                base = _dotted(node.value, {name: full for name, (full, _) in aliases.items()})
                if base is None or base not in MODULE_NAMES:
                    continue
                if node.attr in MODULE_NAMES[base] or node.attr.startswith("__"):
                    continue
                if _checked_first(path):
                    continue
                yield finding(
                    self,
                    record,
                    program,
                    Site(module.key, tree, node),
                    f"`{base}` has no attribute `{node.attr}` on JAX {JAX_VERSION} (a name "
                    "JAX removed, or a misspelling): reading it raises AttributeError. Use the "
                    "name JAX has now (`jax.tree.map` for `jax.tree_map`, `jax.Array` for "
                    "`jnp.DeviceArray` and `jax.random.KeyArray`, `x.at[i].set(v)` for "
                    "`jax.ops.index_update`).",
                    (
                        related(
                            program,
                            Site(module.key, *aliases[_root(node)][1]),
                            f"`{aliases[_root(node)][0]}` is imported here",
                        ),
                    ),
                    node=node,
                )


def _root(node: ast.expr) -> str:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _jax_aliases(trees: list[ast.Module]) -> dict[str, tuple[str, tuple[ast.Module, ast.AST]]]:
    """Names bound in the module only by an import of a JAX module: name -> module (``import
    jax`` and ``import jax.numpy`` both bind ``jax`` to the package; anything else binding the
    name, anywhere, leaves it out)."""
    bound: dict[str, int] = {}
    imported: dict[str, tuple[str, tuple[ast.Module, ast.AST]]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            for name in _bound_names(node):
                bound[name] = bound.get(name, 0) + 1
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "jax" or alias.name.startswith("jax."):
                        if alias.asname is not None:
                            imported[alias.asname] = (alias.name, (tree, node))
                        else:
                            imported["jax"] = ("jax", (tree, node))
            elif isinstance(node, ast.ImportFrom) and _from_jax(node):
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    if full in MODULE_NAMES:
                        imported[alias.asname or alias.name] = (full, (tree, node))
    return {
        name: found
        for name, found in imported.items()
        if bound.get(name, 0) == (0 if name == "jax" and found[0] == "jax" else 1)
    }


def _from_jax(node: ast.ImportFrom) -> bool:
    return node.level == 0 and (node.module == "jax" or (node.module or "").startswith("jax."))


def _bound_names(node: ast.AST) -> Iterator[str]:
    """The names a node binds (an import binds its alias, or the package's first name)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname is not None or alias.name.split(".")[0] != "jax":
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


def _dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value, aliases)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _future_annotations(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )


def _attributes(
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


def _checked_first(path: list[ast.AST]) -> bool:
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
            and any(_catches_attribute_error(handler) for handler in parent.handlers)
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


def _catches_attribute_error(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        isinstance(kind, ast.Name) and kind.id in ("AttributeError", "Exception", "BaseException")
        for kind in caught
    )
