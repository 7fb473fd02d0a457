"""bench.check_budget: the generated keras-shaped library has keras's eager ``__init__``
files, and a check's numbers are read and judged as the budget says (no timing is asserted
here: the budgets are the benchmark's)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bench.check_budget import BudgetResult, check_tree, generate_eager
from bench.lazy_library import CPU_S_PER_KLINE_LIMIT, RSS_MB_LIMIT, generate_library

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace


def _reached(root: Path, path: Path) -> set[str]:
    analysis = Engine(workspace=Workspace([root])).analyze(path.read_text(), str(path))
    return {Path(key).relative_to(root).as_posix() for key in analysis.dependencies}


def test_the_eager_library_has_keras_layout(tmp_path: Path) -> None:
    """A layer module reaches the layer module and the operations it takes, and (as Python
    runs them) the package ``__init__`` files above them, which import every layer package."""
    generate_eager(tmp_path, packages=6, lines=60)
    reached = _reached(tmp_path, tmp_path / "elib" / "src" / "layers_002" / "layer_002.py")
    other = (2 * 7 + 3) % 6
    assert f"elib/src/layers_{other:03d}/layer_{other:03d}.py" in reached
    assert {"elib/src/ops/__init__.py", "elib/src/ops/core.py", "elib/src/__init__.py"} <= reached
    assert {f"elib/src/layers_{i:03d}/__init__.py" for i in range(6)} <= reached


def test_a_check_of_a_small_generated_library_is_measured_and_judged(tmp_path: Path) -> None:
    lines = generate_library(tmp_path, models=3, lines=60)
    findings = tmp_path / "findings.json"
    result = check_tree("small", tmp_path / "lib", findings, timeout_s=600)
    assert result.exit_code in (0, 1)
    assert result.lines == lines
    assert result.files == sum(1 for _ in (tmp_path / "lib").rglob("*.py"))
    assert result.cpu_s > 0 and result.max_rss_mb > 0
    assert findings.is_file()
    over_cpu = dataclasses.replace(result, cpu_s=2 * CPU_S_PER_KLINE_LIMIT * lines / 1000)
    assert not over_cpu.within_budget
    assert not dataclasses.replace(result, max_rss_mb=RSS_MB_LIMIT + 1).within_budget
    within = dataclasses.replace(result, cpu_s=0.5 * CPU_S_PER_KLINE_LIMIT * lines / 1000)
    assert dataclasses.replace(within, max_rss_mb=RSS_MB_LIMIT - 1).within_budget
    assert not dataclasses.replace(within, max_rss_mb=1, exit_code=-9).within_budget
    assert isinstance(result, BudgetResult)
