# realbug: keras-core-651-int-seed
# source: https://github.com/keras-team/keras-core/pull/651
# kind: key-not-int
# raises: TypeError: .*(PRNG key|key_data)
import jax


def uniform(shape, minval=0.0, maxval=1.0, seed=None):
    seed = 1337 if seed is None else seed
    return jax.random.uniform(seed, shape=shape, minval=minval, maxval=maxval)  # BUG


print(uniform((2, 3), seed=42))
