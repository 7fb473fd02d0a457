"""Which JAX APIs real code calls most: counted over the real-code corpus's 28 libraries.

Reads the wheels ``python -m bench.realcode`` downloads (``.jaxlsp-cache/realcode``; they are
downloaded here if missing), parses every module with ``ast`` (never importing it), resolves
each call's callee through the module's imports (``import jax.numpy as jnp``, ``from jax import
lax``, ``from jax.numpy import zeros``) to a qualified name, canonicalised as jaxlsp's API
models spell it, and counts the calls of names under ``jax.``.  A decorator counts as a call of
what it names, and ``partial(jax.jit, ...)`` as a call of ``jax.jit``.  JAX's own package is
left out (its internals would swamp what users call).  Writes ``bench/api-usage.json`` (the
ranking, with which of them jaxlsp models, which carry argument contracts, which an output
shape rule, and which are marked as having no contract worth checking, with the reason) and
prints how many of the top are accounted for (a contract, a shape rule or the marker).

    python -m bench.api_usage [--top 100]
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.realcode import PACKAGES, REPO, download, unpack

if TYPE_CHECKING:
    from jaxlsp.apis.spec import ApiSpec

OUT = REPO / "bench" / "api-usage.json"
SCRATCH = REPO / ".jaxlsp-cache" / "realcode"
_PARTIALS = {"functools.partial", "partial"}


def _aliases(tree: ast.Module) -> dict[str, str]:
    """Local name → the qualified name it was imported as."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    found[alias.asname] = alias.name
                else:
                    found[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return found


def _qualified(node: ast.expr, aliases: dict[str, str]) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in aliases:
        return None
    return ".".join([aliases[node.id], *reversed(parts)])


def count_module(text: str, counts: Counter[str]) -> None:
    from jaxlsp.apis import canonical

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return
    aliases = _aliases(tree)

    def record(callee: ast.expr) -> None:
        name = _qualified(callee, aliases)
        if name is None:
            return
        if name in _PARTIALS:
            return
        if name.startswith("jax."):
            counts[canonical(name)] += 1

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _qualified(node.func, aliases)
            if name in _PARTIALS and node.args:
                record(node.args[0])
            else:
                record(node.func)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for decorator in node.decorator_list:
                if not isinstance(decorator, ast.Call):
                    record(decorator)


def count(scratch: Path = SCRATCH) -> tuple[Counter[str], int]:
    names = [name for name in PACKAGES if name != "jax"]
    wheels = download(scratch, names)
    counts: Counter[str] = Counter()
    files = 0
    for name, wheel in wheels.items():
        root = unpack(wheel, scratch / "src" / f"{name}-{PACKAGES[name]}")
        for path in sorted(root.rglob("*.py")):
            files += 1
            count_module(path.read_text(encoding="utf-8", errors="replace"), counts)
    return counts, files


def main(argv: list[str] | None = None) -> int:
    from jaxlsp.apis import SPECS
    from jaxlsp.apis.contracts import contracted_apis

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=100)
    args = parser.parse_args(argv)
    counts, files = count()
    contracted = contracted_apis()
    ranking: list[dict[str, Any]] = [
        {
            "api": name,
            "calls": calls,
            "modelled": name in SPECS,
            "contracts": sorted(contracted.get(name, ())),
            # an output rule: the result's shape and dtype, or the arguments' shapes it refuses
            "shapes": name in SPECS and SPECS[name].output is not None,
            "no_contract": _no_contract(SPECS.get(name)),
        }
        for name, calls in counts.most_common(args.top)
    ]
    payload = {
        "packages": {k: v for k, v in PACKAGES.items() if k != "jax"},
        "files": files,
        "top": ranking,
    }
    OUT.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    modelled = sum(item["modelled"] for item in ranking)
    with_contracts = sum(bool(item["contracts"]) for item in ranking)
    with_shapes = sum(item["shapes"] for item in ranking)
    checked = sum(bool(item["contracts"]) or item["shapes"] for item in ranking)
    marked = [item for item in ranking if item["no_contract"] is not None]
    left = [
        item["api"]
        for item in ranking
        if not (item["contracts"] or item["shapes"] or item["no_contract"])
    ]
    sys.stdout.write(
        f"{files} files; of the top {len(ranking)} JAX APIs, {modelled} are modelled, "
        f"{with_contracts} carry argument contracts, {with_shapes} output shape rules, "
        f"{checked} one or the other, {len(marked)} are marked as having no contract worth "
        f"checking; {len(ranking) - len(left)} of {len(ranking)} accounted for; wrote "
        f"{OUT.relative_to(REPO)}\n"
    )
    for item in marked:
        sys.stdout.write(f"  no contract: {item['api']} ({item['no_contract']})\n")
    for name in left:
        sys.stdout.write(f"  not accounted for: {name}\n")
    return 0


def _no_contract(spec: ApiSpec | None) -> str | None:
    """The marker's reason, for an API marked as having no contract worth checking."""
    if spec is None or spec.no_contract is None:
        return None
    return f"{spec.no_contract.why.value}: {spec.no_contract.reason}"


if __name__ == "__main__":
    raise SystemExit(main())
