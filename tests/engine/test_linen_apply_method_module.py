"""``apply(variables, x, method=model.sub)`` where ``sub`` is a linen module held in a field of
``model`` (or a layer) with a compact ``__call__``: ``apply`` calls the submodule unbound, and
it raises CallCompactUnboundModuleError (``linen-call-unbound-module``); each case with its
close negative, every label run on the pinned JAX with flax (the rebuild of flax#3279 is in
bench/realbugs)."""

from __future__ import annotations

import importlib.util

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CODE = "linen-call-unbound-module"
HEAD = """import jax
import jax.numpy as jnp
import flax.linen as nn

key = jax.random.PRNGKey(0)
x = jnp.zeros(3)


class B(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)


class Plain(nn.Module):
    def __call__(self, x):
        return x * 2


class A(nn.Module):
    b: nn.Module

    @nn.compact
    def __call__(self, x):
        return self.b(x)

    def head(self, x):
        return self.b(x)

"""

# (the statements after HEAD, the 0-based line of the finding or None, raises on JAX)
CASES = [
    ("m = A(b=B())\nv = m.init(key, x)\ny = m.apply(v, x, method=m.b)\n", 2, True),
    ("m = A(nn.Dense(4))\nv = m.init(key, x)\ny = m.apply(v, x, method=m.b)\n", 2, True),
    ("m = A(b=B())\ny = m.apply({'params': {}}, x, method=m.b)\n", 1, True),
    # close negatives
    ("m = A(b=B())\nv = m.init(key, x)\ny = m.apply(v, x, method=A.head)\n", None, False),
    ("m = A(b=B())\nv = m.init(key, x)\ny = m.apply(v, x, method='head')\n", None, False),
    (
        "m = A(b=B())\nv = m.init(key, x)\ny = m.apply(v, x, method=lambda mod, x: mod.b(x))\n",
        None,
        False,
    ),
    ("m = A(b=B())\nv = m.init(key, x)\ny = m.apply(v, x)\n", None, False),
    # a submodule whose __call__ is not compact raises another error: not this one
    ("m = A(b=Plain())\nv = m.init(key, x)\ny = m.apply(v, x, method=m.b)\n", None, True),
    ("def run(m, v):\n    return m.apply(v, x, method=m.b)\n", None, False),
]


def _lines(body: str) -> list[int]:
    analysis = fresh_engine().analyze(HEAD + body, "model.py")
    first = len(HEAD.splitlines())
    return [f.span.start.line - first for f in analysis.findings if f.code == CODE]


@pytest.mark.parametrize(("body", "line", "_"), CASES)
def test_a_compact_submodule_as_applys_method(body: str, line: int | None, _: bool) -> None:
    assert _lines(body) == ([] if line is None else [line])


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does() -> None:
    if importlib.util.find_spec("flax") is None:
        pytest.skip("flax is not installed")
    raised = raised_on_jax("linen_apply_method_module", [HEAD + body for body, _, _ in CASES])
    assert raised == [raises for _, _, raises in CASES]
