"""Arrays that annotations describe: jaxtyping's ``Float[Array, "batch seq dim"]`` read
statically (never imported), for the parameters nobody passed a value to.

A dimension of the string is a named size (one symbol per name in one function, as jaxtyping
binds it), an integer, or unknown (``_``, ``#name``, ``*name``, ``...``: a variadic part leaves
the rank unknown).  The class names the dtype: ``Float32`` float32, ``Bool`` bool, ``Float``
some float (unknown).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.values import Api, Array, Function, Site

if TYPE_CHECKING:
    from jaxlsp.infer.frames import Frame
    from jaxlsp.infer.interpreter import Interpreter

#: jaxtyping's dtype classes whose dtype is one (the others, ``Float``, ``Int``, ``Shaped``,
#: ``Num``..., leave it unknown).
_EXACT = {
    "Bool": "bool",
    "Float16": "float16",
    "Float32": "float32",
    "Float64": "float64",
    "BFloat16": "bfloat16",
    "Int8": "int8",
    "Int16": "int16",
    "Int32": "int32",
    "Int64": "int64",
    "UInt8": "uint8",
    "UInt16": "uint16",
    "UInt32": "uint32",
    "UInt64": "uint64",
    "Complex64": "complex64",
    "Complex128": "complex128",
}
_CLASSES = frozenset(
    {*_EXACT, "Float", "Int", "UInt", "Integer", "Inexact", "Real", "Num", "Shaped", "Complex"}
)
#: What jaxtyping's array types may name for a JAX array.
_JAX_ARRAYS = frozenset({"jax.Array", "jaxtyping.Array", "jax.numpy.ndarray"})


def annotated_array(
    interpreter: Interpreter, annotation: ast.expr, frame: Frame, function: Function
) -> Array | None:
    """The array a jaxtyping annotation of ``function``'s parameter describes (the function
    scopes its size names), evaluated in ``frame`` (where the function was defined)."""
    if not isinstance(annotation, ast.Subscript) or not isinstance(annotation.slice, ast.Tuple):
        return None
    parts = annotation.slice.elts
    if len(parts) != 2 or not isinstance(parts[1], ast.Constant):
        return None
    spec = parts[1].value
    if not isinstance(spec, str):
        return None
    head = _qualified(interpreter, annotation.value, frame)
    kind = _qualified(interpreter, parts[0], frame)
    if head is None or not head.startswith("jaxtyping.") or kind not in _JAX_ARRAYS:
        return None
    name = head.removeprefix("jaxtyping.")
    if name not in _CLASSES:
        return None
    dtype = dtypes.canonical(_EXACT.get(name))
    origin = Site(function.site.module, function.site.tree, annotation)
    return Array(None, None, False, dtype, dimensions(spec, function.site), False, origin)


def dimensions(spec: str, owner: Site) -> sh.Shape | None:
    """The shape a jaxtyping dimension string names (None when its rank is not fixed); its
    named dimensions are ``owner``'s, the annotated function's."""
    shape: list[sh.Dim] = []
    for word in spec.split():
        if word == "..." or word.startswith("*"):
            return None
        if word.isdigit():
            shape.append(int(word))
        elif word.isidentifier() and word != "_":
            shape.append(sh.symbol(word, ("jaxtyping", owner, word)))
        else:
            shape.append(None)
    return tuple(shape)


def _qualified(interpreter: Interpreter, node: ast.expr, frame: Frame) -> str | None:
    if not isinstance(node, ast.Name | ast.Attribute):
        return None
    values = interpreter.eval(node, frame, frame.state)
    if len(values) == 1 and isinstance(values[0], Api):
        return values[0].qualified
    return None


__all__ = ["annotated_array", "dimensions"]
