"""The names a JAX-ecosystem library's public modules have, read from the source of the
library installed beside jaxlsp (never imported): ``flax.nn`` and ``flax.optim`` are gone
from flax, and reading them raises AttributeError.

A name is missing from a module only where the module's file says so for certain: no
top-level statement (in any branch of it) binds the name, no submodule of that name is on
disk, and the module does nothing that could add names unseen (a ``from ... import *``, a
module ``__getattr__``, ``globals()``, ``setattr``, ``sys.modules``, ``exec``).  Where the
library is not installed, or a module cannot be read so, nothing is known (None).
"""

from __future__ import annotations

import ast
import functools
import os
import sys
from pathlib import Path

#: The libraries whose installed source is read (each one the user's code imports by name).
LIBRARIES = ("flax",)

#: Text that may add names to a module in ways its statements do not show.
_DYNAMIC = ("import *", "__getattr__", "globals()", "setattr(", "sys.modules", "exec(", "__dict__")


@functools.cache
def package_root(package: str) -> Path | None:
    """The folder of ``package`` on ``sys.path`` (the first with an ``__init__.py``)."""
    for entry in sys.path:
        folder = Path(entry or ".") / package
        if (folder / "__init__.py").is_file():
            return folder
    return None


@functools.cache
def installed_version(package: str) -> str | None:
    """The version of the installed distribution, from its ``.dist-info`` folder's name."""
    root = package_root(package)
    if root is None:
        return None
    for found in sorted(root.parent.glob(f"{package}-*.dist-info")):
        return found.name.removeprefix(f"{package}-").removesuffix(".dist-info")
    return None


@functools.cache
def public_modules(package: str) -> frozenset[str]:
    """The installed package's public packages (folders with an ``__init__.py``, none below a
    private one): ``flax``, ``flax.linen``, ``flax.nnx``... (empty: not installed)."""
    root = package_root(package)
    if root is None:
        return frozenset()
    found: set[str] = set()
    for folder, folders, files in os.walk(root):
        relative = Path(folder).relative_to(root.parent)
        if "__init__.py" not in files or any(part.startswith("_") for part in relative.parts):
            folders[:] = []
            continue
        found.add(".".join(relative.parts))
    return frozenset(found)


@functools.cache
def module_names(module: str) -> frozenset[str] | None:
    """Every name the installed package ``module`` (dotted) surely has or may have: what its
    ``__init__.py`` binds and its submodules; None where that cannot be told from the file."""
    package = module.partition(".")[0]
    root = package_root(package)
    if package not in LIBRARIES or root is None or module not in public_modules(package):
        return None
    folder = root.parent.joinpath(*module.split("."))
    try:
        text = (folder / "__init__.py").read_text(encoding="utf-8")
        tree = ast.parse(text)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return None
    if any(spelled in text for spelled in _DYNAMIC):
        return None
    names = set(_bound(tree))
    try:
        entries = list(folder.iterdir())
    except OSError:
        return None
    for entry in entries:
        stem, _, suffix = entry.name.partition(".")
        if suffix.startswith(("py", "so", "pyd")) or entry.is_dir():
            names.add(stem)  # a submodule (an extension module's suffix has more parts)
    return frozenset(names)


def _bound(tree: ast.Module) -> set[str]:
    """The names the module's code binds at its top level, in any branch, loop or ``try`` of
    it, and through ``global`` in its functions."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            names.update(node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names.add(alias.asname or alias.name.partition(".")[0])
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
    return names
