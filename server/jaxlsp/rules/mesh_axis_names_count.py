"""``Mesh(devices, axis_names)`` with another number of names than the devices array has
axes: ``Mesh(create_device_mesh((4, 2)), ("data",))``.

The contract is in the API models (``Requirement.NAME_PER_DEVICE_AXIS`` on ``Mesh``'s
axis_names); reported when the devices array's shape (a reshape, ``create_device_mesh``) and
the number of names are known.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class MeshAxisNamesCount(ArgumentRule):
    NAME = "mesh-axis-names-count"
    CODE = "mesh-axis-names-count"
    RECORD_ID = "1bf6f744644e2262"
    KIND = "mesh-axis-names"

    VALID = (
        """
import jax
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh

grid = Mesh(mesh_utils.create_device_mesh((4, 2)), ("data", "model"))
flat = Mesh(np.array(jax.devices()).reshape(8), ("data",))
""",
    )
    INVALID = (
        """
import jax
import numpy as np
from jax.sharding import Mesh

def data_mesh(devices):
    return Mesh(devices, ("data",))  # expect: mesh-axis-names-count

data_mesh(np.array(jax.devices()).reshape(4, 2))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        names, _, axes = violation.described.partition(":")
        return (
            f"`Mesh` is given {names} axis name(s) for a devices array of {axes} axes: it "
            "needs one name per axis, so it raises ValueError. Reshape the devices to one "
            "axis per name, or give one name per axis (`jax.make_mesh(shape, names)` keeps "
            "them together)."
        )

    def argument_note(self, violation: Violation) -> str:
        return f"{violation.described.partition(':')[0]} name(s) here"
