"""A trainer object that keeps what a stateful init returned as its params, and a method that
applies the network with them."""

# corpus: label=positive styles=attribute,method,return batch=s37
import haiku as hk
import jax
import jax.numpy as jnp


def make_model():
    return hk.transform_with_state(lambda x: hk.Linear(2)(x))


class Trainer:
    def __init__(self, x):
        self.model = make_model()
        self.params = self.model.init(jax.random.PRNGKey(0), x)
        self.state = {}

    def predict(self, x):
        params, state = self.params, self.state
        out, _ = self.model.apply(params, state, None, x)  # expect: haiku-apply-params-mapping
        return out


x = jnp.ones((4, 3))
Trainer(x).predict(x)
