"""A `fori_loop` over a (params, momentum) tuple whose body returns a list of the two, built by a helper."""
# corpus: label=positive styles=helper,return batch=s26

import jax
import jax.numpy as jnp


def momentum_step(params, velocity, lr=0.1, beta=0.9):
    velocity = beta * velocity + params
    return [params - lr * velocity, velocity]


def body(i, carry):
    params, velocity = carry
    return momentum_step(params, velocity)


init = (jnp.ones(3), jnp.zeros(3))
print(jax.lax.fori_loop(0, 6, body, init))  # expect: scan-carry-structure-mismatch
