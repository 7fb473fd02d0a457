# corpus: label=positive styles=parameter batch=c
"""A custom_jvp with a non-differentiable parameter; the rule forgets the primal output."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def smooth_max(temperature, x):
    return temperature * jax.nn.logsumexp(x / temperature)


@smooth_max.defjvp
def smooth_max_jvp(temperature, primals, tangents):
    (x,), (dx,) = primals, tangents
    weights = jax.nn.softmax(x / temperature)
    return (jnp.dot(weights, dx),)  # expect: custom-jvp-rule-not-pair


def run(temperature=0.5):
    x = jnp.array([0.1, 0.7, 0.2])
    return jax.jvp(lambda v: smooth_max(temperature, v), (x,), (jnp.ones(3),))


print(run())
