"""The softplus rule keeps the tangent elementwise, the primal's shape."""
# corpus: label=negative styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


def _tangent(x, x_dot):
    return jax.nn.sigmoid(x) * x_dot


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return softplus(x), _tangent(x, x_dot)


print(jax.jvp(softplus, (jnp.ones(3),), (jnp.ones(3),)))
