"""``jax-module-attribute-missing`` findings: the names a line reads from a JAX module, read
on the pinned JAX.

    python jax_removed_name.py SRC PATH LINE     (SRC: the unpacked wheel)

The driver parses ``SRC/PATH`` with ``ast`` (the package itself is never imported: many of
these packages do not import on the pinned JAX, for this very reason), finds the imports
that bind a name to a JAX module (``import jax``, ``import jax.numpy as jnp``, ``from jax
import core``, at any level of the file), and at ``LINE`` each attribute chain read from such
a name (``jax.tree_map``, ``core.Effects``).  It imports the JAX module and reads the
attribute on the pinned JAX, catching only AttributeError.  It also says whether the line
sits under a handler or a test that would keep the read from raising (``try`` with an
``except`` of AttributeError, Exception or everything; an ``if`` or conditional expression
asking ``hasattr``, ``getattr`` or a version): such a line is answered false, whatever the
read gives.  Last line: ``verdict: true|false: what ran``.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import jax

#: Exception names whose handler catches an AttributeError.
CATCHING = {"AttributeError", "Exception", "BaseException", "ImportError"}


def jax_bindings(tree: ast.Module) -> dict[str, str]:
    """The names the file's imports bind to JAX modules, with the module each names."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "jax" or alias.name.startswith("jax."):
                    if alias.asname:
                        found[alias.asname] = alias.name
                    else:
                        found[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and (node.module == "jax" or node.module.startswith("jax."))
        ):
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                try:
                    importlib.import_module(candidate)
                except ImportError:
                    continue  # a function or class, not a module
                found[alias.asname or alias.name] = candidate
    return found


def chain(node: ast.expr) -> tuple[str, list[str]] | None:
    """(root name, attributes) of ``a.b.c``."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return node.id, list(reversed(parts))


def guarded(tree: ast.Module, target: ast.AST) -> str | None:
    """What keeps the read at ``target`` from raising, if anything does."""
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    node: ast.AST = target
    while node in parents:
        parent = parents[node]
        if isinstance(parent, ast.Try) and node in parent.body:
            for handler in parent.handlers:
                names = (
                    {ast.unparse(t) for t in handler.type.elts}
                    if isinstance(handler.type, ast.Tuple)
                    else {ast.unparse(handler.type)}
                    if handler.type is not None
                    else {"*"}
                )
                if names & CATCHING or "*" in names:
                    return f"a try at line {parent.lineno} catching {', '.join(sorted(names))}"
        if isinstance(parent, ast.If | ast.IfExp) and node is not parent.test:
            text = ast.unparse(parent.test)
            if any(word in text for word in ("hasattr", "getattr", "version", "__version__")):
                return f"a test at line {parent.lineno}: {text[:80]}"
        node = parent
    return None


def main(src: Path, path: str, line: int) -> None:
    tree = ast.parse((src / path).read_text(encoding="utf-8"))
    bindings = jax_bindings(tree)
    reads = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.lineno <= line <= (node.end_lineno or 0):
            found = chain(node)
            if found is not None and found[0] in bindings and found[1]:
                reads.append((node, found))
    # the outermost chains only (``jax.tree_map`` of ``jax.tree_map.x`` is read first)
    reads.sort(key=lambda r: len(r[1][1]))
    results = []
    for node, (root, attributes) in reads:
        module_name = bindings[root]
        value: object = importlib.import_module(module_name)
        spelled = module_name
        for attribute in attributes:
            spelled += f".{attribute}"
            try:
                value = getattr(value, attribute)
            except AttributeError:
                guard = guarded(tree, node)
                if guard is not None:
                    print(f"verdict: false: {spelled} is absent, but the read is under {guard}")
                    return
                results.append(
                    f"{spelled} (read as {root}.{'.'.join(attributes)}) raises AttributeError"
                )
                break
        if results:
            break
    if results:
        print(f"verdict: true: on jax {jax.__version__}, {results[0]} at line {line}")
    else:
        names = ", ".join(f"{r}.{'.'.join(a)}" for _, (r, a) in reads) or "no JAX attribute"
        print(f"verdict: false: on jax {jax.__version__} line {line} reads {names}, all present")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
