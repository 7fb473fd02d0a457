# realbug: haiku-321-running-init-outside-transform
# source: https://github.com/google-deepmind/dm-haiku/issues/321
# kind: library-contract
# raises: ValueError: `hk.running_init` must be used as part of an `hk.transform`
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np

def g(x):
  return hk.Linear(1)(x)
g = hk.transform(g)
print(g)
init_rng = hk.next_rng_key() if hk.running_init() else None  # BUG
x = jnp.ones([1, 1])
params = hk.lift(g.init, name='f_lift')(init_rng, x)
print(params)
out = g.apply(params, None, x)
