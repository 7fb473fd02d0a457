"""The Hessian of a loss through a custom_vjp whose fwd computes the primal itself: it runs."""
# corpus: label=negative styles=helper,transform batch=s30

import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clamp(x):
    return jnp.clip(x, -2.0, 2.0)


def soft_clamp_fwd(x):
    return jnp.clip(x, -2.0, 2.0), x


def soft_clamp_bwd(x, g):
    return (g * jnp.where(jnp.abs(x) < 2.0, 1.0, 0.1),)


soft_clamp.defvjp(soft_clamp_fwd, soft_clamp_bwd)


def energy(x):
    return 0.5 * jnp.sum(soft_clamp(x) ** 2)


print(jax.hessian(energy)(jnp.array([0.5, 1.0, 3.0])))
