"""The abstract values: what an expression can be, as far as the JAX rules care.

A value set (``Values``) is a small ordered tuple of alternatives; ``UNKNOWN`` in it means
"anything", and the rules stay silent on it.  Values are immutable and hashable, so a call of a
user function is memoised by the values of its arguments.  Mutable Python objects (lists,
dicts, instances, the registrations of a custom_vjp) are ``Ref``s to the heap of the analysis,
which keeps their contents, joined over every write (allocation-site abstraction; a site in
a loop over known items makes one object per pass).

Tracers carry the set of ``Flavour``s of the transforms that made them, because JAX's errors
depend on it: a Python ``if`` on a value under ``jax.grad`` runs (its primal is concrete) but
not under ``jax.jit`` or ``jax.vmap``; ``float()`` fails under both, NumPy fails on any tracer.
"""

from __future__ import annotations

import ast
import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol, final

from jaxlsp.infer.direct_init import direct_init, direct_init_sharing

if TYPE_CHECKING:
    from jaxlsp.infer.shapes import Poly, Shape


class Scope(Protocol):
    """A frame as values hold it (``jaxlsp.infer.frames.Frame``, which holds values: this
    module sits below it): the scope a function was defined in, the holder of a parameter's
    place.  Values only compare and hash it; ``frames.closure_frame`` gives the frame."""

    @property
    def closure(self) -> Scope | None:
        """The scope it was itself defined in."""


class Flavour(enum.Enum):
    """How a transform's tracers stand in for values."""

    #: Staged out (jit, pmap, scan/cond/while bodies, checkpoint, shard_map, Pallas kernels):
    #: no value at all while tracing.
    STAGED = "staged"
    #: Batched (vmap): one value per batch element, none as a whole.
    BATCHED = "batched"
    #: Differentiated (grad, jvp, vjp...): the primal value is there when nothing stages it.
    DIFFERENTIATED = "differentiated"

    # Members are singletons compared by identity: hashed by it too, in C (``Enum`` hashes
    # the name in Python, and every tracer's hash, in every memo key, hashes its flavour).
    __hash__ = object.__hash__


class Site(NamedTuple):
    """Where something is: a node of one top-level statement's tree in the module ``module``
    (its key).  The statement's position is the analysis's to say (``Program.span``), so a
    statement that only moved keeps its sites, and what was worked out about it.  Compared by
    module, and by identity of the tree and the node (``ast`` nodes compare by identity):
    modules with an identical statement share its tree (the parse cache), so a function, a
    class or a transform made there is known by its site, never by its node alone (the
    interpreter's bookkeeping is keyed by it)."""

    # A named tuple, not a dataclass: the interpreter makes one for most nodes it evaluates,
    # and its tables of functions and defs, memo keys and a re-check's walk over a journal
    # (``jaxlsp.infer.rerun``) hash and compare them, in C (the project budgets in bench/).
    module: str
    tree: ast.Module
    node: ast.AST

    def __repr__(self) -> str:
        return f"Site({self.module}, statement line {getattr(self.node, 'lineno', 1)})"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Trace:
    """A transform that made tracers: which, where, and of what (for the messages)."""

    kind: str  # the API's short name: "jax.jit", "jax.vmap", "jax.lax.scan", ...
    flavour: Flavour
    site: Site | None
    #: What is traced, as the message names it (`step`, "this lambda").
    subject: str
    #: The axis names it binds for collectives (a vmap's or pmap's ``axis_name``, a
    #: shard_map's mesh axes); None: not known.
    axis_names: frozenset[str] | None = frozenset()


class Value:
    """Base class of the abstract values."""

    __slots__ = ()
    #: Short description for messages and tests.
    kind: ClassVar[str] = "value"

    def describe(self) -> str:
        return self.kind


@direct_init
@dataclass(frozen=True, slots=True)
class Unknown(Value):
    kind: ClassVar[str] = "unknown"
    #: A transform passes it to the function as it is, not as an unknown tracer: a model's
    #: value whose leaves are unknown anyway, which knows its structure (an optax state).
    kept_traced: ClassVar[bool] = False

    def item(self, key: object) -> Values | None:
        """``value[key]`` of a constant key where a model knows it (an API model's value:
        the ``"params"`` collection of what a linen ``init`` made); None: not known."""
        return None


