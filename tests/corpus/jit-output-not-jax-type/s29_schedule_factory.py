"""A factory returns a jitted builder of learning-rate schedules, which returns a lambda."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp


def make_schedule_builder(warmup):
    def build(peak):
        return lambda step: peak * jnp.minimum(1.0, step / warmup)

    return jax.jit(build)


builder = make_schedule_builder(100.0)
schedule = builder(3e-4)  # expect: jit-output-not-jax-type
print(schedule(50.0))
