"""The custom_vjp function is vmapped inside jax.grad; vmap does not stage it, so fwd's pair is
returned unchecked, and the pullback of jax.vjp meets a cotangent shaped like the function's
output."""
# corpus: label=positive styles=transform,helper batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def attend(x):
    return jnp.tanh(x)


def attend_fwd(x):
    y = jnp.tanh(x)
    return (y, x), y


def attend_bwd(y, g):
    return (g * (1 - y**2),)


attend.defvjp(attend_fwd, attend_bwd)


def batched(x):
    return jax.vmap(attend)(x)


x = jnp.linspace(-1.0, 1.0, 4)
out, pullback = jax.vjp(batched, x)  # expect: custom-vjp-fwd-output-eager
print(pullback(jnp.ones(4)))
