# realbug: jax-tqdm-17-host-callback-scan-progress
# source: https://github.com/jeremiecoullon/jax-tqdm/pull/17
# kind: removed-module
# raises: ImportError: cannot import name 'host_callback' from 'jax.experimental'
# jax-tqdm's progress bar called `host_callback.id_tap` from inside the scanned body to update
# tqdm on the host (host_callback is deprecated since 0.4.26 and removed); the bar is reduced
# to a print.
import jax
import jax.numpy as jnp
from jax.experimental import host_callback  # BUG


def body(carry, i):
  host_callback.id_tap(lambda it, _: print("iteration", it), i)
  return carry + i, None


total, _ = jax.lax.scan(body, 0, jnp.arange(5))
print(total)
