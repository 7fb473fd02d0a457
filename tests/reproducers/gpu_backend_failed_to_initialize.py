"""Asking for the CUDA backend when its libraries are older than the ones jax was built against
(or the jax-cuda plugin's version differs from jax's): the backend cannot start.

Needs a GPU machine with such a mismatch; written from jax-ml/jax#20722 and public Colab
reports; not run here (CPU only, where the harness reports an unknown backend instead).
"""

import jax

jax.devices("cuda")
