"""``linen-setup-called-unbound`` and ``linen-setup-attribute-unbound``: a Linen module built
outside ``init``/``apply`` is never bound (``init``/``apply`` run ``setup`` on a bound clone), so
calling its ``setup`` raises CallSetupUnboundModuleError, and reading what ``setup`` assigns, or
calling it where a non-compact ``__call__`` reads that, raises AttributeError (flax 0.12.12:
``_call_wrapped_method`` and ``Module.__getattr__``); each case with its close negative.  The
labels: the rules' examples, the reproducers, ``CASES`` (run here) and the rebuilds of
flax#667, flax#2609 (bench/realbugs/fresh11), flax#1014 and flax#1685, run on the pinned JAX
with flax."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CALLED = "linen-setup-called-unbound"
READ = "linen-setup-attribute-unbound"
HEAD = """import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    features: int = 2

    def setup(self):
        self.backbone = nn.Dense(self.features)
        self.head, self.scale = nn.Dense(1), 2.0

    def __call__(self, x):
        return self.head(self.backbone(x)) * self.scale


class Deeper(Net):
    pass


class Compact(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)


class WithProperty(Net):
    @property
    def backbone_size(self):
        return self.features


x = jnp.ones((1, 3))
key = jax.random.PRNGKey(0)
"""


def _found(tmp_path: Path, program: str, code: str) -> list[Finding]:
    path = tmp_path / "model.py"
    path.write_text(program, encoding="utf-8")
    analysis = fresh_engine().analyze(program, str(path))
    return [finding for finding in analysis.findings if finding.code == code]


def _lines(tmp_path: Path, body: str, code: str) -> list[int]:
    """The 0-based line of each finding, counted from the end of ``HEAD``."""
    first = len(HEAD.splitlines())
    return [f.span.start.line - first for f in _found(tmp_path, HEAD + body, code)]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("m = Net()\nm.setup()\n", 1),
        ("Net(4).setup()\n", 0),
        ("m = Deeper(features=3, name='d')\nm.setup()\n", 1),  # setup inherited from here
        ("m = Net()\ndef peek():\n    m.setup()\n    return m.backbone\n", 2),
    ],
)
def test_setup_called_on_an_unbound_module_is_found(tmp_path: Path, body: str, line: int) -> None:
    assert _lines(tmp_path, body, CALLED) == [line]


@pytest.mark.parametrize(
    "body",
    [
        "Compact().setup()\n",  # Module's own setup: not wrapped, does nothing
        "m = Net()\nv = m.init(key, x)\nm.bind(v).setup()\n",  # bound: runs
        "def build(parent):\n    m = Net(parent=parent)\n    m.setup()\n",  # not top level
        "m = Net(parent=None)\nm.setup()\n",  # parent given: not known unbound here
        "m = Net(1, 2, 3)\nm.setup()\n",  # too many arguments: TypeError first
        "m = Net(width=2)\nm.setup()\n",
        "m = Net()\nm = Compact()\nm.setup()\n",  # the name bound twice
        "def f(m):\n    m.setup()\n",  # a parameter: not known
        "class Outer(nn.Module):\n    @nn.compact\n    def __call__(self, x):\n"
        "        inner = Net()\n        inner.setup()\n        return x\n",  # built inside
        "m = Net()\ntry:\n    m.setup()\nexcept Exception:\n    pass\n",
        "m = Net()\nm.setup(1)\n",  # an argument: TypeError first
    ],
)
def test_setup_called_close_negatives_stay_silent(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, body, CALLED) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("m = Net()\nb = m.backbone\n", 1),
        ("h = Net(4).head\n", 0),  # a tuple target in setup
        ("m = Deeper()\ns = m.scale\n", 1),  # assigned in a base's setup
        ("m = Net()\ndef grab():\n    return m.backbone\n\n\nprint(grab())\n", 2),
        ("m = Net()\ny = m(x)\n", 1),  # __call__ reads self.backbone
    ],
)
def test_a_setup_attribute_of_an_unbound_module_is_found(
    tmp_path: Path, body: str, line: int
) -> None:
    assert _lines(tmp_path, body, READ) == [line]


def test_the_message_names_the_setup_and_the_way_out(tmp_path: Path) -> None:
    found = _found(tmp_path, HEAD + "m = Deeper()\nb = m.backbone\n", READ)
    assert len(found) == 1
    assert "assigned in `Net.setup`" in found[0].message
    assert "model.bind(variables).backbone" in found[0].message
    assert found[0].related[0].message == "`self.backbone` is assigned here, in `setup`"


@pytest.mark.parametrize(
    "body",
    [
        "m = Net()\nf = m.features\n",  # a field
        "m = WithProperty()\nn = m.backbone_size\n",  # a property
        "m = Net()\nv = m.init(key, x)\nb = m.bind(v).backbone\n",  # bound
        "m = Net()\nb = m.variables\n",  # Module's own name
        "def f(m):\n    return m.backbone\n",  # a parameter: not known
        "class Outer(nn.Module):\n    @nn.compact\n    def __call__(self, x):\n"
        "        inner = Net()\n        return inner.backbone(x)\n",  # built inside: bound
        "m = Net()\nm.backbone = nn.Dense(2)\nb = m.backbone\n",  # set some other way
        "m = Net()\nif hasattr(m, 'backbone'):\n    b = m.backbone\n",
        "m = Net()\ntry:\n    b = m.backbone\nexcept AttributeError:\n    b = None\n",
        "m = Net(width=3)\nb = m.backbone\n",  # TypeError first
        "m = Compact()\nb = m.backbone\n",  # no setup assigns it: not this rule's
        "m = Net()\ndef grab():\n    return m.backbone\n",  # never called: never raises
        "m = Net()\ngrab = lambda: m.backbone\n",  # a lambda's caller is not followed
        "m = Compact()\ny = m(x)\n",  # compact: CallCompactUnboundModuleError first
        "m = Net()\ny = m(x, x)\n",  # TypeError first
    ],
)
def test_setup_attribute_close_negatives_stay_silent(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, body, READ) == []


def test_a_class_with_getattr_or_post_init_stays_silent(tmp_path: Path) -> None:
    program = HEAD + (
        "class Dyn(nn.Module):\n"
        "    def setup(self):\n"
        "        self.layer = nn.Dense(2)\n\n"
        "    def __getattr__(self, name):\n"
        "        return None\n\n"
        "class Post(nn.Module):\n"
        "    def setup(self):\n"
        "        self.layer = nn.Dense(2)\n\n"
        "    def __post_init__(self):\n"
        "        super().__post_init__()\n\n"
        "a = Dyn().layer\n"
        "b = Post().layer\n"
        "Post().setup()\n"
    )
    assert _found(tmp_path, program, READ) == []
    assert _found(tmp_path, program, CALLED) == []


def test_setattr_anywhere_leaves_attributes_unknown(tmp_path: Path) -> None:
    program = HEAD + "m = Net()\nsetattr(m, 'backbone', None)\nb = m.backbone\n"
    assert _found(tmp_path, program, READ) == []


SCALED = """import jax
import jax.numpy as jnp
from flax import linen as nn

