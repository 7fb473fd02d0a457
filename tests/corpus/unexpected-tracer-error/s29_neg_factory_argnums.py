"""The factory's temperature is closed over, but only the logits are differentiated."""
# corpus: label=negative styles=return,parameter batch=s29

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
    probabilities = make_softmax(temperature)(logits)
    return -jnp.log(probabilities[0])


print(jax.grad(loss, argnums=1)(0.5, jnp.arange(4.0)))
