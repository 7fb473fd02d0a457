"""Stop 37's research repositories: the error findings that are not removed names, run.

    python repos_s37_lines.py CASE SRC     (SRC: the repository's snapshot, unpacked)

Run in a venv of its own on jax 0.12.0.1 (flax, optax, distrax from PyPI), never jaxlsp's.
The repositories are no packages: each case loads the flagged module from SRC by its path
(its own imports that need what PyPI lacks stubbed, each said below) or cuts the flagged
function out of its file with ``ast``, and runs the flagged line as the repository's code
would.  Last line: ``verdict: true|false|undecided: what ran``.

Cases:
- ``grl2-state2obs-LINE`` (116, 118, 120, 122, 142, 173, 191, 197; SRC: grl2-jax 616f65a):
  ``StateProjection.project_agent`` of ``envs/smac_env/state2obs.py`` (``tools.log`` stubbed)
  with a state picked so that LINE is the first item assignment it reaches: a pathing grid
  open only in the direction the line tests, an enemy or an ally in sight or not.  197 needs
  ``obs_own_health`` false, which ``sanity_check`` in ``__init__`` refuses: the driver sets it
  after construction, and says so.
- ``jrlzoo-off2on-745`` (SRC: jrlzoo 64f3b88): ``Off2OnAgent.train_step`` of
  ``off2onrl/models.py`` called on a small batch (``__init__`` itself raises AttributeError,
  ``self.weight``, before any training: the driver makes the agent without it).
- ``dr-repeat-276`` (SRC: distributionally_robust_learning 4058ebb):
  ``_identity_vision_randomization_fn`` cut from ``learning/module/wrapper/wrapper.py`` and
  called on a stand-in of ``mjx.Model`` (a pytree with the fields it reads and
  ``tree_replace``; mujoco is not installed).
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import traceback
import types
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np


def _load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _raised_at(error: BaseException, file: Path) -> int | None:
    """The innermost line of ``file`` in the traceback."""
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == str(file)]
    return lines[-1] if lines else None


def grl2_state2obs(src: Path, line: int) -> str:
    log = types.ModuleType("tools.log")
    log.do_logging = print  # type: ignore[attr-defined]
    sys.modules["tools"] = types.ModuleType("tools")
    sys.modules["tools.log"] = log
    path = src / "envs" / "smac_env" / "state2obs.py"
    module = _load("state2obs", path)
    grid = np.zeros((32, 32), dtype=bool)
    # the unit stands at (16, 16) (relative position 0); a move of 1 reaches a neighbour
    opening = {116: (16, 17), 118: (16, 15), 120: (17, 16), 122: (15, 16)}
    if line in opening:
        grid[opening[line]] = True
    unit_bits = 1 if line == 197 else 0
    kwargs = dict(
        obs_all_health=True,
        obs_own_health=True,
        obs_last_action=True,
        obs_pathing_grid=False,
        obs_terrain_height=False,
        obs_timestep_number=False,
        obs_instead_of_state=False,
        state_last_action=True,
        state_timestep_number=False,
        move_amount=2,
        shield_bits_ally=0,
        shield_bits_enemy=0,
        unit_type_bits=unit_bits,
        sight_range=9,
        shoot_range=6,
        n_agents=2,
        n_enemies=1,
        n_actions=7,
        map_x=32,
        map_y=32,
        max_distance_x=32,
        max_distance_y=32,
        pathing_grid=grid,
        map_type="3m",
    )
    projection = module.StateProjection(**kwargs)
    said = ""
    if line == 197:
        projection.obs_own_health = False
        said = " (obs_own_health set false after __init__, whose sanity_check refuses it)"
    enemy_health = 1.0 if line == 142 else 0.0
    ally_health = 1.0 if line == 173 else 0.0
    extra = [0.0] * unit_bits
    state = {
        "al_feats": [
            jnp.array([1.0, 0.0, 0.0, 0.0, *extra]),
            jnp.array([ally_health, 0.0, 0.05, 0.0, *extra]),
        ],
        "en_feats": [jnp.array([enemy_health, 0.05, 0.0, *extra, 0.0][: 4 + unit_bits])],
    }
    try:
        projection.project_agent(state, 0)
    except Exception as error:  # the verdict names what raised
        at = _raised_at(error, path)
        ran = f"project_agent raised {type(error).__name__} at line {at}: {error}"[:300]
        if at == line and isinstance(error, TypeError):
            return ("undecided" if line == 197 else "true") + f": {ran}{said}"
        return f"false: {ran}{said}"
    return f"false: project_agent ran{said}"


def jrlzoo_off2on(src: Path) -> str:
    sys.path.insert(0, str(src / "off2onrl"))
    path = src / "off2onrl" / "models.py"
    module = _load("models", path)
    import flax

    @flax.struct.dataclass
    class State:
        params: jax.Array

    agent = object.__new__(module.Off2OnAgent)
    agent.ensemble_num = 3
    batch = module.Batch(
        observations=jnp.ones((4, 5)),
        actions=jnp.ones((4, 2)),
        rewards=jnp.ones(4),
        discounts=jnp.ones(4),
        next_observations=jnp.ones((4, 5)),
    )
    states = [State(jnp.zeros(1)) for _ in range(4)]
    try:
        module.Off2OnAgent.train_step(
            agent, batch, batch, batch, jax.random.PRNGKey(0), *states, jnp.zeros(1)
        )
    except ValueError as error:
        at = _raised_at(error, path)
        if "in_axes" in str(error):
            return f"true: train_step raised ValueError at line {at}: {str(error)[:200]}"
        return f"false: another ValueError at line {at}: {str(error)[:200]}"
    return "false: train_step ran"


def dr_repeat(src: Path) -> str:
    path = src / "learning" / "module" / "wrapper" / "wrapper.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = "_identity_vision_randomization_fn"
    [node] = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    node.returns = None
    for arg in node.args.args:
        arg.annotation = None
    namespace: dict[str, object] = {"jax": jax, "jp": jnp}
    exec(compile(ast.Module([node], []), str(path), "exec"), namespace)
    import flax

    @flax.struct.dataclass
    class Model:
        geom_rgba: object
        geom_matid: object
        geom_size: object
        light_pos: object
        light_dir: object
        light_type: object
        light_castshadow: object
        light_cutoff: object

        def tree_replace(self, fields: dict[str, object]) -> Model:
            return self.replace(**fields)

    model = Model(
        jnp.ones((6, 4)),
        jnp.zeros(6, jnp.int32),
        jnp.ones((6, 3)),
        jnp.ones((2, 3)),
        jnp.ones((2, 3)),
        jnp.zeros(2, jnp.int32),
        jnp.zeros(2, bool),
        jnp.ones(2),
    )
    tiled, _ = namespace[name](model, 4)  # type: ignore[operator]
    shape = tiled.geom_matid.shape
    return f"false: the function ran; line 276's jp.repeat(-1, 6, 0) gave geom_matid {shape}"


def main() -> None:
    case, src = sys.argv[1], Path(sys.argv[2])
    print(f"jax {jax.__version__}")
    if case.startswith("grl2-state2obs-"):
        verdict = grl2_state2obs(src, int(case.rsplit("-", 1)[1]))
    elif case == "jrlzoo-off2on-745":
        verdict = jrlzoo_off2on(src)
    elif case == "dr-repeat-276":
        verdict = dr_repeat(src)
    else:
        raise SystemExit(f"unknown case {case}")
    print(f"verdict: {verdict}")


if __name__ == "__main__":
    main()
