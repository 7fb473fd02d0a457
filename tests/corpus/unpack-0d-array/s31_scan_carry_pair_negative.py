"""The same smoothing with the carry started as a (level, trend) pair."""
# corpus: label=negative styles=transform,parameter batch=s31

import jax
import jax.numpy as jnp


def smooth(series, alpha=0.3, beta=0.1):
    def step(state, x):
        level, trend = state
        new_level = alpha * x + (1 - alpha) * (level + trend)
        new_trend = beta * (new_level - level) + (1 - beta) * trend
        return (new_level, new_trend), new_level

    return jax.lax.scan(step, (series[0], jnp.zeros_like(series[0])), series)


print(smooth(jnp.linspace(1.0, 2.0, 8)))
