"""torax 1.4.3 ``torax/_src/fvm/cell_variable.py:207``: the jitted ``_compute_inner_grad`` called
with ``self.right_face_value``, flagged as given a function (not static).  ``right_face_value``
is a ``functools.cached_property``: reading it gives an array.  torax ships no test that
collects (its one test file fails at collection), so the driver builds a ``CellVariable`` on a
uniform grid, with each kind of right-face constraint, and calls ``face_grad``."""

import jax.numpy as jnp
from torax._src.fvm import cell_variable

faces = jnp.linspace(0.0, 1.0, 6)
said = []
try:
    for constraint in ({"right_face_constraint": jnp.array(2.0)}, {}):
        variable = cell_variable.CellVariable(
            value=jnp.arange(5.0),
            face_centers=faces,
            left_face_grad_constraint=jnp.array(0.0),
            **({"right_face_grad_constraint": None} if constraint else {}),
            **constraint,
        )
        said.append(f"{type(variable.right_face_value).__name__} {variable.face_grad().shape}")
except TypeError as error:  # the finding's claim
    print(f"verdict: true: TypeError: {str(error).splitlines()[0][:200]}")
else:
    print(f"verdict: false: right_face_value and face_grad gave {said}")
