# realbug: jax-4312-global-key-split-under-jit
# source: https://github.com/jax-ml/jax/pull/4312
# kind: leaked-tracer
# raises: UnexpectedTracerError: Encountered an unexpected tracer
from jax import jit, random

key = random.PRNGKey(0)


def init():
    global key
    key, subkey = random.split(key)  # BUG
    return random.normal(subkey, ())


init = jit(init)
print(init())
print(random.normal(key, ()))  # BUG
