# realbug: jax-tqdm-17-host-callback-scan-progress (fixed)
# source: https://github.com/jeremiecoullon/jax-tqdm/pull/17
import jax
import jax.numpy as jnp


def body(carry, i):
  jax.debug.callback(lambda it: print("iteration", it), i)
  return carry + i, None


total, _ = jax.lax.scan(body, 0, jnp.arange(5))
print(total)
