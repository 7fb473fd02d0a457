"""Lazy-import packages (transformers' and diffusers' ``_LazyModule`` ``__init__.py``): a file's
analysis runs the submodules that define the names it takes from them, not every submodule the
package's type-checker branch lists."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.engine import Engine
from jaxlsp.infer.lazy_imports import lazy_index, scan_exports
from jaxlsp.infer.workspace import Workspace
from jaxlsp.syntax.source import parse_module
from tests._engine import fresh_engine

LAZY_INIT = '''"""A package that imports its submodules on first access."""
from typing import TYPE_CHECKING

from .utils import _LazyModule

_import_structure = {{"light": ["scaled"], "heavy": ["Heavy"]}}

if TYPE_CHECKING:
{imports}
else:
    import sys

    sys.modules[__name__] = _LazyModule(__name__, globals()["__file__"], _import_structure)
'''

UTILS = """class _LazyModule:
    def __init__(self, name, file, structure):
        self.structure = structure
"""

LIGHT = """import jax

def scaled(x):
    if x > 0:
        return x
    return -x
"""

HEAVY = """import numpy as np

class Heavy:
    table = np.zeros((3,))

LOADED = True
"""

USER = """import jax
import jax.numpy as jnp
from lib import scaled


jax.jit(scaled)(jnp.ones(()))
"""


def _lazy_package(root: Path, imports: str, modules: dict[str, str]) -> Path:
    package = root / "lib"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(LAZY_INIT.format(imports=imports), encoding="utf-8")
    (package / "utils.py").write_text(UTILS, encoding="utf-8")
    for name, text in modules.items():
        path = package / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def _keys(root: Path, *names: str) -> set[str]:
    return {str((root / "lib" / name).resolve()) for name in names}


def _analyse(root: Path, text: str, path: Path) -> tuple[Engine, frozenset[str], list[str]]:
    engine = fresh_engine(Workspace([root]))
    analysis = engine.analyze(text, str(path))
    return engine, analysis.dependencies, [f.code for f in analysis.elsewhere]


def test_a_name_from_a_lazy_package_runs_only_the_submodule_that_defines_it(
    tmp_path: Path,
) -> None:
    imports = "    from .heavy import Heavy\n    from .light import scaled\n"
    _lazy_package(tmp_path, imports, {"light": LIGHT, "heavy": HEAVY})
    _, dependencies, elsewhere = _analyse(tmp_path, USER, tmp_path / "user.py")
    assert _keys(tmp_path, "light.py") <= dependencies
    assert not _keys(tmp_path, "heavy.py") & dependencies
    # the name's value is the submodule's function: the traced branch in it is found
    assert elsewhere == ["tracer-bool-conversion-error"]


def test_a_name_a_lazy_package_takes_by_star_import_is_found_in_its_submodule(
    tmp_path: Path,
) -> None:
    imports = "    from .heavy import *\n    from .light import *\n"
    _lazy_package(tmp_path, imports, {"light": LIGHT, "heavy": HEAVY})
    _, dependencies, elsewhere = _analyse(tmp_path, USER, tmp_path / "user.py")
    assert _keys(tmp_path, "light.py") <= dependencies
    assert not _keys(tmp_path, "heavy.py") & dependencies
    assert elsewhere == ["tracer-bool-conversion-error"]


def test_lazy_packages_nested_by_star_import_lead_to_the_one_defining_module(
    tmp_path: Path,
) -> None:
    """transformers' ``from .models import *``, whose ``from .bert import *`` is another lazy
    package's: only the module defining the name runs, of all the packages' submodules."""
    _lazy_package(tmp_path, "    from .models import *\n", {})
    models = tmp_path / "lib" / "models"
    models.mkdir()
    (models / "__init__.py").write_text(
        LAZY_INIT.replace("from .utils", "from ..utils").format(
            imports="    from .bert import *\n    from .gpt import *\n"
        ),
        encoding="utf-8",
    )
    for name, text in (("bert", HEAVY), ("gpt", LIGHT)):
        (models / name).mkdir()
        (models / name / "__init__.py").write_text(
            LAZY_INIT.replace("from .utils", "from ...utils").format(
                imports=f"    from .modeling_{name} import *\n    from .config_{name} import *\n"
            ),
            encoding="utf-8",
        )
        (models / name / f"modeling_{name}.py").write_text(text, encoding="utf-8")
        (models / name / f"config_{name}.py").write_text("SIZE = 3\n", encoding="utf-8")
    _, dependencies, elsewhere = _analyse(tmp_path, USER, tmp_path / "user.py")
    assert _keys(tmp_path, "models/gpt/modeling_gpt.py") <= dependencies
    never_run = ("models/bert/modeling_bert.py", "models/bert/config_bert.py")
    assert not _keys(tmp_path, *never_run, "models/gpt/config_gpt.py") & dependencies
    assert elsewhere == ["tracer-bool-conversion-error"]


def test_an_attribute_of_an_imported_lazy_package_runs_its_submodule_on_use(
    tmp_path: Path,
) -> None:
    imports = "    from .heavy import Heavy\n    from .light import scaled\n"
    _lazy_package(tmp_path, imports, {"light": LIGHT, "heavy": HEAVY})
    text = "import jax\nimport jax.numpy as jnp\nimport lib\n\njax.jit(lib.scaled)(jnp.ones(()))\n"
    _, dependencies, elsewhere = _analyse(tmp_path, text, tmp_path / "user.py")
    assert not _keys(tmp_path, "heavy.py") & dependencies
    assert elsewhere == ["tracer-bool-conversion-error"]


def test_a_lazy_package_checked_itself_does_not_run_its_type_checker_branch(
    tmp_path: Path,
) -> None:
    imports = "    from .heavy import Heavy\n    from .light import scaled\n"
    package = _lazy_package(tmp_path, imports, {"light": LIGHT, "heavy": HEAVY})
    init = package / "__init__.py"
    _, dependencies, _ = _analyse(tmp_path, init.read_text(encoding="utf-8"), init)
    assert _keys(tmp_path, "utils.py") <= dependencies  # its else branch's imports do run
    assert not _keys(tmp_path, "heavy.py", "light.py") & dependencies


def test_a_type_checking_branch_without_a_lazy_module_still_runs(tmp_path: Path) -> None:
    """Only a package that installs itself in ``sys.modules`` is read as an index: a plain
    ``if TYPE_CHECKING:`` import keeps running as before."""
    package = tmp_path / "lib"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .heavy import Heavy\n",
        encoding="utf-8",
    )
    (package / "heavy.py").write_text(HEAVY, encoding="utf-8")
    _, dependencies, _ = _analyse(tmp_path, "import lib\n", tmp_path / "user.py")
    assert _keys(tmp_path, "heavy.py") <= dependencies


def test_the_index_is_the_type_checker_branch_of_a_package_that_installs_itself() -> None:
    text = LAZY_INIT.format(imports="    from .a import x as y, z\n    from .b import *\n")
    index = lazy_index(parse_module(text))
    assert index is not None
    assert {name: (e.module, e.level, e.name) for name, e in index.named.items()} == {
        "y": ("a", 1, "x"),
        "z": ("a", 1, "z"),
    }
    assert index.stars == (("b", 1),)
    assert lazy_index(parse_module("from typing import TYPE_CHECKING\nx = 1\n")) is None


def test_exports_are_read_from_the_text_without_parsing_it() -> None:
    listed = scan_exports('class A: ...\n\n__all__ = [\n    "A",\n    "b",\n]\n')
    assert listed.names == {"A", "b"} and not listed.lazy
    plain = scan_exports(
        "import numpy as np\nfrom .x import (\n    one,\n    two as deux,\n)\n"
        "def f(): ...\nasync def g(): ...\nclass C:\n    inner = 1\nK: int = 3\n_private = 1\n"
    )
    assert plain.names == {"np", "one", "deux", "f", "g", "C", "K"}
    assert scan_exports(LAZY_INIT.format(imports="    pass\n")).lazy


def test_a_module_importing_in_a_top_level_try_is_summarised_for_the_next_file(
    tmp_path: Path,
) -> None:
    """``try: from .dep import f`` at a module's top level runs ``dep`` before the module, as
    its plain imports do: run in the middle of the module's run it kept that run from being
    summarised, and every file importing it ran it (and all that imports it) again."""
    package = tmp_path / "lib"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "dep.py").write_text(LIGHT, encoding="utf-8")
    (package / "mid.py").write_text(
        "try:\n    from .dep import scaled\nexcept ImportError:\n    scaled = None\n",
        encoding="utf-8",
    )
    engine = fresh_engine(Workspace([tmp_path]))
    engine.analyze("from lib.mid import scaled\n", str(tmp_path / "a.py"))
    assert _keys(tmp_path, "mid.py", "dep.py") <= engine.workspace.summaries.modules()
    second = engine.analyze(USER.replace("from lib", "from lib.mid"), str(tmp_path / "b.py"))
    assert second.program is not None and second.program.interpreter.replayed >= 2
    assert [f.code for f in second.elsewhere] == ["tracer-bool-conversion-error"]


def test_a_lazy_package_s_names_are_read_again_when_a_module_they_come_from_changes(
    tmp_path: Path,
) -> None:
    imports = "    from .heavy import *\n    from .light import *\n"
    package = _lazy_package(tmp_path, imports, {"light": "SIZE = 3\n", "heavy": HEAVY})
    engine = fresh_engine(Workspace([tmp_path]))
    first = engine.analyze(USER, str(tmp_path / "user.py"))
    assert first.elsewhere == ()  # ``scaled`` is no name of the package yet
    (package / "light.py").write_text(LIGHT, encoding="utf-8")
    second = engine.analyze(USER, str(tmp_path / "other.py"))
    assert [f.code for f in second.elsewhere] == ["tracer-bool-conversion-error"]


def test_a_lazy_package_whose_index_names_itself_resolves_its_submodule(tmp_path: Path) -> None:
    """``from . import light`` in the index: the name is the submodule, not a loop."""
    _lazy_package(tmp_path, "    from . import light\n", {"light": LIGHT, "heavy": HEAVY})
    text = "import jax\nimport jax.numpy as jnp\nfrom lib import light\n\n"
    text += "jax.jit(light.scaled)(jnp.ones(()))\n"
    _, dependencies, elsewhere = _analyse(tmp_path, text, tmp_path / "user.py")
    assert not _keys(tmp_path, "heavy.py") & dependencies
    assert elsewhere == ["tracer-bool-conversion-error"]
