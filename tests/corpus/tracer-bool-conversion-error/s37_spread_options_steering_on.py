"""The same run keeping the steering options of `predict_kwargs`: the sampler converts the traced comparison to a Python bool."""
# corpus: label=positive styles=helper,parameter batch=s37

import jax
import jax.numpy as jnp


def sample(x, *, steering_args=None, steps=3):
    steering_on = steering_args is not None and steering_args["fk_steering"]
    for _ in range(steps):
        noise_var = jnp.sum(x) * 0.1
        if steering_on:
            noise_positive = bool(noise_var > 0)  # expect: tracer-bool-conversion-error
            x = x + noise_positive
        x = x * 0.5
    return x


def run_affinity(x):
    predict_kwargs = {"steering_args": {"fk_steering": True}, "steps": 2}
    affinity_kwargs = {**predict_kwargs, "steps": 3}

    def run(v):
        return sample(v, **affinity_kwargs)

    return jax.jit(run)(x)


print(run_affinity(jnp.ones(3)))
