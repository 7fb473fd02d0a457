"""The softplus rule fixed: it returns (primal_out, tangent_out)."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    return softplus(x), jax.nn.sigmoid(x) * x_dot


def loss(w):
    return jnp.sum(softplus(w) ** 2)


print(jax.grad(loss)(jnp.linspace(-2.0, 2.0, 5)))
