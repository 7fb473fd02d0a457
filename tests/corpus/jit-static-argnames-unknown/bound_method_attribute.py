"""A Module jits its bound `apply` with static_argnames naming `deterministic`; apply takes `train`."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp


class Classifier:
    def __init__(self, n_in, n_out):
        self.w = jnp.zeros((n_in, n_out))
        self.apply_jit = jax.jit(  # expect: jit-static-argnames-unknown
            self.apply, static_argnames=("deterministic",)
        )

    def apply(self, w, x, train=False):
        logits = x @ w
        return logits * 0.9 if train else logits

    def predict(self, x):
        return jnp.argmax(self.apply_jit(self.w, x, train=False), axis=-1)


clf = Classifier(3, 2)
print(clf.predict(jnp.ones((4, 3))))
