"""Error findings only where the code surely raises: the causes of the false error findings on
stop 37's sample of research repositories (``bench/fresh-sample.json``'s s37-repos; its account: ``git show cf0d997:docs/fresh-sample.md``), and a check
that stopped on one of them.

- ``jnp.repeat`` of a 0-d array (``jnp.repeat(-1, n, 0)``) reads no axis: JAX fills a vector
  whatever the axis (distributionally_robust_learning's vision wrapper).  The axis was checked
  against rank 0, and the result's shape was lost.
- A stub or abstract method (``def theta_train(self): raise NotImplementedError``) stands for
  its overrides: ``jax.jit(self.theta_train, static_argnames="return_stats")`` in the base class
  wraps the subclass's method, whose parameters the stub's say nothing of (grl2-jax's trainer).
- ``{**predict_kwargs, "steering_args": None}`` wrote the spread dict itself under an unknown
  key, and ``kwargs.pop("flag", True)`` was not modelled: the flags a jitted run turns off
  were unknown, and the traced code behind them was reported (the pattern of FoldJAX's boltz2
  affinity run).  A dict display now takes the spread dict's entries, a later key replacing an
  earlier one, and ``pop`` gives the entry where the key is there, the default where it is not
  (FoldJAX's own two stayed: it pops six options in turn, and after the first which keys the
  dict holds was unknown; stop 38 marks only the popped key, ``test_dict_pop_keys.py``).
- ``params: dict[str, jnp.Array] = {}`` in a function: a local variable's annotation is never
  evaluated, so a name JAX removed there raises nothing (AlphaFold 3's parameter loader,
  vendored in FoldJAX); a class body's annotation is evaluated and stays an error.
- A script that patches a class of another module (``Preconditioner.refactor = capture``)
  wrote its function into the class object that every later analysis replaying that module's
  run shares; a later file calling the method ran a function of a module its analysis never
  ran, and ``jaxlsp check`` stopped with a KeyError (twpa-jax).

The labelled corpus pairs (``tests/corpus/*/s37_*.py``) run on the pinned JAX
(``tests/corpus/test_labels.py`` checks each label).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace
from tests._engine import assert_labelled_pair, error_findings
from tests.engine.test_incremental import ENGINE

PAIRS = [
    (
        "jax-module-attribute-missing/s37_local_variable_annotation_negative.py",
        "jax-module-attribute-missing/s37_class_field_annotation.py",
    ),
    (
        "axis-out-of-bounds/s37_repeat_scalar_fill_negative.py",
        "axis-out-of-bounds/s37_repeat_vector_axis_one.py",
    ),
    (
        "concretization-type-error/s37_kwargs_spread_flag_off_negative.py",
        "concretization-type-error/s37_kwargs_flag_left_on.py",
    ),
    (
        "tracer-bool-conversion-error/s37_spread_options_no_steering_negative.py",
        "tracer-bool-conversion-error/s37_spread_options_steering_on.py",
    ),
    (
        "jit-static-argnames-unknown/s37_stub_method_overridden_negative.py",
        "jit-static-argnames-unknown/s37_inherited_method_without_keyword.py",
    ),
]


@pytest.mark.parametrize(("negative", "positive"), PAIRS)
def test_the_negative_is_silent_and_the_positive_flagged(negative: str, positive: str) -> None:
    assert_labelled_pair(negative, positive)


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("jnp.repeat(-1, 4, 0)", []),  # a Python scalar: JAX fills a vector
        ("jnp.repeat(jnp.float32(1.0), 4, axis=1)", []),  # any axis of a 0-d array
        ("jnp.repeat(jnp.ones(3), 4, axis=1)", [("axis-out-of-bounds", 5)]),
        ("jnp.repeat(jnp.ones((2, 3)), 4, axis=-3)", [("axis-out-of-bounds", 5)]),
    ],
)
def test_repeat_checks_the_axis_of_an_array_with_axes(
    call: str, expected: list[tuple[str, int]]
) -> None:
    source = f"import jax.numpy as jnp\n\n\ndef fill():\n    return {call}\n\n\nfill()\n"
    assert error_findings(source) == expected


def test_repeat_of_a_scalar_is_a_vector_of_the_repeats() -> None:
    # JAX: jnp.repeat(2.0, 4, axis=0) has shape (4,); adding a (3,) raises
    source = (
        "import jax.numpy as jnp\n\n"
        "v = jnp.repeat(jnp.float32(2.0), 4, axis=0)\n"
        "w = v + jnp.zeros(4)\n"
        "u = v + jnp.zeros(3)\n"
    )
    assert error_findings(source) == [("incompatible-shapes-for-broadcasting", 5)]


_OPTIONS = """\
import jax
import jax.numpy as jnp


def run(x, **options):
    if {test}:
        return jnp.unique(x)
    return x


def main(x):
    base = {{"pairs": True, "scale": 2.0}}
    options = {display}
    return jax.jit(lambda v: run(v, **options))(x)
