"""Two straight-through estimators; defvjp is called for round_ste, the code uses floor_ste."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


@jax.custom_vjp
def round_ste(x):
    return jnp.round(x)


@jax.custom_vjp
def floor_ste(x):  # expect: custom-vjp-without-defvjp
    return jnp.floor(x)


def _ste_fwd(x):
    return jnp.round(x), None


def _ste_bwd(_, g):
    return (g,)


round_ste.defvjp(_ste_fwd, _ste_bwd)


def bucketize(x, width=0.25):
    return floor_ste(x / width) * width


print(jax.vmap(bucketize)(jnp.linspace(0.0, 1.0, 5)))
