"""Dtypes of abstract arrays: their names, JAX's promotion of two dtypes, and weak types.

JAX promotes dtypes on a lattice (a least upper bound, not NumPy's table): a Python scalar is
*weakly typed* (``x * 2`` keeps ``x``'s dtype), and with 64-bit mode off (the default) a
64-bit result is the 32-bit one.  The lattice below is JAX's standard one (the edges of
``jax._src.dtypes``' promotion lattice, read on the pinned JAX, as data); the dtypes it does
not name (float8 variants, int4...) promote to unknown.
"""

from __future__ import annotations

from functools import cache

#: The weak types of Python scalars (``int``, ``float``, ``complex``) on the lattice.
WEAK_INT, WEAK_FLOAT, WEAK_COMPLEX = "int*", "float*", "complex*"

#: Each type's immediate successors on JAX's standard promotion lattice (64-bit mode off:
#: uint32 and int32 meet at int32, as JAX arranges when x64 is disabled).
_LATTICE: dict[str, tuple[str, ...]] = {
    "bool": (WEAK_INT,),
    WEAK_INT: ("uint8", "int8"),
    "uint8": ("int16", "uint16"),
    "uint16": ("int32", "uint32"),
    "uint32": ("int32", "uint64"),
    "uint64": (WEAK_FLOAT,),
    "int8": ("int16",),
    "int16": ("int32",),
    "int32": ("int64",),
    "int64": (WEAK_FLOAT,),
    WEAK_FLOAT: ("bfloat16", "float16", WEAK_COMPLEX),
    "bfloat16": ("float32",),
    "float16": ("float32",),
    "float32": ("float64", "complex64"),
    "float64": ("complex128",),
    WEAK_COMPLEX: ("complex64",),
    "complex64": ("complex128",),
    "complex128": (),
}

#: With 64-bit mode off (JAX's default), arrays of these dtypes are made as the 32-bit ones.
_CANONICAL = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}
#: The dtype a weak type takes in an array (64-bit mode off).
_DEFAULT = {WEAK_INT: "int32", WEAK_FLOAT: "float32", WEAK_COMPLEX: "complex64"}

#: Spellings of dtypes in code (``jnp.float32``, ``"f4"``, ``float``) and the names above.
_ALIASES = {
    "bool_": "bool",
    "float": "float32",
    "int": "int32",
    "complex": "complex64",
    "float_": "float32",
    "int_": "int32",
    "complex_": "complex64",
    "double": "float64",
    "single": "float32",
    "half": "float16",
    "f2": "float16",
    "f4": "float32",
    "f8": "float64",
    "i1": "int8",
    "i2": "int16",
    "i4": "int32",
    "i8": "int64",
    "u1": "uint8",
    "u2": "uint16",
    "u4": "uint32",
    "u8": "uint64",
    "c8": "complex64",
    "c16": "complex128",
}

FLOATS = frozenset({"bfloat16", "float16", "float32", "float64"})
COMPLEXES = frozenset({"complex64", "complex128"})
INTEGERS = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
#: The scalar types of these dtypes, by name (``jnp.int32``, ``np.float32``; ``bool_`` for bool).
SCALAR_TYPES = frozenset({"bool_", *INTEGERS, *FLOATS, *COMPLEXES})


def canonical(name: str | None) -> str | None:
    """The dtype an array of ``name`` has (64-bit mode off), or None when not a dtype we
    model (``jnp.float32`` -> ``float32``; ``float`` -> ``float32``; ``"f8"`` -> ``float32``)."""
    if name is None:
        return None
    name = _ALIASES.get(name, name)
    if name not in _LATTICE or name.endswith("*"):
        return None
    return _CANONICAL.get(name, name)


def spelled(name: str | None) -> str | None:
    """The dtype a spelling names before 64-bit mode is applied (``"f8"`` -> ``float64``),
    or None when not a dtype we model; the Python types (``float``...) name none here, as
    their width depends on the mode."""
    if name is None or name in {"float", "int", "complex"}:
        return None
    name = _ALIASES.get(name, name)
    if name not in _LATTICE or name.endswith("*"):
        return None
    return name


def of_python(value: object) -> tuple[str, bool] | None:
    """The dtype and weakness of a Python scalar in an array: ``1.0`` is weak float32."""
    if isinstance(value, bool):
        return "bool", False
    if isinstance(value, int):
        return "int32", True
    if isinstance(value, float):
        return "float32", True
    if isinstance(value, complex):
        return "complex64", True
    return None


def is_inexact(dtype: str | None) -> bool:
    return dtype in FLOATS or dtype in COMPLEXES


def is_integer(dtype: str | None) -> bool:
    return dtype in INTEGERS


#: NumPy's abstract scalar types (``jnp.floating``...), by the dtypes under each.
_CATEGORIES: dict[str, frozenset[str]] = {
    "signedinteger": frozenset(d for d in INTEGERS if d.startswith("int")),
    "unsignedinteger": frozenset(d for d in INTEGERS if d.startswith("uint")),
    "integer": INTEGERS,
    "floating": FLOATS,
    "complexfloating": COMPLEXES,
    "inexact": FLOATS | COMPLEXES,
    "number": INTEGERS | FLOATS | COMPLEXES,
    "generic": INTEGERS | FLOATS | COMPLEXES | {"bool"},
}


def is_subdtype(dtype: str, category: str) -> bool | None:
    """``jnp.issubdtype(dtype, category)`` for a dtype and a NumPy abstract scalar type or a
    dtype name (None: ``category`` is neither)."""
    members = _CATEGORIES.get(category)
    if members is not None:
        return dtype in members
    other = canonical(category)
    return None if other is None else dtype == other


def is_discrete(dtype: str | None) -> bool:
    """An integer or boolean dtype (``jax.grad`` refuses these inputs)."""
    return dtype == "bool" or dtype in INTEGERS


@cache
def _upper_bounds(node: str) -> frozenset[str]:
    found = {node}
    for successor in _LATTICE[node]:
        found |= _upper_bounds(successor)
    return frozenset(found)


def _node(dtype: str, weak: bool) -> str:
    if not weak:
        return dtype
    if dtype in INTEGERS:
        return WEAK_INT
    if dtype in FLOATS:
        return WEAK_FLOAT
    if dtype in COMPLEXES:
        return WEAK_COMPLEX
    return dtype


def promote(operands: list[tuple[str | None, bool]]) -> tuple[str | None, bool]:
    """The dtype and weakness of an elementwise operation on ``operands`` (each a dtype and
    whether it is weak): their least upper bound on the lattice.  Unknown when one is."""
    nodes: set[str] = set()
    for dtype, weak in operands:
        if dtype is None or dtype not in _LATTICE:
            return None, False
        nodes.add(_node(dtype, weak))
    if not nodes:
        return None, False
    common = frozenset.intersection(*(_upper_bounds(n) for n in nodes))
    for candidate in common:
        if common <= _upper_bounds(candidate):
            if candidate in _DEFAULT:
                return _DEFAULT[candidate], True
            return _CANONICAL.get(candidate, candidate), False
    return None, False


def describe(dtype: str | None) -> str:
    return dtype if dtype is not None else "?"
