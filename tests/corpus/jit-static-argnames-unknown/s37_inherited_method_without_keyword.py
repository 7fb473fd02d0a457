"""The base class's `theta_train` is a real method the trainer inherits, and it has no `return_stats`: jit refuses the name when it wraps it."""
# corpus: label=positive styles=method,attribute batch=s37

import jax
import jax.numpy as jnp


class TrainerBase:
    def __init__(self):
        self.compile_train()

    def theta_train(self, theta, data):
        return jnp.mean((theta * data) ** 2)

    def compile_train(self):
        self.jit_train = jax.jit(  # expect: jit-static-argnames-unknown
            self.theta_train, static_argnames="return_stats"
        )


class Trainer(TrainerBase):
    pass


trainer = Trainer()
print(trainer.jit_train(jnp.ones(3), jnp.ones(3)))
