# realbug: jax-648-randint-traced-sample-count (fixed)
# source: https://github.com/jax-ml/jax/issues/648
from functools import partial

import jax
from jax import random


@partial(jax.jit, static_argnums=1)
def sample(key, N):
    idx = random.randint(key, (N,), 0, 10)
    return idx


print(sample(random.PRNGKey(0), 5))