UNKNOWN = Unknown()


@final
@direct_init
@dataclass(frozen=True, slots=True)
class EnumMember(Unknown):
    """A member of a user's enum whose members are not numbers (``Color.RED`` of ``class
    Color(enum.Enum)``): unknown to everything but what takes only JAX types (jit's output).
    ``flag``: of an ``enum.Flag``."""

    cls: str
    member: str
    flag: bool = False
    site: Site | None = field(default=None, compare=False)
    kind: ClassVar[str] = "enum member"

    def describe(self) -> str:
        return f"the enum member `{self.cls}.{self.member}`"

    @property
    def type_repr(self) -> str:
        """How Python writes its type (``<enum 'Color'>``)."""
        return f"<{'flag' if self.flag else 'enum'} '{self.cls}'>"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Place:
    """Where a value was read: a field of a heap object (``holder`` its ``Ref``), a parameter
    of one frame (``holder`` that frame), or an attribute of the value another place
    holds.  A place holds one value until the path writes it (``State.forget``), so what a
    path learnt of it by testing one read holds for every other read."""

    holder: Ref | Scope | Place
    name: str

    @property
    def root(self) -> Ref | Scope:
        """The heap object or frame the place is in (``config.use_jit``: ``config``'s)."""
        holder = self.holder
        while isinstance(holder, Place):
            holder = holder.holder
        return holder

    def holders(self) -> Iterator[Place]:
        """The places whose value holds this one (``config.use_jit``: ``config``)."""
        holder = self.holder
        while isinstance(holder, Place):
            yield holder
            holder = holder.holder

    def __repr__(self) -> str:
        return f"Place({self.holder!r}.{self.name})"


#: The truths a path assumes of places (``State.assumed``), as a value carries them.
Assumptions = tuple[tuple[Place, bool], ...]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class UnknownAt(Unknown):
    """An unknown value read from a known place (``self.jit``, a flag parameter).

    It is as unknown as ``UNKNOWN`` for every use but one: a branch on it records the truth it
    took on its path (``State.assumed``), and a later test of the same place on that path (in
    a callee too, the value passed on through arguments, ``partial`` bindings, closures or
    fields) agrees with it instead of splitting again, as one config flag that both picks a
    Python-only branch and decides whether to jit does at run time.  ``negated``: ``not`` of
    the value read."""

    place: Place
    negated: bool = False
    #: What the place held: ``UNKNOWN``, or a Python bool of unknown value (``Static``).
    held: Unknown | Static = UNKNOWN


@final
@direct_init
@dataclass(frozen=True, slots=True)
class NotNone(Value):
    """An unknown value that a test showed is not None (``if x is None: return`` above)."""

    kind: ClassVar[str] = "unknown"


NOT_NONE = NotNone()


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Const(Value):
    """A static Python value known exactly: int, float, complex, str, bytes, bool, None, ...."""

    value: Any
    kind: ClassVar[str] = "constant"

    def __eq__(self, other: object) -> bool:
        # 1 == 1.0 == True in Python; as values they differ
        return (
            isinstance(other, Const)
            and type(other.value) is type(self.value)
            and other.value == self.value
        )

    def __hash__(self) -> int:
        return hash((type(self.value), self.value))

    def describe(self) -> str:
        return repr(self.value)


NONE = Const(None)
#: What ``type(x)`` names for a JAX array or a tracer (``ArrayImpl``, a tracer class): a
#: class that is no NumPy, builtin or user class, and no ``jax.Array`` either.
ARRAY_TYPE = "jax._src.array.ArrayImpl"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Static(Value):
    """A static Python value of a known type whose value is not known (``x.shape[0]``)."""

    type_name: str  # "int", "float", "bool", "str", "tuple", "dtype", ...
    #: For a sequence: what its elements are.
    element: Values | None = None
    #: For an int: what it is in terms of named sizes (``2*n``), when known.
    dim: Poly | None = None
    kind: ClassVar[str] = "static value"

    def describe(self) -> str:
        return f"a Python {self.type_name}"


#: The flavour sets arrays hold, each once: arrays are many (15,000 in a 20,000-line file), their
#: flavour sets a handful.
_FLAVOUR_SETS: dict[frozenset[Flavour] | None, frozenset[Flavour] | None] = {}


