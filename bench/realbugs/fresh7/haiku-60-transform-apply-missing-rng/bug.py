# realbug: haiku-60-transform-apply-missing-rng
# source: https://github.com/google-deepmind/dm-haiku/pull/60
# kind: library-contract
# raises: ValueError: Apply must be called with an RNG as the second argument
# The minimal example the pull request fixed: `apply(params, x)` of an `hk.transform`, whose
# apply takes an RNG (or None) second. The network is filled in.
import haiku as hk
import jax
import jax.numpy as jnp


def forward(x):
    return hk.Linear(1)(x)


forward = hk.transform(forward)
x = jnp.ones((1, 1))
params = forward.init(jax.random.PRNGKey(42), x)
logits = forward.apply(params, x)  # BUG
