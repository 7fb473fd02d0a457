"""A loss differentiated with respect to the temperature it passes as a nondiff argument."""
# corpus: label=positive styles=parameter,transform batch=s30

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def softmax_t(logits, temperature):
    return jax.nn.softmax(logits / temperature)


def softmax_t_fwd(logits, temperature):
    out = softmax_t(logits, temperature)
    return out, out


def softmax_t_bwd(temperature, out, g):
    return ((g - jnp.sum(g * out)) * out / temperature,)


softmax_t.defvjp(softmax_t_fwd, softmax_t_bwd)


def loss(temperature, logits=jnp.arange(4.0)):
    return softmax_t(logits, temperature)[0]  # expect: custom-vjp-nondiff-argnums-tracer


print(jax.grad(loss)(jnp.float32(1.5)))
