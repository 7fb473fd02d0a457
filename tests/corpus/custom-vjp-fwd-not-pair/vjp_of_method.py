"""jax.vjp of an attention scorer's bound method; its custom_vjp softmax forgets the residuals."""
# corpus: label=positive styles=method,transform

import jax
import jax.numpy as jnp


@jax.custom_vjp
def stable_softmax(logits):
    z = logits - jnp.max(logits, axis=-1, keepdims=True)
    e = jnp.exp(z)
    return e / jnp.sum(e, axis=-1, keepdims=True)


def _softmax_fwd(logits):
    probs = stable_softmax(logits)
    return probs  # expect: custom-vjp-fwd-not-pair


def _softmax_bwd(probs, g):
    return (probs * (g - jnp.sum(g * probs, axis=-1, keepdims=True)),)


stable_softmax.defvjp(_softmax_fwd, _softmax_bwd)


class Scorer:
    def __init__(self, temperature):
        self.temperature = temperature

    def attend(self, q, k):
        return stable_softmax(q @ k.T / self.temperature)


scorer = Scorer(2.0)
q, k = jnp.ones((2, 4)), jnp.ones((3, 4))
out, pullback = jax.vjp(scorer.attend, q, k)
print(pullback(jnp.ones_like(out)))