"""


@pytest.mark.parametrize(
    ("display", "test", "flagged"),
    [
        ('{**base, "pairs": False}', 'options.pop("pairs", True)', False),  # replaced
        ('{"pairs": False, **base}', 'options.pop("pairs", True)', True),  # base's wins
        ('{**base, "pairs": False}', 'options.get("pairs", True)', False),
        ("{**base}", 'options.pop("pairs", False)', True),
        ('{"scale": 1.0}', 'options.pop("pairs", True)', True),  # the default
        ('{"scale": 1.0}', 'options.pop("pairs", False)', False),
        ('{"pairs": False}', 'options.pop("pairs")', False),
    ],
)
def test_a_spread_dict_s_entries_and_pop(display: str, test: str, flagged: bool) -> None:
    source = _OPTIONS.format(display=display, test=test)
    assert error_findings(source) == ([("concretization-type-error", 7)] if flagged else [])


def test_a_second_pop_of_the_same_key_is_not_proved() -> None:
    # after ``pop`` the key may be gone (the heap is one for every path): a second ``pop`` with
    # a default of True gives the entry or True, constants the paths left, and a guard on them
    # is not proved (Python: the branch runs, a miss; stop 38 keeps the other keys known,
    # tests/engine/test_dict_pop_keys.py)
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\n"
        "def run(x, **options):\n"
        '    options.pop("pairs", True)\n'
        '    if options.pop("pairs", True):\n'
        "        return jnp.unique(x)\n"
        "    return x\n\n\n"
        "jax.jit(lambda v: run(v, pairs=False))(jnp.ones(3))\n"
    )
    assert error_findings(source) == []


@pytest.mark.parametrize(
    ("statement", "flagged"),
    [
        ("def f():\n    x: jnp.DeviceArray = jnp.ones(2)\n    return x\n", False),
        ("async def f():\n    x: jnp.DeviceArray\n", False),
        ("def f():\n    def g():\n        y: jnp.DeviceArray = 1\n", False),
        ("x: jnp.DeviceArray = jnp.ones(2)\n", True),  # a module's variable: evaluated
        ("class C:\n    x: jnp.DeviceArray\n", True),  # a class body's: evaluated
        ("def f():\n    class C:\n        x: jnp.DeviceArray\n", True),  # still a class
        ("def f(x: jnp.DeviceArray):\n    return x\n", True),  # a parameter's: evaluated
        ("def f():\n    x: int = jnp.DeviceArray\n", True),  # the value is read
    ],
)
def test_a_local_variable_s_annotation_is_not_evaluated(statement: str, flagged: bool) -> None:
    source = "import jax.numpy as jnp\n\n" + statement
    found = [code for code, _ in error_findings(source)]
    assert found == (["jax-module-attribute-missing"] if flagged else [])


_BASE = """\
import abc

import jax


class Base{bases}:
    def __init__(self):
        self.step = jax.jit(self.loss, static_argnames="train")

{decorator}    def loss(self, x):
        {body}


class Model(Base):
    def loss(self, x, train=True):
        return x


Model()
"""


@pytest.mark.parametrize(
    ("bases", "decorator", "body", "flagged"),
    [
        ("", "", "raise NotImplementedError", False),
        ("", "", "raise NotImplementedError()", False),
        ("", "", "pass", False),
        ("", "", '"""Each model says how."""', False),
        ("(abc.ABC)", "    @abc.abstractmethod\n", "...", False),
        ("", "", "return x", True),  # a real method: Base's own run wraps it
        ("", "", "raise ValueError('no')", True),  # no stub: it raises another error
    ],
)
def test_a_placeholder_method_s_parameters_are_its_overrides(
    bases: str, decorator: str, body: str, flagged: bool
) -> None:
    source = _BASE.format(bases=bases, decorator=decorator, body=body)
    assert error_findings(source) == ([("jit-static-argnames-unknown", 8)] if flagged else [])


def test_a_module_level_stub_keeps_its_parameters() -> None:
    # a function (no class) that raises NotImplementedError has no override to stand for
    source = (
        "import jax\n\n\ndef loss(x):\n    raise NotImplementedError\n\n\n"
        'step = jax.jit(loss, static_argnames="train")\n'
    )
    assert error_findings(source) == [("jit-static-argnames-unknown", 8)]


_SOLVER = """\
import jax.numpy as jnp


class Preconditioner:
    def refactor(self, x):
        return x * 2.0


def solve(x):
    return Preconditioner().refactor(x)
"""

_PATCHING_SCRIPT = """\
import jax.numpy as jnp

from solver import Preconditioner, solve

_ORIGINAL = Preconditioner.refactor


def capture(self, x):
    return _ORIGINAL(self, x)


Preconditioner.refactor = capture
print(solve(jnp.ones(3)))
"""

_CALLER = """\
import jax.numpy as jnp

from solver import solve

y = solve(jnp.ones(3))
z = y + jnp.ones({size})
"""


def test_a_class_patched_by_another_file_does_not_stop_the_next(tmp_path: Path) -> None:
    files = {
        tmp_path / "solver.py": _SOLVER,
        tmp_path / "patch_script.py": _PATCHING_SCRIPT,
        tmp_path / "caller.py": _CALLER.format(size=3),
    }
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    # on main this raised KeyError in the third analysis (``capture``'s module is not its)
    analyses = {path: engine.analyze(text, str(path)) for path, text in files.items()}
    caller = analyses[tmp_path / "caller.py"]
    assert [f for f in caller.findings if f.severity == "error"] == []
