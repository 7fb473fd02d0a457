# realbug: keras-core-651-int-seed (fixed)
# source: https://github.com/keras-team/keras-core/pull/651
import jax


def uniform(shape, minval=0.0, maxval=1.0, seed=None):
    seed = 1337 if seed is None else seed
    key = jax.random.PRNGKey(seed)
    return jax.random.uniform(key, shape=shape, minval=minval, maxval=maxval)


print(uniform((2, 3), seed=42))
