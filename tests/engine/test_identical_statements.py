"""Two modules with an identical statement (the same helper ``def`` copied into two files) share
that statement's tree (the parse cache), but each module's function is its own: traced in one,
run for any caller in the other, with its own findings, hovers, inlay hints and re-checks."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Position
from jaxlsp.infer.workspace import Workspace
from tests.conftest import run_jaxlsp
from tests.engine.test_incremental import ENGINE
from tests.engine.test_rerun import Project

HEAD = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
#: On lines 5-6 of a module starting with ``HEAD`` (line 6 of one that imports first).
EXP_HELPER = "\n\ndef helper(x):\n    return np.exp(x)\n"
JITTED = "\n\nstep = jax.jit(helper)\n"


def _analyze(root: Path, texts: dict[str, str], name: str) -> tuple[Engine, Analysis]:
    engine = Engine(ENGINE.records, Workspace([root]))
    for file, text in texts.items():
        (root / file).write_text(text, encoding="utf-8")
        engine.workspace.set_document(root / file, text)
    return engine, engine.analyze(texts[name], str(root / name))


def _line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.split("\n")) if fragment in line)


def test_a_helper_identical_to_an_imported_modules_is_traced_where_it_is_jitted(
    tmp_path: Path,
) -> None:
    """``train``'s ``helper`` is jitted and called with the same arguments as ``ops``'s: NumPy
    on its tracer raises in both modules, and each module's hover on ``np.exp`` says so."""
    texts = {
        "ops.py": HEAD + EXP_HELPER + JITTED + "A = step(1.0)\n",
        "train.py": "import ops\n" + HEAD + EXP_HELPER + JITTED + "B = step(1.0)\n",
    }
    engine, analysis = _analyze(tmp_path, texts, "train.py")
    line = _line_of(texts["train.py"], "np.exp")
    assert [(f.code, f.span.start.line) for f in analysis.findings] == [
        ("tracer-array-conversion-error", line)
    ]
    hover = engine.hover(analysis, Position(line, len("    return np.e")))
    assert hover is not None and "tracer-array-conversion-error" in hover.markdown
    checked = run_jaxlsp("check", str(tmp_path))
    assert checked.returncode == 1
    for name, text in texts.items():
        line = _line_of(text, "np.exp") + 1
        assert f"{name}:{line}:12: tracer-array-conversion-error" in checked.stdout


def test_a_function_nothing_calls_is_run_for_any_caller_in_each_module(tmp_path: Path) -> None:
    """``init`` is called nowhere in either module: each module's own copy runs for any caller,
    so the int seed is found in the importer too."""
    init = "\n\ndef init(shape):\n    return jax.random.normal(0, shape)\n"
    texts = {"ops.py": HEAD + init, "train.py": "import ops\n" + HEAD + init}
    _, analysis = _analyze(tmp_path, texts, "train.py")
    assert [(f.code, f.span.start.line) for f in analysis.findings] == [
        ("random-int-seed-as-key", _line_of(texts["train.py"], "normal"))
    ]


def test_inlay_hints_of_a_helper_called_like_an_imported_modules_copy(tmp_path: Path) -> None:
    """Both copies of ``norm`` are called with the same array: each shows its shapes."""
    norm = "\n\ndef norm(x):\n    y = x * 2\n    return y\n\n\nA = norm(jnp.ones((3,)))\n"
    texts = {"ops.py": HEAD + norm, "train.py": "import ops\n" + HEAD + norm}
    engine, analysis = _analyze(tmp_path, texts, "train.py")
    hints = {(hint.position.line, hint.label) for hint in engine.inlay_hints(analysis)}
    text = texts["train.py"]
    assert {
        (_line_of(text, "def norm"), "-> float32[3]"),
        (_line_of(text, "y = x * 2"), ": float32[3]"),
        (_line_of(text, "A = norm"), ": float32[3]"),
    } <= hints


def test_an_edit_calling_the_imported_copy_keeps_the_importers_finding(tmp_path: Path) -> None:
    """``ops`` starts calling its own jitted ``helper`` as ``train`` does: ``train``'s re-check
    (from its last analysis) and a fresh analysis still find NumPy on ``train``'s tracer, and
    again once ``ops`` stops."""
    ops = HEAD + EXP_HELPER + JITTED + "A = 1\n"
    train = "import ops\n" + HEAD + EXP_HELPER + JITTED + "B = step(1.0)\n"
    project = Project(tmp_path, {"ops.py": ops, "train.py": train})
    path = tmp_path / "ops.py"
    line = _line_of(train, "np.exp")
    for edited in ("A = step(1.0)", "A = 2"):
        project.edit(path, ops.replace("A = 1", edited))
        project.analyze(path)
        again = project.analyze(tmp_path / "train.py")
        project.assert_fresh(again)
        assert [(f.code, f.span.start.line) for f in again.findings] == [
            ("tracer-array-conversion-error", line)
        ]
