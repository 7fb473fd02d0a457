"""A frozen encoder's activation has a rule that asserts it is never differentiated; only the head is trained."""
# corpus: label=negative styles=method,attribute
# realcode: cause N

import jax
import jax.numpy as jnp


@jax.custom_jvp
def hard_tanh(x):
    return jnp.clip(x, -1.0, 1.0)


@hard_tanh.defjvp
def _hard_tanh_jvp(primals, tangents):
    assert False, "the encoder is frozen: hard_tanh must not be differentiated"


class FrozenEncoderClassifier:
    def __init__(self, encoder_w):
        self.encoder_w = encoder_w

    def features(self, x):
        return hard_tanh(jax.lax.stop_gradient(x @ self.encoder_w))

    def loss(self, head_w, x, y):
        logits = self.features(x) @ head_w
        return jnp.mean((logits - y) ** 2)


model = FrozenEncoderClassifier(jnp.ones((3, 4)) * 0.1)
grads = jax.grad(model.loss)(jnp.zeros(4), jnp.ones((2, 3)), jnp.ones(2))
