"""A physics `System` marks its tree topology static; the jitted step branches on parent indices."""
# corpus: label=negative styles=attribute,transform
# realcode: cause D

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class System:
    link_masses: jax.Array
    link_parents: tuple = dataclasses.field(metadata=dict(static=True))
    link_types: str = dataclasses.field(metadata=dict(static=True))
    solver_iterations: int = dataclasses.field(default=4, metadata=dict(static=True))


def load_system():
    sys = System(link_masses=np.array([1.0, 2.0, 0.5]), link_parents=(-1, 0, 1), link_types="hfb")
    sys = jax.tree.map(jnp.asarray, sys)
    return dataclasses.replace(sys, solver_iterations=2)


def forward(sys, q):
    out = []
    for i, typ in enumerate(sys.link_types):
        parent = sys.link_parents[i]
        base = jnp.zeros(()) if parent < 0 else out[parent]
        if typ == "f":
            base = base * 0.0
        out.append(base + sys.link_masses[i] * q[i])
    for _ in range(sys.solver_iterations):
        out = [o * 0.5 for o in out]
    return jnp.stack(out)


step = jax.jit(forward)
step(load_system(), jnp.ones(3))
