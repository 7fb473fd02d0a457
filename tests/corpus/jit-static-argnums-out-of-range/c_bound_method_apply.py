# corpus: label=positive styles=method,attribute batch=c
"""A model jits its own bound apply method and counts self among the positions."""

import jax
import jax.numpy as jnp


class Classifier:
    def __init__(self, num_classes):
        self.num_classes = num_classes
        self._apply = jax.jit(  # expect: jit-static-argnums-out-of-range
            self.apply, static_argnums=3
        )

    def apply(self, params, x, training=False):
        logits = x @ params["w"]
        if training:
            logits = logits * 0.9
        return logits

    def predict(self, params, x):
        return jnp.argmax(self._apply(params, x, False), axis=-1)


model = Classifier(num_classes=3)
print(model.predict({"w": jnp.ones((4, 3))}, jnp.ones((2, 4))))
