"""The user's modules: found by import name in the workspace, parsed on demand, never imported.

``Workspace`` lives as long as the server (or one ``jaxlsp check``): it knows the folder roots,
the text of open documents (which wins over the disk), and keeps each module's parse while its
text is unchanged.  ``ModuleState`` is one module in one analysis: its parse, the frame its
top-level code ran in, and the modules it imported (the edges of the import graph).

Resolution follows Python's: an absolute import looks in the importing file's top-level folder
(a script's folder is ``sys.path[0]``), then in each root and its ``src/``; ``pkg/__init__.py``
makes ``pkg`` a package, and a relative import counts packages up from the importing module.
Anything not found there (jax, numpy, an installed library) is not a workspace module.
"""

from __future__ import annotations

import ast
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from jaxlsp.infer.lazy_imports import LazyExports, scan_exports
from jaxlsp.infer.sources import SourceModule as SourceModule
from jaxlsp.infer.summaries import SummaryCache
from jaxlsp.syntax.decode import UndecodableSource, read_source
from jaxlsp.syntax.source import Chunk, ParsedModule, parse_module

if TYPE_CHECKING:
    from jaxlsp.infer.frames import Frame

#: Modules never looked for in the workspace: the modelled libraries and the standard library
#: (a folder named like one would shadow it only in a broken setup).
EXTERNAL_ROOTS = frozenset(
    sys.stdlib_module_names
    | {
        "jax",
        "jaxlib",
        "numpy",
        "functools",
        "typing",
        "typing_extensions",
        "dataclasses",
        "collections",
        "math",
        "os",
        "sys",
        "itertools",
        "operator",
        "abc",
        "enum",
        "contextlib",
        "warnings",
        "logging",
        "time",
        "re",
        "json",
        "pathlib",
        "random",
        "flax",
        "optax",
        "equinox",
        "chex",
        "haiku",
        "numpyro",
        "scipy",
        "torch",
        "tensorflow",
        "__future__",
    }
)
#: How many lazy-import packages deep a name is looked for (``from .models import *`` of a
#: package whose ``from .bert import *`` is another's).
MAX_LAZY_DEPTH = 8
#: A module file larger than this is not read for imports (generated code, data dumps).
MAX_MODULE_BYTES = 4 * 1024 * 1024
#: The source characters of the imported modules (not open documents) whose parses are kept
#: between analyses: a check of a whole library reads thousands of modules, and their trees
#: are most of a worker's memory; the least recently read parse goes first.
MAX_PARSED_CHARS = 12 * 1024 * 1024
#: The key of a module analysed without a path (an unsaved document, text on stdin).
TEXT_KEY = "<text>"


@dataclass(eq=False, repr=False)
class ModuleState:
    """One module in one analysis."""

    source: SourceModule
    frame: Frame | None = None
    #: Keys of the workspace modules it imported.
    imports: set[str] = field(default_factory=set)

    _chunks: dict[int, Chunk] | None = None

    def __repr__(self) -> str:
        return f"ModuleState({self.source.key})"

    def chunk_of(self, tree: ast.Module) -> Chunk | None:
        """The statement whose tree ``tree`` is, in this version of the module."""
        if self._chunks is None:
            self._chunks = {id(chunk.tree): chunk for chunk in self.source.parsed.chunks}
        chunk = self._chunks.get(id(tree))
        return chunk if chunk is not None and chunk.tree is tree else None

    @property
    def key(self) -> str:
        return self.source.key

    @property
    def name(self) -> str:
        return self.source.name

    @property
    def parsed(self) -> ParsedModule:
        return self.source.parsed

    @property
    def path(self) -> Path | None:
        return self.source.path


