"""Key-reuse warnings of stop 36's fresh sample (docs/fresh-sample.md, "Stop 36") judged by
execution, as ``key_reuse_lines.py`` does: a case names lines of a package's file, which run
(each span dedented; a raw ``jax.random.PRNGKey(`` made a typed ``jax.random.key(`` so JAX's
checker sees it) under ``jax.debug_key_reuse(True)`` after the case's prelude (the names those
lines read).  True when JAX raises KeyReuseError, false when the lines run.

    python fresh_s36_keys.py CASE SRC      (SRC: the unpacked wheel; paltax-input-* in a venv
                                            with paltax, the others need only jax)
"""

import sys
import textwrap
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

_OBJ = "type('O', (), {})"
_MATS = "mat_a_shape = (4, 256); mat_b_shape = (256, 4); upper_value = (1 << 28) - 1"
_PALTAX = (
    "from paltax import input_pipeline; normalize_param = input_pipeline.normalize_param; "
    "unnormalize_param = input_pipeline.unnormalize_param"
)
_PIPE = "paltax/input_pipeline_test.py"
_MAZE = (
    "rng = jax.random.key(0); self = O(); self._reset_noise_scale = 0.1; self.sys = O(); "
    "self.sys.qd_size = lambda: 3; self.possible_goals = self.possible_starts = "
    "self.possible_balls = jnp.ones((3, 2)); "
    "self._random_start = lambda r: _random_start(self, r); "
    "self._random_target = lambda r: _random_target(self, r); "
    "self._random_ball = lambda r: _random_ball(self, r)"
)
#: case -> (file in the wheel, spans of lines run in order, prelude)
CASES: dict[str, tuple[str, list[tuple[int, int]], str]] = {
    "horqrux-operator-utils-479": ("horqrux/utils/operator_utils.py", [(475, 479)], "n_qubits = 3"),
    "jaxite-matrix-utils-test-283": (
        "jaxite/jaxite_lib/matrix_utils_test.py",
        [(282, 283)],
        _MATS + "; key = jax.random.key(0)",
    ),
    "jaxite-matrix-utils-test-304": (
        "jaxite/jaxite_lib/matrix_utils_test.py",
        [(297, 297), (303, 304)],
        _MATS,
    ),
    "jaxite-matrix-utils-test-336": (
        "jaxite/jaxite_lib/matrix_utils_test.py",
        [(327, 327), (333, 338)],
        _MATS.replace("1 << 28", "1 << 32"),
    ),
    "paltax-train-test-150": (
        "paltax/train_test.py",
        [(140, 142), (149, 151)],
        "batch_size = 10",
    ),
    "paltax-train-test-155": (
        "paltax/train_test.py",
        [(140, 142), (155, 156)],
        "batch_size = 10",
    ),
    "paltax-train-test-196": (
        "paltax/train_test.py",
        [(193, 196)],
        "rng = jax.random.key(1); dim = 2",
    ),
    "diffusionjax-utils-333": (
        "diffusionjax/utils.py",
        [(325, 328), (333, 333)],
        "from jax import random; rng = jax.random.key(0); data = jnp.ones((4, 3)); sigma = 1.0",
    ),
    "jaxgcrl-pusher2-86": (
        "jaxgcrl/envs/pusher2.py",
        [(79, 79), (86, 86)],
        "rng4 = jax.random.key(4)",
    ),
    "paltax-input-test-510": (_PIPE, [(493, 495), (497, 502), (507, 510)], _PALTAX),
    "paltax-input-test-520": (_PIPE, [(493, 495), (497, 502), (507, 509), (515, 520)], _PALTAX),
    "paltax-input-test-529": (_PIPE, [(493, 495), (497, 502), (525, 529)], _PALTAX),
    "paltax-input-test-563": (_PIPE, [(544, 546), (548, 553), (560, 563)], _PALTAX),
    "paltax-input-test-573": (_PIPE, [(544, 546), (548, 553), (569, 573)], _PALTAX),
    "jax-relax-sphere-109": (
        "relax/methods/sphere.py",
        [(108, 111), (114, 114), (118, 121)],
        "jrand = jax.random; rng_key = jrand.key(0); "
        "cat_perturb_fn = lambda k, n, s: jrand.uniform(k, (s, n)); "
        "num_categories = [2, 3]; "
        "n_samples = 4; cont_masks = jnp.zeros(5, dtype=bool)",
    ),
    "jaxgcrl-ant-ball-maze-286": (
        "jaxgcrl/envs/ant_ball_maze.py",
        [(280, 291), (177, 177), (179, 179), (181, 181), (183, 183)],
        _MAZE,
    ),
    "jaxgcrl-ant-ball-maze-290": (
        "jaxgcrl/envs/ant_ball_maze.py",
        [(280, 291), (177, 177), (186, 187)],
        _MAZE,
    ),
}

