"""Run many reproducers in one process and write what each one raised as JSON.

Importing JAX costs seconds; doing it once for the whole corpus (instead of once per reproducer)
keeps the run well inside a minute on two cores.  Usage:

    python tests/reproducers/_harness.py OUT.json REPRODUCER.py [REPRODUCER.py ...]
    python tests/reproducers/_harness.py --resolve NAMES.json OUT.json

For every reproducer, OUT.json maps its path (as given) to ``{"raised": bool, "class",
"message", "traceback", "raiseSite", "seconds"}``.  ``traceback`` is the full traceback text
(JAX's filtering is off); ``raiseSite`` is its innermost frame inside the ``jax`` package, as
``[path relative to site-packages, line]``: where JAX raised the error.
The harness itself never fails because a reproducer misbehaves: every outcome is data.

``--resolve`` reads a JSON list of qualified names (``jax.lax.scan``) and writes the ones that
do not exist in the installed JAX, so record examples are checked against the real API.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import sys
import time
import traceback
from pathlib import Path
from typing import Any

#: Eight CPU devices, so shard_map and mesh reproducers have a mesh to work with.
CPU_ENVIRONMENT = {
    "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
    "JAX_PLATFORMS": "cpu",
    # Keep JAX's internal frames: they say where JAX raised (checked against each record's
    # filePath and lineNumber) and the traceback reads like one pasted with filtering off.
    "JAX_TRACEBACK_FILTERING": "off",
}


def run_reproducer(path: str) -> dict[str, Any]:
    """Run one reproducer as ``__main__`` and describe the exception it raised, if any.

    Its folder (and its ``src/``, if any) is on ``sys.path`` while it runs, as for ``python
    path``, so a program of several modules imports its siblings; the modules imported from there are forgotten afterwards, so
    the next program's ``ops`` is its own.
    """
    folder = str(Path(path).resolve().parent)
    # a project with a src/ layout imports its package from there, as once installed
    roots = [folder, *([str(Path(folder) / "src")] if (Path(folder) / "src").is_dir() else [])]
    sys.path[:0] = roots
    options = _config_options()
    try:
        return _run(path)
    finally:
        for root in roots:
            sys.path.remove(root)
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith(folder + os.sep):
                del sys.modules[name]
        _restore_config(options)


def _config_options() -> dict[str, Any] | None:
    """``jax.config``'s options as they are (None when JAX is not imported)."""
    jax = sys.modules.get("jax")
    return dict(jax.config.values) if jax is not None else None


def _restore_config(options: dict[str, Any] | None) -> None:
    """Put back the options a program changed (``jax_enable_x64``, ``jax_debug_nans``...), so
    it does not change the outcome of the programs run after it in this process."""
    jax = sys.modules.get("jax")
    if options is None or jax is None:
        return
    for name, value in options.items():
        if jax.config.values.get(name) != value:
            jax.config.update(name, value)


def _run(path: str) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as exit_:
        # Not an error JAX raised; report it rather than let it end the whole run.
        return {"raised": False, "exitCode": str(exit_.code), "seconds": _since(started)}
    except Exception as error:
        return {
            "raised": True,
            "class": type(error).__name__,
            "module": type(error).__module__,
            "message": str(error),
            "traceback": "".join(traceback.format_exception(error)),
            "raiseSite": _raise_site(error),
            "seconds": _since(started),
        }
    return {"raised": False, "seconds": _since(started)}


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 3)


def _raise_site(error: BaseException) -> list[Any] | None:
    """The innermost frame inside the ``jax`` package: where JAX raised the error."""
    site = None
    for frame, line in traceback.walk_tb(error.__traceback__):
        filename = frame.f_code.co_filename.replace("\\", "/")
        marker = filename.rfind("/jax/")
        if marker != -1:
            site = [filename[marker + 1 :], line]
    return site


def resolves(qualified_name: str) -> bool:
    """Whether ``a.b.c`` names something: the longest importable module, then attributes."""
    parts = qualified_name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


def main(argv: list[str]) -> int:
    if len(argv) < 3 or (argv[1] == "--resolve" and len(argv) != 4):
        print(__doc__, file=sys.stderr)
        return 2
    for name, value in CPU_ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    import jax  # once, before any reproducer, so its import time is not charged to the first

    del jax
    if argv[1] == "--resolve":
        names = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        missing = sorted(name for name in names if not resolves(name))
        Path(argv[3]).write_text(json.dumps(missing), encoding="utf-8")
        return 0
    results = {path: run_reproducer(path) for path in argv[2:]}
    Path(argv[1]).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
