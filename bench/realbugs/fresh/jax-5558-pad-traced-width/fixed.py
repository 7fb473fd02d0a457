# realbug: jax-5558-pad-traced-width (fixed)
# source: https://github.com/jax-ml/jax/pull/5558
from functools import partial

import jax
from jax import numpy as jnp

img = jnp.arange(25).reshape((5, 5))
search_window = 5


@partial(jax.jit, static_argnums=1)
def nlm(img, search_window):
    img_pad = jnp.pad(img, (search_window, search_window))
    return img_pad.sum()


print(nlm(img, search_window))
