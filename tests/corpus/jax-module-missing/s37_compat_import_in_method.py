"""A trainer whose method imports the old linear_util module to wrap its step."""

# corpus: label=positive styles=method batch=s37

import jax.numpy as jnp


class Trainer:
    def __init__(self, step):
        self.step = step

    def wrapped(self):
        import jax.linear_util as lu  # expect: jax-module-missing

        return lu.wrap_init(self.step)


trainer = Trainer(lambda x: jnp.sin(x))
print(trainer.wrapped())
