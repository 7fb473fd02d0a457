"""The gate takes the mask as a regular argument (its tangent ignored): grad of the scan runs."""
# corpus: label=negative styles=helper,transform batch=s30

import jax
import jax.numpy as jnp


@jax.custom_jvp
def gate(h, mask):
    return jnp.where(mask > 0, h, 0.0)


@gate.defjvp
def gate_jvp(primals, tangents):
    (h, mask), (dh, _) = primals, tangents
    return gate(h, mask), jnp.where(mask > 0, dh, 0.0)


def cell(h, mask):
    return jnp.tanh(gate(h, mask)) + 0.1, None


def run(h0, masks):
    h, _ = jax.lax.scan(cell, h0, masks)
    return h.sum()


masks = jnp.ones((5, 3))
print(jax.grad(run)(jnp.ones(3), masks))
