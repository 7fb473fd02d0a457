"""The JAX API surface as data: every public function of the installed JAX's user namespaces,
read from its source with ``ast`` (JAX is never imported), with what jaxlsp's API models say
of each.

The namespaces are ``jax``, ``jax.numpy`` (and ``jax.numpy.linalg``/``fft``), ``jax.lax``,
``jax.random``, ``jax.nn`` (and ``initializers``), ``jax.scipy.*``, ``jax.sharding``,
``jax.tree_util``, ``jax.ops`` and the modules of ``jax.experimental``.  A namespace's public
names are its ``__all__`` when it lists one, else what its module binds without a leading
underscore (``from jax._src.x import f as f``, ``def``, assignments); each is followed to
the module that defines it (through re-exports) to tell a function from a class, a module or
a constant.  Every function gets one status:

- ``contract``: the models check its arguments (what a call requires: a static shape, a
  concrete value, a PRNG key, a callable, an axis in range...), listed in ``contracts``;
- ``shape``: the models compute its result's shape and dtype (and refuse operands whose
  shapes surely make it raise), without argument contracts;
- ``no-contract``: the models mark it as having no failure worth checking, with the typed
  reason (``ApiSpec.no_contract``);
- ``modelled``: the models know its result's kind only (an array, a static value);
- ``unmodelled``: nothing yet.

    python -m bench.api_surface           # writes bench/api-surface.json, prints the coverage
    python -m bench.api_surface --check   # exits 1 when the file is not what the run gives
    python -m bench.api_surface --readme  # also rewrites docs/api-surface.md's table from it
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.readme_block import write_block

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "bench" / "api-surface.json"
PAGE = REPO / "docs" / "api-surface.md"

#: The user namespaces, with the file of the installed ``jax`` package that defines each.
NAMESPACES = {
    "jax": "__init__.py",
    "jax.numpy": "numpy/__init__.py",
    "jax.numpy.linalg": "numpy/linalg.py",
    "jax.numpy.fft": "numpy/fft.py",
    "jax.lax": "lax/__init__.py",
    "jax.random": "random.py",
    "jax.nn": "nn/__init__.py",
    "jax.nn.initializers": "nn/initializers.py",
    "jax.sharding": "sharding.py",
    "jax.tree_util": "tree_util.py",
    "jax.ops": "ops/__init__.py",
}
#: Directories whose every public module (and package) is a namespace.
NAMESPACE_TREES = {"jax.scipy": "scipy", "jax.experimental": "experimental"}


@dataclass(frozen=True)
class Entry:
    """One public name of a namespace."""

    name: str
    #: "function", "class", "module", "constant" or "unresolved" (defined where ``ast`` could
    #: not follow: a C extension, a computed binding).
    kind: str
    #: The source file (relative to the jax package) and line that define it, when found.
    defined_at: str | None


def _internal(parts: tuple[str, ...]) -> bool:
    """A module under a namespace tree that users do not call: tests and test utilities,
    the kernels Pallas ships as examples (``pallas.ops``), Mosaic GPU's compiler internals,
    and anything nested deeper than ``jax.experimental.<package>.<module>``."""
    if any(part in ("tests", "test", "test_util", "ops") for part in parts):
        return True
    depth = len(parts) - (parts[-1] == "__init__")
    if parts[0] == "mosaic":
        return depth > 2
    return depth > 2


def jax_root() -> Path | None:
    """The installed ``jax`` package's directory, found without importing it."""
    spec = importlib.util.find_spec("jax")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def namespace_files(root: Path) -> dict[str, Path]:
    """Every namespace with the file that defines it."""
    found = {name: root / relative for name, relative in NAMESPACES.items()}
    for prefix, directory in NAMESPACE_TREES.items():
        base = root / directory
        for path in sorted(base.rglob("*.py")):
            parts = path.relative_to(base).with_suffix("").parts
            if any(part.startswith("_") and part != "__init__" for part in parts):
                continue
            if _internal(parts):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((prefix, *parts))] = path
    return {name: path for name, path in found.items() if path.is_file()}


class _Modules:
    """Parsed modules of the jax package, by dotted name (each parsed once)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._trees: dict[Path, ast.Module | None] = {}

    def path_of(self, module: str) -> Path | None:
        parts = module.split(".")
        if parts[0] != "jax":
            return None
        base = self.root.joinpath(*parts[1:])
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate
        return None

    def tree(self, path: Path) -> ast.Module | None:
        if path not in self._trees:
            try:
                self._trees[path] = ast.parse(path.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, UnicodeDecodeError):
                self._trees[path] = None
        return self._trees[path]


def _module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("jax", *parts))


def _absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str | None:
    if node.level == 0:
        return node.module
    base = module.split(".")
    drop = node.level - 1 if is_package else node.level
    if drop > len(base):
        return None
    base = base[: len(base) - drop] if drop else base
    return ".".join([*base, node.module] if node.module else base)


def _bindings(tree: ast.Module) -> dict[str, ast.AST]:
    """What the module's top level binds, by name (the last binding wins)."""
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found[node.name] = node
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    found[alias.asname or alias.name] = node
        elif isinstance(node, ast.Import):
            for alias in node.names:
                found[alias.asname or alias.name.split(".")[0]] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found[node.target.id] = node
    return found


