# realbug: coax-16-haiku-linear-other-input-size (fixed)
# source: https://github.com/coax-dev/coax/issues/16
import haiku as hk
import jax
import jax.numpy as jnp


def func(x):
  return hk.Linear(30)(x)


q = hk.without_apply_rng(hk.transform(func))
params = q.init(jax.random.PRNGKey(0), jnp.ones((1, 940)))
print(q.apply(params, jnp.ones((1, 940))).shape)
