# realbug: jax2sympy-2-jax-core-literal-import
# source: https://github.com/johnviljoen/jax2sympy/issues/2
# kind: removed-name
# raises: ImportError: cannot import name 'Literal' from 'jax.core'
# The sparsity tracer walked a jaxpr and imported `Literal` from `jax.core`; it lives in
# `jax.extend.core` now. The walk is reduced to counting literal operands.
import jax
import jax.numpy as jnp
from jax.core import Literal  # BUG


def f(x):
  return jnp.sin(x) * 2.0 + 1.0


jaxpr = jax.make_jaxpr(f)(jnp.ones(3)).jaxpr
print(sum(isinstance(v, Literal) for eqn in jaxpr.eqns for v in eqn.invars))
