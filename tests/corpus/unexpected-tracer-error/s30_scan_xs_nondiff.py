"""A custom_jvp gate takes each step's mask (a slice of scan's xs) as a nondiff argument; grad."""
# corpus: label=positive styles=helper,transform batch=s30

import jax
import jax.numpy as jnp


def gate(h, mask):
    return jnp.where(mask > 0, h, 0.0)


def gate_jvp(mask, primals, tangents):
    (h,), (dh,) = primals, tangents
    return gate(h, mask), jnp.where(mask > 0, dh, 0.0)


gate = jax.custom_jvp(gate, nondiff_argnums=(1,))
gate.defjvp(gate_jvp)


def cell(h, mask):
    return jnp.tanh(gate(h, mask)) + 0.1, None


def run(h0, masks):
    h, _ = jax.lax.scan(cell, h0, masks)  # expect: unexpected-tracer-error
    return h.sum()


masks = jnp.ones((5, 3))
print(jax.grad(run)(jnp.ones(3), masks))