@final
@direct_init_sharing(flavours=_FLAVOUR_SETS)
@dataclass(frozen=True, slots=True)
class Array(Value):
    """A JAX array, or a tracer standing for one.

    ``flavours`` is the set of transform flavours whose tracer this is (empty: a concrete
    array), or None when it is not known whether it is traced.  ``tree`` marks a value that may
    be a pytree of arrays (a jitted function's parameter) rather than one array.
    """

    flavours: frozenset[Flavour] | None
    #: The innermost transform that made it a tracer (for the message), when traced.
    trace: Trace | None = None
    tree: bool = False
    #: The dtype when known ("bool" for a comparison's result, "float32", ...).
    dtype: str | None = None
    #: The shape (``jaxlsp.infer.shapes``), None when even the rank is unknown.
    shape: Shape | None = None
    #: Weakly typed (made from a Python scalar): it takes the other operand's dtype.
    weak: bool = False
    #: Where the shape was made (for the messages); not part of the value.
    origin: Site | None = field(default=None, compare=False)
    #: Surely on one device, never placed on a mesh: made by an array constructor given no
    #: device or sharding, or by operators over only such arrays (False: not known).
    unplaced: bool = False
    kind: ClassVar[str] = "array"

    def __hash__(self) -> int:
        # not of the trace: arrays that differ only there are few, and hashing it is not free
        return hash((self.flavours, self.dtype, self.shape, self.tree, self.weak))

    @property
    def traced(self) -> bool:
        return bool(self.flavours)

    def with_aval(
        self, shape: Shape | None, dtype: str | None, weak: bool = False, origin: Site | None = None
    ) -> Array:
        """This array (its tracer-ness and placement) with the given shape and dtype."""
        return Array(
            self.flavours, self.trace, self.tree, dtype, shape, weak, origin, self.unplaced
        )

    def retraced(self, flavours: frozenset[Flavour] | None, trace: Trace | None) -> Array:
        """The same shape, dtype and placement, traced by ``flavours`` (for ``trace``)."""
        return Array(
            flavours,
            trace,
            self.tree,
            self.dtype,
            self.shape,
            self.weak,
            self.origin,
            self.unplaced,
        )

    def describe(self) -> str:
        if self.flavours is None:
            return "an array"
        return "a tracer" if self.flavours else "a concrete array"


CONCRETE_ARRAY = Array(frozenset())
MAYBE_ARRAY = Array(None)


def all_unplaced(inputs: Iterable[Values]) -> bool:
    """Whether no value in ``inputs`` may be a JAX array placed on a mesh: each is an array
    known unplaced, or a known value of another kind (a number, a NumPy array, a dtype);
    an unknown one may be a placed array."""
    # (a loop, not ``all()`` over a generator, which an unknown value left to be closed
    # unfinished, at more cost than the test: asked of every operation's operands)
    for values in inputs:
        for value in values:
            if isinstance(value, Array):
                if not value.unplaced:
                    return False
            elif isinstance(value, Unknown):
                return False
    return True


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Slice(Value):
    """``lower:upper:step`` in an index (each part ``NONE`` when left out)."""

    lower: Values
    upper: Values
    step: Values
    #: False for a ``pl.ds`` window: one that runs past the end raises, it is not cut short.
    clamps: bool = True
    #: A ``pl.ds(start, size)`` window whose start is traced: its length, its bounds unknown.
    length: int | None = None
    #: A ``pl.ds(start, size)`` window whose size is a tracer: where it was made (a Ref read
    #: or written through it would have a dynamic shape, which tracing refuses).
    traced_size: Site | None = None
    kind: ClassVar[str] = "slice"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class ShapeDtype(Value):
    """``jax.ShapeDtypeStruct(shape, dtype)``: a shape and a dtype, no data."""

    shape: Shape | None
    dtype: str | None
    kind: ClassVar[str] = "ShapeDtypeStruct"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Mesh(Value):
    """A device mesh: its axes' names and sizes (None: a size not known), and whether every
    axis is Explicit (None: not known), which makes shard_map check its inputs' shardings."""

    axes: tuple[tuple[str, int | None], ...]
    explicit: bool | None = None
    kind: ClassVar[str] = "mesh"

    def size_of(self, name: str) -> int | None:
        for axis, size in self.axes:
            if axis == name:
                return size
        return None

    def describe(self) -> str:
        comma = "," if len(self.axes) == 1 else ""
        shape = ", ".join("?" if size is None else str(size) for _, size in self.axes)
        names = ", ".join(repr(name) for name, _ in self.axes)
        return f"a mesh of shape ({shape}{comma}) with axes ({names}{comma})"


