# corpus: label=positive styles=transform,return
import jax
import jax.numpy as jnp


def body(i, state):
    position, velocity = state
    return [position + velocity, velocity]


@jax.jit
def simulate(position, velocity):
    return jax.lax.fori_loop(  # expect: scan-carry-structure-mismatch
        0, 10, body, (position, velocity)
    )


simulate(jnp.zeros(2), jnp.ones(2))
