"""Key-reuse warnings of research repositories judged by execution (stop 38: stop 37's unread
ones and stop 38's sample): a case names lines of a repository's file (a notebook's by its
cell, counted over all cells), which run in order (each span dedented; a raw
``jax.random.PRNGKey(`` made a typed ``jax.random.key(`` so JAX's checker sees it) under
``jax.debug_key_reuse(True)`` after the case's prelude (stand-ins for the names those lines
read).  The warning is true when JAX raises KeyReuseError, false when the lines run.

    python repos_s38_keys.py CASE SRC      (SRC: the repository's snapshot, unpacked)
    python repos_s38_keys.py auto:PATH:CELL:FIRST,SECOND SRC    (CELL: - for a .py file)

The ``auto`` form runs the statement that first consumed the key and the flagged one (each
whole, however many lines it spans), making each name they read that nothing defines (a key
where the name says key or rng, float32 where it says dtype, ``jax.random`` for its aliases,
else the int 4): for the warnings whose two statements stand alone.

Run in a venv of its own on jax 0.12.0.1, never jaxlsp's.  Last line: ``verdict: ...``.
"""

from __future__ import annotations

import ast
import json
import sys
import textwrap
from pathlib import Path

import jax
import jax.numpy as jnp

_OBJ = "type('O', (), {})"
#: case -> (file, notebook cell or None, spans of lines run in order, prelude)
CASES: dict[str, tuple[str, int | None, list[tuple[int, int]], str]] = {
    # stop 37's distributionally_robust_learning (4058ebb)
    "dr-push-cube-539": (
        "custom_envs/manipulation/franka_emika_panda_robotiq/push_cube.py",
        None,
        [(520, 520), (524, 526), (539, 543)],
        "info = {'rng': jax.random.key(0)}; self = O(); self._config = O(); "
        "self._config.noise_config = O(); self._config.noise_config.noise_scales = O(); "
        "ns = self._config.noise_config.noise_scales; ns.robot_qpos = 0.1; "
        "ns.eef_angle = 5.0; jp = jnp; robot_qpos = jnp.zeros(3)",
    ),
    "dr-m2td3-605": (
        "learning/agents/m2td3/train.py",
        None,
        [(623, 625), (631, 631), (726, 736)],
        "rng = jax.random.key(0); process_id = 0; num_envs = 2; local_devices_to_use = 1; "
        "dr_low = jnp.zeros(1); dr_high = jnp.ones(1); num_evals_after_init = 2; "
        "current_step = 0; training_state = env_state = buffer_state = None\n"
        "class logging:\n    info = staticmethod(print)\n"
        "def training_epoch_with_timing(ts, es, bs, keys):\n"
        "    jax.random.uniform(keys[0])\n"
        "    return ts, es, bs, {}",
    ),
    # stop 39: the key 605 reaches is not the epoch keys but ``param_key``, which
    # training_step (run by each epoch's scan) draws from at line 487: a name of train()'s
    # scope (line 625), already drawn from at line 631
    "dr-m2td3-605-closure": (
        "learning/agents/m2td3/train.py",
        None,
        [(623, 625), (631, 631), (487, 490)],
        "rng = jax.random.key(0); process_id = 0; num_envs = 2; local_devices_to_use = 1; "
        "dr_low = dr_range_low = jnp.zeros(1); dr_high = dr_range_high = jnp.ones(1)",
    ),
    # stop 39: three ``auto`` verdicts that the first driver's reused prelude keys decided
    # (a key the probing run consumed made the judged run raise); each run whole here
    "idj-levy-118": (
        "infodynamics_jax/inference/noise/levy.py",
        None,
        [(78, 118)],
        "import jax.random as jrand\nfrom jax import lax\nalpha = 2.0; scale = 1.0; "
        "dtype = jnp.float32; key = jax.random.key(0); shape = (3,); EPS = 1e-6",
    ),
    "idj-slice-103": (
        "infodynamics_jax/inference/sampling/slice.py",
        None,
        [(67, 106)],
        "from jax import lax, random\nfrom jax.tree_util import tree_map\n"
        "key = jax.random.key(0); step_size = 0.5; q = jnp.zeros(2); direction = jnp.ones(2); "
        "energy = lambda q: jnp.sum(q ** 2); energy_args = (); energy_kwargs = {}; "
        "log_height = -1.0; self = O(); self.cfg = O(); self.cfg.max_steps = 4",
    ),
    "eqnn-graph-387": (
        "models/utils/graph_utils.py",
        None,
        [(369, 387)],
        "import numpy as np\nkey = jax.random.key(0)",
    ),
    "dr-wdsac-641": (
        "learning/agents/wdsac/train.py",
        None,
        [(626, 626), (637, 637), (641, 641)],
        "local_key = jax.random.key(0); local_devices_to_use = 1; num_evals_after_init = 2",
    ),
    "dr-gmmvi-36": (
        "learning/module/gmmvi/gmmvi_test.ipynb",
        5,
        [(35, 37)],
        "key = jax.random.key(0); state = None; target_log_prob = None\n"
        "def _insert_buffer(state, key, target):\n"
        "    return jax.random.uniform(key)",
    ),
    "dr-vision-1-act": (
        "learning/notebooks/training_vision_1.ipynb",
        10,
        [(1, 1), (10, 14)],
        "N = 2; num_envs = 2; jit_step = lambda s, a: s; state = None\n"
        "class env:\n    action_size = 1",
    ),
    "dr-vision-1-rollout": (
        "learning/notebooks/training_vision_1.ipynb",
        20,
        [(1, 1), (5, 11)],
        "num_envs = 2; episode_length = 2; n_episodes = 1; jit_reset = lambda k: None; "
        "rollout = []; unvmap = lambda s: s",
    ),
    "dr-vision-1-t4-rollout": (
        "learning/notebooks/training_vision_1_t4.ipynb",
        23,
        [(1, 1), (5, 11)],
        "num_envs = 2; episode_length = 2; n_episodes = 1; jit_reset = lambda k: None; "
        "rollout = []; unvmap = lambda s: s",
    ),
    "dr-vision-2-rollout": (
        "learning/notebooks/training_vision_2.ipynb",
        18,
        [(1, 1), (9, 15)],
        "num_envs = 2; n_episodes = 1; to_keep = 1; keep_until = lambda s, i: s; rollout = []\n"
        "jit_reset = lambda k: None\n"
        "class env_cfg:\n    episode_length = 2",
    ),
}


