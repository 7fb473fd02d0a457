"""A custom_jvp gated unit reshapes its tangent into a column (`x_dot[:, None]`), so the tangent has another shape than the primal vector; the loss is differentiated with grad."""
# corpus: label=positive styles=transform,return batch=s26

import jax
import jax.numpy as jnp


@jax.custom_jvp
def gate(x):
    return x * jax.nn.sigmoid(x)


@gate.defjvp
def gate_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    s = jax.nn.sigmoid(x)
    return gate(x), (s * (1 + x * (1 - s)) * x_dot)[:, None]


print(jax.grad(lambda x: gate(x).sum())(jnp.ones(4)))  # expect: custom-jvp-tangent-type-mismatch
