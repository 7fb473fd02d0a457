"""``linen-init-on-module-class``: ``init``/``apply`` called on a Linen Module class, not an
instance, binds the key or the variables to ``self`` and raises InvalidInstanceModuleError
(flax 0.12.12: ``Module._module_checks`` is each method's first statement); each case with its
close negative.  The labels: the rule's examples, the corpus programs and flax#2528's rebuild
(bench/realbugs/fresh10), run on the pinned JAX with flax."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "linen-init-on-module-class"
HEAD = """import jax
import jax.numpy as jnp
from jax import random
from flax import linen as nn


class MLP(nn.Module):
    features: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.features)(x)


class Deep(MLP):
    pass


x = jnp.ones((1, 2))
key = jax.random.PRNGKey(0)
"""


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "model.py"
    path.write_text(program, encoding="utf-8")
    analysis = fresh_engine().analyze(program, str(path))
    return [finding for finding in analysis.findings if finding.code == CODE]


def _lines(tmp_path: Path, body: str) -> list[int]:
    """The 0-based line of each finding, counted from the end of ``HEAD``."""
    first = len(HEAD.splitlines())
    return [f.span.start.line - first for f in _found(tmp_path, HEAD + body)]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("v = MLP.init(key, x)\n", 0),
        ("v = MLP.init(random.PRNGKey(1), x)\n", 0),
        ("v = Deep.init_with_output(key, x)\n", 0),
        ("k1, k2 = random.split(key)\nv = MLP.lazy_init(k1, x)\n", 1),
        ("keys = jax.random.split(key, 3)\nv = MLP.init(keys[0], x)\n", 1),
        ("y = MLP.apply({'params': {}}, x)\n", 0),
        ("y = MLP.apply(dict(params={}), x)\n", 0),
        ("v = MLP.init(key, rngs=key)\n", 0),
        ("def setup_model():\n    return MLP.init(key, x)\n", 1),
    ],
)
def test_a_method_called_on_the_class_is_found(tmp_path: Path, body: str, line: int) -> None:
    assert _lines(tmp_path, body) == [line]


def test_the_message_says_what_python_passes_as_the_module(tmp_path: Path) -> None:
    found = _found(tmp_path, HEAD + "v = MLP.init(key, x)\n")
    assert len(found) == 1
    assert "passes `key` as the module" in found[0].message
    assert "`MLP(...).init(...)`" in found[0].message


@pytest.mark.parametrize(
    "body",
    [
        "v = MLP().init(key, x)\n",  # an instance
        "v = MLP.init(MLP(), key, x)\n",  # the instance passed explicitly
        "model = MLP()\ny = MLP.apply(model, {'params': {}}, x)\n",  # not known: not a literal
        "v = MLP.init(key)\n",  # rngs missing: TypeError first
        "v = MLP.init(key, x, rngs=key)\n",  # rngs twice: TypeError first
        "args = (key, x)\nv = MLP.init(*args)\n",  # not known how it binds
        "key = MLP()\nv = MLP.init(key, x)\n",  # the name bound twice
        "try:\n    v = MLP.init(key, x)\nexcept Exception:\n    v = None\n",
        "v = nn.Dense.init(key, x)\n",  # not a class of this module: left out
        "def f(k):\n    return MLP.init(k, x)\n",  # a parameter: not known
    ],
)
def test_close_negatives_stay_silent(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, body) == []


def test_a_class_redefining_init_or_another_base_stays_silent(tmp_path: Path) -> None:
    program = HEAD + (
        "class Own(nn.Module):\n"
        "    @classmethod\n"
        "    def init(cls, key, x):\n"
        "        return cls().init(key, x)\n\n"
        "class Mixed(MLP, object):\n    pass\n\n"
        "a = Own.init(key, x)\n"
        "b = Mixed.init(key, x)\n"
    )
    assert _found(tmp_path, program) == []


def test_a_method_replaced_on_the_class_stays_silent(tmp_path: Path) -> None:
    program = (
        HEAD + "MLP.init = classmethod(lambda cls, k, x: cls().init(k, x))\nv = MLP.init(key, x)\n"
    )
    assert _found(tmp_path, program) == []
