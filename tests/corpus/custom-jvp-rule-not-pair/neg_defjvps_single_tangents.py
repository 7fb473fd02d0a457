"""defjvps takes one tangent function per argument, each returning a single value: this is right."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.custom_jvp
def weighted_logaddexp(x, w):
    return jnp.logaddexp(x * w, 0.0)


weighted_logaddexp.defjvps(
    lambda x_dot, ans, x, w: jax.nn.sigmoid(x * w) * w * x_dot,
    lambda w_dot, ans, x, w: jax.nn.sigmoid(x * w) * x * w_dot,
)

x = jnp.array([0.5, -1.0, 2.0])
print(jax.grad(lambda w: weighted_logaddexp(x, w).sum())(1.5))
print(jax.jvp(weighted_logaddexp, (x, 1.5), (jnp.ones(3), 0.0)))
