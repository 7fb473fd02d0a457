"""Symbolic shapes: the dimensions of an abstract array and the arithmetic on them.

A dimension (``Dim``) is an ``int``, a ``Poly`` (an integer polynomial over named ``Symbol``s:
``batch``, ``2*n``, ``n + 1``, ``n//heads``), or ``None`` when nothing is known of it.  A shape
is a tuple of dimensions, or ``None`` when even its rank is unknown.

Symbols come from what the code names: ``b, n = x.shape``, an int parameter used as a
dimension, a jaxtyping annotation (``Float[Array, "batch dim"]``), a ``ShapeDtypeStruct``.
They are for showing and carrying shapes; a mismatch is only ever proven between two
concrete integers (two symbols, or a symbol and an integer, may always be equal: the
interpreter's memoised frames can share one symbol between calls that bind it to different
sizes), so an unknown or symbolic dimension keeps the rules silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import final

from jaxlsp.infer.direct_init import direct_init

#: A monomial: each symbol with its power.
Monomial = frozenset[tuple["Symbol", int]]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Symbol:
    """A named size.  ``origin`` tells apart two symbols of one name (compared with ``==``)."""

    name: str
    origin: object = None

    def __repr__(self) -> str:
        return self.name


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Poly:
    """``sum(coefficient * monomial) + constant``, with at least one monomial (a polynomial
    without one is an ``int``); terms and monomials are sets, so equal polynomials are equal
    values whatever order they were built in."""

    terms: frozenset[tuple[Monomial, int]]
    constant: int = 0

    def __repr__(self) -> str:
        return describe_dim(self)


Dim = int | Poly | None
Shape = tuple[Dim, ...]


def symbol(name: str, origin: object = None) -> Poly:
    return Poly(frozenset({(frozenset({(Symbol(name, origin), 1)}), 1)}))


def _terms(dim: int | Poly) -> tuple[dict[Monomial, int], int]:
    if isinstance(dim, int):
        return {}, dim
    return dict(dim.terms), dim.constant


def _make(terms: dict[Monomial, int], constant: int) -> int | Poly:
    kept = frozenset((m, c) for m, c in terms.items() if c != 0)
    return Poly(kept, constant) if kept else constant


def add(a: Dim, b: Dim) -> Dim:
    if a is None or b is None:
        return None
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    terms, constant = _terms(a)
    other, other_constant = _terms(b)
    for monomial, coefficient in other.items():
        terms[monomial] = terms.get(monomial, 0) + coefficient
    return _make(terms, constant + other_constant)


def neg(a: Dim) -> Dim:
    return mul(a, -1)


def sub(a: Dim, b: Dim) -> Dim:
    return add(a, neg(b))


def mul(a: Dim, b: Dim) -> Dim:
    if a is None or b is None:
        return None
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    left, left_constant = _terms(a)
    right, right_constant = _terms(b)
    left[frozenset()] = left_constant
    right[frozenset()] = right_constant
    product: dict[Monomial, int] = {}
    for m1, c1 in left.items():
        for m2, c2 in right.items():
            if c1 == 0 or c2 == 0:
                continue
            monomial = _multiply(m1, m2)
            product[monomial] = product.get(monomial, 0) + c1 * c2
    constant = product.pop(frozenset(), 0)
    return _make(product, constant)


def _multiply(a: Monomial, b: Monomial) -> Monomial:
    powers: dict[Symbol, int] = dict(a)
    for s, p in b:
        powers[s] = powers.get(s, 0) + p
    return frozenset(powers.items())


def floordiv(a: Dim, b: Dim) -> Dim:
    """``a // b``: exact when ``b`` divides every term, else a new symbol standing for it."""
    if a is None or b is None:
        return None
    if isinstance(a, int) and isinstance(b, int):
        return a // b if b != 0 else None
    if b == 0:
        return None
    if isinstance(b, int):
        assert isinstance(a, Poly)
        if a.constant % b == 0 and all(c % b == 0 for _, c in a.terms):
            return _make({m: c // b for m, c in a.terms}, a.constant // b)
    elif a == b:
        return 1
    return symbol(f"{_operand(a)}//{_operand(b)}", ("//", a, b))


def mod(a: Dim, b: Dim) -> Dim:
    if a is None or b is None:
        return None
    if isinstance(a, int) and isinstance(b, int):
        return a % b if b != 0 else None
    quotient = floordiv(a, b)
    return sub(a, mul(quotient, b))


def describe_dim(dim: Dim) -> str:
    if dim is None:
        return "?"
    if isinstance(dim, int):
        return str(dim)
    parts: list[str] = []
    for monomial, coefficient in sorted(dim.terms, key=lambda t: _monomial_text(t[0])):
        text = _monomial_text(monomial)
        if coefficient == 1:
            parts.append(text)
        elif coefficient == -1:
            parts.append(f"-{text}")
        else:
            parts.append(f"{coefficient}*{text}")
    if dim.constant:
        parts.append(str(dim.constant))
    out = parts[0]
    for part in parts[1:]:
        out += f" - {part[1:]}" if part.startswith("-") else f" + {part}"
    return out


def _monomial_text(monomial: Monomial) -> str:
    factors = []
    for s, power in sorted(monomial, key=lambda item: item[0].name):
        factors.extend([s.name] * power)
    return "*".join(factors)


def _operand(dim: int | Poly) -> str:
    text = describe_dim(dim)
    return f"({text})" if " " in text else text


# comparing dimensions -------------------------------------------------------------------------


def known(dim: Dim) -> bool:
    return dim is not None


def concrete(dim: Dim) -> bool:
    return isinstance(dim, int)


def same(a: Dim, b: Dim) -> bool:
    """Whether two dimensions are surely equal (both known and equal)."""
    return a is not None and a == b


def differ(a: Dim, b: Dim) -> bool:
    """Whether two dimensions are surely different: two different integers."""
    return isinstance(a, int) and isinstance(b, int) and a != b


def join_dims(a: Dim, b: Dim) -> Dim:
    """What two alternatives of one dimension have in common."""
    return a if a == b else None


# shapes -----------------------------------------------------------------------------------------


def describe(shape: Shape | None) -> str:
    """A shape as JAX prints one: ``(3, 4)``, ``(3,)``, ``()``; ``(?, 4)`` for an unknown
    dimension, ``(...)`` for an unknown rank."""
    if shape is None:
        return "(...)"
    inner = ", ".join(describe_dim(d) for d in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def fully_known(shape: Shape | None) -> bool:
    return shape is not None and all(d is not None for d in shape)


def fully_concrete(shape: Shape | None) -> bool:
    return shape is not None and all(isinstance(d, int) for d in shape)


def size(shape: Shape | None) -> Dim:
    if shape is None:
        return None
    total: Dim = 1
    for dim in shape:
        total = mul(total, dim)
    return total


def normalize_axis(axis: int, rank: int) -> int | None:
    """``axis`` counted from the front (``-1`` is the last), or None when out of range."""
    if -rank <= axis < rank:
        return axis % rank if rank else None
    return None


def join_shapes(a: Shape | None, b: Shape | None) -> Shape | None:
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(join_dims(x, y) for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class BroadcastFailure:
    """Two operands whose dimensions cannot broadcast: their indices among the operands."""

    first: int
    second: int


def broadcast(shapes: Sequence[Shape | None]) -> Shape | BroadcastFailure | None:
    """NumPy broadcasting of ``shapes``: the result shape (None when its rank is unknown),
    or the first pair of operands proven incompatible (two different integers, neither 1,
    in one aligned position)."""
    known_shapes = [(i, s) for i, s in enumerate(shapes) if s is not None]
    rank = max([len(s) for _, s in known_shapes], default=0)
    result: list[Dim] = []
    for position in range(rank):
        seen: dict[int, int] = {}  # a concrete non-1 size -> the operand that has it
        dims: list[Dim] = []
        for index, shape in known_shapes:
            offset = position - (rank - len(shape))
            if offset < 0:
                continue
            dim = shape[offset]
            dims.append(dim)
            if isinstance(dim, int) and dim != 1:
                for other, operand in seen.items():
                    if other != dim:
                        return BroadcastFailure(operand, index)
                seen.setdefault(dim, index)
        result.append(_broadcast_dim(dims, bool(seen)))
    if len(known_shapes) != len(shapes):
        return None
    return tuple(result)


def _broadcast_dim(dims: list[Dim], has_concrete: bool) -> Dim:
    if has_concrete:
        return next(d for d in dims if isinstance(d, int) and d != 1)
    others = [d for d in dims if d != 1]
    if not others:
        return 1
    first = others[0]
    if first is not None and all(d == first for d in others):
        return first
    return None
