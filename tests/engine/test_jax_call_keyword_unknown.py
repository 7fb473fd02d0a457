"""``jax-call-keyword-unknown``: a keyword a JAX function does not take on the pinned JAX
(``jnp.reshape(x, newshape=...)``, ``jnp.clip(x, a_max=...)``) raises TypeError; each case with
its close negative (the labels: the corpus programs and the rule's examples, run on JAX; the
messages below were read on jax 0.12.0.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.apis.keyword_names import JAX_VERSION, KEYWORD_NAMES
from jaxlsp.apis.module_names import JAX_VERSION as MODULES_JAX_VERSION
from jaxlsp.findings import Finding
from jaxlsp.rules import jax_module_attribute_missing as attribute_rule
from tests._engine import fresh_engine

CODE = "jax-call-keyword-unknown"


@pytest.fixture(autouse=True)
def _the_pinned_jax(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule is silent beside an older JAX; these cases are about the pinned one."""
    monkeypatch.setattr(attribute_rule, "installed_jax_version", lambda: None)
    attribute_rule.older_jax_installed.cache_clear()
    yield
    attribute_rule.older_jax_installed.cache_clear()


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "old_code.py"
    path.write_text(program, encoding="utf-8")
    analysis = fresh_engine().analyze(program, str(path))
    return [finding for finding in analysis.findings if finding.code == CODE]


def _lines(tmp_path: Path, program: str) -> list[int]:
    """The 0-based line of each finding."""
    return [f.span.start.line for f in _found(tmp_path, program)]


def test_the_data_lists_the_pinned_jax_parameters() -> None:
    assert JAX_VERSION == MODULES_JAX_VERSION
    assert KEYWORD_NAMES["jax.numpy.reshape"][:2] == ("a", "shape")
    assert "newshape" not in KEYWORD_NAMES["jax.numpy.reshape"]
    assert {"min", "max"} <= set(KEYWORD_NAMES["jax.numpy.clip"])
    assert not {"a_min", "a_max"} & set(KEYWORD_NAMES["jax.numpy.clip"])
    assert "density" in KEYWORD_NAMES["jax.numpy.histogram"]
    # functions that take **kwargs are not listed (any keyword may be taken)
    assert all(".tree_util.Partial" not in name for name in KEYWORD_NAMES)


def test_a_removed_keyword_is_found_at_the_keyword(tmp_path: Path) -> None:
    program = (
        "import jax.numpy as jnp\n"
        "x = jnp.arange(6.0)\n"
        "y = jnp.reshape(x, newshape=(2, 3))\n"
        "z = jnp.clip(y, min=0.0, a_max=1.0)\n"
    )
    found = _found(tmp_path, program)
    assert [(f.span.start.line, f.span.start.column) for f in found] == [(2, 19), (3, 25)]
    assert "reshape() got an unexpected keyword argument 'newshape'" in found[0].message
    assert "`shape`" in found[0].message


def test_the_current_keywords_and_positions_are_silent(tmp_path: Path) -> None:
    program = (
        "import jax.numpy as jnp\n"
        "x = jnp.arange(6.0)\n"
        "y = jnp.reshape(x, shape=(2, 3))\n"
        "y = jnp.reshape(x, (2, 3), order='F')\n"
        "z = jnp.clip(y, min=0.0, max=1.0)\n"
    )
    assert _lines(tmp_path, program) == []


def test_inside_a_function_and_a_jitted_function(tmp_path: Path) -> None:
    program = (
        "import jax\n"
        "import jax.numpy as jnp\n"
        "def save_exp(x, max_value=50.0):\n"
        "    return jnp.exp(jnp.clip(x, a_max=max_value))\n"
        "@jax.jit\n"
        "def f(x):\n"
        "    return jnp.reshape(x, newshape=(-1,))\n"
    )
    assert _lines(tmp_path, program) == [3, 6]


@pytest.mark.parametrize(
    "program",
    [
        # the old keyword tried where TypeError is caught
        "import jax.numpy as jnp\n"
        "try:\n"
        "    y = jnp.reshape(jnp.ones(6), newshape=(2, 3))\n"
        "except TypeError:\n"
        "    y = jnp.reshape(jnp.ones(6), (2, 3))\n",
        # keywords unpacked from a mapping are not read
        "import jax.numpy as jnp\nopts = {'a_max': 1.0}\ny = jnp.clip(jnp.ones(3), **opts)\n",
        # NumPy's clip still takes a_min and a_max
        "import numpy as np\ny = np.clip(np.ones(3), a_min=0.0, a_max=1.0)\n",
        # a name bound again is not JAX's module
        "import jax.numpy as jnp\nimport numpy as jnp\ny = jnp.clip(jnp.ones(3), a_max=1.0)\n",
        # the module sets the function itself (a compatibility shim)
        "import jax.numpy as jnp\n"
        "def clip(x, a_min=None, a_max=None):\n"
        "    return x\n"
        "jnp.clip = clip\n"
        "y = jnp.clip(jnp.ones(3), a_max=1.0)\n",
        # a function that takes **kwargs, or a class, is not listed
        "import jax\nf = jax.tree_util.Partial(lambda a, b: a + b, b=1)\n",
        # a version branch
        "import jax\n"
        "import jax.numpy as jnp\n"
        "if jax.__version__ < '0.4.28':\n"
        "    y = jnp.reshape(jnp.ones(6), newshape=(2, 3))\n",
    ],
)
def test_close_negatives_stay_silent(tmp_path: Path, program: str) -> None:
    assert _lines(tmp_path, program) == []


