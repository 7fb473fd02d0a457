# realbug: mcx-58-static-array-warmup (fixed)
# source: https://github.com/rlouf/mcx/issues/58
import jax
import jax.numpy as jnp
import numpy as np


def longest_batch_before_turn(integrator_step):
    @jax.jit
    def run(position, momentum, step_sizes):
        def body(carry, step_size):
            q, p = carry
            q, p = integrator_step(q, p, step_size)
            return (q, p), jnp.dot(p, momentum) < 0
        _, turned = jax.lax.scan(body, (position, momentum), step_sizes)
        return jnp.argmax(turned)
    return run


def leapfrog(q, p, eps):
    p = p - 0.5 * eps * q
    q = q + eps * p
    return q, p - 0.5 * eps * q


run = longest_batch_before_turn(leapfrog)
print(run(jnp.ones(2), np.array([1.0, 0.5]), np.full(20, 0.3)))
