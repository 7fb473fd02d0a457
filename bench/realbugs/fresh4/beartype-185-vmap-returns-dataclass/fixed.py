# realbug: beartype-185-vmap-returns-dataclass (fixed)
# source: https://github.com/beartype/beartype/issues/185
import jax
from jax import numpy as jnp
from jax import vmap
import jax.random as jr

from jaxtyping import Array, Float, PyTree, Bool, Int, Num, jaxtyped
from typing_extensions import Protocol
from typing import Optional, Union
from dataclasses import dataclass
from beartype import beartype as typechecker
import equinox as eqx

Scalar = Union[float, Float[Array, ""]] # python float or scalar jax device array with dtype float

@typechecker
class MyParams(eqx.Module):
    mean: Scalar

theta = MyParams(2.0)

def f(params, y):
    p = MyParams(params.mean + y)
    return p

data = jnp.ones(10)

foo = vmap(lambda y: f(theta, y))(data)