#: One entry of a PartitionSpec: the mesh axes an array axis is split over (None: not split).
SpecEntry = tuple[str, ...] | None


@final
@direct_init
@dataclass(frozen=True, slots=True)
class PartitionSpec(Value):
    """``P("data", None)``: per array axis, the mesh axes it is split over.  ``unknown``
    holds the positions whose entry is not known (the length still is)."""

    entries: tuple[SpecEntry, ...]
    unknown: frozenset[int] = frozenset()
    kind: ClassVar[str] = "PartitionSpec"

    def describe(self) -> str:
        parts = []
        for index, entry in enumerate(self.entries):
            if index in self.unknown:
                parts.append("?")
            elif entry is None:
                parts.append("None")
            elif len(entry) == 1:
                parts.append(repr(entry[0]))
            else:
                parts.append("(" + ", ".join(repr(e) for e in entry) + ")")
        return f"P({', '.join(parts)}{',' if len(parts) == 1 else ''})"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class NamedSharding(Value):
    """``NamedSharding(mesh, P(...))`` whose mesh and spec are known: how many pieces
    ``jax.device_put`` splits each array axis into."""

    mesh: Mesh
    spec: PartitionSpec
    kind: ClassVar[str] = "NamedSharding"

    def describe(self) -> str:
        return f"NamedSharding({self.mesh.describe()}, {self.spec.describe()})"

    def pieces(self, rank: int) -> list[int | None] | None:
        """Per array axis of an array of ``rank``: how many pieces it is split into (1: not
        split; None: not known); None when the spec is longer than the rank."""
        if len(self.spec.entries) > rank:
            return None
        found: list[int | None] = []
        for index in range(rank):
            entry = self.spec.entries[index] if index < len(self.spec.entries) else None
            if index in self.spec.unknown:
                found.append(None)
                continue
            product: int | None = 1
            for name in entry or ():
                size = self.mesh.size_of(name)
                product = None if size is None or product is None else product * size
            found.append(product)
        return found


@final
@direct_init
@dataclass(frozen=True, slots=True)
class NumpyArray(Value):
    """A NumPy array (on the host: mutable, never traced); its shape when a reshape or a
    device-mesh helper says it (a mesh's devices)."""

    shape: tuple[int, ...] | None = None
    #: Made from strings only (``np.array(["a"])``): NumPy gives it a string dtype, which
    #: JAX cannot trace.
    strings: bool = False
    kind: ClassVar[str] = "NumPy array"


#: What tells two PRNG keys apart: where one was made (and, for the parts of a split or the
#: items of a key array, which part).
KeyIdentity = Site | tuple[object, object]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Key(Value):
    """A PRNG key. ``identity`` tells two keys apart (None: not tracked); ``typed`` for keys
    from ``jax.random.key`` (whose reuse JAX's checker raises on) rather than ``PRNGKey``
    (None: either, a key passed in by an unknown caller)."""

    identity: KeyIdentity | None
    typed: bool | None
    flavours: frozenset[Flavour] | None = frozenset()
    kind: ClassVar[str] = "PRNG key"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class KeyArray(Value):
    """Several keys (``jax.random.split(key, n)``): its items and unpacked parts are keys."""

    identity: KeyIdentity | None
    typed: bool
    flavours: frozenset[Flavour] | None = frozenset()
    #: How many keys, as a shape (``(n,)`` for ``split(key, n)``); None when not known.  A raw
    #: key array has one more axis, the key data, whose size depends on the PRNG implementation.
    batch: Shape | None = None
    kind: ClassVar[str] = "array of PRNG keys"

    @property
    def array_shape(self) -> Shape | None:
        """The shape JAX sees: the batch, and for raw (uint32) keys the key data's axis."""
        if self.batch is None:
            return None
        return self.batch if self.typed else (*self.batch, None)


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Tuple(Value):
    items: tuple[Values, ...]
    kind: ClassVar[str] = "tuple"


