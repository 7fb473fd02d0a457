"""Two branch helpers return one NamedTuple of metrics; the evaluation one keeps a reduced axis."""
# corpus: label=positive styles=helper,return batch=e

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Metrics(NamedTuple):
    loss: jax.Array
    distance: jax.Array


def empty_metrics():
    return Metrics(jnp.zeros(()), jnp.zeros(()))


def evaluate(batch):
    error = batch - 1.0
    return Metrics((error**2).mean(), jnp.linalg.norm(error, axis=-1, keepdims=True))


def step(count, batch):
    empty = lambda b: empty_metrics()
    due = count % 10 == 0
    return jax.lax.cond(due, evaluate, empty, batch)  # expect: cond-branch-output-mismatch


print(jax.jit(step)(0, jnp.ones((8, 3))))
