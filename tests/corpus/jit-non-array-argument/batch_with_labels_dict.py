# corpus: label=positive styles=method,parameter
import jax
import jax.numpy as jnp


class Evaluator:
    def __init__(self):
        self._score = jax.jit(self.score)

    def score(self, params, batch):
        return jnp.mean(batch["x"] @ params)

    def run(self, params):
        batch = {"x": jnp.ones((2, 3)), "split": "validation"}
        return self._score(params, batch)  # expect: jit-non-array-argument


Evaluator().run(jnp.ones(3))
