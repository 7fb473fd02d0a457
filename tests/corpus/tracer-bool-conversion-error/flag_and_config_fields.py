"""A trainer jits its step when both `use_jit` and `compile_step` are set; the step checks the
loss in Python only when `use_jit` is off. Both flags come from a JSON config."""
# corpus: label=negative styles=attribute,method

import json

import jax
import jax.numpy as jnp


class Config:
    def __init__(self, use_jit=True, compile_step=True, lr=0.1):
        self.use_jit = use_jit
        self.compile_step = compile_step
        self.lr = lr


class Trainer:
    def __init__(self, config):
        self.config = config
        self.step = self._step
        if config.use_jit and config.compile_step:
            self.step = jax.jit(self._step)

    def _step(self, w, x):
        loss = jnp.sum((x @ w) ** 2)
        if not self.config.use_jit:
            if loss > 1e6:
                print("loss is large:", loss)
        return w - self.config.lr * jax.grad(lambda v: jnp.sum((x @ v) ** 2))(w)


config = Config(**json.loads('{"use_jit": true, "compile_step": true}'))
trainer = Trainer(config)
print(trainer.step(jnp.ones(2), jnp.ones((3, 2))))
