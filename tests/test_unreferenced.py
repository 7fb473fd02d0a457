"""Every function and method of the package is referenced somewhere: by name in the package,
its tests, the benchmarks or the editors' code.

Why: a function nobody calls is read, kept typed and changed with the code around it for
nothing.  The check is by name (a name used anywhere counts as a reference), so it misses a
function whose name another one shares; what it flags surely has no caller.  Callbacks that
frameworks call by their own names are not references we write: libcst's ``leave_``/``visit_``
methods, pygls's handler overrides, pydantic's validators."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from tests.conftest import REPO

PACKAGE = REPO / "server" / "jaxlsp"
#: Where a reference may be.
READ = (PACKAGE, REPO / "tests", REPO / "bench", REPO / "editors")
#: Names a framework calls: libcst transformers and visitors, pygls protocol handlers.
CALLBACK_PREFIXES = ("leave_", "visit_", "on_leave", "on_visit", "lsp_")
#: Decorators that register the function with a framework (pydantic calls validators).
REGISTERING = frozenset({"field_validator", "model_validator", "validator"})


def unreferenced(defined: dict[Path, str], texts: list[str]) -> list[str]:
    """The functions defined in ``defined`` (path -> source) whose name occurs once in all of
    ``texts`` (their definition)."""
    counts = Counter(word for text in texts for word in re.findall(r"\w+", text))
    found = []
    for path, source in sorted(defined.items()):
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            name = node.name
            if name.startswith("__") or name.startswith(CALLBACK_PREFIXES):
                continue
            decorators = {
                ast.unparse(d.func if isinstance(d, ast.Call) else d).rpartition(".")[2]
                for d in node.decorator_list
            }
            if decorators & REGISTERING:
                continue
            if counts[name] <= 1:
                found.append(f"{path.relative_to(REPO)}:{node.lineno} {name}")
    return found


def test_every_function_of_the_package_is_referenced() -> None:
    defined = {p: p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")}
    texts = [
        path.read_text(encoding="utf-8", errors="replace")
        for root in READ
        for path in root.rglob("*.py")
        if ".venv" not in path.parts
    ]
    assert unreferenced(defined, texts) == []


def test_the_check_finds_a_function_nobody_calls() -> None:
    source = (
        "def used():\n    pass\n\n"
        "def orphan():\n    used()\n\n"
        "class T:\n    def leave_Name(self, node):\n        pass\n"
    )
    path = PACKAGE / "example.py"
    assert unreferenced({path: source}, [source]) == ["server/jaxlsp/example.py:4 orphan"]
