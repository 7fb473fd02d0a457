"""Key-reuse findings of the stop-32 fresh sample judged by execution, as ``key_reuse_lines.py``
judges stop 31's: a case names spans of a package's file, which run in order (each dedented; a
raw ``jax.random.PRNGKey(`` made a typed ``jax.random.key(``) under
``jax.debug_key_reuse(True)`` after the case's prelude (the names those lines read), then the
case's closing call, if any.  True when JAX raises KeyReuseError, false when everything runs.

    python fresh_s32_key_lines.py CASE SRC      (SRC: the unpacked wheel, ``{src}`` in a review)
"""

import sys
import textwrap
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

_OBJ = "type('O', (), {})"
_KINETIX_POLYGON = "P = O(); P.max_polygon_vertices = 4"
#: case -> (file in the wheel, spans of lines run in order, prelude, closing call)
CASES: dict[str, tuple[str, list[tuple[int, int]], str, str]] = {
    # the split on line 126 and create_minibatches_and_shuffle's permutation, one key
    "dopamine-ppo-249": (
        "dopamine/jax/agents/ppo/ppo_agent.py",
        [(126, 126), (249, 249)],
        "key = jax.random.key(0); states = jnp.ones((4, 3)); num_batches = 2",
        "",
    ),
    # per_sample_loss_fn's split of the closed-over rng1, once per call (grad_fn, jac_fn and
    # the direct call each run it)
    "dopamine-moe-85": (
        "dopamine/labs/moes/agents/full_rainbow_moe_agent.py",
        [(85, 85), (85, 85)],
        "rng1 = jax.random.key(0); batch_size = 2",
        "",
    ),
    # random_position_on_polygon hands one key to both arms of a lax.select, each splits it
    "kinetix-util-79": (
        "kinetix/environment/ued/util.py",
        [(68, 95)],
        "StaticEnvParams = O; " + _KINETIX_POLYGON,
        "random_position_on_polygon(jax.random.key(0), jnp.ones((4, 2)), 3, P)",
    ),
    # the permutation under `if shuffle:`, then the split of the same key
    "sbijax-dataloader-71": (
        "sbijax/_src/util/dataloader.py",
        [(65, 66), (71, 71)],
        "jr = jax.random; rng_key = jax.random.key(0); n = 6; data = {'y': jnp.ones((6, 2))}",
        "",
    ),
    # _categorical (jitted, lines 17-35) drawn once per action dimension with one subkey
    "skrl-multicategorical-122": (
        "skrl/models/jax/multicategorical.py",
        [(17, 35), (119, 123)],
        "from functools import partial; subkey = jax.random.key(0); "
        "net_outputs = [jnp.zeros((4, 3)), jnp.zeros((4, 2))]; taken_actions = [None, None]; "
        "actions, log_prob = [], []; self = O(); self._mc_unnormalized_log_prob = True",
        "",
    ),
    # the validation loss of every epoch drawn with one val_key (deliberate, said on lines
    # 72-73): _weighted (lines 63-67) and the epoch's validation (85-87) run for two epochs,
    # with an eval_fn that draws from its key as FMPE's loss does (its noise comes from the key)
    "sbijax-train-86": (
        "sbijax/_src/train/train.py",
        [(63, 67), (74, 74), (85, 87), (85, 87)],
        "jr = jax.random; rng_key = jax.random.key(0); state = None\n"
        "class Batches(list):\n    num_samples = 4\n"
        "val_iter = Batches([{'y': jnp.ones((4, 2))}])\n"
        "eval_fn = jax.jit(lambda k, s, b: {'loss': jnp.mean(b['y']) + jr.normal(k)})",
        "",
    ),
    # the shape check's draw (line 39) and the gradient check's (45) from the one self.key
    "brainstate-elementwise-45": (
        "brainstate/nn/_elementwise_test.py",
        [(35, 35), (39, 39), (45, 45)],
        "self = O(); self.seed = 42; input_shape = (3, 4)",
        "",
    ),
    # setUp draws the inputs and the sequence from one key
    "brainstate-rnns-46": (
        "brainstate/nn/_rnns_test.py",
        [(44, 48)],
        "self = O(); self.seed = 42; self.batch_size = 4; self.num_in = 3; "
        "self.sequence_length = 5",
        "",
    ),
    # multinomial drawn with self.key on each pass of the loop over n (run in brainstate's venv)
    "brainstate-impl-83": (
        "brainstate/random/_impl_test.py",
        [(78, 78), (83, 83), (83, 83)],  # the loop body twice, as the loop on line 81 runs it
        "from brainstate.random import _impl; self = O(); self.key = jax.random.key(0); "
        "n = jnp.array([10, 5])",
        "",
    ),
}

case, source = sys.argv[1], sys.argv[2]
path, spans, prelude, closing = CASES[case]
with Path(source, path).open(encoding="utf-8") as file:
    text = file.read().splitlines()
code = "\n".join(textwrap.dedent("\n".join(text[a - 1 : b])) for a, b in spans)
code = code.replace("jax.random.PRNGKey(", "jax.random.key(") + "\n" + closing
scope: dict[str, object] = {"jax": jax, "jnp": jnp, "np": np}
exec("O = " + _OBJ + "\n" + prelude, scope)
try:
    with jax.debug_key_reuse(True):
        exec(compile(code, f"{path}:{spans}", "exec"), scope)
except jax.errors.KeyReuseError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: {path} lines {spans} ran under jax.debug_key_reuse(True)")
