# realbug: jax-648-randint-traced-sample-count
# source: https://github.com/jax-ml/jax/issues/648
# kind: traced-size-argument
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
# The reporter passed the number of samples `N` to a jitted `sample` and used it as
# `random.randint`'s shape (then "unhashable type: 'JaxprTracer'"); the rest of the sampler is
# reduced to the draw.
import jax
from jax import random


@jax.jit
def sample(key, N):
    idx = random.randint(key, (N,), 0, 10)  # BUG
    return idx


print(sample(random.PRNGKey(0), 5))
