# corpus: label=positive styles=method,transform batch=c
"""A model's __call__ uses a custom_jvp activation whose rule returns one value; the model's
loss method is differentiated."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def hard_tanh(x):
    return jnp.clip(x, -1.0, 1.0)


@hard_tanh.defjvp
def hard_tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    inside = jnp.abs(x) < 1.0
    return jnp.where(inside, t, 0.0)  # expect: custom-jvp-rule-not-pair


class TinyNet:
    def __init__(self, width):
        self.width = width

    def init(self, key):
        return {"w": jax.random.normal(key, (self.width,)), "b": jnp.zeros(())}

    def __call__(self, params, x):
        return hard_tanh(x @ params["w"] + params["b"])

    def loss(self, params, x, y):
        return jnp.mean((self(params, x) - y) ** 2)


net = TinyNet(width=3)
params = net.init(jax.random.key(1))
x = jnp.ones((5, 3))
y = jnp.zeros(5)
grads = jax.grad(net.loss)(params, x, y)
print(jax.tree_util.tree_map(jnp.shape, grads))
