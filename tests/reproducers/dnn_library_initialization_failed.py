"""cuDNN cannot start because another process holds nearly all of the GPU's memory.

Needs an NVIDIA GPU, so it runs only in the accelerator test; it was written from the failures
reported in jax-ml/jax#15361 and #22626 and has not been run in this checkout (no GPU was
available when it was added). A child process preallocates 99 % of the GPU's memory and waits;
this process then compiles a convolution, the first program that needs cuDNN.
"""

import os
import subprocess
import sys
import time

holder = subprocess.Popen(
    [
        sys.executable,
        "-c",
        "import jax, jax.numpy as jnp, time; jnp.ones(1).block_until_ready(); time.sleep(600)",
    ],
    env={**os.environ, "XLA_PYTHON_CLIENT_MEM_FRACTION": ".99"},
)
try:
    time.sleep(30)  # the holder has preallocated by now
    os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
    import jax
    import jax.numpy as jnp

    image = jnp.ones((1, 3, 32, 32))
    kernel = jnp.ones((8, 3, 3, 3))
    jax.lax.conv(image, kernel, (1, 1), "SAME").block_until_ready()
finally:
    holder.kill()
