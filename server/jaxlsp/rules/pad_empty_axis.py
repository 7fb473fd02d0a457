"""``jnp.pad(x, n, mode="edge")`` (or ``"wrap"``, ``"reflect"``, ``"symmetric"``) where an
axis of ``x`` has size 0 and is padded: these modes copy the array's own values outward, an
empty axis has none, and the call raises ValueError.

Reported where the axis's size is surely 0, the widths are known ints and the mode is one
of those four strings; a width of 0 on the empty axis, and ``"constant"`` padding, run.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class PadEmptyAxis(ShapeRule):
    NAME = "pad-empty-axis"
    CODE = "pad-empty-axis"
    RECORD_ID = "e12cff94d522329d"
    KINDS = frozenset({"pad-empty-axis"})
    NAMES_OPERANDS = False
    ADVICE = "Pad an empty input with mode='constant', or handle the empty case before padding."

    VALID = (
        """
import jax.numpy as jnp

empty = jnp.zeros((0,))
jnp.pad(empty, 3)
jnp.pad(empty, 0, mode="edge")
jnp.pad(jnp.zeros((2, 0)), ((1, 1), (0, 0)), mode="reflect")
jnp.pad(jnp.arange(3.0), 2, mode="edge")
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def pad_to(values, length):
    return jnp.pad(values, (0, length - values.shape[0]), mode="edge")  # expect: pad-empty-axis

pad_to(jnp.zeros((0,)), 4)
""",
        """
import jax.numpy as jnp

jnp.pad(jnp.array([]), 4, mode="edge")  # expect: pad-empty-axis
""",
    )
