"""A Python list or tuple given to a ``jax.numpy`` function where it takes an array:
``jnp.sum([a, b])``, ``jnp.prod(x.shape)``, ``jnp.concatenate([[], [1]])``, ``jnp.arange([1, 3])``,
``jnp.where(c, {"w": a}, b)``.

NumPy converts a list to an array; JAX refuses one (converting a long list of tracers element by
element is slow and hides mistakes) and raises TypeError "<name> requires ndarray or scalar
arguments".  Which functions refuse one, and where, is measured on the pinned JAX
(``jaxlsp.apis.numpy.REFUSING_SEQUENCES`` and ``REFUSING_LATER``; a dict is refused alike);
reported where the argument surely is a list, a tuple or a dict.  An error where the code
around the call makes the value itself (a display, a comprehension, ``.shape``, a variable
assigned from those); a hint where it comes from a caller or a call's result, which the
analysis may have tied to this call wrongly (a function picked by a type test, one caller
among several).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import made_in_frame
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ListAsArrayArgument(Rule):
    NAME = "list-as-array-argument"
    CODE = "list-as-array-argument"
    RECORD_ID = "6eff246330cb29a1"

    VALID = (
        """
import jax.numpy as jnp

a, b = jnp.ones(3), jnp.zeros(3)
total = jnp.sum(jnp.array([a, b]))
size = jnp.prod(jnp.array(a.shape))
joined = jnp.concatenate([a, jnp.array([1.0])])
stacked = jnp.stack([a, b])
picked = jnp.where(a > 0, a, 0.0)
steps = jnp.arange(1, 3)
tiled = jnp.tile(a, [2])
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

a, b = jnp.ones(3), jnp.zeros(3)
pair = [a, b]
total = jnp.sum(pair)  # expect: list-as-array-argument
""",
        """
import jax.numpy as jnp

joined = jnp.concatenate([jnp.zeros(2), [1.0]])  # expect: list-as-array-argument
""",
        """
import jax.numpy as jnp

steps = jnp.arange([1, 3])  # expect: list-as-array-argument
""",
        """
import jax.numpy as jnp

a = jnp.ones(3)
picked = jnp.where(a > 0, {"w": a}, a)  # expect: list-as-array-argument
""",
        """
import jax.numpy as jnp

a = jnp.ones(3)
grown = jnp.insert(a, [1, 2], 5.0)  # expect: list-as-array-argument
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("list-argument"):
            kind, _, index = violation.described.partition(":")
            short = call.api.short
            parameter = violation.parameter
            if parameter.startswith("#"):
                where = f"its argument at position {parameter[1:]}"
            else:
                where = f"its `{parameter}`"
            if index:
                what = f"item {index} of {where} is a Python {kind}"
                advice = f"Make each item an array (`jnp.array(...)`) before `{short}`."
            elif kind == "dict":
                what = f"{where} is a Python dict"
                advice = (
                    "Pass one array: a dict is a pytree, not an array "
                    "(`jax.tree.map` applies the function to each of its values)."
                )
            else:
                what = f"{where} is a Python {kind}"
                advice = (
                    f"Convert it first (`jnp.array(...)`, or `jnp.stack` for a {kind} of arrays)."
                )
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{short}` takes arrays, but {what}: JAX raises TypeError "
                f"(requires ndarray or scalar arguments)"
                f"{'' if kind == 'dict' else ' where NumPy would convert it'}. "
                f"{advice}",
                (related(program, call.site, f"a Python {kind}, not an array", violation.node),),
                node=violation.node,
                severity="error" if made_in_frame(violation.node, call.frame) else "hint",
            )
