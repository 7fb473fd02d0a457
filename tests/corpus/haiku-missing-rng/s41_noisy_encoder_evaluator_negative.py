"""A noisy Haiku encoder applied by an evaluator class that passes a key."""

# corpus: label=negative styles=method,parameter batch=s41
import haiku as hk
import jax
import jax.numpy as jnp


def encoder(x):
    noise = jax.random.normal(hk.next_rng_key(), x.shape) * 0.1
    return hk.Linear(4)(x + noise)


net = hk.transform(encoder)


class Evaluator:
    def __init__(self, params):
        self.params = params

    def encode(self, x, key):
        return net.apply(self.params, key, x)


x = jnp.ones((2, 3))
Evaluator(net.init(jax.random.PRNGKey(0), x)).encode(x, jax.random.PRNGKey(1))
