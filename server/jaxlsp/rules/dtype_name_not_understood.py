"""``jnp.dtype("f32")``: a string NumPy does not read as a dtype where one goes
(``jnp.dtype``, ``jnp.result_type``, ``jnp.issubdtype``).

The contract is in the API models (``Requirement.DTYPE_NAME``, checked against the names
NumPy reads: ``jaxlsp.apis.dtype_names``); reported when every value the argument can have is
a plain name NumPy surely refuses.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class DtypeNameNotUnderstood(ArgumentRule):
    NAME = "dtype-name-not-understood"
    CODE = "dtype-name-not-understood"
    RECORD_ID = "e4fda4a9e301531e"
    KIND = "dtype-name"

    VALID = (
        """
import jax.numpy as jnp

def compute_dtype(name="bfloat16"):
    return jnp.dtype(name)

compute_dtype()
jnp.result_type(jnp.ones(3), "f4", "int8")
jnp.issubdtype(jnp.dtype("float32"), jnp.floating)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def compute_dtype(name="f32"):
    return jnp.dtype(name)  # expect: dtype-name-not-understood

compute_dtype()
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`{call.api.short}` is given {violation.described}, which NumPy does not read "
            "as a dtype, so it raises TypeError. Spell the NumPy name (`'float32'`, "
            "`'bfloat16'`; type codes count bytes: `'f4'`) or pass the dtype "
            "(`jnp.float32`)."
        )
