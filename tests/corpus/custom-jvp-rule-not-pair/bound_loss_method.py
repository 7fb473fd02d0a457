"""A model's bound loss method is differentiated; the custom_jvp rule it uses returns one tuple element."""
# corpus: label=positive styles=method,helper

import jax
import jax.numpy as jnp


@jax.custom_jvp
def stable_sigmoid(x):
    return 0.5 * (jnp.tanh(0.5 * x) + 1.0)


@stable_sigmoid.defjvp
def _stable_sigmoid_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    s = stable_sigmoid(x)
    return (s * (1.0 - s) * t,)  # expect: custom-jvp-rule-not-pair


class LogisticRegression:
    def __init__(self, n_features):
        self.n_features = n_features

    def predict(self, w, x):
        return stable_sigmoid(x @ w)

    def loss(self, w, x, y):
        p = self.predict(w, x)
        return -jnp.mean(y * jnp.log(p) + (1.0 - y) * jnp.log1p(-p))


model = LogisticRegression(3)
x = jnp.ones((5, 3))
y = jnp.array([1.0, 0.0, 1.0, 0.0, 1.0])
print(jax.grad(model.loss)(jnp.zeros(3), x, y))
