# corpus: label=positive styles=attribute,method batch=s32
import jax
import jax.numpy as jnp


class Tracker:
    def __init__(self, n):
        self.active = jnp.ones((n,), dtype=bool)
        self.values = jnp.zeros((n,))

    def update(self, delta):
        return jax.lax.cond(
            self.active,  # expect: cond-predicate-not-scalar
            lambda v: v + delta,
            lambda v: v,
            self.values,
        )


print(Tracker(3).update(1.0))
