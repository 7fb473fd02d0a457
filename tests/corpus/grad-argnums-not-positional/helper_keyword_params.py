# corpus: label=positive styles=helper,parameter
import jax
import jax.numpy as jnp


def loss(params, batch):
    return jnp.sum((batch @ params) ** 2)


def gradients(params, batch):
    return jax.grad(loss)(params=params, batch=batch)  # expect: grad-argnums-not-positional


gradients(jnp.ones(3), jnp.ones((2, 3)))
