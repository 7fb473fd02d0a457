"""``from jax.config import config``, ``import jax.experimental.maps``, ``from jax.util import
safe_map``: an import of a JAX module that the pinned JAX does not have (most often one JAX
removed whole), so the import statement raises ModuleNotFoundError and the whole module fails
to load.

The module form of ``jax-import-name-missing`` (a name a module lacks, ImportError), held to
its standards.  The modules are data (``jaxlsp.apis.module_paths``, read from the pinned JAX's
files: every public module and package), so ``jax.config`` (an attribute of ``jax``, no module)
is found and ``jax.experimental.jax2tf.call_tf`` (a module whose package needs TensorFlow) is
not.  A private module (``jax._src.core``) is not data, and silent, as is a relative import.
Code that checks first stays silent: an import under ``try`` whose handler may catch the
ModuleNotFoundError (it, ``ImportError``, ``Exception``, a bare ``except``, a name that is no
builtin exception), in an ``except`` handler, in a branch that asks a version, ``hasattr``/
``getattr`` or ``TYPE_CHECKING``; a module that writes ``sys.modules`` (it may register the
module itself); and wherever the JAX installed beside jaxlsp is older than the pinned one.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator, Sequence

from jaxlsp.apis.module_names import MODULE_NAMES
from jaxlsp.apis.module_paths import JAX_VERSION, MODULE_PATHS
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, statement_blocks
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.rules.jax_module_attribute_missing import older_jax_installed
from jaxlsp.syntax.source import Chunk

#: The handlers' exceptions that catch the ModuleNotFoundError (with their bases, which
#: ``checked_first`` adds).
_CATCHING = ("ModuleNotFoundError", "ImportError")

#: What replaces the modules JAX removed that code still imports most (read on 0.12.0.1).
_INSTEAD = {
    "jax.config": "`from jax import config`: the config object is an attribute of `jax`",
    "jax.experimental.maps": "`jax.sharding.Mesh` with `jax.set_mesh`: xmap is gone",
    "jax.experimental.host_callback": "`jax.debug.callback` or `jax.experimental.io_callback`",
    "jax.util": "the builtins: `map` for `safe_map`, `zip(..., strict=True)` for `safe_zip`",
    "jax.linear_util": "`jax.extend.linear_util`",
    "jax.lib.xla_bridge": "`jax.devices()`, `jax.default_backend()`",
    "jax.api": "`jax` itself: `from jax import jit`",
}


class JaxModuleMissing(Rule):
    NAME = "jax-module-missing"
    CODE = "jax-module-missing"
    RECORD_ID = "2e396d8f9f2b85f2"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
import jax.experimental.pallas as pl
from jax import config
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh

config.update("jax_enable_x64", True)
x = jnp.ones(3)
""",
        # written for several JAX versions: the import's error is caught, or a version asked
        """
import jax

try:
    from jax.config import config
except ImportError:
    from jax import config

if jax.__version_info__ < (0, 4, 31):
    from jax.experimental.maps import thread_resources
""",
    )
    INVALID = (
        """
from jax.config import config  # expect: jax-module-missing

config.update("jax_enable_x64", True)
""",
        """
import jax
import jax.experimental.maps  # expect: jax-module-missing
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        if older_jax_installed():
            return
        module = program.module
        chunks = module.source.parsed.chunks
        missing = [
            (chunk.tree, node, alias, path, name)
            for chunk in chunks
            if "jax" in chunk.text and "import" in chunk.text
            for node, alias, path, name in _missing_modules(chunk.tree)
        ]
        if not missing or any("sys.modules" in chunk.text for chunk in chunks):
            return
        for tree, node, alias, path, name in missing:
            statement = _spelled(node, alias)
            instead = _INSTEAD.get(name)
            parent, _, last = name.rpartition(".")
            if instead is None and last in MODULE_NAMES.get(parent, ()):
                instead = f"`from {parent} import {last}`: `{name}` is a name, not a module"
            advice = (
                f"Import what JAX has now ({instead})" if instead else "Import what JAX has now"
            )
            yield finding(
                self,
                record,
                program,
                Site(module.key, tree, node),
                f"`{name}` is no module on JAX {JAX_VERSION} (a module JAX removed, or a "
                f"misspelling): `{statement}` raises ModuleNotFoundError, so the module fails "
                f"to load. {advice}, or import it under `try`/`except ImportError` where older "
                "JAX must work too.",
                (_other_half(program, chunks, tree, node, alias, path),),
                node=alias if isinstance(node, ast.Import) else node,
            )


def missing_module(module: str) -> str | None:
    """The first of ``module``'s dotted prefixes below ``jax`` that is no module of the pinned
    JAX (``jax.config`` for ``jax.config``), or None: not a JAX module, one it has, or a
    private one the data does not list."""
    parts = module.split(".")
    if parts[0] != "jax" or any(part.startswith("_") for part in parts[1:]):
        return None
    for end in range(2, len(parts) + 1):
        prefix = ".".join(parts[:end])
        if prefix not in MODULE_PATHS:
            return prefix
    return None


def _missing_modules(
    tree: ast.Module,
) -> Iterator[tuple[ast.Import | ast.ImportFrom, ast.alias, list[ast.AST], str]]:
    """Each ``import jax.x`` and ``from jax.x import name`` in ``tree`` (at any depth) whose
    module the pinned JAX does not have, and that nothing checks first: with the alias to
    point at and the missing module."""
    stack: list[list[ast.AST]] = [[tree]]
    while stack:
        path = stack.pop()
        node = path[-1]
        if isinstance(node, ast.Import | ast.ImportFrom):
            found = _missing_in(node)
            if found is not None and not checked_first(path, _CATCHING, unknown_catches=True):
                yield node, found[0], path, found[1]
            continue
        for child in statement_blocks(node):
            stack.append([*path, child])


def _missing_in(node: ast.Import | ast.ImportFrom) -> tuple[ast.alias, str] | None:
    """The statement's first alias whose module is missing, with the module."""
    if isinstance(node, ast.ImportFrom):
        if node.level or node.module is None:
            return None
        missing = missing_module(node.module)
        return (node.names[0], missing) if missing is not None else None
    for alias in node.names:
        missing = missing_module(alias.name)
        if missing is not None:
            return alias, missing
    return None


def _spelled(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> str:
    """The import as written, shortened to the part that fails."""
    if isinstance(node, ast.ImportFrom):
        names = ", ".join(a.name for a in node.names[:2]) + (", ..." if len(node.names) > 2 else "")
        return f"from {node.module} import {names}"
    return f"import {alias.name}" + (f" as {alias.asname}" if alias.asname else "")


def _other_half(
    program: Program,
    chunks: Sequence[Chunk],
    tree: ast.Module,
    node: ast.Import | ast.ImportFrom,
    alias: ast.alias,
    path: list[ast.AST],
) -> RelatedLocation:
    """The ``try`` whose handlers do not catch the error, else the first use of the name the
    import binds, else the statement."""
    key = program.module.key
    for parent, child in reversed(list(itertools.pairwise(path))):
        if isinstance(parent, ast.Try | ast.TryStar) and child in parent.body and parent.handlers:
            handler = parent.handlers[0]
            caught = "" if handler.type is None else ast.unparse(handler.type)
            return related(
                program,
                Site(key, tree, handler),
                f"`except {caught}` does not catch the ModuleNotFoundError",
            )
    if isinstance(node, ast.Import) and alias.asname is None:
        return related(program, Site(key, tree, node), "the module is imported here")
    bound = alias.asname or alias.name
    for chunk in chunks:
        for use in ast.walk(chunk.tree):
            if isinstance(use, ast.Name) and use.id == bound and isinstance(use.ctx, ast.Load):
                return related(program, Site(key, chunk.tree, use), f"`{bound}` is used here")
    return related(program, Site(key, tree, node), "the module is imported here")
