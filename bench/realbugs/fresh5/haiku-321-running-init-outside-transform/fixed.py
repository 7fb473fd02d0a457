# realbug: haiku-321-running-init-outside-transform (fixed)
# source: https://github.com/google-deepmind/dm-haiku/issues/321
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np

def g(x):
  return hk.Linear(1)(x)
g = hk.transform(g)

def f(x):
  init_rng = hk.next_rng_key() if hk.running_init() else None
  params = hk.lift(g.init, name='f_lift')(init_rng, x)
  return g.apply(params, None, x)

f = hk.transform(f)
x = jnp.ones([1, 1])
params = f.init(jax.random.PRNGKey(0), x)
out = f.apply(params, None, x)
