"""A gather in a TPU kernel that the TPU kernel compiler (Mosaic) cannot lower: a loaded value
indexed by an array of integers (``v[idx]``) or ``jnp.take(v, idx, axis=...)`` of a value of
two or more dimensions (NotImplementedError "Only take_along_axis-like gathers supported",
raised by the Pallas TPU lowering of jax 0.12.0.1 and 0.10.2), and ``jnp.take_along_axis``
along a last axis wider than one vector register's 128 lanes (32-bit values; Mosaic: "Not
implemented: Multiple source vregs along gather dimension", jax#37006).  Interpret mode runs
all of them.  Measured on a TPU v5e with jax 0.10.2 (``labels/_probe_s40_*``): rows picked by
an index vector and ``jnp.take`` of columns raised; ``take_along_axis`` of an (8, 128) value
by (8, 1) or (8, 128) indices along either axis ran; along 1,000 or 1,024 columns it raised.
Reported only where the value's shape and dtype and the index's dtype and rank are known.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer import dtypes
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Const, Site, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, on_tpu, tpu_kernels
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The lanes of one TPU vector register: a ``take_along_axis`` along a last axis wider than
#: this reads from several registers, which Mosaic's gather does not (32-bit values measured).
LANES = 128
#: The dtypes whose register layout the measurements cover (one element per lane).
_THIRTY_TWO_BIT = frozenset({"float32", "int32", "uint32"})


def _known_array(values: Values | None) -> Array | None:
    """The one array ``values`` surely is, with a known shape (None otherwise)."""
    if not values or len(values) != 1:
        return None
    value = values[0]
    if not isinstance(value, Array) or value.tree or value.shape is None:
        return None
    return value if all(isinstance(d, int) for d in value.shape) else None


def _integer_array(values: Values | None) -> Array | None:
    """An array of integers of one or more dimensions (an index vector or table)."""
    index = _known_array(values)
    if index is None or not index.shape or not dtypes.is_integer(index.dtype):
        return None
    return index


def _axis(values: Values | None, rank: int) -> int | None:
    """A known ``axis=`` argument, made non-negative (None: not known or out of range)."""
    if not values or len(values) != 1:
        return None
    value = values[0]
    if not isinstance(value, Const) or type(value.value) is not int:
        return None
    axis = value.value + rank if value.value < 0 else value.value
    return axis if 0 <= axis < rank else None


def _second(values: Values | None) -> Values | None:
    """The second positional argument of a generic ``jnp`` call (its ``args``' first)."""
    if not values or len(values) != 1 or not isinstance(values[0], Tuple):
        return None
    items = values[0].items
    return items[0] if items else None


class PallasTpuGather(Rule):
    NAME = "pallas-tpu-gather"
    CODE = "pallas-tpu-gather"
    RECORD_ID = "dbf049e76d5d30ef"
    READS = PALLAS_FACTS

    VALID = (
        # take_along_axis within one register's lanes, and the wide pick as a select and a sum
        TPU_SETUP
        + """
def pick(x_ref, i_ref, w_ref, j_ref, o_ref, p_ref):
    o_ref[...] = jnp.take_along_axis(x_ref[...], i_ref[...], axis=1)
    w = w_ref[...]
    cols = jax.lax.broadcasted_iota(jnp.int32, w.shape, 1)
    p_ref[...] = jnp.sum(jnp.where(cols == j_ref[...], w, 0.0), axis=1, keepdims=True)

x = jnp.ones((8, 128), jnp.float32)
i = jnp.zeros((8, 128), jnp.int32)
w = jnp.ones((8, 1024), jnp.float32)
j = jnp.zeros((8, 1), jnp.int32)
pl.pallas_call(pick, out_shape=(jax.ShapeDtypeStruct((8, 128), jnp.float32),
                                jax.ShapeDtypeStruct((8, 1), jnp.float32)),
               compiler_params=pltpu.CompilerParams(), interpret=True)(x, i, w, j)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def rows(x_ref, i_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = v[i_ref[...]]  # expect: pallas-tpu-gather

i = jnp.arange(16, dtype=jnp.int32) % 8
pl.pallas_call(rows, out_shape=out, compiler_params=pltpu.CompilerParams(),
               interpret=True)(x, i)
""",
        TPU_SETUP
        + """
def pick(w_ref, j_ref, o_ref):
    o_ref[...] = jnp.take_along_axis(w_ref[...], j_ref[...], axis=1)  # expect: pallas-tpu-gather

w = jnp.ones((8, 1024), jnp.float32)
j = jnp.zeros((8, 1), jnp.int32)
pl.pallas_call(pick, out_shape=jax.ShapeDtypeStruct((8, 1), jnp.float32),
               compiler_params=pltpu.CompilerParams(), interpret=True)(w, j)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        kernels = tpu_kernels(program)
        if kernels is None:
            return
        targets, kernel_of = kernels.targets, kernels.kernel_of

        found: dict[Site, tuple[str, bool, Site]] = {}  # site -> (what, wide, launch)
        for call in program.facts.api_calls:
            name = call.api.name
            if name not in ("jax.numpy.take", "jax.numpy.take_along_axis"):
                continue
            if call.site in found or (kernel := kernel_of(call.frame)) is None:
                continue
            value = _known_array(call.arguments.get("a"))
            index = _integer_array(_second(call.arguments.get("args")))
            if value is None or index is None or len(value.shape or ()) < 2:
                continue
            shape = value.shape or ()
            axis = _axis(call.arguments.get("axis"), len(shape))
            if axis is None:
                continue
            if name == "jax.numpy.take":
                found[call.site] = ("`jnp.take` of a loaded value by an index array", False, kernel)
            elif (
                axis == len(shape) - 1
                and len(index.shape or ()) == len(shape)
                and value.dtype in _THIRTY_TWO_BIT
                and isinstance(shape[-1], int)
                and shape[-1] > LANES
            ):
                found[call.site] = (
                    f"`jnp.take_along_axis` along the last axis of a {value.dtype} value of "
                    f"{shape[-1]} columns",
                    True,
                    kernel,
                )
        for subscript in program.facts.subscripts:
            if subscript.store or subscript.site in found:
                continue
            if (kernel := kernel_of(subscript.frame)) is None:
                continue
            value = _known_array(subscript.container)
            if value is None or len(value.shape or ()) < 2:
                continue
            if _integer_array(subscript.index) is not None:
                found[subscript.site] = (
                    "indexing a loaded value with an array of integers",
                    False,
                    kernel,
                )
        for site, (what, wide, kernel) in found.items():
            if wide:
                message = (
                    f"{what} in this TPU kernel: the TPU kernel compiler (Mosaic) gathers only "
                    f"from within one vector register ({LANES} lanes), so compiling the kernel "
                    "fails (Not implemented: Multiple source vregs along gather dimension; a "
                    "TPU v5e, jax 0.10.2), though interpret mode runs it. Pick the elements "
                    "with a select and a sum (`jnp.sum(jnp.where(iota == idx, v, 0), axis=-1, "
                    "keepdims=True)`), or gather outside the kernel."
                )
            else:
                message = (
                    f"{what} in this TPU kernel is a gather the TPU kernel lowering accepts "
                    "only in `jnp.take_along_axis`'s form, so compiling the kernel raises "
                    "NotImplementedError (Only take_along_axis-like gathers supported), though "
                    "interpret mode runs it. Read the rows from the Ref (`x_ref[pl.ds(i, 1), "
                    ":]` in a loop, the indices as scalar prefetch), use "
                    "`jnp.take_along_axis` with indices of the value's shape, or gather "
                    "outside the kernel."
                )
            yield on_tpu(
                finding(
                    self,
                    record,
                    program,
                    site,
                    message,
                    (related(program, kernel, "the TPU kernel's launch"),),
                ),
                targets[kernel],
            )
