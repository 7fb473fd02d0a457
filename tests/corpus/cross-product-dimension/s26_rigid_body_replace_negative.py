"""A dataclass config is updated with `dataclasses.replace` to a 3-vector axis before the torque is taken with `jnp.cross`."""
# corpus: label=negative styles=attribute,method batch=s26

import dataclasses

import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class BodyConfig:
    axis: tuple = (0.0, 1.0)
    inertia: float = 1.0


def torque(cfg, force):
    return jnp.cross(jnp.asarray(cfg.axis), force) / cfg.inertia


cfg = dataclasses.replace(BodyConfig(), axis=(0.0, 1.0, 0.0), inertia=2.0)
print(torque(cfg, jnp.array([1.0, 0.0, 0.0])))
