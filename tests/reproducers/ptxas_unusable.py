"""Compiling anything for an NVIDIA GPU when the ptxas JAX finds is missing or too old.

Needs a GPU and a broken CUDA setup (the program is ordinary; the machine is the cause): run it
with an old CUDA toolkit first on PATH, or without jax's CUDA pip packages. Written from public
reports (jax-ml/jax#17976, Physical-Intelligence/openpi#419); not run here (CPU only).
"""

import jax
import jax.numpy as jnp

jax.jit(lambda x: x * 2 + 1)(jnp.ones(8, device=jax.devices("gpu")[0])).block_until_ready()
