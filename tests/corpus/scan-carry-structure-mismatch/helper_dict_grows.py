# corpus: label=positive styles=helper,parameter
import jax
import jax.numpy as jnp


def running_stats(xs, init):
    def step(stats, x):
        return {"sum": stats["sum"] + x, "max": jnp.maximum(stats["sum"], x)}, None

    final, _ = jax.lax.scan(step, init, xs)  # expect: scan-carry-structure-mismatch
    return final


running_stats(jnp.arange(4.0), {"sum": 0.0})
