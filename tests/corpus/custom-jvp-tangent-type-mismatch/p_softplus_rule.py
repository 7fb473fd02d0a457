"""A custom_jvp softplus whose rule sums the tangent to a scalar."""

# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus(x), jnp.sum(jax.nn.sigmoid(x) * t)


jax.jvp(softplus, (jnp.ones(3),), (jnp.ones(3),))  # expect: custom-jvp-tangent-type-mismatch
