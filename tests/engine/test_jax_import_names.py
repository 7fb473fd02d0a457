"""``jax-import-name-missing``: ``from jax.x import name`` where the pinned JAX's module lacks
the name raises ImportError; each case with its close negative (the labels: the corpus programs
and the rule's examples, run on JAX; the messages below were read on jax 0.12.0.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.apis.installed_names import module_names
from jaxlsp.explain import Explainer
from jaxlsp.findings import Finding
from jaxlsp.records.load import load_records
from jaxlsp.rules import jax_import_name_missing as import_rule
from jaxlsp.rules import jax_module_attribute_missing as attribute_rule
from tests._engine import fresh_engine

CODE = "jax-import-name-missing"


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


def test_a_removed_name_is_found_at_its_alias(tmp_path: Path) -> None:
    assert _lines(tmp_path, "from jax.random import key, KeyArray\n") == [(0, 28)]
    # several lines: the name's own line (Python's traceback names the statement's first)
    program = "from jax.experimental import (\n    checkify,\n    maps,\n)\n"
    assert _lines(tmp_path, program) == [(2, 4)]


@pytest.mark.parametrize(
    "program",
    [
        "from jax.random import key, normal\n",
        "from jax.experimental import pallas, checkify\n",  # submodules, imported by name
        "from jax import numpy, tree_util\n",
        "from jax.experimental import *\n",  # names nothing
        "from jax.core import *\n",
        "from jax import __version__\n",
        "from .jax import tree_map\n",  # a package's own module
    ],
)
def test_names_the_module_has_or_no_name(tmp_path: Path, program: str) -> None:
    assert _lines(tmp_path, program) == []


def test_a_module_jax_removed_whole_is_another_error(tmp_path: Path) -> None:
    """``from jax.config import config`` raises ModuleNotFoundError (No module named
    'jax.config'): not this record's error, and a module the data does not hold is unknown."""
    assert _lines(tmp_path, "from jax.config import config\n") == []
    assert _lines(tmp_path, "from jax.experimental.host_callback import id_tap\n") == []


@pytest.mark.parametrize(
    "handler",
    ["ImportError", "Exception", "(AttributeError, ImportError)", "compat.Missing", "Missing"],
)
def test_a_handler_that_may_catch_the_import_error(tmp_path: Path, handler: str) -> None:
    program = f"try:\n    from jax import tree_map\nexcept {handler}:\n    tree_map = None\n"
    assert _lines(tmp_path, program) == []


def test_a_bare_except_and_a_fallback_in_the_handler(tmp_path: Path) -> None:
    program = "try:\n    from jax import tree_map\nexcept:\n    tree_map = None\n"
    assert _lines(tmp_path, program) == []
    fallback = (
        "try:\n    from jax.extend.core import Primitive\n"
        "except ImportError:\n    from jax.core import Primitive\n"
    )
    assert _lines(tmp_path, fallback) == []


@pytest.mark.parametrize("handler", ["ModuleNotFoundError", "AttributeError", "ValueError"])
def test_a_handler_that_cannot_catch_it(tmp_path: Path, handler: str) -> None:
    """An ImportError is no ModuleNotFoundError (the subclass): ``except ModuleNotFoundError``
    lets it through, as the corpus program ``backend_probe_module_not_found.py`` shows on JAX."""
    program = f"try:\n    from jax.lib import xla_bridge\nexcept {handler}:\n    pass\n"
    found = _found(tmp_path, program)
    assert [(f.span.start.line, f.span.start.column) for f in found] == [(1, 24)]
    assert found[0].related and f"`except {handler}` does not catch" in found[0].related[0].message


def test_a_finally_alone_catches_nothing(tmp_path: Path) -> None:
    program = "try:\n    from jax import tree_map\nfinally:\n    pass\n"
    assert _lines(tmp_path, program) == [(1, 20)]


@pytest.mark.parametrize(
    "test",
    [
        "jax.__version_info__ < (0, 4, 26)",
        "sys.version_info < (3, 9)",
        'hasattr(jax, "tree_map")',
        "TYPE_CHECKING",
    ],
)
def test_a_branch_that_asks_first(tmp_path: Path, test: str) -> None:
    program = f"import sys\nimport jax\nif {test}:\n    from jax import tree_map\n"
    assert _lines(tmp_path, program) == []
    # an undecided test of anything else proves the branch runs for some caller
    plain = "import jax\nif jax.device_count() > 1:\n    from jax import tree_map\n"
    assert _lines(tmp_path, plain) == [(2, 20)]


