"""Which module a name is, from the imports that bind it, and whether code asks first: the
syntax the rules about a library's module-level names share (``jax-module-attribute-missing``,
``haiku-outside-transform``)."""

from __future__ import annotations

import ast
import builtins
import itertools
import threading
import weakref
from collections.abc import Collection, Iterator, Sequence

from jaxlsp.syntax.chains import chain_root
from jaxlsp.syntax.source import Chunk
from jaxlsp.syntax.walk import statements


def root(node: ast.expr) -> str:
    """The name a chain of attribute reads starts at ("" where it starts at anything else)."""
    name = chain_root(node)
    return name.id if name is not None else ""


#: How often each statement tree binds each of the names a package's imports bind anywhere in
#: the module (per set of such names), kept while the tree lives: an edit keeps the other
#: statements' trees, and walking all of them again made each edit pay for the whole module.
_TREE_BINDINGS: weakref.WeakKeyDictionary[ast.Module, tuple[frozenset[str], dict[str, int]]] = (
    weakref.WeakKeyDictionary()
)
_TREES_LOCK = threading.Lock()  # analyses may run on several threads
_NONE: dict[str, int] = {}


def package_aliases(
    chunks: Sequence[Chunk], package: str, modules: Collection[str]
) -> dict[str, tuple[str, tuple[ast.Module, ast.AST]]]:
    """Names bound in the module (its top-level statements, ``chunks``) only by an import of
    ``package`` or one of its ``modules``: name -> (dotted module, where it is imported).
    ``import jax`` and ``import jax.numpy`` both bind ``jax`` to the package; anything else
    binding the name, anywhere, leaves it out, so a name found here is that module wherever
    it is read."""
    imported: dict[str, tuple[str, tuple[ast.Module, ast.AST]]] = {}
    for tree in _importing(chunks):
        for name, (full, node) in _tree_imports(tree, package, modules).items():
            imported[name] = (full, (tree, node))
    if not imported:
        return {}
    names = frozenset(imported)
    bound: dict[str, int] = {}
    for chunk in chunks:
        for name, count in _tree_bindings(chunk.tree, names, package).items():
            bound[name] = bound.get(name, 0) + count
    return {
        name: found
        for name, found in imported.items()
        if bound.get(name, 0) == (0 if name == package and found[0] == package else 1)
    }


def _tree_imports(
    tree: ast.Module, package: str, modules: Collection[str]
) -> dict[str, tuple[str, ast.AST]]:
    """The names ``tree``'s imports of ``package`` (or of its ``modules``) bind: name ->
    (dotted module, the import).  Read from its statements alone, each time: cheaper to
    read again than to keep for every statement tree."""
    found: dict[str, tuple[str, ast.AST]] = {}
    for node in statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == package or alias.name.startswith(f"{package}."):
                    if alias.asname is not None:
                        found[alias.asname] = (alias.name, node)
                    else:
                        found[package] = (package, node)
        elif isinstance(node, ast.ImportFrom) and _from_package(node, package):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in modules:
                    found[alias.asname or alias.name] = (full, node)
    return found


def package_imports(
    chunks: Sequence[Chunk], package: str, modules: Collection[str]
) -> dict[str, str]:
    """The names imports of ``package`` (or of its ``modules``) bind, with their dotted module:
    ``package_aliases`` before it asks whether anything else binds them (which walks every
    node, so a rule asks it only where the imports' names are read suspiciously)."""
    found: dict[str, str] = {}
    for tree in _importing(chunks):
        found.update(
            (name, full) for name, (full, _) in _tree_imports(tree, package, modules).items()
        )
    return found


def _importing(chunks: Sequence[Chunk]) -> Iterator[ast.Module]:
    """The trees of the statements whose text spells ``import``, in order: no other holds an
    import statement (the keyword is one token of the text), and a search of each text, in
    C, spares each edit a walk of every statement of the module, twice (the JAX rule's and
    Haiku's), for the few that import."""
    return (chunk.tree for chunk in chunks if "import" in chunk.text)


def _tree_bindings(tree: ast.Module, names: frozenset[str], package: str) -> dict[str, int]:
    """How often ``tree`` binds each of ``names`` (those it never binds left out)."""
    with _TREES_LOCK:
        kept = _TREE_BINDINGS.get(tree)
    if kept is not None and kept[0] == names:
        return kept[1]
    counts: dict[str, int] = {}
    for node in ast.walk(tree):
        for name in _bound_names(node, package):
            if name in names:
                counts[name] = counts.get(name, 0) + 1
    counts = counts or _NONE
    with _TREES_LOCK:
        _TREE_BINDINGS[tree] = (names, counts)
    return counts


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


