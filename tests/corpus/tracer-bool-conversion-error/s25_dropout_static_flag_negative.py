"""The same Dropout layer, with the training flag kept static by static_argnames on the jitted apply."""
# corpus: label=negative styles=method,parameter batch=s25

import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, x, key, deterministic):
        if deterministic:
            return x
        keep = jax.random.bernoulli(key, 1.0 - self.rate, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


class Model:
    def __init__(self):
        self.drop = Dropout(0.1)

    def apply(self, params, x, key, training):
        h = jnp.tanh(x @ params["w"])
        return self.drop(h, key, not training)


model = Model()
params = {"w": jnp.ones((4, 8))}
step = jax.jit(model.apply, static_argnames="training")
print(step(params, jnp.ones((2, 4)), jax.random.key(0), training=True))
