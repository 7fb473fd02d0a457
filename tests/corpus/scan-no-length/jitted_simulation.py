"""A jitted simulation scans over `xs=()` to mean "no inputs" and passes no length."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def heat_step(u, _):
    u = u + 0.1 * (jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1))
    return u, u.mean()


@jax.jit
def simulate(u0):
    return jax.lax.scan(heat_step, u0, xs=())  # expect: scan-no-length


print(simulate(jnp.zeros(16).at[8].set(1.0)))