#: case -> a program calling the flagged code as its docstring or test does (in the package's
#: venv), run whole under the switch
CALLS: dict[str, str] = {
    "jsmfsb-spn-399": (
        "import jsmfsb.models\nlv = jsmfsb.models.lv()\n"
        "step = lv.step_gillespie_1d(jnp.array([0.6, 0.6]))\n"
        "x0 = jnp.zeros((2, 20)).at[:, 10].set(lv.m)\nstep(jax.random.key(42), x0, 0, 1)"
    ),
    "jsmfsb-spn-519": (
        "import jsmfsb.models\nlv = jsmfsb.models.lv()\n"
        "step = lv.step_gillespie_2d(jnp.array([0.6, 0.6]))\n"
        "x0 = jnp.zeros((2, 8, 8)).at[:, 4, 4].set(lv.m)\nstep(jax.random.key(42), x0, 0, 1)"
    ),
    "diffusionjax-utils-423": (
        "from diffusionjax.sde import VP\nfrom diffusionjax.solvers import EulerMaruyama\n"
        "from diffusionjax.utils import get_sampler\nrsde = VP().reverse(lambda x, t: -x)\n"
        "sampler = get_sampler((4, 3), EulerMaruyama(rsde), EulerMaruyama(rsde), denoise=True)\n"
        "sampler(jax.random.key(0))"
    ),
    "ramsey-train-np-test-13": (
        "from jax import random as jr\nfrom ramsey.data import sample_from_gaussian_process\n"
        "key = jr.key(1)\ndata = sample_from_gaussian_process(key)\n"
        "key, train_key = jr.split(key)"
    ),
}

if __name__ == "__main__" and sys.argv[1] in CALLS:
    try:
        with jax.debug_key_reuse(True):
            exec(CALLS[sys.argv[1]], {"jax": jax, "jnp": jnp, "np": np})
    except jax.errors.KeyReuseError as error:
        print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
    else:
        print(f"verdict: false: {sys.argv[1]} ran under jax.debug_key_reuse(True)")
elif __name__ == "__main__":
    case, source = sys.argv[1], sys.argv[2]
    path, spans, prelude = CASES[case]
    with Path(source, path).open(encoding="utf-8") as file:
        text = file.read().splitlines()
    code = "\n".join(textwrap.dedent("\n".join(text[a - 1 : b])) for a, b in spans)
    code = code.replace("jax.random.PRNGKey(", "jax.random.key(").replace("self.variant(", "(")
    scope: dict[str, object] = {"jax": jax, "jnp": jnp, "np": np}
    exec("O = " + _OBJ + "\n" + prelude, scope)
    try:
        with jax.debug_key_reuse(True):
            exec(compile(code, f"{path}:{spans}", "exec"), scope)
    except jax.errors.KeyReuseError as error:
        print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
    else:
        print(f"verdict: false: {path} lines {spans} ran under jax.debug_key_reuse(True)")
