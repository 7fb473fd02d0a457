"""``jax.tree_map(...)``, ``jnp.DeviceArray``, ``jax.random.KeyArray``: a name a JAX module
does not have on the pinned JAX (most often one JAX removed: code written for an older
release), so reading it raises AttributeError.  So too ``flax.nn`` and ``flax.optim``, which
flax removed, and ``optax.scale_and_decay``: a JAX-ecosystem library's names are read from
its installed source (``jaxlsp.apis.installed_names``, never imported), and where it is not
installed, or a module may gain names its statements do not show, nothing is reported.

The names are data (``jaxlsp.apis.module_names``, read from the pinned JAX).  The module must be
JAX's for certain: a name bound once in the module, by an import of a JAX module (``import jax``,
``import jax.numpy as jnp``, ``from jax import random``), and never bound again.  Code that
checks first stays silent: a read under ``try`` that catches AttributeError, in a branch whose
test asks ``hasattr``/``getattr`` or a version, an annotation that is never evaluated
(``from __future__ import annotations``, a string, ``if TYPE_CHECKING:``, a local variable's
in a function body).  Where the JAX
installed beside jaxlsp is older than the pinned one, a removed name may still be served, and
the rule is silent.
"""

from __future__ import annotations

import ast
import functools
import os
import re
import sys
import threading
import weakref
from collections.abc import Iterator, Sequence

