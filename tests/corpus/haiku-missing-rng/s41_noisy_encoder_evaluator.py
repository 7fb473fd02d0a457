"""A noisy Haiku encoder wrapped with hk.without_apply_rng, applied by an evaluator class."""

# corpus: label=positive styles=method,parameter batch=s41
import haiku as hk
import jax
import jax.numpy as jnp


def encoder(x):
    noise = jax.random.normal(hk.next_rng_key(), x.shape) * 0.1
    return hk.Linear(4)(x + noise)


net = hk.without_apply_rng(hk.transform(encoder))


class Evaluator:
    def __init__(self, params):
        self.params = params

    def encode(self, x):
        return net.apply(self.params, x)  # expect: haiku-missing-rng


x = jnp.ones((2, 3))
Evaluator(net.init(jax.random.PRNGKey(0), x)).encode(x)