@final
@direct_init
@dataclass(frozen=True, slots=True, eq=False)
class Ref:
    """A mutable object on the heap: made at ``site`` in one frame of the analysis (in one
    pass of each loop over known items around the site in that frame, ``passes``)."""

    site: Site | None
    #: What it is: "list", "dict", "set", "instance", "custom".
    what: str
    #: The pass of each unrolled loop of the frame it was made in, outermost first.
    passes: tuple[int, ...] = ()


#: What names a heap object across versions of a module: its site's node, what it is, its
#: passes (``Ref``).
RefKey = tuple[int, str, tuple[int, ...]]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class ListValue(Value):
    ref: Ref
    kind: ClassVar[str] = "list"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class DictValue(Value):
    ref: Ref
    kind: ClassVar[str] = "dict"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Api(Value):
    """Something a modelled library defines (``jax.numpy.zeros``, ``functools.partial``), or a
    module or attribute of one (``jax``, ``jax.numpy``): by its canonical qualified name."""

    qualified: str
    kind: ClassVar[str] = "API"

    def describe(self) -> str:
        return f"`{self.qualified}`"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class ApiMethod(Value):
    """A method of a modelled value (``x.reshape``, ``f.defvjp``, ``x.at[i].set``)."""

    owner: Values
    name: str
    #: For ``x.at[i].<op>``: the index.
    index: Values | None = None
    #: Where the owner expression is (the ``x.at[i]`` subscript, for the message).
    site: Site | None = None
    kind: ClassVar[str] = "method"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class AtIndexer(Value):
    """``x.at`` and ``x.at[i]`` of an array."""

    array: Values
    index: Values | None = None
    site: Site | None = None
    kind: ClassVar[str] = "indexer"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class InstanceDict(Value):
    """``obj.__dict__`` of an instance of a user class: updating it sets the instance's
    fields (``self.__dict__.update(entries)`` in a config class)."""

    instance: Instance
    kind: ClassVar[str] = "instance dict"


@final
@direct_init
@dataclass(frozen=True, slots=True, eq=False)
class Function(Value):
    """A function defined in user code: a ``def`` or a ``lambda`` with where it was made.

    ``closure`` is the frame it was defined in (its free variables are read there, late, as
    Python does); None for a module-level function, whose globals are its module's.  Its
    ``site`` (its def's) names it: the same text in two modules is two functions."""

    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    site: Site
    closure: Scope | None
    defaults: tuple[Values, ...] = ()
    kw_defaults: tuple[tuple[str, Values], ...] = ()
    #: The class it was defined in (its methods), for ``super()`` and messages.
    owner: ClassValue | None = None
    #: What ``functools.wraps`` made it stand for (its signature, as inspect reports it).
    wraps: Values | None = None
    #: It stands for what a decorator made of it, which the analysis could not tell (a
    #: library's object that calls it on views of its arguments): a call of it assumes the
    #: decorator passes its arguments on as they are.
    behind_decorator: bool = False
    #: An unmodelled library's decorator wraps it (its module is not analysed): its body is
    #: run as the function's, but what a call of the wrapper returns is the wrapper's.
    returns_unknown: bool = False
    #: What the free variables it reads held where it was made, on that path, for those its
    #: enclosing function never binds again once it is made (``scopes.settled_names``): a
    #: late read of them is that (``species`` narrowed by the ``if species is None`` whose
    #: ``else`` made it), not the join of every path the enclosing frame ended on.
    captured: tuple[tuple[str, Values], ...] = ()
    #: What the path that made it assumed, where it captured values on that path (a closure
    #: made after ``if flag: o = A() else: o = B()`` on the path where ``flag`` is true holds
    #: ``o = A()``): a run of it assumes the same, so its own ``if flag:`` is decided as
    #: that path decided it, never paired with the other path's values.
    made_assuming: Assumptions = ()
    kind: ClassVar[str] = "function"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Function)
            and other.site == self.site
            and other.closure is self.closure
            and other.defaults == self.defaults
            and other.kw_defaults == self.kw_defaults
            and other.wraps == self.wraps
            and other.behind_decorator == self.behind_decorator
            and other.returns_unknown == self.returns_unknown
            and other.captured == self.captured
            and other.made_assuming == self.made_assuming
        )

    def __hash__(self) -> int:
        return hash((id(self.node), id(self.closure)))

    @property
    def name(self) -> str:
        return "<lambda>" if isinstance(self.node, ast.Lambda) else self.node.name

    def describe(self) -> str:
        return "this lambda" if isinstance(self.node, ast.Lambda) else f"`{self.name}`"

    @property
    def placeholder(self) -> bool:
        """A method that stands for its subclasses' overrides (``@abstractmethod``, or a
        stub): what a call of it returns, and which parameters it takes, are the override's."""
        return self.owner is not None and is_placeholder(self.node)


