"""A JAX array used as a dict key (``table[x]`` where ``table`` is a dict): a dict hashes its
key, and JAX arrays (and the tracers that stand for them under a transform) set ``__hash__``
to None, so Python raises TypeError ``unhashable type``.  It happens most with the items of an
array iterated (``for n in nodes: table[n]``): each is a 0-d JAX array, not a Python int.

Reported when the container is surely a dict and the key surely a JAX array.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class UnhashableJaxArray(ShapeRule):
    NAME = "unhashable-jax-array"
    CODE = "unhashable-jax-array"
    RECORD_ID = "e0437278095e05a8"
    KINDS = frozenset({"unhashable-array"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Convert the key to a Python value first (`int(n)`, `n.item()`, or iterate "
        "`x.tolist()`), or keep the table as an array and index it (`table_array[n]`)."
    )

    VALID = (
        """
import jax.numpy as jnp

neighbours = {0: [1, 2], 1: [0], 2: [0, 1]}
nodes = jnp.array([0, 2, 1])
counts = [len(neighbours[int(n)]) for n in nodes]
sizes = [len(neighbours[n]) for n in nodes.tolist()]
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

neighbours = {0: [1, 2], 1: [0], 2: [0, 1]}
nodes = jnp.array([0, 2, 1])
counts = [len(neighbours[n]) for n in nodes]  # expect: unhashable-jax-array
""",
    )
