"""The rule builds its (primal, tangent) pair in a helper and returns the helper's result."""
# corpus: label=negative styles=helper,return

import jax
import jax.numpy as jnp

EPS = 1e-6


def _norm_and_tangent(x, x_dot):
    n = jnp.sqrt(jnp.sum(x * x) + EPS)
    return n, jnp.vdot(x, x_dot) / n


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x * x) + EPS)


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    out = _norm_and_tangent(primals[0], tangents[0])
    return out


print(jax.grad(safe_norm)(jnp.array([3.0, 4.0])))
