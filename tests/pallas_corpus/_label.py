"""Labels the Pallas corpus (and the TPU reproducers) by running every program on the JAX at
hand, and writes what each raised as JSON with the JAX version and the chip it ran on.

    python tests/pallas_corpus/_label.py --out labels.json              # CPU, interpret mode
    python tests/pallas_corpus/_label.py --tpu --out labels-tpu.json    # a TPU: interpret=False

The programs run in one child process (JAX imported once); a program that crashes or hangs
the child is recorded as such, and a fresh child carries on with the next one.  With
``--tpu`` each program is run from a copy in which ``interpret=True`` reads
``interpret=False``, so Pallas compiles it for the chip.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PER_PROGRAM_SECONDS = 150
#: How a one-core TensorCore mesh is spelled on the pinned JAX, and on releases that lack
#: ``pltpu.TensorCoreMesh(...)`` (jax 0.10.2, on the TPU machine).
OLD_MESH = (
    'pltpu.TensorCoreMesh(axis_name="core", num_cores=1)',
    'pltpu.create_tensorcore_mesh("core")',
)
#: Interpret modes a program may ask for, each turned off for a TPU run.
INTERPRET_MODES = ("interpret=True", "interpret=pltpu.InterpretParams()")
#: Positives of these kinds are never run on a TPU: a block read or written past its array
#: is a DMA out of bounds, which can halt the chip (a runtime bounds check, not an
#: exception).  Their TPU entry says so; the CPU label comes from the TPU interpret mode.
HALTS_THE_CHIP = {
    "pallas-tpu-grid-out-of-bounds": "not run on a TPU: a grid that runs past the array makes "
    "the TPU's DMA read or write out of bounds, which can halt the chip",
}


def programs(roots: list[Path]) -> list[Path]:
    """Entry files: each ``*.py`` in a rule folder, each project's ``main.py``, each file given."""
    found: list[Path] = []
    for root in roots:
        if root.is_file():
            found.append(root)
            continue
        for path in sorted(root.rglob("*.py")):
            if path.name.startswith("_") or "__pycache__" in path.parts:
                continue
            if "projects" in path.parts and path.name != "main.py":
                continue
            found.append(path)
    return found


def _child(listing: Path, start: int, out: Path) -> None:
    """Runs programs from ``start`` on, appending one JSON line per program to ``out``."""
    import jax
    from jax.experimental.pallas import tpu as pltpu

    entries = json.loads(listing.read_text(encoding="utf-8"))
    device = jax.devices()[0]
    chip = f"{device.platform}:{getattr(device, 'device_kind', '?')}"

    def on_alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"over {PER_PROGRAM_SECONDS} s")

    signal.signal(signal.SIGALRM, on_alarm)
    for index in range(start, len(entries)):
        name, path = entries[index]
        source = Path(path).read_text(encoding="utf-8")
        if not hasattr(pltpu, "TensorCoreMesh"):  # releases before TensorCoreMesh(...) spelling
            source = source.replace(OLD_MESH[0], OLD_MESH[1])
        folder = str(Path(path).parent)
        sys.path.insert(0, folder)
        before = set(sys.modules)
        outcome: dict[str, Any] = {"name": name, "jax": jax.__version__, "chip": chip}
        started = time.monotonic()
        signal.alarm(PER_PROGRAM_SECONDS)
        try:
            code = compile(source, path, "exec")
            exec(code, {"__name__": "__main__", "__file__": path})
            outcome.update(raised=False)
        except BaseException as error:
            lines = str(error).strip().splitlines()
            outcome.update(
                raised=True,
                error_class=type(error).__name__,
                message=lines[0][:400] if lines else "",
                message_tail=" | ".join(lines[1:6])[:800],
                innermost=traceback.extract_tb(error.__traceback__)[-1].filename
                if error.__traceback__
                else "",
            )
        finally:
            signal.alarm(0)
            sys.path.remove(folder)
            for module in set(sys.modules) - before:
                if not module.startswith(("jax", "jaxlib", "numpy", "ml_dtypes")):
                    del sys.modules[module]
            jax.config.update("jax_enable_x64", False)
        outcome["seconds"] = round(time.monotonic() - started, 1)
        with out.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(outcome) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tpu", action="store_true")
    parser.add_argument("--child", nargs=3)
    parser.add_argument("roots", nargs="*", type=Path)
    args = parser.parse_args()
    if args.child:
        _child(Path(args.child[0]), int(args.child[1]), Path(args.child[2]))
        return
    roots = [root.resolve() for root in (args.roots or [HERE])]
    scratch = Path(tempfile.mkdtemp(prefix="pallas-label-"))
    base = Path(os.path.commonpath([str(r if r.is_dir() else r.parent) for r in roots]))
    entries = []
    skipped: list[dict[str, Any]] = []
    for path in programs(roots):
        name = path.relative_to(base).as_posix()
        run_path = path
        halts = HALTS_THE_CHIP.get(path.parent.name)
        if args.tpu and halts and "label=positive" in path.read_text(encoding="utf-8")[:200]:
            skipped.append({"name": name, "raised": None, "not_run": halts})
            continue
        if args.tpu:
            # copy the program's folder, with interpret=True turned off in every module
            copy_root = scratch / name.replace("/", "__")
            folder = path.parent
            shutil.copytree(folder, copy_root, ignore=shutil.ignore_patterns("__pycache__"))
            for module in copy_root.rglob("*.py"):
                text = module.read_text(encoding="utf-8")
                for mode in INTERPRET_MODES:
                    text = text.replace(mode, "interpret=False")
                module.write_text(text, "utf-8")
            run_path = copy_root / path.name
        entries.append([name, str(run_path)])
    listing = scratch / "listing.json"
    listing.write_text(json.dumps(entries), encoding="utf-8")
    lines = scratch / "outcomes.jsonl"
    lines.touch()
    env = {**os.environ, "JAX_TRACEBACK_FILTERING": "off"}
    if not args.tpu:
        env.update(JAX_PLATFORMS="cpu", XLA_FLAGS="--xla_force_host_platform_device_count=8")
    done = 0
    while done < len(entries):
        child = [sys.executable, __file__, "--out", str(args.out)]
        child += ["--child", str(listing), str(done), str(lines)]
        try:
            subprocess.run(child, env=env, timeout=PER_PROGRAM_SECONDS * 2 + 60, check=False)
        except subprocess.TimeoutExpired:
            pass
        finished = len(lines.read_text(encoding="utf-8").splitlines())
        if finished == done:  # the child died or hung on this program
            name = entries[done][0]
            with lines.open("a", encoding="utf-8") as stream:
                stream.write(
                    json.dumps(
                        {
                            "name": name,
                            "raised": True,
                            "error_class": "crashed",
                            "message": "the program killed or hung its process",
                        }
                    )
                    + "\n"
                )
            finished += 1
        done = finished
    results = [json.loads(line) for line in lines.read_text(encoding="utf-8").splitlines()]
    results += skipped
    for result in results:  # what is stored names no folder of the machine it ran on
        result.pop("innermost", None)
        result.pop("seconds", None)
        for key in ("message", "message_tail"):
            if key in result:
                result[key] = re.sub(r"/[^\s:]*/([^/\s:]+\.py)", r"\1", result[key])
    args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for result in results:
        outcome = (
            f"{result.get('error_class')}: {result.get('message', '')[:150]}"
            if result["raised"]
            else result.get("not_run", "ok")
        )
        print(f"{result['name']}: {outcome}")


if __name__ == "__main__":
    main()