key = jax.random.PRNGKey(0)
x = jnp.ones((1, 3))


class Scaled(nn.Module):
    features: int = 2

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.scale = 3.0

    def __call__(self, x):
        return self.dense(x) * self.scale

    def double(self, x):
        return 2 * x


class Deeper(Scaled):
    pass


class Compact(nn.Module):
    def setup(self):
        self.scale = 3.0

    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x) * self.scale


class Field(nn.Module):
    scale: float = 1.0

    def __call__(self, x):
        return x * self.scale

"""

# (the statements after SCALED, the 0-based line of the finding among them or None)
CASES = [
    ("m = Scaled()\nv = m.init(key, x)\nprint(m.scale)\n", 2),
    ("m = Scaled(4)\nd = m.dense\n", 1),
    ("print(Scaled().scale)\n", 0),
    ("m = Deeper()\nv = m.init(key, x)\nf = m.dense.features\n", 2),
    ("m = Scaled()\nv = m.init(key, x)\ny = m(x)\n", 2),  # __call__ reads self.dense
    ("y = Scaled()(x)\n", 0),
    ("m = Scaled()\ndef read():\n    return m.scale\n\n\nprint(read())\n", 2),
    (
        "m = Scaled()\nclass Report:\n    def size(self):\n        return m.dense\n\n\n"
        "Report().size()\n",
        3,
    ),
    ("m = Scaled()\nv = m.init(key, x)\nprint(m.bind(v).scale)\n", None),  # bound
    ("m = Scaled()\nv = m.init(key, x)\ns = m.apply(v, method=lambda mod: mod.scale)\n", None),
    ("m = Scaled()\nprint(m.features)\n", None),  # a field
    ("m = Scaled()\ny = m.double(x)\n", None),  # a method reading no setup attribute
    ("m = Field()\ny = m(x)\n", None),  # no setup
    ("m = Scaled()\nprint(hasattr(m, 'scale'))\n", None),
    ("m = Scaled()\ntry:\n    s = m.scale\nexcept AttributeError:\n    s = None\n", None),
    ("m = Scaled()\ns = m.scale if hasattr(m, 'scale') else 1.0\n", None),
    ("m = Scaled()\ndef read():\n    return m.scale\n", None),  # never called
    ("m = Scaled()\nm = m.bind(m.init(key, x))\nprint(m.scale)\n", None),  # rebound
    ("m = Scaled()\nm.__dict__['scale'] = 1.0\nprint(m.scale)\n", None),  # set by hand
]


def _scaled_lines(body: str) -> list[int]:
    analysis = fresh_engine().analyze(SCALED + body, "model.py")
    first = len(SCALED.splitlines())
    return [f.span.start.line - first for f in analysis.findings if f.code == READ]


@pytest.mark.parametrize(("body", "line"), CASES)
def test_a_setup_attribute_read_or_called_on_an_unbound_module(body: str, line: int | None) -> None:
    assert _scaled_lines(body) == ([] if line is None else [line])


def test_a_compact_call_is_left_to_its_own_error() -> None:
    # CallCompactUnboundModuleError comes first (another record's error)
    assert _scaled_lines("m = Compact()\ny = m(x)\n") == []


def test_the_call_message_names_the_read() -> None:
    analysis = fresh_engine().analyze(SCALED + "m = Scaled()\ny = m(x)\n", "model.py")
    (found,) = [f for f in analysis.findings if f.code == READ]
    assert "`dense` is assigned in `Scaled.setup`" in found.message
    assert "runs its `__call__`, which reads `self.dense`" in found.message
    assert found.related and "setup" in found.related[0].message


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does() -> None:
    if importlib.util.find_spec("flax") is None:
        pytest.skip("flax is not installed")
    cases = [*CASES, ("m = Compact()\ny = m(x)\n", 0)]
    raised = raised_on_jax("linen_setup_attribute_unbound", [SCALED + body for body, _ in cases])
    assert raised == [line is not None for _, line in cases]
