# realbug: jax-pr15178-scan-carry-keys (fixed)
# source: https://github.com/jax-ml/jax/pull/15178
import jax
import jax.numpy as jnp


def step(x, _):
    return ({"a": x[0]["a"] + 1},) * 2, None


print(jax.lax.scan(step, ({"a": jnp.array(0, "int32")},) * 2, None, length=1))
