"""Runs a config-driven block under `jax.jit(block.__call__)`: every Python branch is static."""
# corpus: rule=tracer-bool-conversion-error label=negative styles=module,attribute,method

import jax
import jax.numpy as jnp
from blocks import Block
from config import BlockConfig
from jax import random

block = Block(random.key(0), BlockConfig(width=4))
forward = jax.jit(block.__call__)
print(forward(jnp.ones((3, 4))))
plain = Block(random.key(1), BlockConfig(width=4, use_gate=False, residual=False))
print(jax.jit(plain.__call__)(-jnp.ones((3, 4))))
