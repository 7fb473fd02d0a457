"""Error findings only where the code surely raises: the cause of stop 41's false findings on
research repositories, with its close variants that must still be found.

- A test that replaces a global of the project's own module (stac-mjx's
  ``monkeypatch.setattr(utils, "kinematics", lambda model, data: data)``) and then runs code
  that calls it (``compute_stac.offset_optimization`` calls ``utils.kinematics``;
  ``utils.replace_qs`` calls its module's ``kinematics``) runs the replacement, not the
  jitted function: the fake model and data objects the test passes never reach ``jit``.  Only
  a replaced JAX API was known as replaced (``State.patched``); a workspace module's global
  now is too, read through the module or by the module's own functions, on the path after
  the patch (``monkeypatch.setattr``, ``mock.patch.object``, ``mock.patch("mod.name")``, the
  builtin ``setattr``; the two ``mock`` forms as a test's decorator too).  A name imported
  before the patch (``from kin import kinematics``) still holds the jitted function, as in
  Python.

``test_repos41_causes_on_jax.py`` runs every program on the pinned JAX and checks its label.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from jaxlsp.infer.interpreter import patched_global
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

#: The project's modules each program imports (relative path -> text).
SUPPORT: dict[str, str] = {
    "kin.py": """
        import jax


        @jax.jit
        def kinematics(model, data):
            return data


        def com_pos(model, data):
            return data


        def replace_qs(model, data, q):
            if q is None:
                return data
            return kinematics(model, data)
        """,
    "ops.py": """
        import kin


        def step(model, data):
            data = kin.kinematics(model, data)
            return kin.com_pos(model, data)
        """,
    "ops_by_name.py": """
        from kin import kinematics


        def step(model, data):
            return kinematics(model, data)
        """,
}

#: The fake objects the tests pass (no pytree: jit refuses them).
_FAKES = """
    import jax.numpy as jnp
    import pytest
    from unittest import mock

    import kin
    import ops
    import ops_by_name


    class FakeData:
        def __init__(self, qpos):
            self.qpos = qpos


    class FakeModel:
        def __init__(self, nq):
            self.nq = nq
    """

#: name -> (the program after the fakes, the error codes it must get).
PROGRAMS: dict[str, tuple[str, set[str]]] = {
    "patched_then_called_through_the_module": (
        """
        def test_step(monkeypatch):
            monkeypatch.setattr(kin, "kinematics", lambda model, data: data)
            data = ops.step(FakeModel(7), FakeData(jnp.zeros(7)))
            assert isinstance(data, FakeData)


        test_step(pytest.MonkeyPatch())
        """,
        set(),
    ),
    "patched_then_read_by_its_own_module": (
        """
        def test_replace(monkeypatch):
            monkeypatch.setattr(kin, "kinematics", lambda model, data: data)
            data = kin.replace_qs(FakeModel(7), FakeData(jnp.zeros(7)), jnp.ones(7))
            assert isinstance(data, FakeData)


        test_replace(pytest.MonkeyPatch())
        """,
        set(),
    ),
    "patched_by_mock_patch_object": (
        """
        with mock.patch.object(kin, "kinematics", lambda model, data: data):
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))
        """,
        set(),
    ),
    "patched_by_a_dotted_string": (
        """
        with mock.patch("kin.kinematics", lambda model, data: data):
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))
        """,
        set(),
    ),
    "patched_by_a_decorator_string": (
        """
        @mock.patch("kin.kinematics", lambda model, data: data)
        def test_step():
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))


        test_step()
        """,
        set(),
    ),
    "patched_by_a_decorator_object": (
        """
        @mock.patch.object(kin, "kinematics", lambda model, data: data)
        def test_step():
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))


        test_step()
        """,
        set(),
    ),
    "patched_by_builtin_setattr": (
        """
        setattr(kin, "kinematics", lambda model, data: data)
        ops.step(FakeModel(7), FakeData(jnp.zeros(7)))
        """,
        set(),
    ),
    # close variants that still raise
    "another_global_patched": (
        """
        def test_step(monkeypatch):
            monkeypatch.setattr(kin, "com_pos", lambda model, data: data)
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))


        test_step(pytest.MonkeyPatch())
        """,
        {"jit-non-array-argument"},
    ),
    "called_before_the_patch": (
        """
        def test_step(monkeypatch):
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))
            monkeypatch.setattr(kin, "kinematics", lambda model, data: data)


        test_step(pytest.MonkeyPatch())
        """,
        {"jit-non-array-argument"},
    ),
    "imported_by_name_before_the_patch": (
        """
        def test_step(monkeypatch):
            monkeypatch.setattr(kin, "kinematics", lambda model, data: data)
            ops_by_name.step(FakeModel(7), FakeData(jnp.zeros(7)))


        test_step(pytest.MonkeyPatch())
        """,
        {"jit-non-array-argument"},
    ),
    "the_same_name_set_on_another_module": (
        """
        def test_step(monkeypatch):
            monkeypatch.setattr(ops, "kinematics", lambda model, data: data, raising=False)
            ops.step(FakeModel(7), FakeData(jnp.zeros(7)))


        test_step(pytest.MonkeyPatch())
        """,
        {"jit-non-array-argument"},
    ),
}


def program(name: str) -> str:
    """The whole program: the fakes, then its own lines."""
    return textwrap.dedent(_FAKES) + textwrap.dedent(PROGRAMS[name][0])


def _error_codes(name: str, root: Path) -> set[str]:
    for relative, text in SUPPORT.items():
        (root / relative).write_text(textwrap.dedent(text), encoding="utf-8")
    main = root / f"{name}.py"
    main.write_text(program(name), encoding="utf-8")
    analysis = fresh_engine(Workspace([root])).analyze(main.read_text(encoding="utf-8"), str(main))
    return {f.code for f in (*analysis.findings, *analysis.elsewhere) if f.severity == "error"}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_error_findings_only_where_the_replaced_global_is_not_run(
    name: str, tmp_path: Path
) -> None:
    assert _error_codes(name, tmp_path) == PROGRAMS[name][1]


def test_a_patched_global_is_no_api_name() -> None:
    """The mark holds a colon, which no qualified API name has, so an API under a module's
    own name (a module ``jax`` in the workspace) is never taken as replaced by it."""
    mark = patched_global("/work/p/kin.py", "kinematics")
    assert ":" in mark
    assert mark != "kin.kinematics"
    assert patched_global("/work/p/kin.py", "com_pos") != mark
