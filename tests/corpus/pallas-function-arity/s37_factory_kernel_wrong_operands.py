"""The collision factory's surface kernel takes three operands, and the caller launches it with two."""
# corpus: label=positive styles=attribute,transform batch=s37

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
    made = pl.pallas_call(kernel, out_shape=shape, interpret=True)  # expect: pallas-function-arity
    return jax.jit(made)


f = jnp.ones(8)
print(build_collision(False)(f, f))
print(build_collision(True)(f, f))
