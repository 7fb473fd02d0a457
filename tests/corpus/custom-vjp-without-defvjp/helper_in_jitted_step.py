"""A jitted update reaches an unregistered custom_vjp through a normalisation helper."""
# corpus: label=positive styles=helper,transform

import jax
import jax.numpy as jnp


@jax.custom_vjp
def rms_normalize(x):  # expect: custom-vjp-without-defvjp
    return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6)


def block(w, x):
    return rms_normalize(x @ w)


@jax.jit
def forward(w, x):
    return block(w, block(w, x))


print(forward(jnp.eye(4), jnp.ones((2, 4))))