from jaxlsp.apis.installed_names import (
    LIBRARIES,
    installed_version,
    module_names,
    public_modules,
)
from jaxlsp.apis.module_names import JAX_VERSION, MODULE_NAMES
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import (
    attribute_reads,
    checked_first,
    dotted,
    future_annotations,
    package_aliases,
    package_imports,
    path_of,
    root,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.source import Chunk
from jaxlsp.syntax.walk import walk

#: What replaces the library names removed that code still reads most.
LIBRARY_INSTEAD = {
    "flax.nn": "`flax.linen` (`import flax.linen as nn`): the old `flax.nn` API was removed",
    "flax.optim": "an optax optimizer (`optax.adam`, with `flax.training.train_state`): "
    "`flax.optim` was removed",
    "optax.scale_and_decay": "`optax.add_decayed_weights(weight_decay)` in the chain",
}


class JaxModuleAttributeMissing(Rule):
    NAME = "jax-module-attribute-missing"
    CODE = "jax-module-attribute-missing"
    RECORD_ID = "e254c4133319a57a"
    READS_OWN_TEXT = True

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
        # a compatibility shim: the module sets the old name on jax itself
        """
import jax

if not hasattr(jax, "tree_map"):
    jax.tree_map = jax.tree.map

leaves = jax.tree_map(lambda a: a + 1, [1, 2])
""",
        # a local variable's annotation is never evaluated
        """
import jax.numpy as jnp

def zeros_by_name(names):
    table: dict[str, jnp.DeviceArray] = {}
    for name in names:
        table[name] = jnp.zeros(2)
    return table

zeros_by_name(["a", "b"])
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
        # a class body's annotation is evaluated when the class is made
        """
import jax

class Batch:
    key: jax.random.KeyArray  # expect: jax-module-attribute-missing
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        yield from self._jax_reads(program, record)
        yield from self._library_reads(program, record)

    def _library_reads(self, program: Program, record: Record | None) -> Iterator[Finding]:
        """The reads of a name a JAX-ecosystem library's module lacks (``flax.nn``,
        ``flax.optim``), told from the installed library's source (``installed_names``)."""
        module = program.module
        chunks = module.source.parsed.chunks
        for package in LIBRARIES:
            if not any(package in chunk.text and "import" in chunk.text for chunk in chunks):
                continue
            modules = public_modules(package)
            if not modules:
                continue  # not installed beside jaxlsp: nothing is known of its names
            aliases = package_aliases(chunks, package, modules)
            if not aliases:
                continue
            names = {name: full for name, (full, _) in aliases.items()}
            text = module.source.text or "\n".join(module.source.parsed.lines)
            if not _library_misses(dotted_reads(names).findall(text), names):
                continue  # the walk of every tree below is made only where it may find
            trees = [chunk.tree for chunk in chunks]
            shimmed = frozenset(
                (dotted(node.value, names), node.attr)
                for tree in trees
                for node in attribute_stores(tree)
            )
            lazy_annotations = any(future_annotations(tree) for tree in trees)
            version = installed_version(package) or "?"
            for tree in trees:
                for node, chain in attribute_reads(tree, lazy_annotations):
                    base = dotted(node.value, names)
                    if base is None or node.attr.startswith("_"):
                        continue
                    known = module_names(base)
                    if known is None or node.attr in known or (base, node.attr) in shimmed:
                        continue
                    if checked_first(path_of(chain)):
                        continue
                    instead = LIBRARY_INSTEAD.get(f"{base}.{node.attr}")
                    yield finding(
                        self,
                        record,
                        program,
                        Site(module.key, tree, node),
                        f"`{base}` has no attribute `{node.attr}` in the installed {package} "
                        f"{version} (a name {package} removed, or a misspelling): reading it "
                        "raises AttributeError. "
                        + (f"Use {instead}." if instead else "Use the name it has now."),
                        (
                            related(
                                program,
                                Site(module.key, *aliases[root(node)][1]),
                                f"`{aliases[root(node)][0]}` is imported here",
                            ),
                        ),
                        node=node,
                    )

    def _jax_reads(self, program: Program, record: Record | None) -> Iterator[Finding]:
        if older_jax_installed():
            return
        module = program.module
        chunks = module.source.parsed.chunks
        trees = [chunk.tree for chunk in chunks]
        imported = package_imports(chunks, "jax", MODULE_NAMES)
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if not imported or not _spells_a_missing_name(
            chunks, parsed.lines, text, imported, fresh=parsed.parsed
        ):
            return  # the precise test below walks every node: asked only where it may find
        aliases = package_aliases(chunks, "jax", MODULE_NAMES)
        if not aliases:
            return
        lazy_annotations = any(future_annotations(tree) for tree in trees)
        names = {name: full for name, (full, _) in aliases.items()}
        # a name the code itself sets on a JAX module (a compatibility shim) is one it has
        shimmed = frozenset(
            (dotted(node.value, names), node.attr)
            for tree in trees
            for node in attribute_stores(tree)
        )
        context = (frozenset(names.items()), shimmed, lazy_annotations)
        for tree in trees:
            for node, base in _missing_reads(tree, context):
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
                            Site(module.key, *aliases[root(node)][1]),
                            f"`{aliases[root(node)][0]}` is imported here",
                        ),
                    ),
                    node=node,
                )


def _spells_a_missing_name(
    chunks: Sequence[Chunk],
    lines: Sequence[str],
    text: str,
    imported: dict[str, str],
    *,
    fresh: int = 0,
) -> bool:
    """Whether the source spells a dotted name, from a name an import of JAX binds, that its
    JAX module lacks (``jnp.DeviceArray``): a search of the text, which also finds such names
    in strings and comments, so it only says where the walk of the trees is worth making.

    What each statement's text spells is kept with its tree, for the imports it was asked with
    (a tree is parsed from, and shared by, one statement text, and an edit keeps the other
    statements' trees): an edit searches the statements it changed and the lines between
    statements (comments), not the whole text, which cost each analysis of bench's 2,000-line
    file 1.2 ms.  Where few statements are known the whole text is searched (one search, in C,
    is cheaper than one per statement), and when it spells no such name, none of its statements
    does.  A dotted name never spans a line break."""
    key = frozenset(imported.items())
    pattern = dotted_reads(imported)
    known: list[bool | None] = []
    if fresh * 4 <= len(chunks):
        # (``fresh``: the statements parsed afresh, whose new trees nothing is kept for; when
        # they alone make the whole text's search the way, asking for each tree is skipped)
        with _TREES_LOCK:
            known = [
                False
                if _SPELL_NONE.get(chunk.tree) == key
                else _SPELL_SOME.get(chunk.tree) == key or None
                for chunk in chunks
            ]
    if fresh * 4 > len(chunks) or known.count(None) * 4 > len(chunks):
        spells = _missing_among(pattern.findall(text), imported)
        if not spells:
            with _TREES_LOCK:
                for chunk in chunks:
                    _SPELL_NONE[chunk.tree] = key
        return spells
    between: list[str] = []
    line = 0
    for chunk, kept in zip(chunks, known, strict=True):
        between.extend(lines[line : chunk.start])
        line = chunk.end + 1
        if kept is None:
            kept = _missing_among(pattern.findall(chunk.text), imported)
            with _TREES_LOCK:
                (_SPELL_SOME if kept else _SPELL_NONE)[chunk.tree] = key
        if kept:
            return True
    between.extend(lines[line:])
    return _missing_among(pattern.findall("\n".join(between)), imported)


