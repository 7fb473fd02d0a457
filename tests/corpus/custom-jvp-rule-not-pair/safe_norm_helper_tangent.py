"""The jvp rule of a safe L2 norm delegates to a helper that computes just the tangent."""
# corpus: label=positive styles=helper,return

import jax
import jax.numpy as jnp

EPS = 1e-6


def _norm_tangent(x, x_dot):
    n = jnp.sqrt(jnp.sum(x * x) + EPS)
    return jnp.vdot(x, x_dot) / n


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x * x) + EPS)


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    x, x_dot = primals[0], tangents[0]
    return _norm_tangent(x, x_dot)  # expect: custom-jvp-rule-not-pair


def regularizer(params):
    return sum(safe_norm(p) for p in params.values())


params = {"w": jnp.ones((3, 3)), "b": jnp.zeros(3)}
grads = jax.grad(regularizer)(params)
print(jax.tree_util.tree_map(jnp.shape, grads))
