"""``jax-module-missing``: ``import jax.x`` or ``from jax.x import name`` where the pinned JAX has
no module ``jax.x`` raises ModuleNotFoundError; each case with its close negative (the labels:
the corpus programs and the rule's examples, run on JAX; the messages below were read on jax
0.12.0.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.apis.module_paths import MODULE_PATHS
from jaxlsp.explain import Explainer
from jaxlsp.findings import Finding
from jaxlsp.records.load import load_records
from jaxlsp.rules import jax_module_attribute_missing as attribute_rule
from jaxlsp.rules.jax_module_missing import missing_module
from tests._engine import fresh_engine

CODE = "jax-module-missing"


@pytest.fixture(autouse=True)
def _the_pinned_jax(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule is silent beside an older JAX; these cases are about the pinned one."""
    monkeypatch.setattr(attribute_rule, "installed_jax_version", lambda: None)
    attribute_rule.older_jax_installed.cache_clear()
    yield
    attribute_rule.older_jax_installed.cache_clear()


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "old_code.py"
    path.write_text(program, encoding="utf-8")
    analysis = fresh_engine().analyze(program, str(path))
    return [finding for finding in analysis.findings if finding.code == CODE]


def _lines(tmp_path: Path, program: str) -> list[tuple[int, int]]:
    """(0-based line, column) of each finding."""
    return [(f.span.start.line, f.span.start.column) for f in _found(tmp_path, program)]


def test_the_data_holds_the_modules_and_packages_of_the_pinned_jax() -> None:
    for module in ("jax", "jax.numpy", "jax.numpy.linalg", "jax.experimental.pallas"):
        assert module in MODULE_PATHS
    # a package whose own import needs TensorFlow still lists its modules (read from files)
    assert "jax.experimental.jax2tf.call_tf" in MODULE_PATHS
    for removed in ("jax.config", "jax.experimental.maps", "jax.util", "jax.lib.xla_bridge"):
        assert removed not in MODULE_PATHS
    assert not any(part.startswith("_") for m in MODULE_PATHS for part in m.split(".")[1:])


@pytest.mark.parametrize(
    ("module", "missing"),
    [
        ("jax.config", "jax.config"),
        ("jax.experimental.maps", "jax.experimental.maps"),
        ("jax.experimental.maps.thread_resources", "jax.experimental.maps"),
        ("jax.random.keys", "jax.random.keys"),  # a plain module has no submodule
        ("jax.numpy.linalg", None),
        ("jax._src.core", None),  # private: not data
        ("jaxlib.xla_client", None),
        ("jax_plugins.cuda", None),
    ],
)
def test_the_first_missing_prefix(module: str, missing: str | None) -> None:
    assert missing_module(module) == missing


def test_each_form_of_import_is_found(tmp_path: Path) -> None:
    program = (
        "from jax.config import config\n"
        "import jax.experimental.maps\n"
        "import jax.util as util\n"
        "import os, jax.experimental.host_callback as hcb\n"
        "from jax.lib.xla_bridge import get_backend\n"
    )
    assert _lines(tmp_path, program) == [(0, 0), (1, 7), (2, 7), (3, 11), (4, 0)]
    found = _found(tmp_path, "from jax.config import config\nconfig.update('x', 1)\n")
    assert "`from jax import config`" in found[0].message
    assert found[0].related[0].message == "`config` is used here"


@pytest.mark.parametrize(
    "program",
    [
        "import jax.numpy as jnp\n",
        "import jax.numpy.linalg\n",
        "from jax.experimental import maps\n",  # jax-import-name-missing's: an ImportError
        "from jax import config\n",
        "from jax.experimental.shard_map import shard_map\n",
        "import jax._src.core\n",
        "from jax._src.lib import xla_client\n",
        "from .jax.config import config\n",  # a package's own module
        "from . import config\n",
        "import jaxlib.xla_extension\n",
    ],
)
def test_modules_the_pinned_jax_has_and_modules_not_its(tmp_path: Path, program: str) -> None:
    assert _lines(tmp_path, program) == []


@pytest.mark.parametrize(
    "handler",
    ["ModuleNotFoundError", "ImportError", "Exception", "(KeyError, ImportError)", "compat.Gone"],
)
def test_a_handler_that_may_catch_it(tmp_path: Path, handler: str) -> None:
    program = f"try:\n    from jax.config import config\nexcept {handler}:\n    config = None\n"
    assert _lines(tmp_path, program) == []


@pytest.mark.parametrize("handler", ["AttributeError", "KeyError", "ValueError"])
def test_a_handler_that_cannot_catch_it(tmp_path: Path, handler: str) -> None:
    program = f"try:\n    import jax.experimental.maps\nexcept {handler}:\n    pass\n"
    found = _found(tmp_path, program)
    assert [(f.span.start.line, f.span.start.column) for f in found] == [(1, 11)]
    assert f"`except {handler}` does not catch" in found[0].related[0].message


def test_a_bare_except_and_a_fallback_in_the_handler(tmp_path: Path) -> None:
    program = "try:\n    from jax.config import config\nexcept:\n    config = None\n"
    assert _lines(tmp_path, program) == []
    fallback = (
        "try:\n    from jax import config\nexcept ImportError:\n    from jax.config import config\n"
    )
    assert _lines(tmp_path, fallback) == []


@pytest.mark.parametrize(
    "test",
    ["jax.__version_info__ < (0, 4, 31)", 'hasattr(jax, "experimental")', "TYPE_CHECKING"],
)
def test_a_branch_that_asks_first(tmp_path: Path, test: str) -> None:
    program = f"import jax\nif {test}:\n    from jax.experimental.maps import Mesh\n"
    assert _lines(tmp_path, program) == []
    plain = "import jax\nif jax.device_count() > 1:\n    from jax.experimental.maps import Mesh\n"
    assert _lines(tmp_path, plain) == [(2, 4)]


def test_an_import_in_a_function_raises_when_it_runs(tmp_path: Path) -> None:
    program = (
        "def current_mesh():\n"
        "    from jax.experimental.maps import thread_resources\n"
        "    return thread_resources.env.physical_mesh\n"
    )
    found = _found(tmp_path, program)
    assert [(f.span.start.line, f.span.start.column) for f in found] == [(1, 4)]
    assert found[0].related[0].message == "`thread_resources` is used here"


def test_a_module_that_registers_modules_itself(tmp_path: Path) -> None:
    program = (
        "import sys\nimport jax\n\n"
        "sys.modules['jax.config'] = jax.config\n"
        "from jax.config import config\n"
    )
    assert _lines(tmp_path, program) == []


@pytest.mark.parametrize(("version", "found"), [("0.4.23", False), ("0.12.0.1", True)])
def test_an_older_installed_jax_may_still_have_the_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version: str, found: bool
) -> None:
    monkeypatch.setattr(attribute_rule, "installed_jax_version", lambda: version)
    attribute_rule.older_jax_installed.cache_clear()
    assert bool(_lines(tmp_path, "from jax.config import config\n")) is found


def test_explain_ranks_the_record_first_for_the_message() -> None:
    explainer = Explainer(load_records())
    for message in (
        "ModuleNotFoundError: No module named 'jax.config'",
        "ModuleNotFoundError: No module named 'jax.experimental.maps'",
    ):
        explained = explainer.explain(message)
        assert explained.best is not None and explained.best.record.slug == CODE, message
    # another package's missing module is not JAX's error
    other = explainer.explain("ModuleNotFoundError: No module named 'flax.optim'")
    assert other.best is None or other.best.record.slug != CODE