def _reads_a_missing_name(text: str, imported: dict[str, str]) -> bool:
    """Whether ``text`` spells a dotted name, from a name an import of JAX binds, that its JAX
    module lacks (the search of a whole text)."""
    return _missing_among(dotted_reads(imported).findall(text), imported)


def dotted_reads(imported: dict[str, str]) -> re.Pattern[str]:
    """A dotted name spelled from one of the ``imported`` names: the name, then its
    attributes.

    Each name is followed by its own look-behind (no word character or dot before it), not
    preceded by one shared look-behind: a pattern that begins with the names lets ``re`` skip
    ahead to the next position where one of them may start, where a leading look-behind is
    tried at every position of the text (3 times the time of the search of bench's
    2,000-line file, which every text not seen before pays)."""
    names = "|".join(f"{re.escape(name)}(?<![\\w.]{re.escape(name)})" for name in imported)
    return re.compile("(" + names + r")((?:\.\w+)+)")


def _missing_among(found: list[tuple[str, str]], imported: dict[str, str]) -> bool:
    """Whether one of the dotted names ``found`` (a name an import of JAX binds, then its
    attributes) is one its JAX module lacks."""
    # each spelling once: a module spells the same few names (``jnp.dot``) again and again,
    # and ``findall`` collects them in C, where a Python step per match cost each edit ~1 ms
    for name, attributes in set(found):
        base = imported[name]
        for part in attributes.split(".")[1:]:
            names = MODULE_NAMES.get(base)
            if names is None:
                break
            if part not in names and not part.startswith("__"):
                return True
            base = f"{base}.{part}"
    return False


def _library_misses(found: list[tuple[str, str]], imported: dict[str, str]) -> bool:
    """Whether one of the dotted names ``found`` (a name an import of a library binds, then its
    attributes) is one the installed library's module lacks."""
    for name, attributes in set(found):
        base = imported[name]
        for part in attributes.split(".")[1:]:
            names = module_names(base)
            if names is None:
                break
            if part not in names and not part.startswith("_"):
                return True
            base = f"{base}.{part}"
    return False


_Context = tuple[frozenset[tuple[str, str]], frozenset[tuple[str | None, str]], bool]

