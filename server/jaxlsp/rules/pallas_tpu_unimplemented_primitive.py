"""An operation in a TPU kernel that binds a primitive the TPU kernel compiler (Mosaic) has
no lowering rule for: ``jnp.cumsum``, ``jnp.sort``, ``jnp.flip``, ``jnp.sinh``, ``jnp.prod``...
(``jaxlsp.apis.mosaic_primitives``), ``v[t]`` or ``lax.dynamic_slice`` of a loaded value with a
traced index (``dynamic_slice``), ``v.at[i].set(...)`` of a loaded value (``scatter``).
Compiling the kernel raises NotImplementedError; interpret mode runs it.  Also a dot of two
1-D values (``jnp.dot(u, v)``, ``jnp.vdot``, ``u @ v``), whose lowering fails an assertion,
and a ``lax.scan`` over an array or stacking its body's outputs (ValueError: the lowering
takes only a scan's carry).
Reported on a traced operand, in the body of a ``pallas_call`` kernel the code says is a TPU
kernel (or, assumed, one the project's ``pallasTarget`` says is).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.mosaic_primitives import DYNAMIC_SLICES, SCATTER_METHODS, UNLOWERED_APIS
from jaxlsp.findings import Finding
from jaxlsp.infer import dtypes
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import (
    Array,
    Const,
    Flavour,
    Site,
    Tuple,
    Value,
    Values,
)
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, on_tpu, tpu_kernels
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The start-index parameters of the ``DYNAMIC_SLICES`` functions.
_STARTS = ("start_indices", "start_index", "index")

#: What to do instead, by primitive (the rest: move it out of the kernel).
_INSTEAD = {
    "cumsum": "a prefix sum as a matmul with a triangular matrix of ones "
    "(`jnp.tri`), or a loop of adds",
    "dynamic_slice": "a dynamic read from the Ref (`x_ref[pl.ds(t, 1), :]`) instead of "
    "indexing a loaded value",
    "scatter": "a `jnp.where` over a `lax.broadcasted_iota` mask, or a store into the Ref "
    "(`o_ref[pl.ds(i, 1), :] = row`)",
    "rev": "`pltpu.roll` or an index_map that reads the blocks in reverse",
    "reduce_prod": "`jnp.exp(jnp.sum(jnp.log(x)))` for positive values, or a loop of multiplies",
    "sinh": "`(jnp.exp(x) - jnp.exp(-x)) / 2`",
    "cosh": "`(jnp.exp(x) + jnp.exp(-x)) / 2`",
    "expm1": "`jnp.exp(x) - 1` (less accurate near 0)",
}


#: Products that contract two 1-D operands into a scalar, by the names of their operands:
#: 0.10.2's Mosaic lowering fails an assertion on them (a TPU v5e, ``labels/_probe_s37_*``:
#: ``jnp.dot``, ``jnp.vdot``, ``@`` of two 1-D blocks, float32 and bfloat16), while a matrix
#: times a vector and ``jnp.sum(u * v)`` lowered.
VECTOR_DOTS = {
    "jax.numpy.dot": ("a", "b"),
    "jax.numpy.matmul": ("a", "b"),
    "jax.numpy.vdot": ("a", "b"),
    "jax.numpy.inner": ("a", "b"),
    "jax.lax.dot": ("lhs", "rhs"),
}


def _vector(values: Values) -> bool:
    """Surely a 1-D array (the kernel's value, not a Ref)."""
    return bool(values) and all(
        isinstance(v, Array) and not v.tree and v.shape is not None and len(v.shape) == 1
        for v in values
    )


def _array(value: Value) -> bool:
    """A JAX array (every array a kernel's body computes is staged into the kernel)."""
    return isinstance(value, Array)


def _traced_int(values: Values) -> bool:
    """A 0-d integer the kernel traces (a loop counter, ``pl.program_id``)."""
    return bool(values) and all(
        isinstance(v, Array)
        and Flavour.STAGED in (v.flavours or ())
        and v.shape == ()
        and dtypes.is_integer(v.dtype)
        for v in values
    )


def _static_index(values: Values) -> bool:
    return bool(values) and all(
        isinstance(v, Const) and (v.value is None or type(v.value) is int) for v in values
    )


def _integer_index(index: Values) -> bool | None:
    """For an index of integers only (traced ones, Python ints, ``None``): whether one is
    traced; None for any other index (slices, arrays, unknown)."""
    if len(index) != 1:
        return None
    only = index[0]
    items: tuple[Values, ...] = only.items if isinstance(only, Tuple) else ((only,),)
    traced = False
    for item in items:
        if _traced_int(item):
            traced = True
        elif not _static_index(item):
            return None
    return traced


class PallasTpuUnimplementedPrimitive(Rule):
    NAME = "pallas-tpu-unimplemented-primitive"
    CODE = "pallas-tpu-unimplemented-primitive"
    RECORD_ID = "cc6ca74c8852bfdd"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def totals(x_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = jnp.dot(v, jnp.tri(128, dtype=jnp.float32).T)

pl.pallas_call(totals, out_shape=out, compiler_params=pltpu.CompilerParams(),
               interpret=True)(x)
""",
        TPU_SETUP
        + """
def row_dots(u_ref, m_ref, o_ref):
    u = u_ref[...]
    o_ref[...] = jnp.broadcast_to(jnp.sum(u * u), (8, 128))
    o_ref[...] += jnp.broadcast_to(jnp.dot(m_ref[...], u), (8, 128))

u = jnp.ones((128,), jnp.float32)
m = jnp.ones((128, 128), jnp.float32)
pl.pallas_call(row_dots, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
               compiler_params=pltpu.CompilerParams(), interpret=True)(u, m)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def totals(x_ref, o_ref):
    o_ref[...] = jnp.cumsum(x_ref[...], axis=1)  # expect: pallas-tpu-unimplemented-primitive

pl.pallas_call(totals, out_shape=out, compiler_params=pltpu.CompilerParams(),
               interpret=True)(x)
""",
        TPU_SETUP
        + """
def vector_dot(u_ref, o_ref):
    u = u_ref[...]
    d = jnp.dot(u, u)  # expect: pallas-tpu-unimplemented-primitive
    o_ref[...] = jnp.broadcast_to(d, (8, 128))

u = jnp.ones((128,), jnp.float32)
pl.pallas_call(vector_dot, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
               compiler_params=pltpu.CompilerParams(), interpret=True)(u)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        kernels = tpu_kernels(program)
        if kernels is None:
            return
        targets, kernel_of = kernels.targets, kernels.kernel_of
        found: dict[Site, tuple[str, str, Site]] = {}  # site -> (what, primitive, launch)

        vector_dots: dict[Site, tuple[str, Site]] = {}  # site -> (what, launch)
        for call in program.facts.api_calls:
            name = call.api.name
            operands = VECTOR_DOTS.get(name)
            if operands is not None and (kernel := kernel_of(call.frame)) is not None:
                if all(_vector(call.arguments.get(o, ())) for o in operands):
                    vector_dots.setdefault(call.site, (f"`{_short(name)}`", kernel))
                continue
            primitive = UNLOWERED_APIS.get(name)
            if primitive is None and name not in DYNAMIC_SLICES:
                continue
            if (kernel := kernel_of(call.frame)) is None:
                continue
            if primitive is None:
                starts = [call.arguments.get(key, ()) for key in _STARTS]
                if any(_traced_int(v) or _has_traced_int(v) for v in starts):
                    primitive = "dynamic_slice"
            if primitive is None or call.site in found:
                continue
            if not any(_array(v) for values in call.arguments.values() for v in values):
                continue  # no array operand: not shown to be an operation on the kernel's values
            found[call.site] = (f"`{_short(name)}`", primitive, kernel)
        for operator in program.facts.operators:
            # ``u @ v`` is ``jnp.matmul(u, v)``: the same dot, spelled as an operator
            if operator.symbol != "@" or (kernel := kernel_of(operator.frame)) is None:
                continue
            if _vector(operator.left) and _vector(operator.right):
                vector_dots.setdefault(operator.site, ("`@`", kernel))
        for subscript in program.facts.subscripts:
            if subscript.store or subscript.site in found:
                continue
            if (kernel := kernel_of(subscript.frame)) is None:
                continue
            if not subscript.container or not all(_array(v) for v in subscript.container):
                continue  # a Ref (a dynamic load is lowered) or a value not known
            if _integer_index(subscript.index):  # (else a static index: a slice, lowered)
                found[subscript.site] = (
                    "indexing a loaded value with a traced integer",
                    "dynamic_slice",
                    kernel,
                )
        for update in program.facts.at_updates:
            if update.method not in SCATTER_METHODS or update.site in found:
                continue
            if (kernel := kernel_of(update.frame)) is None:
                continue
            if not update.array or not all(_array(v) for v in update.array):
                continue
            if _integer_index(update.index) is not None:
                found[update.site] = (
                    f"`.at[...].{update.method}` of a loaded value",
                    "scatter",
                    kernel,
                )
        scans: dict[Site, tuple[str, Site]] = {}  # site -> (what it stacks, launch)
        for invocation in program.facts.invocations:
            if invocation.api != SCAN or invocation.role != "body":
                continue
            if (kernel := kernel_of(invocation.caller)) is None:
                continue
            if _stacks_ys(invocation.result):
                scans.setdefault(invocation.site, ("output", kernel))
        for call in program.facts.api_calls:
            if call.api.name != SCAN or call.site in scans:
                continue
            if (kernel := kernel_of(call.frame)) is None:
                continue
            xs = call.arguments.get("xs")
            if xs and all(_array(v) for v in xs):
                scans[call.site] = ("argument", kernel)
        for site, (what, kernel) in scans.items():
            yield on_tpu(
                finding(
                    self,
                    record,
                    program,
                    site,
                    f"`lax.scan` in this TPU kernel with an extensive {what} (the "
                    f"{'`ys` its body stacks' if what == 'output' else '`xs` it slices'}): "
                    "the TPU kernel compiler (Mosaic) lowers a scan only over its carry, so "
                    f"compiling the kernel raises ValueError (Scan with 1 extensive {what}(s) "
                    "is not supported; a TPU v5e, jax 0.10.2), though interpret mode runs it. "
                    "Loop with `lax.fori_loop` over the rows, reading each with "
                    "`x_ref[pl.ds(t, 1), :]` and writing its result into a Ref.",
                    (related(program, kernel, "the TPU kernel's launch"),),
                ),
                targets[kernel],
            )
        for site, (what, kernel) in vector_dots.items():
            yield on_tpu(
                finding(
                    self,
                    record,
                    program,
                    site,
                    f"{what} of two 1-D values in this TPU kernel: the TPU kernel compiler "
                    "(Mosaic) lowers a dot only between matrices (and a matrix and a vector); "
                    "lowering this one fails an assertion (AssertionError on a TPU v5e, jax "
                    "0.10.2), though interpret mode runs it. Use `jnp.sum(u * v)`, or keep the "
                    "operands 2-D (`u[None, :]`, a (1, n) block).",
                    (related(program, kernel, "the TPU kernel's launch"),),
                ),
                targets[kernel],
            )
        for site, (what, primitive, kernel) in found.items():
            instead = _INSTEAD.get(primitive, "do it outside the kernel")
            yield on_tpu(
                finding(
                    self,
                    record,
                    program,
                    site,
                    f"{what} in this TPU kernel binds the `{primitive}` primitive, which the "
                    "TPU kernel compiler (Mosaic) has no lowering for: compiling the kernel "
                    "raises NotImplementedError (Unimplemented primitive in Pallas TPU "
                    f"lowering: {primitive}), though interpret mode runs it. Use {instead}, "
                    "or do it outside the kernel.",
                    (related(program, kernel, "the TPU kernel's launch"),),
                ),
                targets[kernel],
            )


#: ``lax.scan``: in a TPU kernel, 0.10.2's lowering takes only scans whose state is all
#: carry (a TPU v5e, ``labels/_probe_s39_*``: a scan over the rows of a block, or of (8, 128)
#: tiles, raised "Scan with 1 extensive argument(s) is not supported"; one stacking its
#: carries, "... extensive output(s) ...", checked first).
SCAN = "jax.lax.scan"


def _stacks_ys(result: Values) -> bool:
    """Whether a scan body surely returns ``(carry, y)`` with ``y`` an array (or a tuple of
    them): the scan stacks it, an extensive output."""
    if not result:
        return False
    for value in result:
        if not isinstance(value, Tuple) or len(value.items) != 2:
            return False
        ys = value.items[1]
        if not ys:
            return False
        for y in ys:
            leaves = [v for item in y.items for v in item] if isinstance(y, Tuple) else [y]
            if not leaves or not all(_array(v) for v in leaves):
                return False
    return True


def _has_traced_int(values: Values) -> bool:
    """A tuple of start indices with a traced integer among them."""
    return any(isinstance(v, Tuple) and any(_traced_int(item) for item in v.items) for v in values)


def _short(name: str) -> str:
    """``jax.numpy.cumsum`` as users write it (``jnp.cumsum``)."""
    for long, short in (
        ("jax.numpy.", "jnp."),
        ("jax.lax.", "lax."),
        ("jax.scipy.special.", "jax.scipy.special."),
        ("jax.Array.", "x."),
    ):
        if name.startswith(long):
            return short + name.removeprefix(long)
    return name
