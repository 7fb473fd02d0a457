"""Initializes and applies the MLP with key-reuse checking on: the KeySeq never hands out a key twice."""
# corpus: rule=key-reuse-error label=negative styles=module,attribute

import jax
import jax.numpy as jnp
from jax import random
from models.mlp import apply_mlp, init_mlp
from rngtools import KeySeq

with jax.debug_key_reuse(True):
    keys = KeySeq(random.key(0))
    params = init_mlp(keys, [4, 8, 1])
    out = apply_mlp(params, jnp.ones((2, 4)), keys)
    batch_keys = keys.take(3)
    noise = [random.normal(k, (2,)) for k in batch_keys]
