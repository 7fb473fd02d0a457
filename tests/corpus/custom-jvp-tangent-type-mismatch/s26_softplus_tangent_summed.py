"""A custom_jvp softplus whose rule computes its tangent with a helper that sums over the vector, so the tangent is a scalar for a vector output."""
# corpus: label=positive styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


def _tangent(x, x_dot):
    return jnp.sum(jax.nn.sigmoid(x) * x_dot)


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return softplus(x), _tangent(x, x_dot)


print(jax.jvp(softplus, (jnp.ones(3),), (jnp.ones(3),)))  # expect: custom-jvp-tangent-type-mismatch
