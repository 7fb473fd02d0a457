"""The error findings of stop 41's fresh sample (docs/fresh-sample.md, "Stop 41") that are not
removed names or keywords, run on the pinned JAX in a venv of the package's own (the package
installed from PyPI with jax==0.12.0.1).

    python fresh_s41_lines.py CASE SRC        (SRC: the unpacked wheel)

Cases:

- ``difftb-fermi``: ``find_fermi_level`` (jitted) of a 2x3 spectrum; flagged:
  ``core/eigensolver.py:409``, ``if n_e < n_electrons`` of the traced electron count.
- ``difftb-magnetization``: ``compute_magnetization`` (jitted) of two spin channels; flagged:
  ``physics/spin.py:166``, ``int(jnp.max(atom_orbital_map))`` of a traced argument.
  (difftb's ``__init__`` fails to import on its own release, ``soc_matrix`` missing: both load
  the modules past it, ``_bare_packages``.)
- ``pobax-fishing``: ``Fishing.get_current_reward`` (jitted, ``self`` and ``action`` static),
  whose ``self.move(key, pos, pushed_direction, slippage=False)`` passes a traced array as
  ``move``'s static ``action``; flagged: ``envs/jax/fishing.py:297``.  (The module imports
  ``ROOT_DIR`` from a ``definitions`` module the wheel lacks: a stand-in is given.)
- ``pobax-pocman``: ``PerfectMemoryWrapper(PocMan())``'s ``reset`` (it raises first, at line
  128, a boolean mask under its jit, not flagged), then its ``step`` with action 1 on a state
  made of the inner ``PocMan``'s reset (``definitions`` as above); flagged:
  ``envs/jax/pocman.py:175``, ``if action == 0`` under the jitted ``step``.
- ``rnn-jax-stacked``: ``StackedModularRNN`` of two Elman cells; flagged:
  ``layers/modular.py:128``, ``self.model_list, self.template = ...`` of an equinox module
  that declares no field ``model_list``.  (The release's ``modular.py`` imports
  ``call_stacked_model``, which its ``utils.py`` lacks: a stand-in is given.)
- ``smcs-island``: ``run_island_filter`` of a local-level model on 3 observations; flagged:
  ``algorithms/nested.py:374`` (``state.particles[mask]``), inside ``process_island``, a
  function ``island_step`` defines and never calls.

Each prints what ran or the exception and the library's lines in its traceback; the last line
is ``verdict: true|false: ...``.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _driver import RAISED, bare_packages, case_and_src, run


def difftb_fermi(src: Path) -> None:
    bare_packages("difftb", "difftb.core", "difftb.physics")
    import jax.numpy as jnp
    from difftb.core import eigensolver

    eigenvalues = jnp.array([[-1.0, 0.0, 1.0], [-0.5, 0.5, 1.5]])
    run(
        "find_fermi_level",
        lambda: eigensolver.find_fermi_level(eigenvalues, 2.0),
        "eigensolver.py",
        {409},
    )


def difftb_magnetization(src: Path) -> None:
    bare_packages("difftb", "difftb.core", "difftb.physics")
    import jax.numpy as jnp
    from difftb.physics import spin

    values = jnp.array([[-1.0, 0.0, 1.0]])
    vectors = jnp.eye(3)[None]
    run(
        "compute_magnetization",
        lambda: spin.compute_magnetization(
            values, values, vectors, vectors, 2.0, jnp.array([0, 0, 1])
        ),
        "spin.py",
        {166},
    )


def _definitions(src: Path) -> None:
    """pobax's modules import ``ROOT_DIR`` from a ``definitions`` module its wheel lacks."""
    definitions = types.ModuleType("definitions")
    definitions.ROOT_DIR = str(src)  # type: ignore[attr-defined]
    sys.modules["definitions"] = definitions


