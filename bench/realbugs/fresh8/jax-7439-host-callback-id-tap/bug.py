# realbug: jax-7439-host-callback-id-tap
# source: https://github.com/jax-ml/jax/issues/7439
# kind: removed-api
# raises: ImportError: cannot import name 'host_callback' from 'jax.experimental'
# The report's program taps a value to a host callback with `host_callback.id_tap`; JAX
# removed `jax.experimental.host_callback`, so on 0.12 the import raises first.
from jax.experimental import host_callback  # BUG
import jax


def callback(val, transform):
    print(val)


host_callback.id_tap(callback, 1.2)
host_callback.barrier_wait()
