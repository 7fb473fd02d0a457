"""``pltpu.unpack_elementwise(x, ..., unpacked_dtype=)`` whose ``x`` has another bit width than
``unpacked_dtype``: int4 weights packed in int8 and unpacked to int32 (jax#39058), bfloat16
values unpacked to float32.  The packed elements are read from ``x``'s words, so the words must
be as wide as the unpacked values (pack eight int4 into a uint32 for int32); the primitive's
shape rule checks it when the kernel is traced, on every backend, and raises ValueError.
Found where ``x`` is an array of a known dtype and ``unpacked_dtype`` names a dtype of at most
32 bits (so 64-bit mode, which the interpreter does not follow, cannot change the verdict), in
the body of a Pallas kernel."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import PALLAS_CALL, UNPACK_ELEMENTWISE
from jaxlsp.apis.shaping import dtype_name
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Site, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule

#: Bit widths of the dtypes an unpack names or reads (jnp's names).
_BITS = {
    **dict.fromkeys(("int2", "uint2"), 2),
    **dict.fromkeys(("int4", "uint4", "float4_e2m1fn"), 4),
    **dict.fromkeys(
        (
            "int8",
            "uint8",
            "float8_e4m3fn",
            "float8_e5m2",
            "float8_e4m3b11fnuz",
            "float8_e4m3fnuz",
            "float8_e5m2fnuz",
        ),
        8,
    ),
    **dict.fromkeys(("int16", "uint16", "float16", "bfloat16"), 16),
    **dict.fromkeys(("int32", "uint32", "float32"), 32),
}


def _array_bits(values: Values | None) -> tuple[str, int] | None:
    """The dtype and bit width of ``x`` when every value it may be is an array of one known
    dtype."""
    if not values or not all(isinstance(v, Array) for v in values):
        return None
    found = {v.dtype for v in values if isinstance(v, Array)}
    if len(found) != 1:
        return None
    dtype = found.pop()
    bits = _BITS.get(dtype) if dtype is not None else None
    return (dtype, bits) if dtype is not None and bits is not None else None


class PallasTpuUnpackBitwidth(Rule):
    NAME = "pallas-tpu-unpack-bitwidth"
    CODE = "pallas-tpu-unpack-bitwidth"
    RECORD_ID = "52bd31b3794f7a07"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def unpack(w_ref, o_ref):
    o_ref[...] = pltpu.unpack_elementwise(
        w_ref[...], index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
    )

w = jnp.ones((8, 128), jnp.uint32)
call = pl.pallas_call(unpack, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))
jax.eval_shape(call, w)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def unpack(w_ref, o_ref):
    o_ref[...] = pltpu.unpack_elementwise(  # expect: pallas-tpu-unpack-bitwidth
        w_ref[...], index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
    )

w = jnp.ones((8, 128), jnp.int8)
call = pl.pallas_call(unpack, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))
jax.eval_shape(call, w)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for made in program.made_by(UNPACK_ELEMENTWISE):
            if made.site in reported:
                continue
            if not any(t.kind == PALLAS_CALL for t in made.frame.context):
                continue  # not shown to run in a kernel
            unpacked = dtype_name(made.arguments.get("unpacked_dtype") or ())
            wide = _BITS.get(unpacked) if unpacked is not None else None
            read = _array_bits(made.arguments.get("x"))
            if wide is None or read is None or read[1] == wide:
                continue
            reported.add(made.site)
            node = made.nodes.get("x")
            yield finding(
                self,
                record,
                program,
                made.site,
                f"`pltpu.unpack_elementwise` reads {read[1]}-bit words ({read[0]}) and "
                f"unpacks them as {unpacked} ({wide} bits): the words must be as wide as the "
                "unpacked values, so tracing the kernel raises ValueError (The bitwidth of `x` "
                "must match the bitwidth of `unpacked_dtype`), on every backend. Pack the "
                f"elements into words of {wide} bits (int4 into uint32 for int32: "
                "`jax.lax.bitcast_convert_type` of the packed bytes, reshaped by 4).",
                (related(program, made.site, f"`{source(node)}` is {read[0]}", node),),
            )
