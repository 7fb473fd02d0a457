# realbug: morl-186-orbax-relative-path
# source: https://github.com/LucasAlegre/morl-baselines/pull/186
# kind: library-contract
# raises: ValueError: Checkpoint path should be absolute
# The pull request's error comes from GPI-LS's save with a relative weights directory; the
# agent's parameters are filled in as a small dict, and the program works in a fresh
# temporary directory (the relative path is the bug, not where it lands).
import os
import tempfile

import jax.numpy as jnp
import orbax.checkpoint as ocp

os.chdir(tempfile.mkdtemp())
params = {"w": jnp.ones((2, 2))}
checkpointer = ocp.PyTreeCheckpointer()
checkpointer.save("weights/GPI-LS Jax iter=1", params)  # BUG