def _lines(src: Path, path: str, cell: int | None, code_only: bool = False) -> list[str]:
    """The file's lines, or a notebook cell's (counted over all cells from 0, or over its code
    cells from 1 as ``jaxlsp check`` counts them)."""
    if cell is None:
        return (src / path).read_text("utf-8").splitlines()
    cells = json.loads((src / path).read_text("utf-8"))["cells"]
    if code_only:  # jaxlsp's cell numbers: its code cells, from 1
        cells = [None, *(c for c in cells if c.get("cell_type") == "code")]
    source = cells[cell]["source"]
    return ("".join(source) if isinstance(source, list) else source).splitlines()


def _auto(case: str) -> tuple[str, int | None, list[tuple[int, int]], str]:
    """``auto:PATH:CELL:FIRST,SECOND`` (CELL among the code cells from 1, as ``jaxlsp check``
    counts them): the line that consumed the key first and the flagged
    one, each alone (a statement of one line), in that order; the names they read that
    nothing defines are made on the way: a key where the name says key or rng, else 4."""
    _, path, cell, lines = case.split(":")
    first, second = (int(n) for n in lines.split(","))
    return path, None if cell == "-" else int(cell), [(first, first), (second, second)], ""


def _statement(lines: list[str], line: int) -> tuple[int, int]:
    """The lines of the simple statement (one that holds no block) that line ``line`` is in:
    a call spread over several lines runs whole."""
    text = "\n".join("pass" if raw.lstrip().startswith(("!", "%")) else raw for raw in lines)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return line, line
    found = (line, line)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            end = node.end_lineno or node.lineno
            if node.lineno <= line <= end:
                found = (node.lineno, end)
    return found


def _made(name: str) -> object:
    """A stand-in for a name the lines read that nothing defines (the ``auto`` form): a new
    key where the name says key or rng, float32 where it says dtype, ``jax.random`` for its
    aliases, else the int 4."""
    if name in ("jrand", "jr", "random"):  # jax.random under its usual aliases
        return jax.random
    if name == "lax":
        return jax.lax
    if name == "keys":
        return jax.random.split(jax.random.key(0), 8)
    if "dtype" in name.lower():
        return jnp.float32
    if any(part in name.lower() for part in ("key", "rng")):
        return jax.random.key(0)
    return 4


def run(case: str, src: Path) -> str:
    path, cell, spans, prelude = _auto(case) if case.startswith("auto:") else CASES[case]
    lines = _lines(src, path, cell, code_only=case.startswith("auto:"))
    if case.startswith("auto:"):
        spans = [_statement(lines, start) for start, _ in spans]
    code = "\n".join(
        textwrap.dedent("\n".join(lines[start - 1 : end])) for start, end in spans
    ).replace("jax.random.PRNGKey(", "jax.random.key(")
    ran = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in spans)
    made: list[str] = []

    def fresh() -> dict[str, object]:
        # each run gets keys of its own: a key a run consumed stays consumed (JAX marks the
        # key object), so running the lines again on the same prelude's keys would raise
        # KeyReuseError whatever the lines do
        namespace: dict[str, object] = {"jax": jax, "jnp": jnp, "O": eval(_OBJ)}
        exec(prelude, namespace)
        for name in made:
            namespace[name] = _made(name)
        return namespace

    for _ in range(12):
        try:
            with jax.debug_key_reuse(True):
                exec(code, fresh())
        except NameError as missing:
            name = getattr(missing, "name", None)
            if not case.startswith("auto:") or name is None or name in made:
                return f"verdict: undecided: lines {ran} raised NameError: {missing}"
            made.append(name)
            continue
        except Exception:
            break
        break
    if made:
        ran += f" (made: {', '.join(made)})"
    try:
        with jax.debug_key_reuse(True):
            exec(code, fresh())
    except Exception as error:
        name = type(error).__name__
        if name == "KeyReuseError":
            return f"verdict: true: lines {ran} raised KeyReuseError"
        return f"verdict: undecided: lines {ran} raised {name}: {str(error)[:120]!r}"
    return f"verdict: false: lines {ran} ran with every key used once"


if __name__ == "__main__":
    print(run(sys.argv[1], Path(sys.argv[2])))
