"""A rematerialised (jax.checkpoint) body under jax.grad; the body returns a one-element tuple."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


@jax.checkpoint
def layer(h, w):
    return (jnp.tanh(h @ w),)  # expect: scan-body-not-pair


def deep_net(weights, x):
    h, _ = jax.lax.scan(layer, x, weights)
    return jnp.sum(h**2)


weights = jnp.stack([jnp.eye(4) * 0.9] * 5)
print(jax.grad(deep_net)(weights, jnp.ones(4)))
