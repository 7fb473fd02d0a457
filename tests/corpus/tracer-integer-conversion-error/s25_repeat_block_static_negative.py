"""The residual stack with `depth` declared static."""
# corpus: label=negative styles=parameter,helper batch=s25

import jax
import jax.numpy as jnp


def block(x, w):
    return x + jnp.tanh(x @ w)


def stack(x, w, depth):
    for _ in range(depth):
        x = block(x, w)
    return x


forward = jax.jit(stack, static_argnums=2)
print(forward(jnp.ones((2, 4)), jnp.eye(4), 3))
