# realbug: jax-5558-pad-traced-width
# source: https://github.com/jax-ml/jax/pull/5558
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
from jax import numpy as jnp

img = jnp.arange(25).reshape((5, 5))
search_window = 5


@jax.jit
def nlm(img, search_window):
    img_pad = jnp.pad(img, (search_window, search_window))  # BUG
    return img_pad.sum()


print(nlm(img, search_window))
