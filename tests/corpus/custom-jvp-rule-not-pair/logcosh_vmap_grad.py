"""Per-example gradients (jax.vmap of jax.grad) through a custom_jvp whose rule drops the primal."""
# corpus: label=positive styles=transform

from jax import custom_jvp, grad, vmap
from jax import numpy as jnp


@custom_jvp
def logcosh(x):
    return x + jnp.log1p(jnp.exp(-2.0 * x)) - jnp.log(2.0)


def logcosh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.tanh(x) * t  # expect: custom-jvp-rule-not-pair


logcosh.defjvp(logcosh_jvp)


def robust_loss(pred, target):
    return logcosh(pred - target)


preds = jnp.array([0.5, 1.5, -0.3])
targets = jnp.array([0.0, 1.0, 0.0])
print(vmap(grad(robust_loss))(preds, targets))