def is_placeholder(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    """A def that stands for its subclasses' overrides: ``@abstractmethod``, or a body of
    only a docstring, ``pass``, ``...`` or ``raise NotImplementedError``."""
    if isinstance(node, ast.Lambda):
        return False
    for decorator in node.decorator_list:
        named = decorator.attr if isinstance(decorator, ast.Attribute) else None
        if isinstance(decorator, ast.Name):
            named = decorator.id
        if named in ("abstractmethod", "abstractproperty"):
            return True
    for statement in node.body:
        if isinstance(statement, ast.Pass) or (
            isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        ):
            continue
        if isinstance(statement, ast.Raise) and statement.exc is not None:
            raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
            if isinstance(raised, ast.Name) and raised.id == "NotImplementedError":
                continue
        return False
    return True


@final
@dataclass(frozen=True, slots=True, eq=False)
class ClassValue(Value):
    """A class defined in user code; its namespace holds what its body bound."""

    node: ast.ClassDef
    site: Site
    namespace: dict[str, Values] = field(default_factory=dict, compare=False, hash=False)
    bases: tuple[Values, ...] = ()
    #: ``@dataclass`` (fields are ``__init__`` parameters), NamedTuple, ...
    flavour: str = "class"
    #: What each of the class's decorators evaluated to, in the order written.
    decorators: tuple[Values, ...] = field(default=(), compare=False, hash=False)
    kind: ClassVar[str] = "class"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClassValue) and other.site == self.site

    def __hash__(self) -> int:
        return id(self.node)

    @property
    def name(self) -> str:
        return self.node.name

    def describe(self) -> str:
        return f"`{self.name}`"

    def lookup(self, name: str) -> Values | None:
        """``name`` in this class or its bases (method resolution order, depth first)."""
        if name in self.namespace:
            return self.namespace[name]
        for base in self.bases:
            for value in base:
                if isinstance(value, ClassValue):
                    found = value.lookup(name)
                    if found is not None:
                        return found
        return None


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Instance(Value):
    """An instance of a user class; its fields are on the heap (``ref``)."""

    cls: ClassValue
    ref: Ref
    kind: ClassVar[str] = "instance"

    def describe(self) -> str:
        return f"a `{self.cls.name}`"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class BoundMethod(Value):
    function: Function
    self_value: Values
    kind: ClassVar[str] = "bound method"

    def describe(self) -> str:
        return f"`{self.function.name}`"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class ModuleValue(Value):
    """A module of the workspace (its globals once it ran), by its key."""

    module: str
    kind: ClassVar[str] = "module"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Partial(Value):
    """``functools.partial(func, *args, **keywords)`` (or ``jax.tree_util.Partial``, a
    ``pytree``: JAX takes its bound arguments as leaves where it takes an array's pytree)."""

    func: Values
    args: tuple[Values, ...]
    keywords: tuple[tuple[str, Values], ...]
    site: Site | None = None
    pytree: bool = False
    #: Arguments not known here may be bound too (``partial(f, *args, **options)``).
    spread: bool = False
    kind: ClassVar[str] = "partial"

    def describe(self) -> str:
        inner = describe_values(self.func)
        return f"`partial({inner.strip('`')}, ...)`" if inner.startswith("`") else "a partial"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Transformed(Value):
    """A function wrapped by a JAX transform: ``jax.jit(f, ...)``, ``jax.vmap(f)``,
    ``jax.grad(f)``; ``options`` are the transform's static arguments as values."""

    transform: str  # the API's canonical name
    inner: Values
    options: tuple[tuple[str, Values], ...]
    site: Site | None
    #: What the path that made it assumed (``if self.jit: f = jax.jit(f)``): they hold where
    #: it is called too.
    assumed: Assumptions = ()
    kind: ClassVar[str] = "transformed function"

    def option(self, name: str) -> Values | None:
        for key, value in self.options:
            if key == name:
                return value
        return None

    def describe(self) -> str:
        return describe_values(self.inner)


