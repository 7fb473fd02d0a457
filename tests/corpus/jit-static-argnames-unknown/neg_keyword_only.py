"""A keyword-only parameter named in static_argnames (a bound method's, self not in the way)."""
# corpus: label=negative styles=method,attribute

import jax
import jax.numpy as jnp


class Classifier:
    def __init__(self, n_in, n_out):
        self.w = jnp.zeros((n_in, n_out))
        self.apply_jit = jax.jit(self.apply, static_argnames=("train",))

    def apply(self, w, x, *, train=False):
        logits = x @ w
        return logits * 0.9 if train else logits

    def predict(self, x):
        return jnp.argmax(self.apply_jit(self.w, x, train=False), axis=-1)


print(Classifier(3, 2).predict(jnp.ones((4, 3))))
