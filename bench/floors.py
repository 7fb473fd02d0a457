"""In-process floors: what parsing alone costs, whatever server wraps it.

``ast.parse``, ``libcst.parse_module``, and libcst's metadata resolution with the providers jaxlsp
itself uses (found by reading jaxlsp's source for ``libcst.metadata`` provider names, so the floor
follows the engine as it changes). Also the import cost of ``lsprotocol.types`` and ``libcst``,
which every pygls + libcst server pays at startup.

Run in a fresh interpreter (``python -m bench.floors FILE...``): it prints one JSON object, so
the runner's own imports do not pollute the numbers.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

SERVER_SOURCE = Path(__file__).resolve().parent.parent / "server" / "jaxlsp"
# Used when jaxlsp names no provider (yet): what a qualified-name analysis needs.
DEFAULT_PROVIDERS = ("PositionProvider", "QualifiedNameProvider", "ScopeProvider")
_PROVIDER_NAME = re.compile(r"\b([A-Z]\w*Provider)\b")


def providers_used_by_jaxlsp(source_root: Path = SERVER_SOURCE) -> list[str]:
    """Names of libcst metadata providers that jaxlsp's source mentions."""
    import libcst.metadata as metadata

    found: set[str] = set()
    for path in source_root.rglob("*.py"):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "libcst" not in text:
            continue
        for name in _PROVIDER_NAME.findall(text):
            if isinstance(getattr(metadata, name, None), type):
                found.add(name)
    return sorted(found) or list(DEFAULT_PROVIDERS)


def _import_seconds(module: str) -> float:
    """Cost of importing ``module`` (and what it pulls in) into this interpreter."""
    started = time.perf_counter()
    importlib.import_module(module)
    return time.perf_counter() - started


def _median_seconds(action: Any, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def measure(paths: list[Path], repeat: int, metadata_repeat: int) -> dict[str, Any]:
    """Median seconds per file for each floor."""
    result: dict[str, Any] = {
        "import_lsprotocol_types_s": _import_seconds("lsprotocol.types"),
        "import_libcst_s": _import_seconds("libcst"),
    }
    import libcst
    import libcst.metadata as metadata

    names = providers_used_by_jaxlsp()
    providers = [getattr(metadata, name) for name in names]
    result["providers"] = names
    files: dict[str, Any] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        module = libcst.parse_module(text)

        def resolve(module: libcst.Module = module) -> None:
            metadata.MetadataWrapper(module).resolve_many(providers)

        files[path.name] = {
            "lines": text.count("\n"),
            "ast_parse_s": _median_seconds(lambda text=text: ast.parse(text), repeat),
            "libcst_parse_s": _median_seconds(lambda text=text: libcst.parse_module(text), repeat),
            "libcst_metadata_s": _median_seconds(resolve, metadata_repeat),
        }
    result["files"] = files
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description="Measure parse floors; prints JSON.")
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--metadata-repeat", type=int, default=1)
    args = parser.parse_args()
    json.dump(measure(args.files, args.repeat, args.metadata_repeat), sys.stdout)


if __name__ == "__main__":
    main()
