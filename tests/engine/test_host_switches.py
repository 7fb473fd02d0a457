"""A guard on what the machine that runs the code says (an environment variable, the platform,
the backend or devices), read at import or in the function, directly or through a module's
constant set from it: the analysis cannot know which branch the user's run takes, so an error
inside either branch is not proved (no error finding), while one on every path stays.

Each program is run on the pinned JAX by ``test_labels_hold_on_jax`` (with no such variable set,
on Linux, on the CPU): the ones that must get no error finding run to the end."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine
from tests._on_jax import run_on_jax

#: A module of the project whose constant is set from the environment at import.
SUPPORT = {
    "demo_flags/__init__.py": "",
    "demo_flags/flags.py": """
        import os

        INPLACE = os.environ.get("JAXLSP_DEMO_INPLACE") == "1"
        """,
}

#: name -> (program, the error codes it must get): an empty set is a program that runs.
PROGRAMS: dict[str, tuple[str, set[str]]] = {
    "environment_switch_at_import_and_in_the_function": (
        """
        import os
        import sys

        import jax.numpy as jnp

        RAW = os.environ.get("JAXLSP_DEMO_INPLACE", "0")
        INPLACE = RAW.lower() in ("1", "true")


        def update(x):
            if INPLACE:
                x[0] = 1.0
            return x


        def update_on_mac(x):
            if sys.platform == "darwin":
                x[0] = 1.0
            return x


        def update_when_set(x):
            flag = os.getenv("JAXLSP_DEMO_INPLACE") is not None
            if flag:
                x[0] = 1.0
            return x


        print(update(jnp.zeros(3)), update_on_mac(jnp.zeros(3)), update_when_set(jnp.zeros(3)))
        """,
        set(),
    ),
    "environment_switch_imported_from_a_module_of_the_project": (
        """
        import jax.numpy as jnp

        from demo_flags import flags
        from demo_flags.flags import INPLACE


        def update(x):
            if INPLACE:
                x[0] = 1.0
            if flags.INPLACE:
                x[1] = 1.0
            return x


        print(update(jnp.zeros(3)))
        """,
        set(),
    ),
    "backend_switch": (
        """
        import jax
        import jax.numpy as jnp


        def update(x):
            if jax.default_backend() == "tpu" and jax.device_count() > 1:
                x[0] = 1.0
            return x


        print(update(jnp.zeros(3)))
        """,
        set(),
    ),
    "error_on_both_sides_of_an_environment_switch": (
        """
        import os

        import jax.numpy as jnp

        INPLACE = os.environ.get("JAXLSP_DEMO_INPLACE", "0") == "1"


        def update(x):
            if INPLACE:
                x = x + 1.0
            x[0] = 1.0
            return x


        print(update(jnp.zeros(3)))
        """,
        {"immutable-array-item-assignment"},
    ),
    "environment_switch_read_through_calls": (
        """
        import os

        import jax.numpy as jnp


        def update(x):
            if os.environ.get("JAXLSP_DEMO_INPLACE", "").lower() == "1":
                x[0] = 1.0
            if os.getenv("JAXLSP_DEMO_MODE", "a").strip().upper().startswith("B"):
                x[1] = 1.0
            return x


        print(update(jnp.zeros(3)))
        """,
        set(),
    ),
    "a_test_of_data_read_through_calls_is_no_switch": (
        """
        import jax.numpy as jnp


        def update(x):
            if str(x.dtype).lower().startswith("float"):
                x[0] = 1.0
            return x


        print(update(jnp.zeros(3)))
        """,
        {"immutable-array-item-assignment"},
    ),
    "a_parameter_named_like_a_switch_is_no_switch": (
        """
        import os

        import jax.numpy as jnp

        inplace = os.environ.get("JAXLSP_DEMO_INPLACE") == "1"


        def update(x, inplace):
            if inplace:
                x[0] = 1.0
            return x


        print(update(jnp.zeros(3), True))
        """,
        {"immutable-array-item-assignment"},
    ),
}


def _error_codes(name: str, root: Path) -> set[str]:
    for relative, text in SUPPORT.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    main = root / f"{name}.py"
    main.write_text(textwrap.dedent(PROGRAMS[name][0]), encoding="utf-8")
    analysis = fresh_engine(Workspace([root])).analyze(main.read_text(encoding="utf-8"), str(main))
    return {f.code for f in (*analysis.findings, *analysis.elsewhere) if f.severity == "error"}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_error_findings_only_off_the_host_switch(name: str, tmp_path: Path) -> None:
    assert _error_codes(name, tmp_path) == PROGRAMS[name][1]


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_on_jax(
        "host_switches",
        {name: textwrap.dedent(text) for name, (text, _) in PROGRAMS.items()},
        tmp_path_factory.mktemp("host"),
        support={name: textwrap.dedent(text) for name, text in SUPPORT.items()},
    )


@pytest.mark.jax
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_labels_hold_on_jax(name: str, ran: dict[str, Any]) -> None:
    outcome = ran[name]
    assert outcome["raised"] == bool(PROGRAMS[name][1]), outcome.get("message") or name
