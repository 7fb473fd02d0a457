# realbug: haiku-60-transform-apply-missing-rng (fixed)
# source: https://github.com/google-deepmind/dm-haiku/pull/60
import haiku as hk
import jax
import jax.numpy as jnp


def forward(x):
    return hk.Linear(1)(x)


forward = hk.transform(forward)
x = jnp.ones((1, 1))
params = forward.init(jax.random.PRNGKey(42), x)
logits = forward.apply(params, None, x)
