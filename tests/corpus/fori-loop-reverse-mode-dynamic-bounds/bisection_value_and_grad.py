# corpus: label=positive styles=transform,return
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

    return lax.while_loop(big, halve, (x, 0))[0]  # expect: fori-loop-reverse-mode-dynamic-bounds


def objective(x):
    return jnp.sum(shrink(x) ** 2)


print(jax.value_and_grad(objective)(jnp.array([8.0, 3.0])))