@final
@direct_init
@dataclass(frozen=True, slots=True)
class CustomDerivative(Value):
    """A ``jax.custom_vjp`` / ``jax.custom_jvp`` function; its rules are registered on the heap
    (``ref``) by ``defvjp``/``defjvp``."""

    api: str  # "jax.custom_vjp" or "jax.custom_jvp"
    inner: Values
    ref: Ref
    site: Site
    nondiff_argnums: tuple[int, ...] = ()
    #: Which arguments are non-differentiable is not fully known (an option not read, or a
    #: ``nondiff_argnames`` name not among the function's parameters): no count is checked.
    nondiff_unknown: bool = False
    kind: ClassVar[str] = "custom derivative function"

    def describe(self) -> str:
        inner = describe_values(self.inner)
        return inner if inner.startswith("`") else "this function"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Kernel(Value):
    """A Pallas kernel: ``pl.kernel(body, mesh=...)`` / ``core_map`` (a mesh kernel) or
    ``pl.pallas_call(body, ...)`` (a grid kernel)."""

    maker: str  # the API that made it
    mesh: bool
    body: Values
    site: Site
    #: ``core_map`` runs its body when made (it is not a function to call later).
    executes: bool = False
    kind: ClassVar[str] = "Pallas kernel"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class ShardMapped(Value):
    """``jax.shard_map(f, mesh=..., in_specs=..., out_specs=...)``."""

    body: Values
    site: Site
    options: tuple[tuple[str, Values], ...] = ()
    kind: ClassVar[str] = "shard_map function"


#: A set of alternatives, in the order they were found (deterministic messages).
Values = tuple[Value, ...]

NOTHING: Values = ()
ANY: Values = (UNKNOWN,)
#: How many alternatives a value set holds before it widens to ``ANY``.
MAX_ALTERNATIVES = 8


def one(value: Value) -> Values:
    return (value,)


class GuardChosen(tuple[Value, ...]):
    """Functions a guard the analysis cannot decide chose between (``if len(shape) < 2: fn =
    point else: fn = vector``, or ``point if ... else vector``), joined where the arms meet.

    A call of them runs each, as a call of a joined callee does; what raises in one rests on
    the guard (``Assumption.GUARD``), as it would inside the arm that chose it, however far
    the choice travelled first (returned, captured by a closure, called later), and what the
    call returns is chosen so too (``fn(self)(*args)``).  It is a plain value set to all
    else: a join with other values is an ordinary one."""

    __slots__ = ()


#: The kinds of value a call of a ``GuardChosen`` set may run: only these are kept so.
_CALLABLE_KINDS = (Function, BoundMethod, Partial, Transformed, CustomDerivative)


def guard_chosen(values: Values) -> Values:
    """``values`` as a ``GuardChosen`` set where they are two or more, one of them callable
    (a choice between functions); else as they are."""
    if len(values) < 2 or not any(isinstance(value, _CALLABLE_KINDS) for value in values):
        return values
    return values if isinstance(values, GuardChosen) else GuardChosen(values)


def join(*sets: Values) -> Values:
    """The union of value sets, in first-seen order; too many alternatives widen to a Python
    scalar of unknown value when all are of its type, else to ANY."""
    if len(sets) == 1:
        return sets[0]
    merged: dict[Value, None] = {}
    for values in sets:
        for value in values:
            merged[value] = None
    if UNKNOWN in merged:
        return ANY
    if len(merged) > MAX_ALTERNATIVES:
        return _widened(merged)
    if len(merged) > 1 and any(isinstance(value, Unknown) for value in merged):
        return ANY  # a place's value (``UnknownAt``) among others: unknown, of no one place
    return tuple(merged)


def distinct(found: list[Value]) -> Values:
    """``found`` without repeats, in first-seen order (a single value is not hashed)."""
    return tuple(found) if len(found) < 2 else tuple(dict.fromkeys(found))


#: The Python scalar types whose many constants widen to one ``Static`` of the type.
_SCALAR_TYPES = frozenset({"int", "float", "bool", "str"})


