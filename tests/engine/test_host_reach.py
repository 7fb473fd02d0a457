"""Whether a module's code may read a fact of the host at all, asked before the walks that
find the names set from one (``Interpreter._may_reach_the_host``): a text that spells none of
the names a fact is reached by, in a module importing no workspace module, has no guard that
reads the host, and its assignments are not walked.  A guard there stays a plain test of
data (an error in its branch is found); one spelling a host fact stays a switch."""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.interpreter import _HOST_FACTS, _HOST_SPELLINGS
from tests._engine import fresh_engine


def _spells_the_host(text: str) -> bool:
    return any(name.search(text) for name in _HOST_SPELLINGS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("import os", True),
        ("from os import environ as env", True),
        ("import sys\nsys.platform", True),
        ("import platform", True),
        ("n = jax.device_count()", True),
        ("from jax import local_devices", True),
        ('importlib.import_module("os")', True),  # (in a string: still spelled)
        ("jax.default_backend()", True),
        ("if jax.config.jax_disable_jit:", True),  # jax.config's options, by their names
        ("from jax import config\nwide = config.x64_enabled", True),
        # close misses: inside a longer name, or JAX's fact's module alone
        ("loss = cos(x) + pos", False),
        ("mydevices = devices_of(x)", False),
        ("_sys = 1\nsysname = 2", False),
        ("import jax\njax.numpy.sum(x)", False),
        ("platforms = []", False),
        ("config = load()\nrate = self.config.lr", False),  # the word alone: no option
        ("my_jax_tools.run(x)", False),
    ],
)
def test_the_names_a_host_fact_is_reached_by(text: str, expected: bool) -> None:
    assert _spells_the_host(text) is expected


def test_every_fact_is_spelled_by_its_own_reading() -> None:
    """Each fact, read as code spells it (``os.environ``, ``jax.devices``, an option of
    ``jax.config``), is found."""
    for fact in _HOST_FACTS:
        read = f"{fact}.jax_enable_x64" if fact == "jax.config" else fact
        assert _spells_the_host(f"x = {read}"), fact


PROGRAM = """
import random

import jax.numpy as jnp

INPLACE = random.random() > 0.5


def update(x):
    if INPLACE:
        x[0] = 1.0
    return x


print(update(jnp.zeros(3)))
"""


def _analysed(program: str) -> tuple[set[str], bool]:
    """The error codes of ``program`` and whether the module's names set from the host were
    looked for."""
    analysis = fresh_engine().analyze(textwrap.dedent(program))
    codes = {f.code for f in analysis.findings if f.severity == "error"}
    interpreter = analysis.program.interpreter
    return codes, bool(interpreter._host_names or interpreter._host_locals)


def test_code_that_cannot_reach_the_host_is_not_walked_for_it() -> None:
    codes, walked = _analysed(PROGRAM)
    assert codes == {"immutable-array-item-assignment"}  # a test of data: the error stands
    assert not walked


def test_code_spelling_the_host_is_walked_and_judged() -> None:
    # the same guard where the module imports os: walked, and still no switch
    codes, walked = _analysed("import os\n" + PROGRAM)
    assert codes == {"immutable-array-item-assignment"}
    assert walked
    # and where the flag is set from the environment: a switch, the error rests on it
    switched = PROGRAM.replace("random.random() > 0.5", 'os.environ.get("A") == "1"')
    codes, walked = _analysed("import os\n" + switched)
    assert codes == set()
    assert walked
