# corpus: label=negative styles=helper,parameter
import jax
import jax.numpy as jnp


def running_stats(xs, init):
    def step(stats, x):
        return {"sum": stats["sum"] + x, "max": jnp.maximum(stats["max"], x)}, None

    final, _ = jax.lax.scan(step, init, xs)
    return final


running_stats(jnp.arange(4.0), {"sum": 0.0, "max": -jnp.inf})
