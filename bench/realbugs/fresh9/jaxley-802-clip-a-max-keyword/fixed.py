# realbug: jaxley-802-clip-a-max-keyword (fixed)
# source: https://github.com/jaxleyverse/jaxley/pull/802
import jax.numpy as jnp


def save_exp(x, max_value: float = 50.0):
    """Clip the input to a maximum value and return its exponential."""
    x = jnp.minimum(x, max_value)
    return jnp.exp(x)


def exponential_euler(
    x: jnp.ndarray,
    dt: float,
    x_inf: jnp.ndarray,
    x_tau: jnp.ndarray,
):
    """An exact solver for the linear dynamical system `dx = -(x - x_inf) / x_tau`."""
    exp_term = save_exp(-dt / x_tau)
    return x * exp_term + x_inf * (1.0 - exp_term)


def solve_gate_exponential(
    x: jnp.ndarray,
    dt: float,
    alpha: jnp.ndarray,
    beta: jnp.ndarray,
):
    tau = 1 / (alpha + beta)
    xinf = alpha * tau
    return exponential_euler(x, dt, xinf, tau)


m = solve_gate_exponential(jnp.full((4,), 0.2), 0.025, jnp.full((4,), 0.5), jnp.full((4,), 4.0))
