"""rejax 0.1.3 ``rejax/algos/sac.py:86`` and ``:87``: the ``vmap_critic`` property returns
``jax.vmap(apply, in_axes=(0, None))`` when ``self.discrete`` and ``in_axes=(0, None, None)``
otherwise; flagged because the 2-argument calls (under ``if self.discrete:``) were paired with
the 3-axes vmap and the 3-argument calls with the 2-axes one.  rejax's SAC tests train for
16384 steps each and exceed pytest's time bound on the shared machine, so the driver trains SAC
on the tests' own first discrete and continuous environment for a few hundred steps (every
update runs ``update_actor`` and ``update_critic``, both arms of the property and its calls),
with the sdist's tests folder (the oracle's ``tests/rejax-0.1.3`` beside ``{src}``, the unpacked
wheel) on sys.path."""

import sys
from pathlib import Path

source = Path(sys.argv[1])
sys.path.insert(0, str(source.parent.parent / "tests" / source.name))

import jax  # noqa: E402
from rejax import SAC  # noqa: E402
from tests.environments import TestEnv1Continuous, TestEnv1Discrete  # noqa: E402

args = {
    "num_envs": 1,
    "learning_rate": 0.0003,
    "total_timesteps": 512,
    "eval_freq": 512,
    "fill_buffer": 64,
    "batch_size": 32,
    "skip_initial_evaluation": True,
}
try:
    for env in (TestEnv1Discrete(), TestEnv1Continuous()):
        sac = SAC.create(env=env, **args)
        ts, _ = SAC.train(sac, rng=jax.random.PRNGKey(0))
        print(type(env).__name__, "discrete" if sac.discrete else "continuous", "trained")
except ValueError as error:  # vmap's in_axes length error (the finding's claim)
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print("verdict: false: SAC trained on a discrete and a continuous env (both vmap_critic arms)")
