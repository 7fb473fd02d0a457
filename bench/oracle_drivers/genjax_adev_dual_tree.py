"""genjax ``adev/__init__.py:341`` (tree-map-structure-mismatch): ``Dual.dual_tree(primals,
tangents)`` reached from ``invoke_closed_over_jvp``, the custom_jvp rule ``grad_estimate``
differentiates, where JAX hands the rule a tangent tree of the primal's structure (a tuple of
arguments gets a tuple).  Runs ADEV's estimators (reparameterised, REINFORCE, enumerated,
measure-valued, eager and under ``jit``) with every call of ``dual_tree`` counted, installed
with genjax on the pinned JAX (``--override``: it caps JAX below 0.12).  False when every
call ran (and their structures matched); true on the ValueError.

    python genjax_adev_dual_tree.py
"""

import genjax.adev as adev
import jax
import jax.numpy as jnp
from genjax.adev import (
    expectation,
    flip_enum,
    flip_mvd,
    multivariate_normal_diag_reparam,
    normal_reinforce,
    normal_reparam,
)
from genjax.pjax import seed

_calls = []
_orig = adev.Dual.dual_tree


def _counted(p, t):
    _calls.append((jax.tree.structure(p), jax.tree.structure(t)))
    return _orig(p, t)


adev.Dual.dual_tree = staticmethod(_counted)


@expectation
def obj1(theta):
    x = normal_reparam(theta, 1.0)
    return x**2


@expectation
def obj2(theta):
    x = normal_reinforce(theta, 1.0)
    b = flip_enum(0.3)
    return jnp.where(b, x, 2 * x)


@expectation
def obj3(theta):
    v = multivariate_normal_diag_reparam(theta * jnp.ones(3), jnp.ones(3))
    b = flip_mvd(0.4)
    return jnp.sum(v) * b


for name, o, arg in [("reparam", obj1, 0.5), ("reinforce+enum", obj2, 0.5), ("mvd+mvn", obj3, 0.5)]:
    g = seed(o.grad_estimate)(jax.random.key(0), arg)
    print(name, "grad", g)
    g = jax.jit(seed(o.grad_estimate))(jax.random.key(1), arg)
    print(name, "jit grad", g)
print("dual_tree calls", len(_calls), "structures", set(str(c) for c in _calls))
print(f"verdict: false: dual_tree ran {len(_calls)} times, no ValueError")