class Workspace:
    """The roots, open documents and parses that analyses share.

    What it keeps follows the open documents: a document's text, its parse, the modules its
    last analysis ran (``ran``) and their summaries stay while it is open; once it closes,
    ``release_unused`` drops every module parse and summary that no open document's analysis
    ran.  ``jaxlsp check`` opens no documents and releases nothing: it keeps what it read.
    """

    def __init__(self, roots: list[Path] | None = None, *, fixed_files: bool = False) -> None:
        self.roots = [root.resolve() for root in roots or []]
        #: With ``fixed_files`` (``jaxlsp check``: no module file is made or removed while it
        #: runs), where each module was found (``locate``), by its name and the importer's top
        #: folder: every file's analysis looks up each module it reaches, a file-system check
        #: per folder and a path resolved.  The language server looks each time (a module may
        #: have been made since).
        self._located: dict[tuple[str, Path | None], tuple[Path, bool] | None] | None = (
            {} if fixed_files else None
        )
        self._documents: dict[Path, str] = {}
        self._parsed: dict[Path, SourceModule] = {}
        #: The length of each parsed module's text read from disk, least recently read first.
        self._parsed_chars: dict[Path, int] = {}
        self._parsed_total = 0
        #: ``exports`` of files, with the stamp they were read at.
        self._exports: dict[Path, tuple[tuple[int, int], LazyExports]] = {}
        #: ``lazy_names`` of lazy-import packages, by key.
        self._lazy_tables: dict[str, _LazyTable] = {}
        #: The workspace modules (keys) the last analysis of each open document ran.
        self._ran: dict[Path, frozenset[str]] = {}
        self._lock = threading.Lock()
        #: What each any-caller run did, for the next analysis to replay.
        self.summaries = SummaryCache()

    # documents --------------------------------------------------------------------------------

    def set_document(self, path: Path, text: str) -> None:
        """An open document's text: imports of it read this, not the disk."""
        resolved = _resolved(path)
        if resolved is not None:
            with self._lock:
                self._documents[resolved] = text

    def close_document(self, path: Path) -> None:
        """Imports of ``path`` read the disk again; what the closed document alone needed goes
        with ``release_unused``."""
        resolved = _resolved(path)
        if resolved is not None:
            with self._lock:
                self._documents.pop(resolved, None)
                self._parsed.pop(resolved, None)
                self._parsed_total -= self._parsed_chars.pop(resolved, 0)
                self._ran.pop(resolved, None)

    def ran(self, module: SourceModule, modules: frozenset[str]) -> None:
        """The analysis of ``module`` ran ``modules`` (other workspace modules, by key): while
        ``module`` is an open document, they are kept."""
        if module.path is None:
            return
        with self._lock:
            if module.path in self._documents:
                self._ran[module.path] = modules

    def release_unused(self, *, unnamed_open: bool = False) -> int:
        """Drop the parses and summaries of every module that no open document is, or ran in
        its last analysis (documents closed, imports removed); with ``unnamed_open`` false,
        those of the text analysed without a path (no such document is open) too.  Returns
        the summaries' estimated bytes released.  Call it where analyses run, after those of
        the closed documents: one still running would summarise them again."""
        with self._lock:
            kept = {str(path) for path in self._documents}
            kept.update(*self._ran.values())
            unused = [path for path in self._parsed if str(path) not in kept]
            for path in unused:
                del self._parsed[path]
                self._parsed_total -= self._parsed_chars.pop(path, 0)
        if unnamed_open:
            kept.add(TEXT_KEY)
        return self.summaries.release(self.summaries.modules() - kept)

    def add_root(self, root: Path) -> None:
        resolved = root.resolve()
        if resolved not in self.roots:
            self.roots.append(resolved)
            if self._located is not None:
                self._located.clear()  # looked up in the roots before this one only

    # modules ----------------------------------------------------------------------------------

    def source_for(
        self, path: Path | None, text: str, previous: ParsedModule | None = None
    ) -> SourceModule:
        """The module being analysed (its text given): named by where it is."""
        resolved = _resolved(path) if path is not None else None
        if resolved is None:
            return SourceModule(TEXT_KEY, "__main__", None, parse_module(text, previous))
        with self._lock:
            known = self._parsed.get(resolved)
        if known is not None and known.stamp is None and known.parsed.error is None:
            if known.is_version(text):
                return known
            # the latest version (other analyses may have read one since the caller's): its
            # unchanged statements' trees are the ones every analysis since has run
            previous = known.parsed
        name, is_package = module_name(resolved)
        module = SourceModule(
            str(resolved), name, resolved, parse_module(text, previous), is_package, text=text
        )
        with self._lock:
            if resolved in self._documents:
                self._parsed[resolved] = module
        return module

    def current(self, module: SourceModule) -> SourceModule | None:
        """The version of ``module`` an analysis would read now (None: it is gone)."""
        if module.path is None:
            return None
        return self._load(module.path, module.name, module.is_package)

    def find(self, name: str, importer: SourceModule | None) -> SourceModule | None:
        """The workspace module ``name`` (absolute dotted name) as ``importer`` sees it."""
        located = self.locate(name, importer)
        return self._load(located[0], name, located[1]) if located is not None else None

    def locate(self, name: str, importer: SourceModule | None) -> tuple[Path, bool] | None:
        """Where the workspace module ``name`` is, and whether it is a package, without
        reading it: the first of ``candidates`` that exists."""
        if self._located is None:
            return self._first_existing(name, importer)
        # the folders looked in are the importer's top folder's and the roots'
        top = None
        if importer is not None and importer.path is not None:
            top = _top_folder(importer.path, importer.name, importer.is_package)
        key = (name, top)
        with self._lock:
            if key in self._located:
                return self._located[key]
        found = self._first_existing(name, importer)
        with self._lock:
            self._located[key] = found
        return found

    def _first_existing(self, name: str, importer: SourceModule | None) -> tuple[Path, bool] | None:
        for path, is_package in self.candidates(name, importer):
            try:
                found = path.is_file()
            except (OSError, ValueError):
                found = False
            if found:
                return path.resolve(), is_package
        return None

    def candidates(self, name: str, importer: SourceModule | None) -> list[tuple[Path, bool]]:
        """The files ``find`` looks for ``name`` in, in order, each with whether it would be a
        package: the first that exists is the module (``jaxlsp.checkcache`` keys on them)."""
        head = name.split(".")[0]
        if not head or head in EXTERNAL_ROOTS:
            return []
        found: list[tuple[Path, bool]] = []
        for folder in self._search_folders(importer):
            candidate = folder.joinpath(*name.split("."))
            found.append((candidate / "__init__.py", True))
            found.append((candidate.with_name(candidate.name + ".py"), False))
        return found

    def lazy_names(self, package: SourceModule) -> dict[str, tuple[str, str]]:
        """Every name of the lazy-import ``package`` (``lazy_imports``): the absolute name of
        the module it comes from, and its name there.  Its index's explicit imports, then the
        names of the modules it imports ``*`` from (through nested lazy packages), read from
        their text: made once and kept while none of those files changed (a look-up of one
        name would otherwise read hundreds of them)."""
        with self._lock:
            known = self._lazy_tables.get(package.key)
        if known is not None and known.package is package and self._unchanged(known):
            return known.names
        table = _LazyTable(package, {}, [], [])
        self._fill_lazy_table(table, package, 0, {package.key})
        with self._lock:
            self._lazy_tables[package.key] = table
        return table.names

    def _fill_lazy_table(
        self, table: _LazyTable, package: SourceModule, depth: int, seen: set[str]
    ) -> None:
        index = package.lazy_index
        if index is None or depth > MAX_LAZY_DEPTH:
            return
        for name, export in index.named.items():
            absolute = self.absolute_name(export.module, export.level, package)
            if absolute:
                table.names.setdefault(name, (absolute, export.name))
        for star, level in index.stars:
            absolute = self.absolute_name(star, level, package)
            located = self.locate(absolute, package) if absolute else None
            if absolute is None or located is None:
                if absolute is not None:
                    table.missing.append((absolute, package))
                continue
            exports = self.exports(located[0])
            table.read.append((located[0], self._stamp(located[0])))
            if exports is None:
                continue
            nested = self.find(absolute, package) if exports.lazy else None
            if nested is not None and nested.lazy_index is not None:
                if nested.key not in seen:
                    seen.add(nested.key)
                    self._fill_lazy_table(table, nested, depth + 1, seen)
                continue
            for name in exports.names:
                table.names.setdefault(name, (absolute, name))

    def _unchanged(self, table: _LazyTable) -> bool:
        """Whether the files a lazy package's table was read from are as they were."""
        return all(self._stamp(path) == stamp for path, stamp in table.read) and all(
            self.locate(name, importer) is None for name, importer in table.missing
        )

    def _stamp(self, path: Path) -> tuple[int, int] | str | None:
        with self._lock:
            document = self._documents.get(path)
        if document is not None:
            return document  # an open document: its text (compared by value)
        try:
            status = path.stat()
        except OSError:
            return None
        return (status.st_mtime_ns, status.st_size)

    def exports(self, path: Path) -> LazyExports | None:
        """What the module at ``path`` binds for ``import *`` and whether it is a lazy-import
        package, scanned from its text without parsing it (a lazy package's index looks
        through hundreds of modules for one name); kept while the file is unchanged.  None:
        it cannot be read."""
        with self._lock:
            document = self._documents.get(path)
            known = self._exports.get(path)
        if document is not None:
            return scan_exports(document)
        try:
            status = path.stat()
        except OSError:
            return None
        stamp = (status.st_mtime_ns, status.st_size)
        if known is not None and known[0] == stamp:
            return known[1]
        if status.st_size > MAX_MODULE_BYTES:
            return None
        try:
            text = read_source(path)
        except (OSError, UndecodableSource):
            return None
        scanned = scan_exports(text)
        with self._lock:
            self._exports[path] = (stamp, scanned)
        return scanned

    def _search_folders(self, importer: SourceModule | None) -> list[Path]:
        folders: list[Path] = []
        if importer is not None and importer.path is not None:
            top = _top_folder(importer.path, importer.name, importer.is_package)
            folders.append(top)
            if (mirrored := _mirrored(top)) is not None:
                folders.append(mirrored)
        for root in self.roots:
            folders.append(root)
            if (mirrored := _mirrored(root)) is not None:
                folders.append(mirrored)
            if (root / "src").is_dir():
                folders.append(root / "src")
        seen: set[Path] = set()
        unique = []
        for folder in folders:
            if folder not in seen:
                seen.add(folder)
                unique.append(folder)
        return unique

    def _load(self, path: Path, name: str, is_package: bool) -> SourceModule | None:
        with self._lock:
            document = self._documents.get(path)
            known = self._parsed.get(path)
        if document is not None:
            if known is not None and known.is_version(document):
                return known
            module = SourceModule(
                str(path),
                name,
                path,
                parse_module(document, known.parsed if known else None),
                is_package,
                text=document,
            )
        else:
            try:
                status = path.stat()
            except OSError:
                return None
            stamp = (status.st_mtime_ns, status.st_size)
            if known is not None and known.stamp == stamp:
                with self._lock:
                    chars = self._parsed_chars.pop(path, None)
                    if chars is not None:  # now the most recently read
                        self._parsed_chars[path] = chars
                return known
            if status.st_size > MAX_MODULE_BYTES:
                return None
            try:
                text = read_source(path)  # decoded as Python does (coding line, BOM)
            except (OSError, UndecodableSource):
                return None
            module = SourceModule(str(path), name, path, parse_module(text), is_package, stamp)
            with self._lock:
                self._parsed[path] = module
                self._parsed_total += len(text) - self._parsed_chars.pop(path, 0)
                self._parsed_chars[path] = len(text)
                self._forget_oldest_parses()
            return module
        with self._lock:
            self._parsed[path] = module
        return module

    def _forget_oldest_parses(self) -> None:
        """Drop the least recently read parses of files (not open documents) past
        ``MAX_PARSED_CHARS``; the newest is kept whatever its size.  A module read again is
        parsed again, and its summaries, made of the old trees, are dropped when it runs."""
        while self._parsed_total > MAX_PARSED_CHARS and len(self._parsed_chars) > 1:
            oldest = next(iter(self._parsed_chars))
            self._parsed_total -= self._parsed_chars.pop(oldest)
            if oldest not in self._documents:
                self._parsed.pop(oldest, None)

    def forget(self, path: Path) -> None:
        """Drop what was read of ``path`` (it changed on disk)."""
        with self._lock:
            resolved = path.resolve()
            self._parsed.pop(resolved, None)
            self._parsed_total -= self._parsed_chars.pop(resolved, 0)

    @staticmethod
    def absolute_name(name: str, level: int, importer: SourceModule) -> str | None:
        """The absolute module name of ``from <level dots><name> import ...`` in ``importer``."""
        if level == 0:
            return name
        package = importer.name if importer.is_package else importer.name.rpartition(".")[0]
        for _ in range(level - 1):
            if not package:
                return None
            package = package.rpartition(".")[0]
        if not package and importer.path is None:
            return None
        return f"{package}.{name}" if package and name else (package or name) or None