#: A node with the chain of nodes above it, tree first (``path_of`` makes it a list): linked,
#: so a walk does not copy a list at every node.
Chain = tuple[ast.AST, "Chain | None"]


def path_of(chain: Chain) -> list[ast.AST]:
    """The nodes from the tree down to ``chain``'s node."""
    path: list[ast.AST] = []
    link: Chain | None = chain
    while link is not None:
        path.append(link[0])
        link = link[1]
    return path[::-1]


def attribute_reads(
    tree: ast.Module, lazy_annotations: bool
) -> Iterator[tuple[ast.Attribute, Chain]]:
    """Every attribute read that runs, with the chain of nodes from the tree down to it."""
    stack: list[Chain] = [(tree, None)]
    while stack:
        chain = stack.pop()
        node = chain[0]
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend((child, chain) for child in node.orelse)
            continue
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            yield node, chain
        for child in ast.iter_child_nodes(node):
            if lazy_annotations and _is_annotation(node, child):
                continue
            if isinstance(node, ast.AnnAssign) and child is node.annotation and _local(chain):
                continue  # a local variable's annotation is never evaluated
            stack.append((child, chain))


def name_calls(
    tree: ast.Module, names: Collection[str], lazy_annotations: bool
) -> Iterator[tuple[ast.Call, Chain]]:
    """Every call that runs of a name among ``names``, with a keyword spelled, with the chain
    of nodes from the tree down to it (what ``attribute_reads`` walks, and skips, alike)."""
    stack: list[Chain] = [(tree, None)]
    while stack:
        chain = stack.pop()
        node = chain[0]
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend((child, chain) for child in node.orelse)
            continue
        if (
            isinstance(node, ast.Call)
            and node.keywords
            and isinstance(node.func, ast.Name)
            and node.func.id in names
        ):
            yield node, chain
        for child in ast.iter_child_nodes(node):
            if lazy_annotations and _is_annotation(node, child):
                continue
            if isinstance(node, ast.AnnAssign) and child is node.annotation and _local(chain):
                continue
            stack.append((child, chain))


def _local(chain: Chain) -> bool:
    """Whether the statement at the head of ``chain`` is in a function's body (its nearest
    enclosing ``def`` or ``class`` is a ``def``), where Python evaluates no annotation."""
    parent = chain[1]
    while parent is not None:
        if isinstance(parent[0], ast.FunctionDef | ast.AsyncFunctionDef):
            return True
        if isinstance(parent[0], ast.ClassDef):
            return False
        parent = parent[1]
    return False


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


def checked_first(
    path: list[ast.AST],
    errors: Collection[str] = ("AttributeError",),
    unknown_catches: bool = False,
) -> bool:
    """Under a ``try`` that catches one of ``errors``, in an ``except`` handler (a fallback
    that runs only when the ``try`` failed, often for another JAX version), or in a branch (or
    test) of a conditional that asks ``hasattr``/``getattr``, a version, or a
    ``TYPE_CHECKING`` flag.  With ``unknown_catches``, a handler naming anything but a builtin
    exception (an alias, a tuple held in a name, a library's error class) may catch too."""
    for parent, child in itertools.pairwise(path):
        if isinstance(parent, ast.ExceptHandler):
            return True
        if (
            isinstance(parent, ast.Try | ast.TryStar)
            and child in parent.body
            and any(_catches(handler, errors, unknown_catches) for handler in parent.handlers)
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


def _catches(
    handler: ast.ExceptHandler, errors: Collection[str], unknown_catches: bool = False
) -> bool:
    if handler.type is None:
        return True
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {*errors, "Exception", "BaseException"}
    if any(isinstance(kind, ast.Name) and kind.id in names for kind in caught):
        return True
    return unknown_catches and any(not _builtin_exception(kind) for kind in caught)


def _builtin_exception(kind: ast.expr) -> bool:
    """Whether ``kind`` names one of Python's own exception classes (``ValueError``,
    ``ModuleNotFoundError``): what it catches is known."""
    if not isinstance(kind, ast.Name):
        return False
    value = getattr(builtins, kind.id, None)
    return isinstance(value, type) and issubclass(value, BaseException)


def statement_blocks(node: ast.AST) -> Iterator[ast.AST]:
    """The statements (and handlers, match cases) directly inside ``node``: an import is a
    statement, so no expression needs walking to find one."""
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        block = getattr(node, field, None)
        if isinstance(block, list):
            yield from (child for child in block if isinstance(child, ast.AST))
