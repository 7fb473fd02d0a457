# realbug: jax-4312-global-key-split-under-jit (fixed)
# source: https://github.com/jax-ml/jax/pull/4312
from jax import jit, random


def init(key):
    key, subkey = random.split(key)
    return key, random.normal(subkey, ())


init = jit(init)
key = random.PRNGKey(0)
key, sample = init(key)
print(sample)
print(random.normal(key, ()))
