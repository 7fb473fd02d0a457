"""A method decorated with ``jax.jit`` traces its ``self``: an instance of a plain class is no
array, unless some module the analysis ran registers the class as a pytree."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.checker import check_paths
from jaxlsp.records.load import curated_records_dir, load_records

RECORDS = load_records([curated_records_dir()])

MODEL = """
import jax


class Linear:
    def __init__(self, w):
        self.w = w

    @jax.jit
    def apply(self, x):
        return x @ self.w
"""


def _codes(main: Path) -> list[tuple[int, str]]:
    report = check_paths([main], records=RECORDS)
    return [
        (finding.span.start.line + 1, finding.code)
        for file in report.files
        if Path(file.path).name == main.name
        for finding in file.findings
    ]


def test_the_self_of_a_jitted_method_is_reported_at_the_call(tmp_path: Path) -> None:
    main = tmp_path / "main.py"
    main.write_text(MODEL + "\n\nLinear(jax.numpy.ones((3, 2))).apply(jax.numpy.ones(3))\n")
    assert _codes(main) == [(14, "jit-non-array-argument")]


def test_a_registration_in_an_imported_module_keeps_it_silent(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "trees.py").write_text(
        "import jax\nfrom model import Linear\n\n"
        "jax.tree_util.register_pytree_node(\n"
        "    Linear, lambda m: ((m.w,), None), lambda _, c: Linear(*c)\n)\n"
    )
    main = tmp_path / "main.py"
    main.write_text(
        "import jax.numpy as jnp\nimport trees\nfrom model import Linear\n\n"
        "print(Linear(jnp.ones((3, 2))).apply(jnp.ones(3)), trees)\n"
    )
    assert _codes(main) == []


def test_a_class_with_a_base_from_a_library_is_left_alone(tmp_path: Path) -> None:
    main = tmp_path / "main.py"
    main.write_text(
        "import equinox as eqx\nimport jax\nimport jax.numpy as jnp\n\n\n"
        "class Linear(eqx.Module):\n    w: jax.Array\n\n"
        "    @jax.jit\n    def apply(self, x):\n        return x @ self.w\n\n\n"
        "Linear(jnp.ones((3, 2))).apply(jnp.ones(3))\n"
    )
    assert _codes(main) == []
