"""``jaxlsp.apis.index_arguments`` against the pinned JAX: for every entry, a call under
``jax.jit`` with the parameter traced (in the form the entry names) raises
TracerIntegerConversionError, the same call with a static value runs, and jaxlsp reports
the first and not the second.  JAX runs in a subprocess (never in the server)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.apis import SPECS
from jaxlsp.apis.index_arguments import INDEX_ARGUMENTS, IndexArgument, IndexForm
from jaxlsp.engine import Engine
from tests._on_jax import run_on_jax

ENGINE = Engine()

_ARRAY = {"fft": "jnp.ones((4, 4, 4))", "default": "jnp.ones((2, 3, 4))"}


def _call(name: str, indexed: IndexArgument, value: str) -> str:
    """A call of ``name`` with the indexed parameter set to ``value`` (an int expression)."""
    short = name.replace("jax.numpy.", "jnp.").replace("jax.lax.", "lax.")
    array = _ARRAY["fft"] if ".fft." in name else _ARRAY["default"]
    if name.endswith("squeeze"):
        array = "jnp.ones((2, 1, 4))"  # the axis squeezed must have size 1
    first = (
        f"[{array}, {array}]"
        if name.split(".")[-1] in ("concatenate", "concat", "stack")
        else array
    )
    given = f"({value}, 2)" if indexed.parameter == "s" else value
    if indexed.parameter == "axes":
        given = f"({value}, 0, 2)"
    elif indexed.form is IndexForm.ITEMS and indexed.parameter != "s":
        given = f"({value},)"
    return f"{short}({first}, {indexed.parameter}={given})"


def _program(name: str, indexed: IndexArgument, traced: bool) -> str:
    # axis 1 of a (2, 3, 4) array; a static 1 is the fixed version
    value = "i" if traced else "1"
    return (
        "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n"
        "@jax.jit\n"
        "def f(i):\n"
        f"    return {_call(name, indexed, value)}\n\n"
        "f(1)\n"
    )


def _cases() -> list[tuple[str, IndexArgument]]:
    return [(name, indexed) for name, entries in INDEX_ARGUMENTS.items() for indexed in entries]


def test_every_entry_names_a_modelled_parameter() -> None:
    for name, indexed in _cases():
        spec = SPECS[name]
        assert indexed.parameter in (*spec.params, *spec.keyword_only), (name, indexed)
        assert spec.index_arguments, name


@pytest.mark.parametrize(("name", "indexed"), _cases(), ids=[n for n, _ in _cases()])
def test_jaxlsp_flags_the_traced_call_only(name: str, indexed: IndexArgument) -> None:
    traced = ENGINE.analyze(_program(name, indexed, traced=True)).findings
    static = ENGINE.analyze(_program(name, indexed, traced=False)).findings
    assert [f.code for f in traced] == ["tracer-integer-conversion-error"], name
    assert [f.code for f in static] == [], name


@pytest.mark.jax
def test_every_entry_raises_on_jax(tmp_path: Path, pinned_jax: None) -> None:
    programs = {}
    for name, indexed in _cases():
        stem = name.replace(".", "_")
        programs[f"{stem}__traced"] = _program(name, indexed, traced=True)
        programs[f"{stem}__static"] = _program(name, indexed, traced=False)
    outcomes = run_on_jax("index_arguments", programs, tmp_path)
    wrong = [
        f"{key}: {outcome.get('class') or 'runs'}"
        for key, outcome in outcomes.items()
        if (outcome.get("class") if outcome["raised"] else "runs")
        != ("TracerIntegerConversionError" if key.endswith("__traced") else "runs")
    ]
    assert not wrong, "\n".join(wrong)
