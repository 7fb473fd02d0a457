"""bench.lazy_library's generated library has transformers' shape, and a file's analysis
reaches its own modules and the one configuration it takes through the lazy top package."""

from __future__ import annotations

from pathlib import Path

from bench.lazy_library import generate_library

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace


def test_a_modeling_module_reaches_the_configuration_it_names_not_every_model(
    tmp_path: Path,
) -> None:
    lines = generate_library(tmp_path, models=6, lines=60)
    assert lines > 6 * 60
    models = tmp_path / "lib" / "models"
    path = models / "m002" / "modeling_m002.py"
    analysis = Engine(workspace=Workspace([tmp_path])).analyze(path.read_text(), str(path))
    reached = {
        Path(key).relative_to(models).as_posix()
        for key in analysis.dependencies
        if key.startswith(str(models))
    }
    other = (2 * 7 + 3) % 6  # the configuration it takes through ``from ... import``
    assert f"m{other:03d}/configuration_m{other:03d}.py" in reached
    assert "m002/configuration_m002.py" in reached
    assert not {f"m{i:03d}/modeling_m{i:03d}.py" for i in range(6)} & reached
