"""Enum members as values (stop 41): a member of a user's enum whose members are no numbers
is an ``EnumMember``, unknown to everything but jit's output check, which refuses it (and a
string) as it refuses a Python function. Close negatives: an ``IntEnum`` or an ``int`` mixin
(ints, which JAX takes), a member's ``.value``, a string returned on one path only, an enum
member passed as a static argument and not returned. Each program's label is checked on the
pinned JAX by ``test_jit_output_types_on_jax``.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

CODE = "jit-output-not-jax-type"
_HEAD = """
import enum
from functools import partial

import jax
import jax.numpy as jnp


class Color(enum.Enum):
    RED = 1
    BLUE = 2


class Level(enum.IntEnum):
    LOW = 1


class Code(int, enum.Enum):
    OK = 0


class Mode(str, enum.Enum):
    TRAIN = "train"


class Perm(enum.Flag):
    READ = 1
"""

#: (name, program, the codes of the error findings it must get: none for a program that runs).
CASES: list[tuple[str, str, set[str]]] = [
    ("enum_member", _HEAD + "jax.jit(lambda x: Color.RED)(1.0)\n", {CODE}),
    ("flag_member", _HEAD + "jax.jit(lambda x: Perm.READ)(1.0)\n", {CODE}),
    ("str_enum_in_tuple", _HEAD + "jax.jit(lambda x: (x, Mode.TRAIN))(1.0)\n", {CODE}),
    ("string", _HEAD + "jax.jit(lambda x: 'done')(1.0)\n", {CODE}),
    ("int_enum_silent", _HEAD + "jax.jit(lambda x: (x, Level.LOW))(1.0)\n", set()),
    ("int_mixin_silent", _HEAD + "jax.jit(lambda x: Code.OK)(1.0)\n", set()),
    ("member_value_silent", _HEAD + "jax.jit(lambda x: x * Color.RED.value)(1.0)\n", set()),
    (
        "string_on_one_path_silent",
        _HEAD
        + """
@partial(jax.jit, static_argnums=1)
def f(x, name):
    if name:
        return x
    return "empty"

f(1.0, "x")
""",
        set(),
    ),
    (
        "static_member_not_returned_silent",
        _HEAD
        + """
@partial(jax.jit, static_argnums=1)
def scale(x, color):
    return x * 2 if color == Color.RED else x

scale(jnp.ones(3), Color.RED)
""",
        set(),
    ),
    (
        "member_through_static_dataclass_field",
        _HEAD
        + """
import dataclasses


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Config:
    color: Color = dataclasses.field(metadata=dict(static=True))
    scale: float = 1.0


def pick(config):
    return config.color


jax.jit(pick)(Config(color=Color.BLUE, scale=2.0))
""",
        {CODE},
    ),
]


def _error_codes(source: str) -> set[str]:
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings(name: str, source: str, expected: set[str]) -> None:
    assert _error_codes(source) == expected, name
