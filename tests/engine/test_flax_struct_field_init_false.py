"""``flax-struct-field-init-false``: a ``flax.struct.dataclass`` (or ``PyTreeNode`` subclass)
with a field declared ``init=False`` raises ValueError when the class is defined (flax 0.12.12
registers it with ``jax.tree_util.register_dataclass``, which takes only ``__init__``'s
fields); each case with its close negative.  The labels: the rule's examples, the reproducer
and the rebuild of flax#3105 (bench/realbugs/fresh11), run on the pinned JAX with flax."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "flax-struct-field-init-false"


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "state.py"
    path.write_text(program, encoding="utf-8")
    analysis = fresh_engine().analyze(program, str(path))
    return [finding for finding in analysis.findings if finding.code == CODE]


def _lines(tmp_path: Path, program: str) -> list[int]:
    return [f.span.start.line for f in _found(tmp_path, program)]


@pytest.mark.parametrize(
    ("program", "line"),
    [
        (
            "import dataclasses\nfrom flax import struct\n\n@struct.dataclass\nclass T:\n"
            "    a: int = dataclasses.field(init=False)\n",
            3,
        ),
        (
            "from dataclasses import field\nimport flax\n\n@flax.struct.dataclass(frozen=False)\n"
            "class T:\n    a: int = field(init=False, default=1)\n",
            3,
        ),
        (
            "from flax import struct\n\n@struct.dataclass\nclass T:\n"
            "    b: int = 0\n    a: int = struct.field(pytree_node=False, init=False)\n",
            2,
        ),
        (
            "import dataclasses as dc\nfrom flax.struct import PyTreeNode\n\nclass T(PyTreeNode):\n"
            "    a: int = dc.field(init=False, default=1)\n",
            3,
        ),
        (
            "import dataclasses\nfrom flax.struct import dataclass\n\ndef make():\n"
            "    @dataclass\n    class T:\n        a: int = dataclasses.field(init=False)\n"
            "    return T\n",
            4,
        ),
    ],
)
def test_an_init_false_field_of_a_flax_dataclass_is_found(
    tmp_path: Path, program: str, line: int
) -> None:
    assert _lines(tmp_path, program) == [line]


def test_the_finding_names_the_field_and_relates_it(tmp_path: Path) -> None:
    program = (
        "import dataclasses\nfrom flax import struct\n\n@struct.dataclass\nclass Cache:\n"
        "    size: int = dataclasses.field(init=False)\n"
    )
    found = _found(tmp_path, program)
    assert len(found) == 1
    assert "`size` is declared `init=False` in `Cache`" in found[0].message
    assert found[0].related[0].span.start.line == 5


@pytest.mark.parametrize(
    "program",
    [
        # the standard library's dataclass takes init=False
        "import dataclasses\n\n@dataclasses.dataclass\nclass T:\n"
        "    a: int = dataclasses.field(init=False, default=1)\n",
        # init=True, or no init keyword
        "import dataclasses\nfrom flax import struct\n\n@struct.dataclass\nclass T:\n"
        "    a: int = dataclasses.field(init=True, default=1)\n"
        "    b: int = struct.field(pytree_node=False, default=2)\n",
        # a ClassVar is no field
        "import dataclasses\nfrom typing import ClassVar\nfrom flax import struct\n\n"
        "@struct.dataclass\nclass T:\n    a: ClassVar[int] = dataclasses.field(init=False)\n",
        # another decorator innermost: not known what reaches flax's
        "import dataclasses\nfrom flax import struct\n\ndef keep(c):\n    return c\n\n"
        "@struct.dataclass\n@keep\nclass T:\n    a: int = dataclasses.field(init=False)\n",
        # a name that is not flax's
        "import dataclasses\n\ndef dataclass(c):\n    return c\n\n@dataclass\nclass T:\n"
        "    a: int = dataclasses.field(init=False)\n",
        # init spelled from a variable: not known
        "import dataclasses\nfrom flax import struct\n\nFLAG = False\n\n@struct.dataclass\n"
        "class T:\n    a: int = dataclasses.field(init=FLAG)\n",
        # caught
        "import dataclasses\nfrom flax import struct\n\ntry:\n    @struct.dataclass\n"
        "    class T:\n        a: int = dataclasses.field(init=False)\nexcept ValueError:\n"
        "    T = None\n",
    ],
)
def test_close_negatives_stay_silent(tmp_path: Path, program: str) -> None:
    assert _lines(tmp_path, program) == []
