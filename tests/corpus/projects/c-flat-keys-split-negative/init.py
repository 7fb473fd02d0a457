"""Parameter initialisation, one stream per parameter."""

import jax
import jax.numpy as jnp
from rngs import streams


def init_block(key, width):
    rng = streams(key, ["attn", "mlp", "bias"])
    return {
        "attn": jax.random.normal(rng["attn"], (width, width)) / jnp.sqrt(width),
        "mlp": jax.random.normal(rng["mlp"], (width, 4 * width)) / jnp.sqrt(width),
        "bias": 0.01 * jax.random.normal(rng["bias"], (width,)),
    }