def _widened(merged: Iterable[Value]) -> Values:
    """Too many alternatives to keep: one ``Static`` when they are constants (or unknown
    values) of one Python scalar type (the ints of many loop passes), else ANY."""
    names = set()
    for value in merged:
        if isinstance(value, Const):
            names.add(type(value.value).__name__)
        elif isinstance(value, Static) and value.element is None and value.dim is None:
            names.add(value.type_name)
        else:
            return ANY
        if len(names) > 1:
            return ANY
    (name,) = names
    return (Static(name),) if name in _SCALAR_TYPES else ANY


def only(values: Values, kind: type[Value]) -> list[Any]:
    """The alternatives that are ``kind``, or [] unless every alternative is."""
    if not values or not all(isinstance(v, kind) for v in values):
        return []
    return list(values)


def each(values: Values, kind: type[Value]) -> Iterator[Any]:
    """The alternatives that are ``kind`` (others skipped)."""
    for value in values:
        if isinstance(value, kind):
            yield value


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def surely_traced(
    values: Values, raising: frozenset[Flavour], *, trees: bool = False
) -> Array | Key | None:
    """A tracer among ``values`` whose flavours make an operation raise, when every
    alternative is such a tracer (so the operation surely raises); else None.  A value that
    may be a pytree of tracers (a jitted function's parameter) counts only with ``trees``."""
    if not values:
        return None
    first: Array | Key | None = None
    for value in values:
        if isinstance(value, Tuple) and trees:
            inner = [surely_traced(item, raising, trees=True) for item in value.items]
            found = next((i for i in inner if i is not None), None)
            if found is None:
                return None
            first = first or found
            continue
        if not isinstance(value, Array | Key) or not value.flavours:
            return None
        if isinstance(value, Array) and value.tree and not trees:
            return None
        if not value.flavours & raising:
            return None
        if first is None:
            first = value
    return first


def describe_values(values: Values) -> str:
    if len(values) == 1:
        return values[0].describe()
    return "a value"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class StaticMethod(Value):
    """``staticmethod(f)``, or ``classmethod(f)`` (``binds_class``: read from a class or an
    instance, ``f`` gets the class as its first argument)."""

    func: Value
    binds_class: bool = False
    kind: ClassVar[str] = "static method"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Property(Value):
    """``property(fget)``: reading the attribute calls ``getter`` on the instance."""

    getter: Function
    kind: ClassVar[str] = "property"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Super(Value):
    """``super()`` in a method of ``cls``: attributes are looked up in its bases."""

    cls: ClassValue
    self_value: Values
    kind: ClassVar[str] = "super"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class PrimalWrapper(Value):
    """What a ``symbolic_zeros=True`` custom_vjp's fwd receives: ``CustomVJPPrimal`` leaves,
    whose ``.value`` is the argument."""

    value: Values
    kind: ClassVar[str] = "CustomVJPPrimal"


class KernelTarget(enum.Enum):
    """Which chip the code says a Pallas kernel is compiled for."""

    #: The code says a TPU (TPU compiler params, memory spaces, scratch buffers, grid spec or
    #: mesh, ``backend="mosaic_tpu"``, or a module that imports Pallas's TPU backend only).
    TPU = "tpu"
    #: Nothing says which chip, nor that the kernel runs in interpret mode: a TPU kernel only
    #: where the project's ``pallasTarget`` says its kernels target one.
    UNSTATED = "unstated"
    #: Another chip, interpret mode, or a launch whose options are not all known.
    OTHER = "other"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class StateRef(Value):
    """A mutable JAX ref (``pl.run_state``, a Pallas kernel's refs): ``ref[...] = v`` writes
    it, ``ref[...]`` reads an array.  A grid kernel's Ref knows its block's shape and dtype
    (from its BlockSpec and array), its memory space, the launch that made it and which chip
    the code says that launch is for."""

    flavours: frozenset[Flavour] | None = None
    shape: tuple[int, ...] | None = None
    dtype: str | None = None
    #: The memory space its BlockSpec or scratch buffer names (None: the kernel's default).
    memory_space: str | None = None
    launch: Site | None = None
    target: KernelTarget = KernelTarget.OTHER
    kind: ClassVar[str] = "ref"
