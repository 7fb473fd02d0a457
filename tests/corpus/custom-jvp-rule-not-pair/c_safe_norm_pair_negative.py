# corpus: label=negative styles=transform batch=c
"""The safe norm, fixed: the rule returns (primal_out, tangent_out)."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v) + 1e-12)


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    norm = safe_norm(v)
    return norm, jnp.dot(v, dv) / norm


def loss(w, target):
    return (safe_norm(w) - target) ** 2


w = jnp.array([3.0, 4.0])
for step in range(3):
    w = w - 0.1 * jax.grad(loss)(w, 1.0)
print(w)
