# realbug: diffrax-538-vmap-diffeqsolve-list-vector-field
# source: https://github.com/patrick-kidger/diffrax/issues/538
# kind: tree-structure
# raises: ValueError: .*(must return a pytree with the same structure as `y0`|`terms` must be a PyTree)
from diffrax import diffeqsolve, ODETerm, Tsit5
import jax
import jax.numpy as jnp


def odes(t, y, p):
    vmax, km = p
    return [-y[1] * vmax * y[0] / (km + y[0]), y[1] * 0.09 * vmax * y[0] / (km + y[0])]  # BUG

solver = Tsit5()
term = ODETerm(odes)

# Generate initial conditions
y0 = [10.0, 0.2]
p = [10.0, 5.0]
y0_array = jnp.array([jnp.linspace(6, 12, 7), jnp.linspace(0.1, 0.7, 7)])

p_array = jnp.array([jnp.linspace(8, 12, 7), jnp.linspace(4, 6, 7)])

# One simulation
onesol = diffeqsolve(term, solver, 0, 120, 0.1, y0, p)

vect_solve_ode = jax.vmap(
    diffeqsolve,
    in_axes=[None, None, None, None, None, 1, 1],
)
sols = vect_solve_ode(term, solver, 0, 120, 0.1, y0_array, p_array)  # BUG
