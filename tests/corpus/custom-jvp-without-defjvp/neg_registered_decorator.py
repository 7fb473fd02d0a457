"""The safe log with its rule registered by the `@safe_log.defjvp` decorator."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), jnp.where(x > 1e-12, t / x, 0.0)


print(jax.grad(lambda p: -jnp.sum(p * safe_log(p)))(jnp.array([0.2, 0.3, 0.5])))
