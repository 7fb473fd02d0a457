# realbug: jax2sympy-2-jax-core-literal-import (fixed)
# source: https://github.com/johnviljoen/jax2sympy/issues/2
import jax
import jax.numpy as jnp
from jax.extend.core import Literal


def f(x):
  return jnp.sin(x) * 2.0 + 1.0


jaxpr = jax.make_jaxpr(f)(jnp.ones(3)).jaxpr
print(sum(isinstance(v, Literal) for eqn in jaxpr.eqns for v in eqn.invars))