#: Each statement tree's attribute stores, and its reads of names JAX lacks for the context
#: they were found in (the module's JAX aliases, its shims, whether annotations are lazy),
#: kept while the tree lives: an edit keeps the other statements' trees, and walking all of
#: them again made each edit pay for the whole module.
_TREE_STORES: weakref.WeakKeyDictionary[ast.Module, list[ast.Attribute]] = (
    weakref.WeakKeyDictionary()
)
_TREE_READS: weakref.WeakKeyDictionary[
    ast.Module, tuple[_Context, list[tuple[ast.Attribute, str]]]
] = weakref.WeakKeyDictionary()
#: The statement trees whose text spells no name JAX lacks (``_spells_a_missing_name``), and
#: those that spell one, each with the imports it was asked with (one object shared by the
#: trees of an analysis), kept while the tree lives.
_SPELL_NONE: weakref.WeakKeyDictionary[ast.Module, frozenset[tuple[str, str]]] = (
    weakref.WeakKeyDictionary()
)
_SPELL_SOME: weakref.WeakKeyDictionary[ast.Module, frozenset[tuple[str, str]]] = (
    weakref.WeakKeyDictionary()
)
_TREES_LOCK = threading.Lock()  # analyses may run on several threads
_NO_NODES: list[ast.Attribute] = []
_NO_READS: list[tuple[ast.Attribute, str]] = []


def attribute_stores(tree: ast.Module) -> list[ast.Attribute]:
    """The attributes ``tree`` assigns or deletes (``jax.tree_map = ...``), kept with the tree:
    a statement's tree outlives the edits of the others."""
    with _TREES_LOCK:
        found = _TREE_STORES.get(tree)
    if found is None:
        found = [
            node
            for node in walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del)
        ] or _NO_NODES
        with _TREES_LOCK:
            _TREE_STORES[tree] = found
    return found


def _missing_reads(tree: ast.Module, context: _Context) -> list[tuple[ast.Attribute, str]]:
    """The reads in ``tree`` of a name its JAX module lacks (with that module's dotted name)
    that run unchecked and no shim of the module sets."""
    with _TREES_LOCK:
        kept = _TREE_READS.get(tree)
    if kept is not None and kept[0] == context:
        return kept[1]
    aliases, shimmed, lazy_annotations = context
    names = dict(aliases)
    found: list[tuple[ast.Attribute, str]] = []
    for node, chain in attribute_reads(tree, lazy_annotations):
        base = dotted(node.value, names)
        if base is None or base not in MODULE_NAMES:
            continue
        if node.attr in MODULE_NAMES[base] or node.attr.startswith("__"):
            continue
        if (base, node.attr) in shimmed or checked_first(path_of(chain)):
            continue
        found.append((node, base))
    found = found or _NO_READS
    with _TREES_LOCK:
        _TREE_READS[tree] = (context, found)
    return found


@functools.cache
def older_jax_installed() -> bool:
    """Whether the JAX installed beside jaxlsp is older than the one the names were read from:
    there a name JAX removed since may still be served, so its absence from the data proves
    nothing about the user's run (a later JAX keeps a removed name removed)."""
    installed = installed_jax_version()
    return installed is not None and _release(installed) < _release(JAX_VERSION)


def installed_jax_version() -> str | None:
    """The version of the JAX distribution on ``sys.path``, from its ``jax-<version>.dist-info``
    folder's name (``importlib.metadata`` would add megabytes of imports to the server).
    Each folder's names are listed with ``os.scandir``: ``Path.glob``'s pattern machinery was
    3 M instructions of the first analysis (0.4 % of a cold open of bench's 2,000-line file)."""
    prefix, suffix = "jax-", ".dist-info"
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as listing:
                names = [item.name for item in listing]
        except OSError:  # not a folder (a zip file on the path), gone, unreadable
            continue
        if sys.platform == "win32":  # glob's names are case-blind where the file system is
            found = sorted(
                n for n in names if n.lower().startswith(prefix) and n.lower().endswith(suffix)
            )
        else:
            found = sorted(n for n in names if n.startswith(prefix) and n.endswith(suffix))
        if found:
            return found[0][len(prefix) : -len(suffix)]
    return None


def _release(version: str) -> tuple[int, ...]:
    """``"0.4.30"`` as ``(0, 4, 30)``; a pre-release or local part after the numbers is left
    out."""
    match = re.match(r"\d+(?:\.\d+)*", version)
    return tuple(int(part) for part in match.group(0).split(".")) if match else ()
