# corpus: label=negative styles=method,parameter
import jax
import jax.numpy as jnp


class Evaluator:
    def __init__(self):
        self._score = jax.jit(self.score)

    def score(self, params, batch):
        return jnp.mean(batch["x"] @ params)

    def run(self, params):
        batch = {"x": jnp.ones((2, 3)), "split": jnp.int32(1), "weights": None}
        return self._score(params, batch)


Evaluator().run(jnp.ones(3))
