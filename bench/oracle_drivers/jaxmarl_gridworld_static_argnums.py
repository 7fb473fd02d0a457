"""jaxmarl 0.2.0 ``jaxmarl/gridworld/env.py:25``: ``@partial(jax.jit, static_argnums=(0, 4))``
on ``Environment.step(self, key, state, action)``, flagged as out of range (4 positional
parameters).  The driver imports the module, which applies the decorator."""

import importlib

try:
    importlib.import_module("jaxmarl.gridworld.env")
except ValueError as error:  # the finding's claim
    print(f"verdict: true: ValueError on import: {str(error).splitlines()[0][:200]}")
else:
    print("verdict: false: the module imported; jax.jit took static_argnums=(0, 4)")
