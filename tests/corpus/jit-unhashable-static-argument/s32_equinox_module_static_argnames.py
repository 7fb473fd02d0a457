"""An equinox layer passed to a jitted helper as a static argument by name."""
# corpus: label=positive styles=parameter batch=s32

import equinox as eqx
import jax
import jax.numpy as jnp


class Scale(eqx.Module):
    weight: jax.Array
    name: str = eqx.field(static=True, default="scale")


def apply(layer, x):
    return layer.weight * x


fast = jax.jit(apply, static_argnames="layer")
print(fast(layer=Scale(jnp.ones(3)), x=jnp.ones(3)))  # expect: jit-unhashable-static-argument
