# realbug: jax-pr15178-scan-carry-keys
# source: https://github.com/jax-ml/jax/pull/15178
# kind: scan-carry
# raises: TypeError: .*carry.*(pytree structure|same type structure)
import jax
import jax.numpy as jnp


def step(x, _):
    return ({"a": x[0]["a"], "b": x[0]["a"]},) * 2, None  # BUG


print(jax.lax.scan(step, ({"a": jnp.array(0, "int32")},) * 2, None, length=1))  # BUG
