# corpus: label=positive styles=attribute,method batch=s32
import jax
import jax.numpy as jnp


def losses(w):
    yield jnp.sum(w**2)


class Trainer:
    def __init__(self, loss):
        self.loss = loss

    def gradient(self, w):
        return jax.grad(self.loss)(w)  # expect: transform-generator-function


print(Trainer(losses).gradient(jnp.ones(3)))
