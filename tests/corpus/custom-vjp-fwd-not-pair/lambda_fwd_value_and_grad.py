"""A straight-through round with lambda rules; the fwd lambda returns only the rounded value."""
# corpus: label=positive styles=transform,direct

import jax
import jax.numpy as jnp


@jax.custom_vjp
def round_ste(x):
    return jnp.round(x)


round_ste.defvjp(
    lambda x: jnp.round(x),  # expect: custom-vjp-fwd-not-pair
    lambda _, g: (g,),
)


def quantization_loss(w):
    return jnp.mean((round_ste(w * 4.0) / 4.0 - w) ** 2)


value, grad = jax.value_and_grad(quantization_loss)(jnp.linspace(-1.0, 1.0, 9))
print(value, grad)