def _all_names(tree: ast.Module) -> list[str] | None:
    """The module's ``__all__``, when it is a literal list or tuple of strings."""
    for node in tree.body:
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.List | ast.Tuple):
            continue
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            names = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
            if all(isinstance(n, str) for n in names):
                return [str(n) for n in names]
    return None


def public_names(tree: ast.Module) -> list[str]:
    listed = _all_names(tree)
    if listed is not None:
        return listed
    return sorted(
        name
        for name, node in _bindings(tree).items()
        if not name.startswith("_") and not isinstance(node, ast.Import)
    )


def resolve(modules: _Modules, path: Path, name: str, depth: int = 0) -> Entry:
    """What ``name`` is in the module at ``path``: followed through re-exports."""
    tree = modules.tree(path)
    relative = str(path.relative_to(modules.root))
    if tree is None or depth > 8:
        return Entry(name, "unresolved", None)
    node = _bindings(tree).get(name)
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return Entry(name, "function", f"{relative}:{node.lineno}")
    if isinstance(node, ast.ClassDef):
        return Entry(name, "class", f"{relative}:{node.lineno}")
    if isinstance(node, ast.Assign | ast.AnnAssign):
        value = node.value
        # `f = partial(...)`, `f = _wraps(...)(...)`, `f = jit(...)`: a callable binding
        kind = "function" if isinstance(value, ast.Call | ast.Lambda) else "constant"
        if isinstance(value, ast.Name | ast.Attribute):
            kind = "unresolved"
        return Entry(name, kind, f"{relative}:{node.lineno}")
    if isinstance(node, ast.Import):
        return Entry(name, "module", f"{relative}:{node.lineno}")
    if isinstance(node, ast.ImportFrom):
        module = _absolute(
            _module_name(modules.root, path), node, is_package=path.name == "__init__.py"
        )
        original = next((a.name for a in node.names if (a.asname or a.name) == name), name)
        if module is None:
            return Entry(name, "unresolved", None)
        submodule = modules.path_of(f"{module}.{original}")
        if submodule is not None:
            return Entry(name, "module", str(submodule.relative_to(modules.root)))
        target = modules.path_of(module)
        if target is None:
            return Entry(name, "unresolved", None)
        found = resolve(modules, target, original, depth + 1)
        return Entry(name, found.kind, found.defined_at)
    return Entry(name, "unresolved", None)


def enumerate_surface(root: Path) -> dict[str, list[Entry]]:
    """Every namespace's public names, each resolved."""
    modules = _Modules(root)
    surface: dict[str, list[Entry]] = {}
    for namespace, path in sorted(namespace_files(root).items()):
        tree = modules.tree(path)
        if tree is None:
            continue
        surface[namespace] = [resolve(modules, path, name) for name in public_names(tree)]
    return surface


def status_of(qualified: str) -> tuple[str, list[str], str | None]:
    """What the models say of an API: its status, its contracts' kinds, its no-contract
    reason."""
    from jaxlsp.apis import SPECS, canonical

    name = canonical(qualified)
    spec = SPECS.get(name)
    if spec is None:
        return "unmodelled", [], None
    contracts = sorted(_contracted().get(name, ()))
    if spec.no_contract is not None and not contracts:
        reason = f"{spec.no_contract.why.value}: {spec.no_contract.reason}"
        return "no-contract", [], reason
    if contracts:
        return "contract", contracts, None
    if spec.output is not None:
        return "shape", [], None
    return "modelled", [], None


_CONTRACTED: dict[str, set[str]] = {}


def _contracted() -> dict[str, set[str]]:
    from jaxlsp.apis.contracts import contracted_apis

    if not _CONTRACTED:
        _CONTRACTED.update(contracted_apis())
    return _CONTRACTED


