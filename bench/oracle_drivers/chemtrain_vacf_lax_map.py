"""chemtrain ``jax_md_mod/custom_quantity.py:1235`` (vmap-axis-out-of-range):
``init_velocity_autocorrelation``'s ``vac_fn`` maps ``_vel_correlation`` (a ``vmap`` with
``in_axes=(None, 0)``) over ``jnp.arange(num_lags)`` with ``lax.map``, which hands it one 0-d
lag at a time.  The function is cut from the wheel with ``ast`` and run on a small state
(chemtrain pins scipy<1.13, which the pinned JAX does not allow, so it does not install).
True when it raises the ValueError of vmap over a 0-d argument.

    python chemtrain_vacf_lax_map.py SRC      (SRC: the unpacked wheel)
"""

import ast
import sys
from functools import partial
from pathlib import Path
from typing import NamedTuple

import jax.numpy as jnp
from jax import jit, lax, vmap

path = "jax_md_mod/custom_quantity.py"
tree = ast.parse(Path(sys.argv[1], path).read_text(encoding="utf-8"))
function = next(
    node
    for node in tree.body
    if isinstance(node, ast.FunctionDef) and node.name == "init_velocity_autocorrelation"
)
names = {"partial": partial, "vmap": vmap, "jit": jit, "lax": lax, "jnp": jnp}
exec(compile(ast.Module([function], []), path, "exec"), names)
vac_fn = names["init_velocity_autocorrelation"](3)
frames, particles = 5, 4


class State(NamedTuple):  # the fields of jax_md's NVE state that vac_fn reads
    mass: jnp.ndarray
    momentum: jnp.ndarray
    velocity: jnp.ndarray


momentum = jnp.ones((frames, particles, 3))
state = State(jnp.ones(frames), momentum, momentum)
try:
    out = vac_fn(state)
except ValueError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: vac_fn ran, {out.shape}")
