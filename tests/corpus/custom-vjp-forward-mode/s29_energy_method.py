"""A potential keeps a custom_vjp soft-clamp as an attribute; the Hessian of its energy method."""
# corpus: label=positive styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_clamp(x):
    return jnp.clip(x, -2.0, 2.0)


def soft_clamp_fwd(x):
    return soft_clamp(x), x  # expect: custom-vjp-forward-mode


def soft_clamp_bwd(x, g):
    return (g * jnp.where(jnp.abs(x) < 2.0, 1.0, 0.1),)


soft_clamp.defvjp(soft_clamp_fwd, soft_clamp_bwd)


class Potential:
    def __init__(self, stiffness):
        self.stiffness = stiffness
        self.clamp = soft_clamp

    def energy(self, x):
        return self.stiffness * jnp.sum(self.clamp(x) ** 2)


pot = Potential(0.5)
print(jax.hessian(pot.energy)(jnp.array([0.5, 1.0, 3.0])))
