"""The `fwd` rule calls the custom_vjp function itself for its primal output, so the two always agree; the residual is a dict, and the loss is jitted."""
# corpus: label=negative styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return jnp.clip(x, -1.0, 1.0)


def clip_fwd(x):
    return clip_gradient(x), {"x": x}


def clip_bwd(res, g):
    return (jnp.where(jnp.abs(res["x"]) <= 1.0, g, 0.0),)


clip_gradient.defvjp(clip_fwd, clip_bwd)
print(jax.grad(jax.jit(lambda x: jnp.sum(clip_gradient(x) ** 2)))(jnp.linspace(-2.0, 2.0, 5)))
