"""The names a JAX-ecosystem library's public modules have, read from the source of the
library installed beside jaxlsp (never imported): ``flax.nn`` and ``flax.optim`` are gone
from flax, ``optax.scale_and_decay`` never was in optax, and reading them raises
AttributeError.

A name is missing from a module only where the module's file says so for certain: no
top-level statement (in any branch of it) binds the name, no submodule of that name is on
disk, and the module does nothing that could add names unseen (a ``from ... import *``, a
module ``__getattr__``, ``globals()``, ``setattr``, ``sys.modules``, ``exec``), but for
the deprecation ``__getattr__`` optax writes, which serves the names of a literal table and
raises AttributeError for any other (checked in the factory's own source).  Where the
library is not installed, or a module cannot be read so, nothing is known (None).
"""

from __future__ import annotations

import ast
import functools
import os
import sys
from pathlib import Path

#: The libraries whose installed source is read (each one the user's code imports by name).
LIBRARIES = ("flax", "optax")

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
    served = _deprecated_names(tree, package) if "__getattr__" in text else frozenset()
    dynamic = [spelled for spelled in _DYNAMIC if spelled in text]
    if served is None or any(spelled != "__getattr__" for spelled in dynamic):
        return None
    names = set(_bound(tree)) | served
    try:
        entries = list(folder.iterdir())
    except OSError:
        return None
    for entry in entries:
        stem, _, suffix = entry.name.partition(".")
        if suffix.startswith(("py", "so", "pyd")) or entry.is_dir():
            names.add(stem)  # a submodule (an extension module's suffix has more parts)
    return frozenset(names)


def _deprecated_names(tree: ast.Module, package: str) -> frozenset[str] | None:
    """The names a module ``__getattr__`` serves, where it is the deprecation pattern
    (``__getattr__ = deprecation_getattr(__name__, _deprecations)``, optax's and JAX's): a
    factory of the package whose inner function serves the names of the dict it is given
    (a literal with string keys, bound once) and raises AttributeError for any other.  None
    where the module's ``__getattr__`` is anything else (it may serve any name)."""
    factories: dict[str, tuple[str, str]] = {}
    tables: dict[str, frozenset[str]] = {}
    made: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                factories[alias.asname or alias.name] = (node.module, alias.name)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if not isinstance(target, ast.Name):
                continue
            if isinstance(value, ast.Dict) and all(
                isinstance(key, ast.Constant) and isinstance(key.value, str) for key in value.keys
            ):
                tables[target.id] = frozenset(str(key.value) for key in value.keys)  # type: ignore[union-attr]
            elif target.id == "__getattr__":
                call = value
                if not (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and len(call.args) == 2
                    and isinstance(call.args[1], ast.Name)
                ):
                    return None
                made.append((call.func.id, call.args[1].id))
        elif (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "__getattr__"
        ):
            return None
    if len(made) != 1:
        return None
    factory, table = made[0]
    if factory not in factories or table not in tables:
        return None
    module, name = factories[factory]
    if module.partition(".")[0] != package or not _raises_for_others(module, name):
        return None
    return tables[table]


def _raises_for_others(module: str, name: str) -> bool:
    """Whether the function ``name`` of the installed ``module`` is a getattr factory that
    serves only the names of the table it is given: ``def f(module, table)`` returning an
    inner ``def g(name)`` whose body is ``if name in table: ...`` then a ``raise
    AttributeError(...)``."""
    parts = module.split(".")
    root = package_root(parts[0])
    if root is None:
        return False
    base = root.parent.joinpath(*parts)
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return False
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or node.name != name:
            continue
        params = [a.arg for a in node.args.args]
        inner = [n for n in node.body if isinstance(n, ast.FunctionDef)]
        if len(params) != 2 or len(inner) != 1 or len(inner[0].args.args) != 1:
            return False
        asked = inner[0].args.args[0].arg
        body = inner[0].body
        if len(body) != 2 or not isinstance(body[0], ast.If):
            return False
        test, last = body[0].test, body[1]
        tests_table = (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == asked
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.In)
            and isinstance(test.comparators[0], ast.Name)
            and test.comparators[0].id == params[1]
        )
        raises = (
            isinstance(last, ast.Raise)
            and isinstance(last.exc, ast.Call)
            and isinstance(last.exc.func, ast.Name)
            and last.exc.func.id == "AttributeError"
        )
        return tests_table and raises
    return False


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
