"""A numerically safe softplus whose jvp rule returns only the tangent; jax.grad of a loss."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    return jax.nn.sigmoid(x) * x_dot  # expect: custom-jvp-rule-not-pair


def loss(w):
    return jnp.sum(softplus(w) ** 2)


w = jnp.linspace(-2.0, 2.0, 5)
print(jax.grad(loss)(w))
