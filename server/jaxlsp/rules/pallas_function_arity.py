"""A function Pallas calls with a number of arguments it does not take: the kernel (one Ref
per input, per output and per scratch buffer, in that order) or a BlockSpec's ``index_map``
(one index per grid axis, then the scalar-prefetch Refs); or a kernel with a keyword-only
parameter no ``functools.partial`` binds (Pallas passes the Refs alone), or a partial binding a
keyword the kernel has no parameter for.  JAX calls it while tracing the kernel's launch, and
Python raises its TypeError; reported where the kernel is made, when every part is known.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import BLOCK_SPEC, Arity, Launch, PallasObject, arity_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import (
    PALLAS_FACTS,
    SETUP,
    TPU_SETUP,
    fails_before_kernel,
    kernel_made_at,
    launches,
    returns_wrong_count,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def _fits(arity: Arity, count: int) -> bool:
    return arity.least <= count and (arity.most is None or count <= arity.most)


def _takes(arity: Arity) -> str:
    if arity.most is None:
        return f"at least {arity.least}"
    if arity.least == arity.most:
        return str(arity.least)
    return f"{arity.least} to {arity.most}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class PallasFunctionArity(Rule):
    NAME = "pallas-function-arity"
    CODE = "pallas-function-arity"
    RECORD_ID = "2cb97976839e17fd"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

spec = pl.BlockSpec((8, 128), lambda i, j: (i, j))
pl.pallas_call(add, out_shape=out, grid=(2, 1), in_specs=[spec, spec], out_specs=spec,
               interpret=True)(x, x)
""",
        TPU_SETUP
        + """
def acc(x_ref, o_ref, scratch_ref):
    scratch_ref[...] = x_ref[...]
    o_ref[...] = scratch_ref[...]

pl.pallas_call(acc, out_shape=out, scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],
               interpret=True)(x)
""",
        SETUP
        + """
import functools

def scale(x_ref, o_ref, *, factor, offset=0.0):
    o_ref[...] = x_ref[...] * factor + offset

pl.pallas_call(functools.partial(scale, factor=2.0), out_shape=out, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

pl.pallas_call(add, out_shape=out, interpret=True)(x)  # expect: pallas-function-arity
""",
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(  # expect: pallas-function-arity
    copy, out_shape=out, grid=(2, 1), in_specs=[spec], out_specs=spec, interpret=True
)(x)
""",
        SETUP
        + """
def scale(x_ref, o_ref, *, factor):
    o_ref[...] = x_ref[...] * factor

pl.pallas_call(scale, out_shape=out, interpret=True)(x)  # expect: pallas-function-arity
""",
        SETUP
        + """
import functools

def scale(x_ref, o_ref, *, factor):
    o_ref[...] = x_ref[...] * factor

kernel = functools.partial(scale, facter=2.0)
pl.pallas_call(kernel, out_shape=out, interpret=True)(x)  # expect: pallas-function-arity
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            launch, made = at.launch, at.launch.made
            if made.site in reported or fails_before_kernel(at):
                continue
            found = self._index_map(program, record, launch)
            if found is None and not returns_wrong_count(at):
                found = self._kernel(program, record, launch)
            if found is not None:
                reported.add(made.site)
                yield found

    def _index_map(self, program: Program, record: Record | None, launch: Launch) -> Finding | None:
        if launch.grid is None or launch.scalar_prefetch is None:
            return None
        indices = len(launch.grid) + launch.scalar_prefetch
        api = kernel_made_at(program, launch.made)
        for spec_values in (*(launch.in_specs or ()), *(launch.out_specs or ())):
            spec = spec_values[0] if len(spec_values) == 1 else None
            if not isinstance(spec, PallasObject) or spec.api != BLOCK_SPEC:
                continue
            index_map = spec.option("index_map")
            mapped = arity_of(index_map) if index_map is not None else None
            if mapped is None or _fits(mapped, indices):
                continue
            prefetch = (
                f" and {launch.scalar_prefetch} scalar-prefetch Refs"
                if launch.scalar_prefetch
                else ""
            )
            axes = len(launch.grid)
            return finding(
                self,
                record,
                program,
                launch.made.site,
                f"The index_map `{mapped.name}` of a BlockSpec takes {_takes(mapped)} "
                f"argument{'' if mapped.most == 1 else 's'}, but this `{api}` has a grid of "
                f"{axes} ax{'i' if axes == 1 else 'e'}s, so JAX calls it with {indices} (one "
                f"index per grid axis{prefetch}): Python raises TypeError. Give the index_map "
                "one parameter per grid axis.",
                (related(program, spec.site, "the BlockSpec whose index_map is called"),),
            )
        return None

    def _kernel(self, program: Program, record: Record | None, launch: Launch) -> Finding | None:
        refs = launch.refs
        arity = arity_of(launch.kernel)
        if refs is None or arity is None:
            return None
        if _fits(arity, refs):
            return self._keywords(program, record, launch, arity)
        assert launch.inputs is not None and launch.outputs is not None
        parts = [_plural(len(launch.inputs), "input"), _plural(len(launch.outputs), "output")]
        if launch.scratch:
            parts.append(_plural(len(launch.scratch), "scratch buffer"))
        api = kernel_made_at(program, launch.made)
        return finding(
            self,
            record,
            program,
            launch.made.site,
            f"The kernel `{arity.name}` takes {_takes(arity)} positional Refs, but `{api}` "
            f"calls it with {refs} ({', '.join(parts)}): Python raises TypeError when JAX "
            "traces the kernel. Give the kernel one parameter per input, output and scratch "
            "buffer, in that order.",
            (related(program, launch.made.site, "the kernel's Refs are counted here"),),
        )

    def _keywords(
        self, program: Program, record: Record | None, launch: Launch, arity: Arity
    ) -> Finding | None:
        """Pallas calls the kernel with its Refs alone: a keyword-only parameter without a
        default must be bound beforehand (``functools.partial``), and a keyword the partial
        binds must name a parameter."""
        api = kernel_made_at(program, launch.made)
        # Python refuses an unknown keyword before it looks for a missing one
        if arity.unknown_keywords:
            name = arity.unknown_keywords[0]
            message = (
                f"The `functools.partial` of the kernel `{arity.name}` binds `{name}`, which "
                f"`{arity.name}` has no parameter for: Python raises TypeError (unexpected "
                f"keyword argument '{name}') when `{api}` calls the kernel. Use the "
                "parameter's own name."
            )
        elif arity.missing_keywords:
            names = ", ".join(f"`{name}`" for name in arity.missing_keywords)
            plural = "s" if len(arity.missing_keywords) > 1 else ""
            message = (
                f"The kernel `{arity.name}` has the keyword-only parameter{plural} "
                f"{names} without a default, but `{api}` calls it with its Refs alone: Python "
                "raises TypeError (missing required keyword-only argument) when JAX traces the "
                f"kernel. Bind it first: `functools.partial({arity.name}, "
                f"{arity.missing_keywords[0]}=...)`."
            )
        else:
            return None
        return finding(
            self,
            record,
            program,
            launch.made.site,
            message,
            (related(program, launch.made.site, "the kernel is called here"),),
        )
