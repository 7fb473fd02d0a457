"""Asking for the CUDA backend where it cannot start. Run with JAX_PLATFORMS=cuda,rocm (as the
accelerator test does): without a GPU plugin JAX reports an unknown backend; on a GPU machine
whose CUDA libraries are older than the ones jax was built against (jax-ml/jax#20722), the
message names the library and both versions."""

import jax

jax.devices("cuda")