def test_an_import_in_a_function_raises_when_it_runs(tmp_path: Path) -> None:
    program = "def ema(a):\n    from jax import tree_map\n    return tree_map(abs, a)\n"
    found = _found(tmp_path, program)
    assert [(f.span.start.line, f.span.start.column) for f in found] == [(1, 20)]
    assert found[0].related[0].message == "`tree_map` is used here"


def test_a_module_that_sets_the_name_itself(tmp_path: Path) -> None:
    program = "import jax\n\njax.tree_map = jax.tree.map\nfrom jax import tree_map\n"
    assert _lines(tmp_path, program) == []
    other = "import jax\n\njax.tree_leaves = jax.tree.leaves\nfrom jax import tree_map\n"
    assert _lines(tmp_path, other) == [(3, 16)]


@pytest.mark.parametrize(("version", "found"), [("0.4.23", False), ("0.12.0.1", True)])
def test_an_older_installed_jax_may_still_have_the_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version: str, found: bool
) -> None:
    monkeypatch.setattr(attribute_rule, "installed_jax_version", lambda: version)
    attribute_rule.older_jax_installed.cache_clear()
    assert bool(_lines(tmp_path, "from jax.random import KeyArray\n")) is found


def test_explain_ranks_the_record_first_for_the_message() -> None:
    explainer = Explainer(load_records())
    for message in (
        "cannot import name 'x' from 'jax.y'",
        "ImportError: cannot import name 'Primitive' from 'jax.core' (/venv/jax/core.py)",
        "ImportError: cannot import name 'KeyArray' from 'jax._src.random' (/x/random.py)",
    ):
        explained = explainer.explain(message)
        assert explained.best is not None and explained.best.record.slug == CODE, message
    # flax's and optax's missing names are explained alike (the rule finds them too)
    flax = explainer.explain("ImportError: cannot import name 'optim' from 'flax' (/x.py)")
    assert flax.best is not None and flax.best.record.slug == CODE
    # another library's missing name is not this record's error
    other = explainer.explain("ImportError: cannot import name 'foo' from 'torch.nn' (/x.py)")
    assert other.best is None or other.best.record.slug != CODE


#: A JAX-ecosystem library's names are read from its installed source (flax 0.12.12 here).
needs_flax = pytest.mark.skipif(
    module_names("flax") is None or module_names("optax") is None,
    reason="flax and optax are not installed beside jaxlsp",
)


@needs_flax
def test_a_name_an_installed_library_lacks_is_found_at_its_alias(tmp_path: Path) -> None:
    # flax removed flax.optim (0.6.0); optax renamed additive_weight_decay and dropped it
    assert _lines(tmp_path, "from flax import optim\n") == [(0, 17)]
    assert _lines(tmp_path, "from flax import linen, optim as fo\n") == [(0, 24)]
    assert _lines(tmp_path, "from optax import adam, additive_weight_decay\n") == [(0, 24)]
    found = _found(tmp_path, "from flax import optim\n\nopt = optim.Adam(1e-3)\n")
    assert "in the installed flax" in found[0].message
    assert "optax" in found[0].message  # what replaces flax.optim
    assert found[0].related[0].message == "`optim` is used here"


@needs_flax
@pytest.mark.parametrize(
    "program",
    [
        "from flax import linen, struct, serialization\n",  # bound by flax's __init__
        "from flax.training import train_state, checkpoints\n",  # submodules on disk
        "from flax.linen import Dense, Module\n",
        "from optax import adam, add_decayed_weights, chain\n",
        "from flax import *\n",
        "from flax.nonexistent_module import optim\n",  # a module it has not: another error
        "try:\n    from flax import optim\nexcept ImportError:\n    optim = None\n",
        "import flax\nif hasattr(flax, 'optim'):\n    from flax import optim\n",
        "import flax\nflax.optim = object()\nfrom flax import optim\n",  # set by the module
        "from .flax import optim\n",  # a package's own module
    ],
)
def test_library_names_it_has_or_code_that_checks_first(tmp_path: Path, program: str) -> None:
    assert _lines(tmp_path, program) == []


def test_a_library_not_installed_is_silent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(import_rule, "module_names", lambda module: None)
    assert _lines(tmp_path, "from flax import optim\n") == []
