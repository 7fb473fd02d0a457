"""The straight-through rounding passes the cotangent through unchanged."""
# corpus: label=negative styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def round_ste(x):
    return jnp.round(x)


def round_fwd(x):
    return jnp.round(x), None


def round_bwd(_, g):
    return (g,)


round_ste.defvjp(round_fwd, round_bwd)
print(jax.grad(lambda w, x: jnp.sum(round_ste(w * x)))(jnp.ones(4), jnp.arange(4.0)))
