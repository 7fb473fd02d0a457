# realbug: beartype-185-vmap-returns-dataclass
# source: https://github.com/beartype/beartype/issues/185
# kind: not-jax-type
# raises: TypeError: Output from batched function .* is not a valid JAX type
import jax
from jax import numpy as jnp
from jax import vmap
import jax.random as jr

from jaxtyping import Array, Float, PyTree, Bool, Int, Num, jaxtyped
from typing_extensions import Protocol
from typing import Optional, Union
from dataclasses import dataclass
from beartype import beartype as typechecker

Scalar = Union[float, Float[Array, ""]] # python float or scalar jax device array with dtype float

@typechecker
@dataclass(frozen=True)  # BUG
class MyParams:
    mean: Scalar

theta = MyParams(2.0)

def f(params, y):
    p = MyParams(params.mean + y)
    return p

data = jnp.ones(10)

foo = vmap(lambda y: f(theta, y))(data)  # BUG
