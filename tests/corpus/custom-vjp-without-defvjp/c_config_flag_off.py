# corpus: label=positive styles=attribute,parameter batch=c
"""The rule is only registered when the config asks for custom gradients, and the config
says no; the custom_vjp function is still called."""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 1e-2
    custom_gradients: bool = False


@jax.custom_vjp
def scale_grad(x):  # expect: custom-vjp-without-defvjp
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (0.1 * g,)


def setup(config: TrainConfig):
    if config.custom_gradients:
        scale_grad.defvjp(_fwd, _bwd)


config = TrainConfig()
setup(config)
params = jnp.ones(3)
print(jnp.sum(scale_grad(params) ** 2))
