"""A collision factory picks a two- or three-operand kernel by a per-component flag, and the wrapper built with the same flag calls each with its own operands (jax-lab's multiphase MRT step)."""
# corpus: label=negative styles=attribute,transform batch=s37

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def build_collision(surface: bool):
    if surface:

        def collide_surface(f_ref, force_ref, psi_ref, out_ref):
            out_ref[...] = f_ref[...] + force_ref[...] * psi_ref[...]

        kernel = collide_surface
    else:

        def collide(f_ref, force_ref, out_ref):
            out_ref[...] = f_ref[...] + force_ref[...]

        kernel = collide
    shape = jax.ShapeDtypeStruct((8,), jnp.float32)
    made = pl.pallas_call(kernel, out_shape=shape, interpret=True)
    return jax.jit(made)


def distributed(local_collision, *, surface_tension=False):
    if surface_tension:

        def collide_surface(field, force, psi):
            return local_collision(field, force, psi)

        return jax.jit(collide_surface)

    def collide(field, force):
        return local_collision(field, force)

    return jax.jit(collide)


class Multiphase:
    def __init__(self, surface_components):
        self.surface_components = surface_components
        local = []
        for component in range(len(surface_components)):
            if self.surface_components[component]:
                local.append(build_collision(True))
            else:
                local.append(build_collision(False))
        self.collisions = [
            distributed(c, surface_tension=s)
            for c, s in zip(local, surface_components, strict=True)
        ]


sim = Multiphase((True, False))
f = jnp.ones(8)
print(sim.collisions[0](f, f, f), sim.collisions[1](f, f))
