"""A factory builds a custom_vjp softmax around the temperature it was given; the loss
differentiates with respect to that temperature."""
# corpus: label=positive styles=return,parameter batch=s29

import jax
import jax.numpy as jnp


def make_softmax(temperature):
    @jax.custom_vjp
    def softmax(logits):
        return jax.nn.softmax(logits / temperature)

    def softmax_fwd(logits):
        out = softmax(logits)
        return out, out

    def softmax_bwd(out, g):
        return ((g - (g * out).sum()) * out / temperature,)

    softmax.defvjp(softmax_fwd, softmax_bwd)
    return softmax


def loss(temperature, logits):
    probabilities = make_softmax(temperature)(logits)  # expect: unexpected-tracer-error
    return -jnp.log(probabilities[0])


print(jax.grad(loss)(0.5, jnp.arange(4.0)))
