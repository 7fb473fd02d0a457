"""Labels the Pallas corpus's GPU programs (the folders of ``GPU_RULES``) by lowering every
``pallas_call`` for CUDA on the CPU with the pinned JAX (``tests/_gpu_lowering.py``: an abstract
CUDA device, Triton's lowering run in Python, interpret mode dropped), and writes what each
raised as JSON.

    JAX_PLATFORMS=cpu python tests/pallas_corpus/_label_gpu.py --out labels/gpu-lowered-jax-0.12.0.1.json
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests._gpu_lowering import GPU_RULES, lowered_for_a_gpu


def label(path: Path) -> dict[str, Any]:
    """What lowering ``path``'s kernels for CUDA raised."""
    import jax

    name = path.relative_to(HERE).as_posix()
    entry: dict[str, Any] = {"name": name, "jax": jax.__version__, "chip": "cuda:abstract"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Triton backend's deprecation warning
        try:
            exec(compile(lowered_for_a_gpu(path.read_text("utf-8")), str(path), "exec"), {})
            entry["raised"] = False
        except Exception as error:  # what the lowering raised is the label
            entry.update(raised=True, error_class=type(error).__name__, message=str(error)[:300])
    return entry


def programs() -> list[Path]:
    return sorted(p for rule in sorted(GPU_RULES) for p in (HERE / rule).glob("*.py"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    entries = [label(path) for path in programs()]
    args.out.write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
    for entry in entries:
        print(entry["name"], entry["raised"], entry.get("message", "")[:80])


if __name__ == "__main__":
    main()
