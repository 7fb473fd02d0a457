"""``linen-module-without-call``: ``init``/``apply`` without ``method=`` on a Linen module that
defines no ``__call__`` raise AttributeError (flax 0.12.12: ``method = self.__call__`` falls to
``Module.__getattr__``); each case with its close negative.  The labels: the rule's examples,
the corpus programs and the rebuilds of flax#975 and flax#1683 (bench/realbugs), run on the
pinned JAX with flax."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "linen-module-without-call"
HEAD = """import jax
import jax.numpy as jnp
from jax import random
from flax import linen as nn


class Enc(nn.Module):
    features: int
    scale: float = 1.0

    def setup(self):
        self.dense = nn.Dense(self.features)

    def encode(self, x):
        return self.dense(x) * self.scale


class Sub(Enc):
    pass


class WithCall(Enc):
    def __call__(self, x):
        return self.encode(x)


class SubOfCall(WithCall):
    pass


x = jnp.ones((1, 3))
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
        ("v = Enc(4).init(key, x)\n", 0),
        ("m = Enc(features=4, scale=2.0)\nv = m.init(key, x)\n", 1),
        ("m = Enc(4, name='enc')\ny = m.apply({'params': {}}, x)\n", 1),
        ("k1, k2 = random.split(key)\nv = Sub(4).init_with_output(k1, x)\n", 1),
        ("v = Enc(4).lazy_init({'params': key}, x)\n", 0),
        ("y = Enc(4).apply({}, x, rngs={'dropout': key})\n", 0),
        ("def go():\n    return Enc(4).init(random.fold_in(key, 1), x)\n", 1),
    ],
)
def test_a_module_without_call_run_without_method_is_found(
    tmp_path: Path, body: str, line: int
) -> None:
    assert _lines(tmp_path, body) == [line]


def test_the_message_names_the_class_and_the_way_out(tmp_path: Path) -> None:
    found = _found(tmp_path, HEAD + "v = Enc(4).init(key, x)\n")
    assert len(found) == 1
    assert "`Enc` (a Linen Module) defines none" in found[0].message
    assert "method=Enc." in found[0].message


@pytest.mark.parametrize(
    "body",
    [
        "v = Enc(4).init(key, x, method=Enc.encode)\n",  # the method named
        "v = Enc(4).init(key, x, method='encode')\n",
        "v = WithCall(4).init(key, x)\n",  # defines __call__
        "v = SubOfCall(4).init(key, x)\n",  # inherits it
        "v = Enc().init(key, x)\n",  # a field missing: TypeError first
        "v = Enc(4, width=2).init(key, x)\n",  # no such field: TypeError first
        "v = Enc(4, 1.0, 2).init(key, x)\n",  # too many: TypeError first
        "v = Enc(4).init(0, x)\n",  # not a key: InvalidRngError first
        "v = Enc(4).init(random.split(key), x)\n",  # two keys: InvalidRngError first
        "y = Enc(4).apply({}, x, rngs=0)\n",
        "opts = {}\nv = Enc(4, **opts).init(key, x)\n",  # not known how it binds
        "m = Enc(4)\nm = WithCall(4)\nv = m.init(key, x)\n",  # the name bound twice
        "try:\n    v = Enc(4).init(key, x)\nexcept AttributeError:\n    v = None\n",
        "def run(m):\n    return m.init(key, x)\n",  # a parameter: not known
    ],
)
def test_close_negatives_stay_silent(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, body) == []


def test_a_class_with_getattr_post_init_or_a_classvar_stays_silent(tmp_path: Path) -> None:
    program = HEAD + (
        "from typing import ClassVar\n\n"
        "class Dyn(nn.Module):\n"
        "    def __getattr__(self, name):\n"
        "        return lambda x: x\n\n"
        "class Post(nn.Module):\n"
        "    def __post_init__(self):\n"
        "        super().__post_init__()\n\n"
        "class Counted(nn.Module):\n"
        "    count: ClassVar[int] = 0\n\n"
        "a = Dyn().init(key, x)\n"
        "b = Post().init(key, x)\n"
        "c = Counted().init(key, x)\n"
    )
    assert _found(tmp_path, program) == []


def test_a_call_method_patched_on_later_stays_silent(tmp_path: Path) -> None:
    program = HEAD + "Enc.__call__ = Enc.encode\nv = Enc(4).init(key, x)\n"
    assert _found(tmp_path, program) == []
