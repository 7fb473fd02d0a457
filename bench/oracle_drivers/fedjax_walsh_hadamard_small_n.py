"""fedjax 0.0.17 ``aggregators/walsh_hadamard.py:43``: ``if small_n <= 1`` in the
``@jax.jit`` function ``walsh_hadamard_transform``, flagged as a Python ``if`` on a tracer
when ``small_n`` is passed (``walsh_hadamard_test.py:39`` passes it positionally).  The wheel
ships the module three times (``fedjax/`` and two stale ``build/lib`` copies); the argument
names the copy, loaded from its file, and the driver makes the test's call."""

import importlib.util
import sys
from pathlib import Path

import jax
import jax.numpy as jnp

site = next(p for p in map(Path, sys.path) if (p / "fedjax").is_dir())
path = site / sys.argv[1]
spec = importlib.util.spec_from_file_location("walsh_hadamard_copy", path)
assert spec is not None and spec.loader is not None
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
x = jax.random.normal(jax.random.PRNGKey(0), shape=[2**10])
try:
    y = module.walsh_hadamard_transform(x, 2**4)
except jax.errors.TracerBoolConversionError as error:  # the finding's claim
    print(
        f"verdict: true: {type(error).__name__} at {path.name}: {str(error).splitlines()[0][:160]}"
    )
else:
    print(f"verdict: false: the call returned {jnp.shape(y)}")
