# corpus: label=negative styles=helper,module batch=s34
"""An in-place update path is switched on by an environment variable read at import; this
run does not set it, so only the functional path runs."""

import os

import jax.numpy as jnp

LEGACY_INPLACE = os.environ.get("JAXLSP_CORPUS_LEGACY_INPLACE", "0").lower() in ("1", "true")


def reset_first(buffer):
    if LEGACY_INPLACE:
        buffer[0] = 0.0
        return buffer
    return buffer.at[0].set(0.0)


print(reset_first(jnp.ones(4)))
