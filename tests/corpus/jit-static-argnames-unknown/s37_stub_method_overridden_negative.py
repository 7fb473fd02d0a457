"""A trainer base class jits `self.theta_train` with a static `return_stats` while its own `theta_train` is a stub; every trainer overrides it with that keyword (grl2-jax's `jx/elements/trainer.py`)."""
# corpus: label=negative styles=method,attribute batch=s37

import jax
import jax.numpy as jnp


class TrainerBase:
    def __init__(self):
        self.compile_train()

    def theta_train(self):
        raise NotImplementedError

    def compile_train(self):
        self.jit_train = jax.jit(self.theta_train, static_argnames="return_stats")


class Trainer(TrainerBase):
    def theta_train(self, theta, data, return_stats=True):
        loss = jnp.mean((theta * data) ** 2)
        return (loss, {"loss": loss}) if return_stats else loss


trainer = Trainer()
print(trainer.jit_train(jnp.ones(3), jnp.ones(3), return_stats=False))
