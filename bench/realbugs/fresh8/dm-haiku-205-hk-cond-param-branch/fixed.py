# realbug: dm-haiku-205-hk-cond-param-branch (fixed)
# source: https://github.com/google-deepmind/dm-haiku/issues/205
import haiku as hk
import jax
import jax.numpy as jnp


def get_b(x):
    b = hk.get_parameter('b', (1,), init=hk.initializers.RandomNormal())
    return b * x


class MyModel(hk.Module):

    def __call__(self, x):
        if hk.running_init():
            return get_b(x)
        return hk.cond(x[0] > 0, lambda _: jnp.asarray([1.0]), lambda _: get_b(x), None)


x = jnp.array([2.0])
transform = hk.without_apply_rng(hk.transform(lambda x: MyModel()(x)))
params = transform.init(jax.random.PRNGKey(0), x)
transform.apply(params, x)
