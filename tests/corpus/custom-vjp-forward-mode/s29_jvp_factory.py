"""A factory returns a jitted jacfwd of a loss built on a custom_vjp safe log."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-6))


safe_log.defvjp(
    lambda x: (safe_log(x), x),
    lambda x, g: (g / jnp.maximum(x, 1e-6),),
)


def make_jacobian(weights):
    def nll(p):
        return -jnp.sum(weights * safe_log(p))  # expect: custom-vjp-forward-mode

    return jax.jit(jax.jacfwd(nll))


jacobian = make_jacobian(jnp.array([1.0, 2.0, 3.0]))
print(jacobian(jnp.array([0.2, 0.3, 0.5])))
