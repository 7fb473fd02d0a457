# realbug: pymob-161-vmap-in-axes-more-than-args
# source: https://github.com/flo-schu/pymob/issues/161
# kind: in-axes-structure
# raises: ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments
import jax
import jax.numpy as jnp


def ode_solution(y0, k, t, x_in):
    return y0 * jnp.exp(-k * t) + x_in


Y_0 = []
ode_args = (jnp.linspace(0.1, 1.0, 5),)
pp_args = (jnp.linspace(0.0, 1.0, 5),)
x_in_flat = (jnp.zeros(5),)

loop_eval = jax.vmap(ode_solution, in_axes=(0, 0, 0, 0))
result = loop_eval(*Y_0, *ode_args, *pp_args, *x_in_flat)  # BUG
print(result)
