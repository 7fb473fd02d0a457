"""The solver's options come from a JSON file's contents; `jit` decides both the loop and the
compilation, in another module."""
# corpus: rule=tracer-bool-conversion-error label=negative styles=module,attribute,method

import json

import jax.numpy as jnp
from solvers import Newton

options = json.loads('{"tol": 1e-5, "jit": true}')
solver = Newton(lambda x: x**3 - 2.0, **options)
print(solver.run(jnp.float32(1.0)))
