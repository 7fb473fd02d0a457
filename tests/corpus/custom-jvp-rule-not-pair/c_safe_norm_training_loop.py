# corpus: label=positive styles=transform batch=c
"""A numerically safe norm with a custom JVP; the rule returns only the tangent, and the
loss using it is differentiated in a small training loop."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v) + 1e-12)


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    norm = safe_norm(v)
    return jnp.dot(v, dv) / norm  # expect: custom-jvp-rule-not-pair


def loss(w, target):
    return (safe_norm(w) - target) ** 2


w = jnp.array([3.0, 4.0])
for step in range(3):
    g = jax.grad(loss)(w, 1.0)
    w = w - 0.1 * g
print(w)
