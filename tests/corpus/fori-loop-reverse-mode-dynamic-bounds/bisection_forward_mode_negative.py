# corpus: label=negative styles=transform,return
import jax
import jax.numpy as jnp
from jax import lax


def shrink(x):
    def big(state):
        value, _ = state
        return jnp.max(jnp.abs(value)) > 1.0

    def halve(state):
        value, count = state
        return value / 2, count + 1

    return lax.while_loop(big, halve, (x, 0))[0]


primal, tangent = jax.jvp(shrink, (jnp.array([8.0, 3.0]),), (jnp.ones(2),))
print(jax.jacfwd(shrink)(jnp.array([8.0, 3.0])), tangent)
