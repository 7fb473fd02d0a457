# realbug: morl-186-orbax-relative-path (fixed)
# source: https://github.com/LucasAlegre/morl-baselines/pull/186
import os
import tempfile

import jax.numpy as jnp
import orbax.checkpoint as ocp

params = {"w": jnp.ones((2, 2))}
checkpointer = ocp.PyTreeCheckpointer()
checkpointer.save(os.path.abspath(os.path.join(tempfile.mkdtemp(), "GPI-LS Jax iter=1")), params)
