# realbug: coax-16-haiku-linear-other-input-size
# source: https://github.com/coax-dev/coax/issues/16
# kind: library-contract
# raises: ValueError: 'linear/w' with retrieved shape \(420, 30\) does not match shape=\[940, 30\]
# The reporter's Q-function (a Haiku `hk.Linear`) was initialised on observations of 420
# features and later applied to transitions of 940 features; Haiku checks the retrieved
# parameter against the shape the layer asks for. coax's wrappers are reduced to the transform.
import haiku as hk
import jax
import jax.numpy as jnp


def func(x):
  return hk.Linear(30)(x)


q = hk.without_apply_rng(hk.transform(func))
params = q.init(jax.random.PRNGKey(0), jnp.ones((1, 420)))
print(q.apply(params, jnp.ones((1, 940))).shape)  # BUG
