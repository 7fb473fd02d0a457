"""What the per-stop line drivers share: their arguments, a run that says where it raised, and
the names a file's imports bind to JAX.

A driver runs as a script (``python DRIVER.py CASE SRC``) in a venv of the package's own, so
its folder is on ``sys.path`` and ``from _driver import ...`` finds this file; nothing here
imports jaxlsp.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
import traceback
import types
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

#: What each ``run`` of this process raised at a flagged line or not (one driver run, one
#: process): the driver's last line turns it into its verdict.
RAISED: list[bool] = []


def case_and_src(argv: list[str] | None = None) -> tuple[str, Path]:
    """``CASE SRC`` from the command line, SRC made absolute (a case may change directory)."""
    args = sys.argv if argv is None else argv
    return args[1], Path(args[2]).resolve()


def dispatch(
    cases: Mapping[str, Callable[[Path], str]],
    prefixed: Mapping[str, Callable[[str, Path], str]],
    argv: list[str] | None = None,
) -> str:
    """The verdict line of the case the command line names: ``PREFIX:ITEM`` goes to
    ``prefixed[PREFIX](ITEM, SRC)`` (a rule's case for any place, ``keyword:PATH:LINE:COL``),
    any other name to ``cases[NAME](SRC)``."""
    case, src = case_and_src(argv)
    prefix, _, item = case.partition(":")
    if item and prefix in prefixed:
        return prefixed[prefix](item, src)
    return cases[case](src)


def run(label: str, call: Callable[[], Any], file: str, flagged: set[int]) -> None:
    """Runs ``call``; prints what it raised and the lines of ``file`` in its traceback, or that
    it ran.  True in RAISED when the innermost of those lines is a ``flagged`` one."""
    try:
        call()
        print(label, "ran")
        RAISED.append(False)
    except Exception as error:  # the outcome is what the driver reports
        lines = [
            f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(file)
        ]
        RAISED.append(bool(lines) and lines[-1] in flagged)
        print(label, type(error).__name__, str(error)[:160].replace("\n", " "), "lines", lines)


def bare_packages(*names: str) -> None:
    """The packages ``names`` as empty modules over their folders: their submodules import
    without running the packages' ``__init__`` (one that fails on a removed JAX module, or on
    the package's own release)."""
    for name in names:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.submodule_search_locations is not None, name
        module = types.ModuleType(name)
        module.__path__ = list(spec.submodule_search_locations)
        sys.modules[name] = module


def jax_bindings(tree: ast.Module) -> dict[str, object]:
    """The names the file's imports bind to JAX modules and their names, those the pinned JAX
    still has (``from jax.ops import index_update`` is gone: its name is left out, so a call
    of another name on the line can still be judged)."""
    bound: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "jax":
                    target = alias.asname or alias.name.split(".")[0]
                    bound[target] = importlib.import_module(alias.name if alias.asname else "jax")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "jax":
            for alias in node.names:
                try:
                    value = importlib.import_module(f"{node.module}.{alias.name}")
                except ImportError:
                    value = getattr(importlib.import_module(node.module or "jax"), alias.name, None)
                if value is not None:
                    bound[alias.asname or alias.name] = value
    return bound
