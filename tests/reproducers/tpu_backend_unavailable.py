"""Asking for the TPU backend on a machine without a usable TPU runtime (no libtpu here): JAX
tries to load the TPU plugin when the backend is first requested and reports why it failed."""

import jax

jax.devices("tpu")
