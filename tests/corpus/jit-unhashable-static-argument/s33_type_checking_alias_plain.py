"""`dataclass` names the plain (mutable) dataclass at run time (`TYPE_CHECKING` is False
there): the hyperparameters do not hash, so the static argument raises."""

# corpus: label=positive styles=parameter,attribute batch=s33
import dataclasses
import functools
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp


def frozen_dataclass(cls):
    return dataclasses.dataclass(frozen=True)(cls)


dataclass = dataclasses.dataclass if not TYPE_CHECKING else frozen_dataclass


@dataclass
class HParams:
    width: int = 3


@functools.partial(jax.jit, static_argnums=(1,))
def create(x, hparams):
    return x * hparams.width


print(create(jnp.ones(2), HParams()))  # expect: jit-unhashable-static-argument
