"""`dataclass` names a frozen maker at run time (`TYPE_CHECKING` is False there): the
hyperparameters hash, so they can be a static argument."""

# corpus: label=negative styles=parameter,attribute batch=s33
import dataclasses
import functools
import typing

import jax
import jax.numpy as jnp


def frozen_dataclass(cls):
    return dataclasses.dataclass(frozen=True)(cls)


dataclass = frozen_dataclass if not typing.TYPE_CHECKING else dataclasses.dataclass


@dataclass
class HParams:
    width: int = 3


@functools.partial(jax.jit, static_argnums=(1,))
def create(x, hparams):
    return x * hparams.width


print(create(jnp.ones(2), HParams()))
