# realbug: jax-7439-host-callback-id-tap (fixed)
# source: https://github.com/jax-ml/jax/issues/7439
import jax


def callback(val):
    print(val)


jax.debug.callback(callback, 1.2)
jax.effects_barrier()