def report(surface: dict[str, list[Entry]], version: str) -> dict[str, Any]:
    namespaces: dict[str, Any] = {}
    for namespace, entries in surface.items():
        functions = []
        for entry in entries:
            if entry.kind != "function":
                continue
            status, contracts, reason = status_of(f"{namespace}.{entry.name}")
            item: dict[str, Any] = {"name": entry.name, "status": status}
            if entry.defined_at:
                item["definedAt"] = entry.defined_at
            if contracts:
                item["contracts"] = contracts
            if reason:
                item["noContract"] = reason
            functions.append(item)
        kinds = Counter(entry.kind for entry in entries)
        namespaces[namespace] = {
            "publicNames": len(entries),
            "kinds": dict(sorted(kinds.items())),
            "coverage": dict(sorted(Counter(f["status"] for f in functions).items())),
            "functions": functions,
        }
    return {"jax": version, "namespaces": namespaces}


def jax_version(root: Path) -> str:
    text = (root / "version.py").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("_version"):
            return line.split("=", 1)[1].strip().strip("\"'")
    return "unknown"


def summary(data: dict[str, Any]) -> str:
    statuses = ("contract", "shape", "no-contract", "modelled", "unmodelled")
    lines = [
        f"JAX {data['jax']}: public functions by namespace and what jaxlsp's models say",
        "",
        "| Namespace | Functions | " + " | ".join(statuses) + " |",
        "| --- | ---: | " + " | ".join("---:" for _ in statuses) + " |",
    ]
    total: Counter[str] = Counter()
    for namespace, item in data["namespaces"].items():
        coverage = item["coverage"]
        count = sum(coverage.values())
        if not count:
            continue
        total.update(coverage)
        cells = " | ".join(str(coverage.get(s, 0)) for s in statuses)
        lines.append(f"| {namespace} | {count} | {cells} |")
    cells = " | ".join(str(total.get(s, 0)) for s in statuses)
    lines.append(f"| **all** | {sum(total.values())} | {cells} |")
    return "\n".join(lines)


#: The namespaces docs/api-surface.md shows a row of (the command prints them all).
PAGE_NAMESPACES = (
    "jax",
    "jax.numpy",
    "jax.lax",
    "jax.random",
    "jax.nn",
    "jax.ops",
    "jax.scipy.special",
    "jax.sharding",
    "jax.tree_util",
)


def page_table(data: dict[str, Any]) -> str:
    """docs/api-surface.md's table: the main namespaces, then every namespace's total."""
    statuses = ("contract", "shape", "no-contract", "modelled", "unmodelled")
    lines = [
        f"On JAX {data['jax']}:",
        "",
        "| Namespace | Functions | " + " | ".join(statuses) + " |",
        "| --- | ---: | " + " | ".join("---:" for _ in statuses) + " |",
    ]
    total: Counter[str] = Counter()
    for item in data["namespaces"].values():
        total.update(item["coverage"])
    for namespace in PAGE_NAMESPACES:
        coverage = data["namespaces"][namespace]["coverage"]
        cells = " | ".join(str(coverage.get(s, 0)) for s in statuses)
        lines.append(f"| {namespace} | {sum(coverage.values())} | {cells} |")
    cells = " | ".join(str(total.get(s, 0)) for s in statuses)
    lines.append(
        f"| all namespaces (incl. scipy.*, experimental.*) | {sum(total.values())} | {cells} |"
    )
    return "\n".join(lines)


def dump(data: dict[str, Any]) -> str:
    """The report as JSON with one function a line (a diff shows which entry changed)."""
    lines = ["{", f' "jax": {json.dumps(data["jax"])},', ' "namespaces": {']
    namespaces = list(data["namespaces"].items())
    for index, (namespace, item) in enumerate(namespaces):
        head = {k: v for k, v in item.items() if k != "functions"}
        lines.append(f"  {json.dumps(namespace)}: {{")
        for key, value in head.items():
            lines.append(f"   {json.dumps(key)}: {json.dumps(value)},")
        functions = item["functions"]
        lines.append('   "functions": [')
        for position, function in enumerate(functions):
            comma = "," if position < len(functions) - 1 else ""
            lines.append(f"    {json.dumps(function, separators=(',', ':'))}{comma}")
        lines.append("   ]")
        lines.append("  }" + ("," if index < len(namespaces) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.api_surface", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare with the written file")
    parser.add_argument(
        "--readme", action="store_true", help="rewrite docs/api-surface.md's table from the file"
    )
    args = parser.parse_args(argv)
    if args.readme:
        written = json.loads(OUT.read_text(encoding="utf-8"))
        write_block("bench.api_surface", page_table(written), PAGE)
        return 0
    root = jax_root()
    if root is None:
        print("jax is not installed here (pip install -e '.[jax]')", file=sys.stderr)
        return 2
    data = report(enumerate_surface(root), jax_version(root))
    text = dump(data)
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python -m bench.api_surface", file=sys.stderr)
            return 1
    else:
        OUT.write_text(text, encoding="utf-8")
    print(summary(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
