"""The error findings of stop 40's fresh sample (bench/fresh-sample.json's s40; its account:
git show f598467:docs/fresh-sample.md) that are not
removed names or keywords, run on the pinned JAX in a venv of the package's own (the package
installed from PyPI with jax==0.12.0.1).

    python fresh_s40_lines.py CASE SRC        (SRC: the unpacked wheel)

Cases:

- ``ptyrodactyl-potentials``: ``kirkland_potentials_crystal`` of a two-atom crystal with a
  ``grid_shape`` (without one, ``_compute_grid_dimensions``'s ``int(width)`` of the traced
  coordinates raises first, at ``atom_potentials.py:908``); flagged: ``:1538``,
  ``int(jnp.round(padding / pixel_size))`` of the traced pixel size.
- ``ptyrodactyl-clip``: ``clip_cbed`` of a 64x64 pattern, as its docstring calls it (flagged:
  ``parallelized.py:397``, ``lax.dynamic_slice`` sized by traced bounds, and ``:403``,
  ``jax.image.resize`` to the traced ``output_shape``); then again with the module's
  ``lax.dynamic_slice`` replaced by a fixed crop, so that the run reaches ``:403``.
  (Both with jaxtyping's runtime checker left out: ``_without_runtime_types``.)
- ``jaxvmas-football``: ``get_action``'s lines 774-775 (``shooting_control =
  jnp.zeros_like(movement_control)``, ``shooting_control[:, 1] = ...``), cut out with ``ast``
  and run with ``movement_control`` the (batch, 2) array line 770 makes, as an agent with
  ``action_size`` 4 (``enable_shooting=True``) reaches them.

Each prints what ran or the exception and the library's lines in its traceback; the last line
is ``verdict: true|false: ...``.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _driver import RAISED, case_and_src, run


def _without_runtime_types(src: Path) -> None:
    """ptyrodactyl's modules fail to import on the pinned JAX: ``@jaxtyped(typechecker=beartype)``
    over a ``jax.jit`` function reads its ``__globals__``, which 0.12's jitted function lacks
    (AttributeError at import).  The type checker is replaced by the identity before the
    import, so the code the findings flag runs as written, jit and all."""
    import jaxtyping

    jaxtyping.jaxtyped = lambda fn=None, **_: (lambda f: f) if fn is None else fn
    sys.path.insert(0, str(src))


def ptyrodactyl_potentials(src: Path) -> None:
    _without_runtime_types(src)
    import jax.numpy as jnp
    from ptyrodactyl.simul import kirkland_potentials_crystal
    from ptyrodactyl.tools.factory import make_crystal_data

    crystal = make_crystal_data(
        jnp.array([[0.0, 0.0, 0.0], [1.5, 1.5, 1.0]]), jnp.array([6, 8]), jnp.eye(3) * 4.0
    )
    run(
        "potentials(grid_shape=(32, 32, 2))",
        lambda: kirkland_potentials_crystal(crystal, 0.5, grid_shape=(32, 32, 2)),
        "atom_potentials.py",
        {1538},
    )


def ptyrodactyl_clip(src: Path) -> None:
    _without_runtime_types(src)
    import jax.numpy as jnp
    from ptyrodactyl.simul import parallelized

    cbed = jnp.ones((64, 64))
    run(
        "clip_cbed",
        lambda: parallelized.clip_cbed(cbed, 0.05, 300.0, 20.0, (32, 32)),
        "parallelized.py",
        {397},
    )

    class FixedCrop:
        """``lax`` as the module reads it, with a crop of fixed size in place of the traced one."""

        def __getattr__(self, name: str) -> Any:
            from jax import lax

            return getattr(lax, name)

        @staticmethod
        def dynamic_slice(operand: Any, starts: Any, sizes: Any) -> Any:
            from jax import lax

            return lax.dynamic_slice(operand, starts, (16, 16))

    parallelized.lax = FixedCrop()
    run(
        "clip_cbed, past a fixed crop",
        lambda: parallelized.clip_cbed(cbed, 0.05, 300.0, 20.0, (32, 32)),
        "parallelized.py",
        {403},
    )


def jaxvmas_football(src: Path) -> None:
    import jax.numpy as jnp

    file = src / "jaxvmas" / "scenario" / "football.py"
    lines = file.read_text(encoding="utf-8").splitlines()
    code = "\n".join(line.strip() for line in lines[773:775])
    ast.parse(code)
    print("running:", code.replace("\n", " | "))
    objectives = {"agent_blue_0": {"shot_power": jnp.ones(3), "target_ang": jnp.zeros((3, 1))}}

    class Agent:
        name = "agent_blue_0"

    namespace = {
        "jnp": jnp,
        "movement_control": jnp.zeros((3, 2)),
        "self": type("AI", (), {"objectives": objectives})(),
        "agent": Agent(),
    }

    def cut() -> None:
        exec(compile(code, str(file), "exec"), namespace)

    try:
        cut()
        print("ran")
        RAISED.append(False)
    except TypeError as error:
        print("TypeError", str(error)[:160])
        RAISED.append("immutable" in str(error) or "does not support item assignment" in str(error))


CASES: dict[str, Callable[[Path], None]] = {
    "ptyrodactyl-potentials": ptyrodactyl_potentials,
    "ptyrodactyl-clip": ptyrodactyl_clip,
    "jaxvmas-football": jaxvmas_football,
}


def main() -> None:
    case, src = case_and_src()
    CASES[case](src)
    verdict = "true" if RAISED and RAISED[0] else "false"
    print(f"verdict: {verdict}: {case}: " + ", ".join(str(r) for r in RAISED))


if __name__ == "__main__":
    main()