def test_silent_beside_an_older_jax(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(attribute_rule, "installed_jax_version", lambda: "0.4.20")
    attribute_rule.older_jax_installed.cache_clear()
    program = "import jax.numpy as jnp\ny = jnp.reshape(jnp.ones(6), newshape=(2, 3))\n"
    assert _lines(tmp_path, program) == []


@pytest.mark.parametrize(
    "call",
    [
        "jnp.reshape(x, newshape=(2, 3))",
        "jnp.reshape(\n    x,\n    newshape=(2, 3),\n)",
        "jnp.reshape(x, newshape=(2, 3))  # a comment after the call",
        "jnp.reshape(x,  # a comment inside the call\n    newshape=(2, 3))",
        "jnp.reshape(x, newshape=tuple(int(n) for n in '2 3'.split()))",
        "jnp.reshape(jnp.asarray(x, dtype=jnp.float32), newshape=[2, 3])",
        'jnp.reshape(x, newshape=(2, 3)) if "a=b" else x',
        "jnp.reshape(x, \\\n    newshape=(2, 3))",
    ],
)
def test_the_text_search_before_the_walks_never_hides_a_finding(tmp_path: Path, call: str) -> None:
    """The search of the text that spares the walks reads each listed call's keywords; where
    it cannot be sure (a comment, a backslash) it leaves the answer to the walks."""
    program = f"import jax.numpy as jnp\nx = jnp.arange(6.0)\ny = {call}\n"
    assert len(_found(tmp_path, program)) == 1


def test_the_text_search_reads_only_the_calls_own_keywords() -> None:
    from jaxlsp.rules.jax_call_keyword_unknown import _keywords_spelled

    def spelled(call: str) -> set[str] | None:
        return _keywords_spelled(call, call.index("(") + 1)

    assert spelled("f(x, y) + g(k=1)") == set()  # only the call's own arguments
    assert spelled("f(x, shape=(2, 3), order='C')") == {"shape", "order"}
    assert spelled("f(x, g(y=1), axis=0)") == {"axis"}  # a nested call's are its own
    assert spelled("f(x, key=lambda y=1: y)") == {"key"}  # so are a lambda's defaults
    assert spelled("f(x, 'a=1', b == 2)") == set()  # a string, a comparison
    assert spelled("f(x, {'a': 1}, k=[1, 2])") == {"k"}
    assert spelled("f(x,  # why\n k=1)") is None  # unsure: the walks decide
    assert spelled("f(x, s='it\\'s', k=1)") is None
    assert spelled("f(x") is None


@pytest.mark.parametrize(
    "call",
    [
        # the call does not end on its line: a string hides a bracket, or the line runs on
        'jnp.reshape(x[0], ")",\n    newshape=(2, 3))',
        'jnp.reshape(x["a"],\n    newshape=(2, 3))',
        # on one line with a subscript or a string: the keyword is read where it is spelled
        "jnp.reshape(x[:6], newshape=(2, 3))",
        'jnp.reshape(jnp.asarray([1, 2, 3, 4, 5, 6])["a" == "b"], newshape=(2, 3))',
    ],
)
def test_a_call_that_may_run_on_is_read_to_its_end(tmp_path: Path, call: str) -> None:
    """The count of the line's brackets says a call ends on its line only where none is
    hidden in a string and no ``=`` is spelled: otherwise its tokens are read."""
    program = f"import jax.numpy as jnp\nx = jnp.arange(6.0)\ny = {call}\n"
    assert len(_found(tmp_path, program)) == 1


def test_a_call_ending_on_its_line_without_keywords() -> None:
    """What the count of a line's brackets answers, against the scan of the tokens."""
    from jaxlsp.rules.jax_call_keyword_unknown import (
        _closes_on_its_line_without_keywords,
        _keywords_spelled,
    )

    def ends(call: str) -> bool:
        return _closes_on_its_line_without_keywords(call, call.index("(") + 1)

    assert ends('f(x, params["w"])')
    assert ends("f(x[0], (1, 2)) + g(y)")
    assert ends("f(g(h(x)))\nk=1")  # the next line is not the call's
    assert not ends("f(x, k=1)")  # a keyword: read
    assert not ends("f(x[0], g(y) <= 1)")  # any ``=``: read
    assert not ends('f(x, ")"\n, k=1)')  # a string's bracket is not counted
    assert not ends("f(x, [\n1])")  # ends on a later line
    assert not ends("f(x)  # why")  # a comment: read
    assert not ends("f(x, 'it\\'s')")  # an escaped quote: read
    for call in ('f(x, params["w"])', "f(x[0], (1, 2)) + g(y)", "f(g(h(x)))\nk=1"):
        assert _keywords_spelled(call, call.index("(") + 1) == set()


@pytest.mark.parametrize(
    ("arguments", "plain"),
    [
        ("(x, y)", True),
        ('(x, params["w"])', True),
        ("(f(x), {'k': 1}, '')", True),
        ("(f(x[1]), y)", False),  # two brackets deep: the scan decides
        ("(\n    x,\n    y,\n)", True),
        ("(x, axis=0)", False),  # a keyword
        ("(f(x, k=1), y)", False),  # a nested call's keyword: the scan tells it apart
        ("(x, 'a=b')", False),  # an `=` in a string: the scan reads strings
        ("(x == y)", False),
        ("(x,  # why\n y)", False),  # a comment: the scan is unsure (the walks decide)
        ("(x, '''s''')", False),
        ('(x, """s""")', False),
        ("(x, 'a''b')", False),
        ("(x, \\\n y)", False),
        ("(x, 'it\\'s')", False),
        ("(x, y", False),  # unclosed
    ],
)
def test_the_search_skips_only_calls_whose_scan_finds_no_keyword(
    arguments: str, plain: bool
) -> None:
    """The search passes over the calls whose arguments spell no `=` (most calls) without a
    Python step; every call it passes over is one the scan answers with no keyword."""
    from jaxlsp.rules.jax_call_keyword_unknown import _PLAIN_CALL, _keywords_spelled

    skipped = _PLAIN_CALL.fullmatch(arguments, 1) is not None
    assert skipped == plain
    if skipped:
        assert _keywords_spelled(arguments, 1) == set()


def test_a_keyword_after_plain_calls_and_nested_brackets_is_found(tmp_path: Path) -> None:
    program = (
        "import jax.numpy as jnp\n"
        "x = jnp.arange(6.0)\n"
        'p = {"w": x}\n'
        'y = jnp.dot(x, p["w"]) + jnp.sum(jnp.abs(x[(0,)]))\n'
        'z = jnp.clip(jnp.abs(p["w"][0:2]), a_min=0.0)\n'
    )
    assert ["a_min" in finding.message for finding in _found(tmp_path, program)] == [True]
    assert _found(tmp_path, program.replace("a_min=", "min=")) == []


def test_the_data_looks_through_the_traceback_wrapper_and_lists_served_names() -> None:
    # jax.jit, jax.grad, lax.scan... are wrapped by JAX's traceback filter ((*args, **kwargs),
    # handed on unchanged); jax.experimental.pjit.pjit is a deprecated name still served
    assert "static_argnames" in KEYWORD_NAMES["jax.jit"]
    assert "has_aux" in KEYWORD_NAMES["jax.grad"]
    assert "unroll" in KEYWORD_NAMES["jax.lax.scan"]
    pjit = KEYWORD_NAMES["jax.experimental.pjit.pjit"]
    assert "in_shardings" in pjit and "in_axis_resources" not in pjit


@pytest.mark.parametrize(
    ("program", "lines"),
    [
        # a function imported by name, called by it (jaxpruner#10)
        (
            "from jax.experimental.pjit import pjit\n\n"
            "f = pjit(lambda w: w * 2, in_axis_resources=None, out_axis_resources=None)\n",
            [2, 2],
        ),
        ("from jax.numpy import reshape as rs\n\ny = rs([1, 2], newshape=(2,))\n", [2]),
        # the transforms behind the traceback wrapper, read as attributes
        ("import jax\n\ng = jax.jit(abs, static_argnums=(), donate=True)\n", [2]),
        ("import jax\n\ndef f(x):\n    return x\n\nh = jax.checkpoint(f, concrete=True)\n", [5]),
    ],
)
def test_a_function_imported_by_name_or_behind_the_wrapper_is_found(
    tmp_path: Path, program: str, lines: list[int]
) -> None:
    assert _lines(tmp_path, program) == lines


@pytest.mark.parametrize(
    "program",
    [
        "from jax.experimental.pjit import pjit\n\nf = pjit(abs, in_shardings=None)\n",
        "from jax import jit\n\ng = jit(abs, static_argnums=(0,))\n",
        # the name bound again, or a parameter of that name: not known to be JAX's
        "from jax import jit\n\ndef jit(f, **kw):\n    return f\n\ng = jit(abs, bad=1)\n",
        "from jax import jit\n\ndef wrap(jit):\n    return jit(abs, bad=1)\n",
        # keywords unpacked, or the error caught
        "from jax import jit\n\nopts = {'bad': 1}\ng = jit(abs, **opts)\n",
        "from jax import jit\n\ntry:\n    g = jit(abs, bad=1)\nexcept TypeError:\n    g = abs\n",
        # partial binds nothing yet; a method of that name is not the function
        "from functools import partial\nfrom jax import jit\n\nd = partial(jit, bad=1)\n",
        "from jax import jit\n\nclass M:\n    def jit(self, **kw):\n        return kw\n\n"
        "M().jit(bad=1)\n",
    ],
)
def test_imported_functions_close_negatives_stay_silent(tmp_path: Path, program: str) -> None:
    assert _lines(tmp_path, program) == []
