# realbug: jax-pr15178-scan-carry-dtype (fixed)
# source: https://github.com/jax-ml/jax/pull/15178
import jax
import jax.numpy as jnp


def step(x, _):
    return (x[0] + 1, x[1] * 2.0), None


print(jax.lax.scan(step, (jnp.array(0, "int32"), jnp.array([1.0], "float32")), None, length=1))
