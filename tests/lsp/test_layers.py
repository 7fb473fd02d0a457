"""The server's modules import each other in one direction: no cycle inside ``jaxlsp.lsp``.

Read from the source with ``ast`` (every import, also those inside functions and under
``TYPE_CHECKING``), so a cycle hidden behind a function-level import counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import jaxlsp.lsp

PACKAGE = Path(jaxlsp.lsp.__file__).parent


def _imports(path: Path) -> set[str]:
    """The ``jaxlsp.lsp`` modules that the module at ``path`` imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["jaxlsp", "lsp"] and len(parts) > 2 and _is_module(parts[2]):
                found.add(parts[2])
    return found - {path.stem}


def _is_module(name: str) -> bool:
    return (PACKAGE / f"{name}.py").exists()


def _graph() -> dict[str, set[str]]:
    return {path.stem: _imports(path) for path in sorted(PACKAGE.glob("*.py"))}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (as a path of module names), or None."""
    state: dict[str, str] = {}
    trail: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = "open"
        trail.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == "open":
                return [*trail[trail.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        state[name] = "done"
        trail.pop()
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name)) is not None:
            return found
    return None


def test_the_lsp_modules_have_no_import_cycle() -> None:
    graph = _graph()
    assert {"server", "handlers", "engines", "scheduling", "stdio"} <= set(graph)
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_engine_lifecycle_and_scheduling_know_nothing_of_the_handlers() -> None:
    graph = _graph()
    assert graph["engines"] <= {"jaxversion", "memory"}
    assert graph["jaxversion"] == graph["memory"] == set()  # leaves
    assert "handlers" not in graph["scheduling"] | graph["server"] | graph["engines"]
    assert "server" not in graph["scheduling"] | graph["engines"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
