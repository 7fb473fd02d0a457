"""``from jax.random import KeyArray``, ``from jax.core import Primitive``, ``from jax import
tree_map``: an import of a name a JAX module does not have on the pinned JAX (most often one
JAX removed), so the import statement raises ImportError and the whole module fails to load.

The import form of ``jax-module-attribute-missing``, held to its standards: the names are the
same data (``jaxlsp.apis.module_names``, read from the pinned JAX: what ``dir`` lists with every
submodule imported, the package's submodules, the deprecated names still served), so a name
that is a submodule (``from jax.experimental import pallas``) is found.  A module the data does
not hold is unknown, and silent: one JAX removed whole (``from jax.config import config``)
raises ModuleNotFoundError, another error (``jax-module-missing``'s).  ``from jax.x import *``
names nothing.  Code that checks first stays silent: an import under ``try`` whose handler
may catch ImportError (``ImportError``, ``Exception``, a bare ``except``, a name that is no
builtin exception; not ``ModuleNotFoundError``, which an ImportError is not), in an ``except``
handler, in a branch that asks a version, ``hasattr``/``getattr`` or ``TYPE_CHECKING``; a
module that sets the name on the JAX module itself (a shim); and wherever the JAX installed
beside jaxlsp is older than the pinned one.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator, Sequence

from jaxlsp.apis.installed_names import LIBRARIES, installed_version, module_names, public_modules
from jaxlsp.apis.module_names import JAX_VERSION, MODULE_NAMES
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases, statement_blocks
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.rules.jax_module_attribute_missing import (
    LIBRARY_INSTEAD,
    attribute_stores,
    older_jax_installed,
)
from jaxlsp.syntax.source import Chunk

#: The handlers' exceptions that catch the ImportError (with their bases, which
#: ``checked_first`` adds).
_CATCHING = ("ImportError",)


class JaxImportNameMissing(Rule):
    NAME = "jax-import-name-missing"
    CODE = "jax-import-name-missing"
    RECORD_ID = "59fb48ef7da3512f"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
from jax import tree_util
from jax.experimental import pallas
from jax.numpy import *
from jax.random import key, normal

x = normal(key(0), (3,))
y = tree_util.tree_map(lambda a: a + 1, {"a": x})
""",
        # written for several JAX versions: the import's error is caught, or a version asked
        """
import jax

try:
    from jax.random import KeyArray
except ImportError:
    KeyArray = jax.Array

if jax.__version_info__ < (0, 4, 26):
    from jax import tree_map
else:
    tree_map = jax.tree.map
""",
    )
    INVALID = (
        """
import jax
from jax.random import KeyArray, normal  # expect: jax-import-name-missing

x = normal(jax.random.key(0), (3,))
""",
        # ModuleNotFoundError is a kind of ImportError, not the other way round
        """
try:
    from jax.core import Primitive  # expect: jax-import-name-missing
except ModuleNotFoundError:
    Primitive = None
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        yield from self._library_imports(program, record)
        if older_jax_installed():
            return
        module = program.module
        chunks = module.source.parsed.chunks
        missing = [
            (chunk.tree, node, alias, path)
            for chunk in chunks
            if "jax" in chunk.text and "import" in chunk.text
            for node, alias, path in _missing_imports(chunk.tree)
        ]
        if not missing:
            return
        shimmed = _shims(chunks)
        for tree, node, alias, path in missing:
            base = node.module or ""
            if (base, alias.name) in shimmed:
                continue
            yield finding(
                self,
                record,
                program,
                Site(module.key, tree, node),
                f"`{base}` has no `{alias.name}` on JAX {JAX_VERSION} (a name JAX removed, or "
                f"a misspelling): `from {base} import {alias.name}` raises ImportError, so "
                "the module fails to load. Import the name JAX has now (`jax.Array` for "
                "`KeyArray`/`DeviceArray`, `jax.tree.map` for `tree_map`, `jax.extend.core` "
                "for `jax.core`'s internals), or import it under `try`/`except ImportError` "
                "where older JAX must work too.",
                (_other_half(program, chunks, tree, node, alias, path),),
                node=alias,
            )

    def _library_imports(self, program: Program, record: Record | None) -> Iterator[Finding]:
        """The ``from flax import optim`` of a name a JAX-ecosystem library's module lacks,
        told from the installed library's source.  Walked only where a statement's text spells
        ``from <library>``."""
        module = program.module
        chunks = module.source.parsed.chunks
        for package in LIBRARIES:
            spelled = f"from {package}"
            trees = [chunk.tree for chunk in chunks if spelled in chunk.text]
            if not trees:
                continue
            missing = [
                (tree, node, alias, path)
                for tree in trees
                for node, alias, path in _missing_imports(tree, _library_names(package))
            ]
            if not missing:
                continue
            shimmed = _shims(chunks, package)
            version = installed_version(package) or "?"
            for tree, node, alias, path in missing:
                base = node.module or ""
                if (base, alias.name) in shimmed:
                    continue
                instead = LIBRARY_INSTEAD.get(f"{base}.{alias.name}")
                yield finding(
                    self,
                    record,
                    program,
                    Site(module.key, tree, node),
                    f"`{base}` has no `{alias.name}` in the installed {package} {version} (a "
                    f"name {package} removed, or a misspelling): `from {base} import "
                    f"{alias.name}` raises ImportError, so the module fails to load. "
                    + (f"Use {instead}." if instead else "Import the name it has now."),
                    (_other_half(program, chunks, tree, node, alias, path),),
                    node=alias,
                )


def _library_names(package: str) -> Callable[[str], frozenset[str] | None]:
    """The installed names of a module of ``package`` (None for another package's, or where
    its names are unknown)."""

    def names(module: str) -> frozenset[str] | None:
        return module_names(module) if module.partition(".")[0] == package else None

    return names


def _missing_imports(
    tree: ast.Module,
    known: Callable[[str], frozenset[str] | None] = MODULE_NAMES.get,
) -> Iterator[tuple[ast.ImportFrom, ast.alias, list[ast.AST]]]:
    """Each ``from jax.x import name`` in ``tree`` (at any depth) whose module the data
    (``known``: a module's names, or None) holds and lacks the name, and that nothing checks
    first."""
    stack: list[list[ast.AST]] = [[tree]]
    while stack:
        path = stack.pop()
        node = path[-1]
        if isinstance(node, ast.ImportFrom):
            names = known(node.module or "") if node.level == 0 else None
            if names is None:
                continue
            lacking = [
                alias
                for alias in node.names
                if alias.name != "*" and alias.name not in names and not alias.name.startswith("__")
            ]
            if lacking and not checked_first(path, _CATCHING, unknown_catches=True):
                yield from ((node, alias, path) for alias in lacking)
            continue
        for child in statement_blocks(node):
            stack.append([*path, child])


def _other_half(
    program: Program,
    chunks: Sequence[Chunk],
    tree: ast.Module,
    node: ast.ImportFrom,
    alias: ast.alias,
    path: list[ast.AST],
) -> RelatedLocation:
    """The ``try`` whose handlers do not catch the ImportError (``except
    ModuleNotFoundError``), else the first use of the imported name, else the statement."""
    key = program.module.key
    for parent, child in reversed(list(itertools.pairwise(path))):
        if isinstance(parent, ast.Try | ast.TryStar) and child in parent.body and parent.handlers:
            handler = parent.handlers[0]
            caught = "" if handler.type is None else ast.unparse(handler.type)
            note = (
                " (a ModuleNotFoundError is one kind of ImportError, not the other way round)"
                if "ModuleNotFoundError" in caught
                else ""
            )
            return related(
                program,
                Site(key, tree, handler),
                f"`except {caught}` does not catch the ImportError{note}",
            )
    bound = alias.asname or alias.name
    for chunk in chunks:
        for use in ast.walk(chunk.tree):
            if isinstance(use, ast.Name) and use.id == bound and isinstance(use.ctx, ast.Load):
                return related(program, Site(key, chunk.tree, use), f"`{bound}` is used here")
    return related(program, Site(key, tree, node), f"`{node.module}` is imported here")


def _shims(chunks: Sequence[Chunk], package: str = "jax") -> frozenset[tuple[str | None, str]]:
    """The (module, name) pairs the module sets itself on ``package``'s modules
    (``jax.tree_map = jax.tree.map``): an import of such a name finds it.  Walked only where an
    import lacks a name."""
    modules = MODULE_NAMES if package == "jax" else public_modules(package)
    aliases = package_aliases(chunks, package, modules)
    names = {name: full for name, (full, _) in aliases.items()}
    return frozenset(
        (dotted(node.value, names), node.attr)
        for chunk in chunks
        for node in attribute_stores(chunk.tree)
        if isinstance(node.ctx, ast.Store)
    )
