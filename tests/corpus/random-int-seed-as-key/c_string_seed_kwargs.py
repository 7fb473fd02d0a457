# corpus: label=positive styles=parameter,helper batch=c
"""Sampling options are forwarded as **kwargs; the run name ends up where the key goes."""

import jax
import jax.numpy as jnp


def sample_latents(shape, **options):
    return jax.random.normal(options["key"], shape)  # expect: random-int-seed-as-key


def generate(num, run_name="baseline"):
    z = sample_latents((num, 2), key=run_name)
    return jnp.tanh(z)


print(generate(3))
