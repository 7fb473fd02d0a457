# corpus: label=negative styles=method,attribute batch=c
"""The bound method is jitted with its static position counted without self."""

import jax
import jax.numpy as jnp


class Classifier:
    def __init__(self, num_classes):
        self.num_classes = num_classes
        self._apply = jax.jit(self.apply, static_argnums=1)

    def apply(self, x, training=False):
        logits = x @ jnp.ones((x.shape[-1], self.num_classes))
        if training:
            logits = logits * 0.9
        return logits

    def predict(self, x):
        return jnp.argmax(self._apply(x, False), axis=-1)


print(Classifier(num_classes=3).predict(jnp.ones((2, 4))))