@dataclass
class _LazyTable:
    """A lazy-import package's names (``Workspace.lazy_names``) and what they were read from."""

    package: SourceModule
    names: dict[str, tuple[str, str]]
    #: The files of the modules it imports ``*`` from, with their stamps then.
    read: list[tuple[Path, tuple[int, int] | str | None]]
    #: Modules it imports ``*`` from that were not found (absolute name, importer).
    missing: list[tuple[str, SourceModule]]


def _resolved(path: Path) -> Path | None:
    """``path`` made absolute, or None for a name no file system takes (too long, a NUL, a
    symbolic link to itself)."""
    try:
        resolved = path.resolve()
        resolved.parent.is_dir()
    except (OSError, ValueError, RuntimeError):
        return None
    return resolved


def resolved_or_absolute(path: Path) -> Path:
    """``path`` resolved when it can be, else only made absolute."""
    return _resolved(path) or path.absolute()


def module_name(path: Path) -> tuple[str, bool]:
    """The dotted name of the module at ``path``: its packages (folders with ``__init__.py``)
    up from it, then its own name; and whether it is a package's ``__init__``."""
    is_package = path.name == "__init__.py"
    parts = [] if is_package else [path.stem]
    folder = path.parent
    while _is_package(folder) and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    if not parts:
        parts = [path.parent.name]
    return ".".join(parts), is_package


