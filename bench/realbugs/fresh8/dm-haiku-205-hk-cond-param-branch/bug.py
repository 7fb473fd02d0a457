# realbug: dm-haiku-205-hk-cond-param-branch
# source: https://github.com/google-deepmind/dm-haiku/issues/205
# kind: cond-branches
# raises: TypeError: cond branch outputs must have the same pytree structure
# The program as written: `hk.cond` whose false branch creates a parameter during
# `init`, so the branches' outputs differ (the maintainer's fix: `hk.running_init`).
import haiku as hk
import jax
import jax.numpy as jnp


def get_b(x):
    b = hk.get_parameter('b', (1,), init=hk.initializers.RandomNormal())
    return b * x


class MyModel(hk.Module):

    def __call__(self, x):
        return hk.cond(x[0] > 0, lambda _: jnp.asarray([1.0]), lambda _: get_b(x), None)  # BUG


x = jnp.array([2.0])
transform = hk.without_apply_rng(hk.transform(lambda x: MyModel()(x)))
params = transform.init(jax.random.PRNGKey(0), x)
transform.apply(params, x)
