# realbug: jax-pr15178-scan-carry-dtype
# source: https://github.com/jax-ml/jax/pull/15178
# kind: scan-carry
# raises: TypeError: .*carry.*(equal types|differ)
import jax
import jax.numpy as jnp


def step(x, _):
    return (x[0].astype("float32"), x[1].astype("float32").reshape(1, 1)), None  # BUG


print(jax.lax.scan(step, (jnp.array(0, "int32"), jnp.array([1.0], "float32")), None, length=1))  # BUG