def pobax_fishing(src: Path) -> None:
    _definitions(src)
    import jax
    from pobax.envs.jax.fishing import Fishing

    config = Path(importlib.util.find_spec("pobax").origin).parent  # type: ignore[arg-type,union-attr]
    env = Fishing(config_path=config / "envs" / "configs" / "ocean_nav" / "fishing_0_config.json")
    params = env.default_params
    key = jax.random.PRNGKey(0)
    _, state = env.reset_env(key, params)
    run(
        "get_current_reward",
        lambda: env.get_current_reward(key, state, state, 1),
        "fishing.py",
        {297},
    )


def pobax_pocman(src: Path) -> None:
    _definitions(src)
    import jax
    import jax.numpy as jnp
    from pobax.envs.jax.pocman import PerfectMemoryPocmanState, PerfectMemoryWrapper, PocMan

    env = PerfectMemoryWrapper(PocMan())
    params = env.default_params
    key = jax.random.PRNGKey(2024)
    run("PerfectMemoryWrapper.reset", lambda: env.reset(key, params), "pocman.py", set())
    # its reset raises first (line 128's mask, unflagged): the state the wrapper's step
    # takes is made of the inner environment's reset and blank maps of the expanded size
    _, inner = env._env.reset(key, params)
    rows, cols = inner.grid.shape
    blank = jnp.zeros((2 * rows - 1, 2 * cols - 1)) - 1
    state = PerfectMemoryPocmanState(
        env_state=inner, wall_map=blank, ghost_map=blank, pellet_map=blank
    )
    run(
        "PerfectMemoryWrapper.step",
        lambda: env.step(key, state, jnp.array(1), params),
        "pocman.py",
        {175},
    )


def rnn_jax_stacked(src: Path) -> None:
    import jax
    import jax.numpy as jnp
    from rnn_jax.utils import utils

    # the release's modular.py imports a helper its utils.py lacks (ImportError first): a
    # stand-in lets the module load, so the flagged line runs as written
    utils.call_stacked_model = None  # type: ignore[attr-defined]
    from rnn_jax.cells.vanilla import ElmanRNNCell
    from rnn_jax.layers.modular import StackedModularRNN

    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    cells = [ElmanRNNCell(3, 4, key=k) for k in keys]
    run(
        "StackedModularRNN",
        lambda: StackedModularRNN(
            cells, jnp.ones((2, 2), bool), jnp.ones(2, bool), jnp.ones(2, bool)
        ),
        "modular.py",
        {128},
    )


def smcs_island(src: Path) -> None:
    import jax
    import jax.numpy as jnp
    from smcs.algorithms.nested import run_island_filter
    from smcs.models.distributions import Normal

    class LocalLevel:
        """A one-dimensional random walk observed with noise (smcs's model protocol)."""

        state_dim = 1
        obs_dim = 1

        def initial_distribution(self, params: Any) -> Any:
            return Normal(jnp.zeros(1), jnp.ones(1))

        def transition_distribution(self, params: Any, x: Any, t: Any) -> Any:
            return Normal(x, 0.1 * jnp.ones(1))

        def emission_distribution(self, params: Any, x: Any, t: Any) -> Any:
            return Normal(x, jnp.ones(1))

    observations = jnp.zeros((3, 1))
    run(
        "run_island_filter",
        lambda: jax.block_until_ready(
            run_island_filter(
                jax.random.PRNGKey(0),
                observations,
                LocalLevel(),  # type: ignore[arg-type]
                {},
                n_islands=2,
                particles_per_island=4,
            )
        ),
        "nested.py",
        {374},
    )


CASES: dict[str, Callable[[Path], None]] = {
    "difftb-fermi": difftb_fermi,
    "difftb-magnetization": difftb_magnetization,
    "pobax-fishing": pobax_fishing,
    "pobax-pocman": pobax_pocman,
    "rnn-jax-stacked": rnn_jax_stacked,
    "smcs-island": smcs_island,
}


def main() -> None:
    case, src = case_and_src()
    CASES[case](src)
    verdict = "true" if RAISED and RAISED[-1] else "false"
    print(f"verdict: {verdict}: {case}: " + ", ".join(str(r) for r in RAISED))


if __name__ == "__main__":
    main()
