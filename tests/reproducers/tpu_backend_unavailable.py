"""Asking for the TPU backend where the TPU runtime cannot start. Run with JAX_PLATFORMS=tpu (as
the accelerator test does): on a machine without libtpu, JAX reports that it failed to open
libtpu.so; on a TPU VM another process holding the TPU gives the "already in use" form."""

import jax

jax.devices("tpu")
