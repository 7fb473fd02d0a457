"""The fix: one split per use, and the layer helper splits its key for W and b."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp
from jax import random


def init_layer(key, n_in, n_out):
    w_key, b_key = random.split(key)
    w = random.normal(w_key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = random.normal(b_key, (n_out,)) * 0.01
    return w, b


with jax.debug_key_reuse(True):
    key = random.key(0)
    key, sub = random.split(key)
    layers = [init_layer(sub, 4, 4)]
    key, sub = random.split(key)
    layers.append(init_layer(sub, 4, 2))
    draw = jax.jit(lambda k: random.normal(k, (3,)))
    a, b = (draw(k) for k in random.split(key))
