"""pyRDDLGym-jax ``core/compiler.py:292`` and ``:418`` (immutable-array-item-assignment on
``fls``): the compiler's own closures (``compile_transition``, ``_compile_policy_step``,
``_compile_batched_policy_step``, ``_compile_unrolled_policy_step``) built on a two-fluent model
and run as ``compile_rollouts`` runs them: under ``jax.lax.scan`` and ``jax.vmap``, with
``fls`` the dict of fluent arrays its docstring names.  The last line is the verdict: false
when the rollout runs (``fls`` is a dict there, and a dict takes item assignment).

    python pyrddlgym_jax_rollout_fluents.py      (in a venv with pyRDDLGym-jax on the pinned JAX)
"""

import jax
import jax.numpy as jnp
from pyRDDLGym_jax.core.compiler import JaxRDDLCompiler


class _Model:
    """The parts of a compiled model the closures read."""


model = _Model()
model.cpfs = {"pos'": lambda fls, nfls, params, key: (fls["pos"] + nfls["vel"], key, 0, params)}
model.rddl = _Model()
model.rddl.next_state = {"pos": "pos'"}
model._jax_cpfs = JaxRDDLCompiler._jax_cpfs.__get__(model)
model._jax_reward = lambda: (
    lambda key, errors, fls, nfls, params: (
        jnp.sum(fls["pos"]),
        key,
        errors,
        params,
    )
)
transition = JaxRDDLCompiler.compile_transition(model)
policy_step = JaxRDDLCompiler._compile_policy_step(
    model, lambda key, params, hyper, step, fls, hist: {}, transition
)
batched = JaxRDDLCompiler._compile_batched_policy_step(model, policy_step, 2, lambda x: x)
rollout = JaxRDDLCompiler._compile_unrolled_policy_step(model, batched, 3, False)
fls = {"pos": jnp.zeros((2, 4)), "pos'": jnp.zeros((2, 4))}
log, _ = rollout(jax.random.key(0), None, None, fls, {"vel": jnp.ones(4)}, {})
print(jax.tree.map(jnp.shape, log["fluents"]))
print("verdict: false: compiler.py:292 and :418 ran on the dict of fluents")
