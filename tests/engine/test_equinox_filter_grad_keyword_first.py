"""``equinox-filter-grad-keyword-first``: a function wrapped by ``eqx.filter_grad`` or
``eqx.filter_value_and_grad`` called with no positional argument raises TypeError (equinox
0.13.8's wrapper takes the differentiated argument off the front of ``*args``); each case with
its close negative.  The labels: the rule's examples and the corpus programs, run on the pinned
JAX with equinox; the message was read there (``must have their first argument passed by
position, not keyword``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "equinox-filter-grad-keyword-first"
HEAD = """import equinox as eqx
import jax
import jax.numpy as jnp


def loss(model, x):
    return jnp.sum(model(x))


model = eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))
x = jnp.ones(2)
"""


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "train.py"
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
        ("g = eqx.filter_grad(loss)(model=model, x=x)\n", 0),
        ("v, g = eqx.filter_value_and_grad(loss, has_aux=False)(model=model, x=x)\n", 0),
        ("grad_fn = eqx.filter_value_and_grad(loss)\nv, g = grad_fn(model=model, x=x)\n", 1),
        ("@eqx.filter_grad\ndef step(m, x):\n    return loss(m, x)\n\ng = step(m=model, x=x)\n", 4),
        (
            "@eqx.filter_grad(has_aux=True)\ndef step(m, x):\n    return loss(m, x), 0\n\n"
            "g = step()\n",
            4,
        ),
        ("def train(model, x):\n    return eqx.filter_grad(loss)(model=model, x=x)\n", 1),
    ],
)
def test_a_wrapper_called_without_a_positional_argument_is_found(
    tmp_path: Path, body: str, line: int
) -> None:
    assert _lines(tmp_path, body) == [line]


def test_the_message_says_which_wrapper_and_what_to_pass(tmp_path: Path) -> None:
    found = _found(
        tmp_path, HEAD + "grad_fn = eqx.filter_grad(loss)\ng = grad_fn(model=model, x=x)\n"
    )
    assert len(found) == 1
    assert "`grad_fn`, made by `eqx.filter_grad`" in found[0].message
    assert "by position" in found[0].message


def test_a_from_import_of_the_wrapper_is_read(tmp_path: Path) -> None:
    program = HEAD + "from equinox import filter_grad\ng = filter_grad(loss)(model=model, x=x)\n"
    assert [f.span.start.line for f in _found(tmp_path, program)] == [len(HEAD.splitlines()) + 1]


@pytest.mark.parametrize(
    "body",
    [
        "g = eqx.filter_grad(loss)(model, x=x)\n",  # the first argument by position
        "args = (model, x)\ng = eqx.filter_grad(loss)(*args)\n",  # not known: starred
        "g = jax.grad(loss)(model=model, x=x)\n",  # jax.grad resolves keywords first
        "grad_fn = eqx.filter_grad(loss)\ngrad_fn = loss\ng = grad_fn(model=model, x=x)\n",
        "try:\n    g = eqx.filter_grad(loss)(model=model, x=x)\nexcept TypeError:\n    g = None\n",
        # a method: reading it through an instance passes the instance by position
        "class T:\n    @eqx.filter_grad\n    def step(self, x):\n        return jnp.sum(x)\n\n"
        "g = T().step(x=x)\n",
        # another decorator outside the wrapper: what it passes on is not known here
        "@jax.jit\n@eqx.filter_grad\ndef step(m, x):\n    return loss(m, x)\n\n",
        # the name is a parameter elsewhere too: not surely the wrapper where read
        "grad_fn = eqx.filter_grad(loss)\n\ndef run(grad_fn):\n    return grad_fn(model=model, x=x)\n",
    ],
)
def test_close_negatives_stay_silent(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, body) == []


def test_a_shadowed_equinox_name_stays_silent(tmp_path: Path) -> None:
    program = HEAD + "eqx = object()\ng = eqx.filter_grad(loss)(model=model, x=x)\n"
    assert _found(tmp_path, program) == []
