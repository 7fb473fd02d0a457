# corpus: label=positive styles=attribute,method batch=s32
import jax.numpy as jnp


class Filter:
    def __init__(self, states, dim):
        self.covariances = jnp.tile(jnp.eye(dim), (states, 1, 1))
        self.innovations = jnp.zeros((states, dim))

    def correction(self):
        return jnp.linalg.solve(
            self.covariances,
            self.innovations,  # expect: linalg-solve-batched-vector
        )


print(Filter(3, 2).correction())
