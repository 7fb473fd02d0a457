"""The package's modules import one way, with no cycle; the analysis core in the layers of
``docs/internals.md`` ("Layers"): values, frames and the heap, the workspace, the interpreter,
the incremental re-check, the API models, then the program and the rules.

Why: a lazy (function-level) import hides a cycle from a reader and from Python's import order
alike, and an import for the type checker alone (``if TYPE_CHECKING:``) ties the modules as
tightly for a reader: with the layers below, a module is read knowing only the layers under it.
A lower layer speaks of a higher one's objects through a small protocol of its own
(``frames.ModelledApi``, ``values.Scope``...).  The graph is read from the source with ``ast``:
every import counts, at module level, in a function or under ``if TYPE_CHECKING:``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "server" / "jaxlsp"

#: The layers, lowest first; a module imports only from its own layer and those below.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "jaxlsp.infer.direct_init",
        "jaxlsp.infer.shapes",
        "jaxlsp.infer.dtypes",
        "jaxlsp.infer.values",
        "jaxlsp.infer.scopes",
        "jaxlsp.infer.lazy_imports",
        "jaxlsp.infer.sources",
    ),
    ("jaxlsp.infer.frames", "jaxlsp.infer.heap", "jaxlsp.infer.pytrees"),
    ("jaxlsp.infer.summaries", "jaxlsp.infer.workspace", "jaxlsp.infer.observers"),
    ("jaxlsp.infer.interpreter",),
    ("jaxlsp.infer.incremental", "jaxlsp.infer.rerun", "jaxlsp.infer.dependents"),
    ("jaxlsp.apis",),
    ("jaxlsp.infer.program", "jaxlsp.rules"),
)


def _modules() -> dict[str, Path]:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


class _Imports(ast.NodeVisitor):
    """The package's modules that one module imports, anywhere in it."""

    def __init__(self, module: str, is_package: bool, modules: dict[str, Path]) -> None:
        self.module = module
        self.is_package = is_package
        self.modules = modules
        self.found: set[str] = set()

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.module.split(".")
            kept = len(parts) - node.level + (1 if self.is_package else 0)
            base = ".".join(parts[:kept] + ([base] if base else []))
        for alias in node.names:
            named = f"{base}.{alias.name}"
            self._add(named if named in self.modules else base)

    def _add(self, name: str) -> None:
        while name and name not in self.modules:
            name = name.rpartition(".")[0]
        if name and name != self.module:
            self.found.add(name)


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph = {}
    for module, path in modules.items():
        imports = _Imports(module, path.name == "__init__.py", modules)
        imports.visit(ast.parse(path.read_text(encoding="utf-8")))
        graph[module] = imports.found
    return graph


def _layer(module: str) -> int | None:
    for index, layer in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in layer):
            return index
    return None


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.get(module, ())):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_every_layered_module_is_in_one_layer() -> None:
    core = [m for m in _modules() if m.startswith(("jaxlsp.infer.", "jaxlsp.apis", "jaxlsp.rules"))]
    assert [m for m in core if _layer(m) is None] == []


def test_imports_go_down_the_layers() -> None:
    upward = []
    for module, imports in sorted(_graph().items()):
        layer = _layer(module)
        if layer is None:
            continue
        for imported in sorted(imports):
            above = _layer(imported)
            if above is not None and above > layer:
                upward.append(f"{module} -> {imported}")
    assert upward == []


def test_the_interpreter_knows_the_incremental_layer_only_as_protocols() -> None:
    """The incremental re-check hears the interpreter and runs what it asks through the
    protocols of ``observers``: the interpreter imports none of its modules."""
    incremental = {
        "jaxlsp.infer.incremental",
        "jaxlsp.infer.summaries",
        "jaxlsp.infer.rerun",
        "jaxlsp.infer.dependents",
    }
    assert _graph()["jaxlsp.infer.interpreter"] & incremental == set()


def test_no_module_imports_another_modules_private_name() -> None:
    """What a module shares is public (``rerun`` took the interpreter's ``_Journal`` and
    ``_EMPTY_CHUNK`` at cf0d997): a private name is free to change with its own module."""
    private = []
    for module, path in sorted(_modules().items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("jaxlsp"):
                names = [
                    a.name for a in node.names if a.name.startswith("_") and a.name[:2] != "__"
                ]
                private.extend(f"{module}: {node.module}.{name}" for name in names)
    assert private == []


def test_no_import_cycle_in_the_package() -> None:
    assert [sorted(cycle) for cycle in _cycles(_graph())] == []


def test_the_reader_finds_a_cycle() -> None:
    """The graph reader sees a function-level import and one for the type checker (what the
    tests above rely on)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [frozenset({"a", "b", "c"})]
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from jaxlsp.infer.rerun import rerun\n"
        "def f():\n    from jaxlsp.apis import registry\n    from . import heap\n"
    )
    imports = _Imports("jaxlsp.infer.values", False, _modules())
    imports.visit(ast.parse(source))
    assert imports.found == {"jaxlsp.infer.rerun", "jaxlsp.apis.registry", "jaxlsp.infer.heap"}
