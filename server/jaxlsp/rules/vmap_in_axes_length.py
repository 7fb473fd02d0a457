"""``jax.vmap(f, in_axes=(0, 0, None))`` called with a different number of positional
arguments (or where f cannot take that many).

vmap matches ``in_axes`` to the positional arguments of each call (keyword arguments are
always mapped over axis 0 and do not count), so the check is at the calls; a vmapped function
that no analysed code calls is checked against its definition.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from jaxlsp.apis.signatures import signature_of, wrapped_function
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import ApiCall, Called, Made
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import ListValue, Transformed, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Reads, Rule


class VmapInAxesLength(Rule):
    NAME = "vmap-in-axes-length"
    FORMER_NAMES = ("vmap-in-axes-arity",)
    CODE = "vmap-in-axes-length"
    RECORD_ID = "39b25b30ad33d34e"
    READS = Reads(
        "vmap's makings, the calls of what it made, and in_axes refused",
        frozenset({"api_calls", "called", "made"}),
        lambda fact: _vmap_fact(fact),
        heap=True,
    )

    VALID = (
        """
from functools import partial
import jax
import jax.numpy as jnp

def f(x, y, scale):
    return (x + y) * scale

def lookup(table, i):
    return table[i]

table = jnp.arange(4.0)
jax.vmap(f, in_axes=(0, 0, None))(jnp.ones(2), jnp.ones(2), 3.0)
lookup = partial(lookup, table)
jax.vmap(lookup, in_axes=(0,))(jnp.array([0, 1]))
jax.vmap(f, in_axes=(0, 0))(jnp.ones(2), jnp.ones(2), scale=jnp.ones(2))
jax.vmap(lambda d: d["a"], in_axes=({"a": 0},))({"a": jnp.zeros((3, 3))})
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def f(x, y):
    return x + y

batched = jax.vmap(f, in_axes=(0, 0, None))  # expect: vmap-in-axes-length
batched(jnp.ones(2), jnp.ones(2))
""",
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.vmap, in_axes=(0,))  # expect: vmap-in-axes-length
def add(x, y):
    return x + y

add(jnp.ones(2), jnp.ones(2))
""",
        """
import jax
import jax.numpy as jnp

def f(x):
    return x["a"]

jax.vmap(f, in_axes={"a": 0})({"a": jnp.zeros((3, 3))})  # expect: vmap-in-axes-length
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("in-axes-type"):
            yield finding(
                self,
                record,
                program,
                call.site,
                f"in_axes is {violation.described}: vmap takes an int, None, or a "
                "tuple with one entry per positional argument, and raises TypeError. "
                "For one pytree argument, wrap its axes in a tuple: in_axes=({...},).",
                (related(program, call.site, "in_axes given here", violation.node),),
            )
        reported: set[object] = set()
        calls: dict[int, list[object]] = {}
        for called in program.calls_of(Transformed):
            value = called.callee
            if not isinstance(value, Transformed) or value.transform != "jax.vmap":
                continue
            calls.setdefault(id(value.site), []).append(called)
            length = _length(program, value.option("in_axes"))
            if length is None or called.starred or value.site is None:
                continue
            given = len(called.positional)
            if given == length or value.site in reported:
                continue
            keywords = len(called.keywords)
            if given < length <= given + keywords and called.site not in reported:
                # the in_axes would fit had the call given those by position: the mistake is
                # the call's (a ``partial`` binding the mapped argument by keyword), where vmap
                # raises
                reported.add(called.site)
                yield finding(
                    self,
                    record,
                    program,
                    called.site,
                    f"the vmapped function is called with {given} positional "
                    f"argument{'s' if given != 1 else ''} and {keywords} by keyword, and its "
                    f"in_axes has {length} entries: vmap matches in_axes to the positional "
                    "arguments only (keyword arguments are always mapped over axis 0) and "
                    "raises ValueError. Pass the mapped arguments by position, or give "
                    "in_axes one entry per positional argument.",
                    (related(program, value.site, "in_axes given here"),),
                )
                continue
            reported.add(value.site)
            yield finding(
                self,
                record,
                program,
                value.site,
                f"in_axes has {length} entries, but the vmapped function is called with "
                f"{given} positional argument{'s' if given != 1 else ''}: vmap raises "
                "ValueError. Give one in_axes entry per positional argument (keyword "
                "arguments are always mapped over axis 0).",
                (related(program, called.site, "called here"),),
            )
        for made in program.made_by("jax.vmap"):
            value = made.value
            if not isinstance(value, Transformed) or id(value.site) in calls:
                continue
            length = _length(program, made.arguments.get("in_axes"))
            fun = made.arguments.get("fun", ())
            if length is None or length <= _most_positional(fun) or made.site in reported:
                continue
            signature = signature_of(fun)
            if signature is None:
                continue
            name = signature.function.describe()
            yield finding(
                self,
                record,
                program,
                made.site,
                f"in_axes has {length} entries, but {name} takes at most "
                f"{len(signature.positional)} positional arguments: any call fails (vmap "
                "raises ValueError when the counts differ). Give one entry per parameter.",
                (related(program, signature.function.site, f"{name} is defined here"),),
            )


def _most_positional(fun: Values) -> float:
    """How many positional arguments ``fun`` takes at most (infinity: any number, or
    unknown); the signature itself is made only for a finding."""
    found = wrapped_function(fun)
    if found is None:
        return math.inf
    function, skip = found
    args = function.node.args
    if args.vararg is not None:
        return math.inf
    return max(len(args.posonlyargs) + len(args.args) - skip, 0)


def _vmap_fact(fact: object) -> bool:
    """Whether a fact is one this rule reads (``READS``): a ``jax.vmap`` made, a call of a
    function it made, a call whose in_axes it refused (any other kind: taken to be one)."""
    if isinstance(fact, ApiCall):
        return any(violation.kind == "in-axes-type" for violation in fact.violations)
    if isinstance(fact, Called):
        return isinstance(fact.callee, Transformed) and fact.callee.transform == "jax.vmap"
    if isinstance(fact, Made):
        return fact.api == "jax.vmap"
    return True


def _length(program: Program, in_axes: Values | None) -> int | None:
    if in_axes is None or len(in_axes) != 1:
        return None
    value = in_axes[0]
    if isinstance(value, Tuple):
        return len(value.items)
    if isinstance(value, ListValue):
        items = program.interpreter.heap.list_items(value.ref)
        return None if items is None else len(items)
    return None
