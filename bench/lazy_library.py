"""``jaxlsp check`` of a generated library laid out like transformers: lazy-import packages.

    python -m bench.lazy_library --models 60 --lines 400

The library (``lib/``) has transformers' shape: a top package whose ``__init__.py`` replaces
itself in ``sys.modules`` with a ``_LazyModule`` and lists its names for a type checker
(``if TYPE_CHECKING: from .models import *``); a ``models`` package of the same kind importing
``*`` from every model package; each model package (``models/mNNN``) lazy as well, over its
configuration and modeling modules; a plain ``utils`` package and ``modeling_utils`` module that
every modeling module imports; and each modeling module (``bench.generate``'s model code) takes
another model's configuration through the top package (``from ... import ConfigM003``), as
transformers' models do.  Following those ``__init__.py`` files as code reaches every module of
the library from every file.

The whole tree is checked as ``jaxlsp check --jobs 2 --no-cache``, a fresh process, and timed
by CPU (the process and its workers) and by the largest resident set of any of them.  Budgets
(issue 30): at most 1 CPU-s per 1,000 lines checked and 1 GB per process.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from bench.generate import generate

#: Budgets: CPU seconds per 1,000 lines checked, and the largest process's resident set.
CPU_S_PER_KLINE_LIMIT = 1.0
RSS_MB_LIMIT = 1024.0
JOBS = 2

LAZY_INIT = '''"""{doc}"""

from typing import TYPE_CHECKING

from {up}utils import _LazyModule

if TYPE_CHECKING:
{imports}
else:
    import sys

    _file = globals()["__file__"]
    sys.modules[__name__] = _LazyModule(__name__, _file, {{}})
'''

UTILS_INIT = '''"""Plain helpers every modeling module imports."""

from .generic import ModelOutput, add_docstring
from .import_utils import _LazyModule, is_flax_available
'''

GENERIC = '''"""Outputs and docstrings."""

import functools


class ModelOutput(dict):
    def __getattr__(self, name):
        return self[name]


def add_docstring(text):
    def wrap(function):
        function.__doc__ = text
        return function

    return wrap


@functools.lru_cache
def cached_width(width):
    return width * 2
'''

IMPORT_UTILS = '''"""What the lazy packages install in sys.modules."""

import importlib


def is_flax_available():
    return importlib.util.find_spec("flax") is not None


class _LazyModule:
    def __init__(self, name, file, structure):
        self.name = name
        self.structure = structure

    def __getattr__(self, name):
        module = importlib.import_module("." + self.structure[name], self.name)
        return getattr(module, name)
'''

MODELING_UTILS = '''"""The base class of every model."""

import jax
import jax.numpy as jnp

from .utils import ModelOutput, add_docstring


class PreTrainedModel:
    config_class = None

    def __init__(self, config, dtype=jnp.float32):
        self.config = config
        self.dtype = dtype

    @add_docstring("Apply the model.")
    def __call__(self, params, x):
        return ModelOutput(logits=jax.jit(self.apply)(params, x))

    def apply(self, params, x):
        return x
'''

CONFIG = '''"""Configuration of model {index}."""


class ConfigM{index:03d}:
    model_type = "m{index:03d}"

    def __init__(self, hidden_size={width}, layers=2):
        self.hidden_size = hidden_size
        self.layers = layers


__all__ = ["ConfigM{index:03d}"]
'''

MODELING_HEAD = """from ...modeling_utils import PreTrainedModel
from ...utils import ModelOutput, add_docstring
from ... import ConfigM{other:03d}
from .configuration_m{index:03d} import ConfigM{index:03d}

"""

MODELING_TAIL = """

class ModelM{index:03d}(PreTrainedModel):
    config_class = ConfigM{index:03d}
    other_config_class = ConfigM{other:03d}

    def apply(self, params, x):
        return ModelOutput(hidden=x * self.config.hidden_size)


