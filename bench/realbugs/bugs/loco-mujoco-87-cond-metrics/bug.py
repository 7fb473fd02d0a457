# realbug: loco-mujoco-87-cond-metrics
# source: https://github.com/robfiras/loco-mujoco/issues/87
# kind: cond-branches
# raises: TypeError: (cond branches|true_fun and false_fun)
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ValidationSummary(NamedTuple):
    euclidean_distance: jax.Array


def get_zero_container():
    return ValidationSummary(jnp.zeros(()))


def _evaluation_step():
    traj = jnp.ones((10, 10, 1))
    return ValidationSummary(jnp.linalg.norm(traj, axis=-1, keepdims=True))


def train_step(counter):
    return jax.lax.cond(counter % 5 == 0, _evaluation_step, get_zero_container)  # BUG


print(jax.jit(train_step)(0))
