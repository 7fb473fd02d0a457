"""A plain-class rigid body keeps its rotation axis as a field set in `__init__`; its `__call__` takes the torque with `jnp.cross`, but the axis was written as a planar 2-vector."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp


class RigidBody:
    def __init__(self, axis, inertia):
        self.axis = jnp.asarray(axis)
        self.inertia = inertia

    def __call__(self, force):
        torque = jnp.cross(self.axis, force)  # expect: cross-product-dimension
        return torque / self.inertia


body = RigidBody([0.0, 1.0], inertia=2.0)
print(body(jnp.array([1.0, 0.0])))
