"""A gradient function called with every argument by keyword."""

# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.sum((x @ w) ** 2)


def grad_w(w, x):
    return jax.grad(loss)(w=w, x=x)  # expect: grad-argnums-not-positional


grad_w(jnp.ones(3), jnp.ones((2, 3)))
