"""``jax-import-name-missing`` and ``jax-module-missing`` findings: the flagged ``from jax.x
import name`` run on the pinned JAX, in a venv of the package's own (never jaxlsp's
interpreter).

    python jax_removed_import.py SRC PATH:LINE ...     (SRC: the unpacked wheel)

(``import jax.x`` too: the module it names must be the one missing.)

For each finding the module is imported as its users import it (``importlib``, SRC first on
the path), in a fresh subprocess, and the innermost frame of the traceback in the flagged
file is read: ImportError ``cannot import name '<name>'`` (or, for a module JAX does not
have, ModuleNotFoundError ``No module named '<jax.x>'``) at the import statement's line is
true.  Where the import stops earlier (a parent package's ``__init__`` fails first, often on
the same kind of import), the module is imported again with its parent packages stubbed (their
``__init__`` code left out, their folders kept, so relative imports still work).  Where that
too stops earlier (a dependency not installed), the import statement at PATH:LINE is run alone:
it must raise ImportError naming the flagged name.  One line per finding, ending with the
verdict and how it was reached.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import importlib, json, os, sys, traceback, types
sys.path.insert(0, sys.argv[1])
if sys.argv[3] == "isolated":
    parts = sys.argv[2].split(".")
    for i in range(1, len(parts)):
        name = ".".join(parts[:i])
        stub = types.ModuleType(name)
        stub.__path__ = [os.path.join(sys.argv[1], *parts[:i])]
        sys.modules[name] = stub
try:
    importlib.import_module(sys.argv[2])
    print(json.dumps({"raised": False}))
except BaseException as error:
    frames = [(f.filename, f.lineno) for f in traceback.extract_tb(error.__traceback__)]
    print(json.dumps({
        "raised": True, "class": type(error).__name__, "message": str(error)[:300],
        "frames": frames,
    }))
"""


def statement_at(path: Path, line: int) -> ast.ImportFrom | ast.Import:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.ImportFrom, ast.Import)) and node.lineno <= line <= (
            node.end_lineno or 0
        ):
            return node
    raise SystemExit(f"no import at {path}:{line}")


def probe(src: Path, module: str, mode: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(src), module, mode],
        capture_output=True,
        text=True,
        check=False,
        env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"},
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def judge(src: Path, item: str) -> str:
    relative, _, line_text = item.rpartition(":")
    line = int(line_text)
    path = src / relative
    node = statement_at(path, line)
    names = [a.name for a in node.names if a.lineno <= line <= (a.end_lineno or a.lineno)]
    # a module JAX does not have: ModuleNotFoundError names it (only it: not a name of it);
    # ``import jax.x`` names the module itself (its alias on the flagged line)
    flagged = node.module if isinstance(node, ast.ImportFrom) else (names or ["?"])[0]
    missing = f"No module named '{flagged}'"
    module = relative.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    stopped = ""
    for mode in ("whole", "isolated"):
        result = probe(src, module, mode)
        frames = result.get("frames") or []
        here = [number for name, number in frames if name == str(path)]  # type: ignore[misc]
        message = str(result.get("message", ""))
        if (
            result["raised"]
            and here
            and here[-1] == node.lineno
            and (
                (result["class"] == "ImportError" and any(f"'{n}'" in message for n in names))
                or (result["class"] == "ModuleNotFoundError" and missing in message)
            )
        ):
            how = "importing" if mode == "whole" else "importing (parents' __init__ left out)"
            raised = f"raises {result['class']} at line {node.lineno}: {message[:100]}"
            return f"verdict: true: {how} {module} {raised}"
        if result["raised"] and not stopped:
            stopped = f"{result['class']} at {frames[-1] if frames else '?'}: {message[:100]}"
    try:
        exec(compile(ast.Module([node], []), str(path), "exec"), {})
    except ImportError as error:
        if (isinstance(error, ModuleNotFoundError) and missing in str(error)) or (
            not isinstance(error, ModuleNotFoundError)
            and any(f"'{name}'" in str(error) for name in names)
        ):
            alone = f"the statement alone raises {error}"
            return f"verdict: true: {alone}; importing stops earlier: {stopped}"
        return f"verdict: false: the statement raises for another name: {error}"
    return f"verdict: false: the statement runs; importing: {stopped or 'no error'}"


def main(src: Path, items: list[str]) -> None:
    for item in items:
        print(f"{item}: {judge(src.resolve(), item)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