__all__ = ["ModelM{index:03d}"]
"""


@dataclass
class LazyLibraryResult:
    models: int
    files: int
    lines: int
    wall_s: float
    cpu_s: float
    cpu_s_per_kline: float
    max_rss_mb: float

    @property
    def ok(self) -> bool:
        return self.cpu_s_per_kline <= CPU_S_PER_KLINE_LIMIT and self.max_rss_mb <= RSS_MB_LIMIT


def generate_library(root: Path, models: int = 60, lines: int = 400, seed: int = 0) -> int:
    """Write the library under ``root/lib``; returns its line count."""
    lib = root / "lib"
    files: dict[Path, str] = {
        lib / "__init__.py": LAZY_INIT.format(
            doc="The library: its names load on first use.",
            up=".",
            imports="    from .modeling_utils import PreTrainedModel\n"
            "    from .utils import ModelOutput, add_docstring\n"
            "    from .models import *",
        ),
        lib / "utils" / "__init__.py": UTILS_INIT,
        lib / "utils" / "generic.py": GENERIC,
        lib / "utils" / "import_utils.py": IMPORT_UTILS,
        lib / "modeling_utils.py": MODELING_UTILS,
        lib / "models" / "__init__.py": LAZY_INIT.format(
            doc="Every model package.",
            up="..",
            imports="\n".join(f"    from .m{i:03d} import *" for i in range(models)),
        ),
    }
    for index in range(models):
        package = lib / "models" / f"m{index:03d}"
        other = (index * 7 + 3) % models
        files[package / "__init__.py"] = LAZY_INIT.format(
            doc=f"Model {index}.",
            up="...",
            imports=f"    from .configuration_m{index:03d} import *\n"
            f"    from .modeling_m{index:03d} import *",
        )
        files[package / f"configuration_m{index:03d}.py"] = CONFIG.format(
            index=index, width=64 * (1 + index % 4)
        )
        body = generate(lines, seed=seed * 1000 + index)
        files[package / f"modeling_m{index:03d}.py"] = (
            MODELING_HEAD.format(index=index, other=other)
            + body
            + MODELING_TAIL.format(index=index, other=other)
        )
    total = 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        total += text.count("\n")
    return total


def measure(root: Path, lines: int, models: int) -> LazyLibraryResult:
    """Check ``root/lib`` in a fresh ``jaxlsp check`` process; its and its workers' CPU and
    largest resident set (this process's children's, taken before and after)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-m", "jaxlsp", "check", "--jobs", str(JOBS), "--no-cache", "lib"]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise RuntimeError(f"jaxlsp check failed ({done.returncode}): {done.stderr[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    files = sum(1 for _ in (root / "lib").rglob("*.py"))
    return LazyLibraryResult(
        models=models,
        files=files,
        lines=lines,
        wall_s=wall,
        cpu_s=cpu,
        cpu_s_per_kline=cpu / (lines / 1000),
        max_rss_mb=after.ru_maxrss / 1024,  # Linux: KiB, the largest child's
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", type=int, default=60)
    parser.add_argument("--lines", type=int, default=400, help="lines per modeling module")
    parser.add_argument("--keep", type=Path, help="write the library here and keep it")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = args.keep or Path(scratch)
        total = generate_library(root, args.models, args.lines)
        result = measure(root, total, args.models)
    if args.json:
        print(json.dumps({**asdict(result), "ok": result.ok}, indent=2))
        return
    print(
        f"jaxlsp check --jobs {JOBS} of {result.files} files ({result.lines:,} lines, "
        f"{result.models} lazy model packages): {result.cpu_s:.1f} CPU-s = "
        f"{result.cpu_s_per_kline:.2f} CPU-s per 1,000 lines (budget <= "
        f"{CPU_S_PER_KLINE_LIMIT:g}), largest process {result.max_rss_mb:.0f} MB (budget <= "
        f"{RSS_MB_LIMIT:g}), {result.wall_s:.1f} s wall"
    )


if __name__ == "__main__":
    main()
