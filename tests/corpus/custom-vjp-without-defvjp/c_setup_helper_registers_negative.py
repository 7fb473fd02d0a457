# corpus: label=negative styles=helper,parameter batch=c
"""The rules are registered by a setup helper that runs before the first call."""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 1e-2
    custom_gradients: bool = True


@jax.custom_vjp
def scale_grad(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (0.1 * g,)


def setup(config: TrainConfig):
    if config.custom_gradients:
        scale_grad.defvjp(_fwd, _bwd)


setup(TrainConfig())
print(jax.grad(lambda p: jnp.sum(scale_grad(p) ** 2))(jnp.ones(3)))
