"""``lax.conv_general_dilated`` and its wrappers, as far as the input feature count goes.

JAX's shape rule (``jax/_src/lax/convolution.py``) divides the input's feature axis (the
``C`` of the lhs spec; axis 1 without ``dimension_numbers``) by ``feature_group_count`` and
requires the kernel's input feature axis (the ``I`` of the rhs spec; axis 1 without them) to
have that size, else it raises ValueError.  Images laid out channels-last given to a
channels-first convolution (or the other way), and a layer made for another channel count,
fail there.  ``lax.conv`` and ``lax.conv_with_general_padding`` call it with the default
layout and one group.

A mismatch is claimed only where both shapes are known, the ranks agree, the layout is the
default or given as three strings of the operands' rank, the group count is a known int that
divides the input's features, and no batch grouping is asked for: every other case either
runs or fails with another of JAX's errors first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jaxlsp.apis.shaping import Aval, Call, Mismatch, Operand, Output, rule
from jaxlsp.apis.spec import ApiSpec, Result
from jaxlsp.infer.shapes import Dim
from jaxlsp.infer.values import Const, Tuple

if TYPE_CHECKING:
    from jaxlsp.apis.shaping import Spelled


def feature_mismatch(
    labels: tuple[str | Spelled, str | Spelled],
    lhs: Aval,
    rhs: Aval,
    lhs_feature: Dim,
    rhs_feature: Dim,
    groups: int,
) -> Mismatch | None:
    """JAX's check of the input feature count, on sizes known as ints."""
    if not isinstance(lhs_feature, int) or not isinstance(rhs_feature, int) or groups < 1:
        return None
    quotient, remainder = divmod(lhs_feature, groups)
    if remainder or quotient == rhs_feature:
        return None
    return Mismatch(
        "conv-features",
        "conv_general_dilated lhs feature dimension size divided by feature_group_count must "
        "equal the rhs input feature dimension size, but "
        f"{lhs_feature} // {groups} != {rhs_feature}",
        (Operand(labels[0], lhs), Operand(labels[1], rhs)),
    )


def _layout(call: Call, rank: int) -> tuple[int, int] | None:
    """The lhs feature axis and the rhs input feature axis ``dimension_numbers`` names."""
    if not call.has("dimension_numbers"):
        return 1, 1
    values = call.values("dimension_numbers")
    if len(values) != 1 or not isinstance(values[0], Tuple) or len(values[0].items) != 3:
        return None
    specs: list[str] = []
    for item in values[0].items:
        if len(item) != 1 or not isinstance(item[0], Const) or not isinstance(item[0].value, str):
            return None
        specs.append(item[0].value)
    lhs_spec, rhs_spec, _ = specs
    if any(len(spec) != rank for spec in specs) or "C" not in lhs_spec or "I" not in rhs_spec:
        return None
    return lhs_spec.index("C"), rhs_spec.index("I")


def _output(call: Call) -> Output:
    lhs, rhs = call.aval("lhs"), call.aval("rhs")
    if lhs.shape is None or rhs.shape is None or len(lhs.shape) != len(rhs.shape):
        return None
    if call.integer("batch_group_count", 1) != 1:
        return None
    groups = call.integer("feature_group_count", 1)
    layout = _layout(call, len(lhs.shape))
    if groups is None or layout is None:
        return None
    lhs_axis, rhs_axis = layout
    labels = (call.label("lhs"), call.label("rhs"))
    features = feature_mismatch(labels, lhs, rhs, lhs.shape[lhs_axis], rhs.shape[rhs_axis], groups)
    if features is not None or groups != 1:
        return features
    return _strides_mismatch(call, rhs)


#: The string paddings JAX turns into pads without reading the strides' count.
_STRING_PADDINGS = frozenset({"SAME", "VALID", "SAME_LOWER"})


def _strides_mismatch(call: Call, rhs: Aval) -> Mismatch | None:
    """JAX's check that ``window_strides`` has one stride per spatial axis of the kernel
    (``rank - 2``), made after the feature checks, where the padding is a string (for 'SAME',
    one stride, which NumPy broadcasts while computing the pads) and no dilation is given."""
    if rhs.shape is None or call.has("lhs_dilation") or call.has("rhs_dilation"):
        return None
    rank = len(rhs.shape)
    padding = call.values("padding")
    if not (
        len(padding) == 1
        and isinstance(padding[0], Const)
        and isinstance(padding[0].value, str)
        and padding[0].value.upper() in _STRING_PADDINGS
    ):
        return None
    strides = call.items("window_strides")
    if strides is None or len(strides) == rank - 2:
        return None
    # 'SAME' computes the pads with NumPy arithmetic over the spatial sizes and the strides:
    # a count that does not broadcast (not one, not theirs) raises NumPy's error there first
    if padding[0].value.upper() != "VALID" and len(strides) != 1:
        return None
    return Mismatch(
        "conv-strides",
        "conv_general_dilated window and window_strides must have the same number of "
        f"dimensions, but got {rank - 2} and {len(strides)}",
        (),
        call.node("window_strides"),
        ((rhs.origin, f"the kernel ({rhs.describe()}) made here"),) if rhs.origin else (),
    )


_CONV_OUTPUT = rule(_output)

SPECS: tuple[ApiSpec, ...] = (
    ApiSpec(
        "jax.lax.conv_general_dilated",
        (
            "lhs",
            "rhs",
            "window_strides",
            "padding",
            "lhs_dilation",
            "rhs_dilation",
            "dimension_numbers",
            "feature_group_count",
            "batch_group_count",
            "precision",
            "preferred_element_type",
            "out_sharding",
        ),
        result=Result.ARRAY,
        output=_CONV_OUTPUT,
    ),
    ApiSpec(
        "jax.lax.conv",
        ("lhs", "rhs", "window_strides", "padding", "precision", "preferred_element_type"),
        result=Result.ARRAY,
        output=_CONV_OUTPUT,
    ),
    ApiSpec(
        "jax.lax.conv_with_general_padding",
        (
            "lhs",
            "rhs",
            "window_strides",
            "padding",
            "lhs_dilation",
            "rhs_dilation",
            "precision",
            "preferred_element_type",
        ),
        result=Result.ARRAY,
        output=_CONV_OUTPUT,
    ),
)

__all__ = ["SPECS", "feature_mismatch"]