#: The folder jupyterlab-lsp puts its notebooks' virtual documents in, mirroring the notebooks'
#: own folders (``<root>/.virtual_documents/sub/nb.ipynb`` stands for ``<root>/sub/nb.ipynb``).
VIRTUAL_DOCUMENTS = ".virtual_documents"


def _mirrored(folder: Path) -> Path | None:
    """The real folder a folder inside ``.virtual_documents`` mirrors: a notebook's imports of
    the modules beside it resolve there (the virtual folder holds only open notebooks)."""
    parts = folder.parts
    if VIRTUAL_DOCUMENTS not in parts:
        return None
    at = len(parts) - 1 - parts[::-1].index(VIRTUAL_DOCUMENTS)
    return Path(*parts[:at], *parts[at + 1 :])


def _is_package(folder: Path) -> bool:
    try:
        return (folder / "__init__.py").is_file()
    except (OSError, ValueError):
        return False


def _top_folder(path: Path, name: str, is_package: bool) -> Path:
    """The folder a module's top-level package sits in (what would be on ``sys.path``)."""
    depth = name.count(".") + (1 if is_package else 0)
    folder = path.parent
    for _ in range(depth):
        folder = folder.parent
    return folder


__all__ = ["ModuleState", "SourceModule", "Workspace", "module_name"]
