"""Frames (one evaluation of a module's code or of a function in one context), their abstract
state, and the facts the interpreter records in them for the rules to query.

A frame's ``context`` is the stack of JAX transforms it runs under (outermost first), so a rule
can ask "does this run under jax.jit?" or "is this inside an eager shard_map body?".  A frame
evaluated for "any caller" (a function nobody in the analysed code calls, or called from such a
function) has ``open_context``: its callers may add transforms, so eager-only errors there are
possible, not certain.
"""

from __future__ import annotations

import ast
import functools
import operator
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, final

from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.values import (
    ANY,
    Array,
    Assumptions,
    ClassValue,
    Flavour,
    Function,
    Key,
    KeyIdentity,
    Place,
    Ref,
    Site,
    Trace,
    Value,
    Values,
    join,
)

if TYPE_CHECKING:
    from jaxlsp.infer.scopes import TreeScopes
    from jaxlsp.syntax.source import Chunk


#: No assumptions (``State.assumed`` is replaced, never changed in place: paths share it).
NO_ASSUMPTIONS: Mapping[Place, bool] = MappingProxyType({})


#: What a frame holds in each of its tables it has not written yet (``Frame.reads``,
#: ``innermost``, ``asked``, ``unknown_parameters``, ``optional``): one shared empty table, read
#: only, replaced by the frame's own on its first write (``Frame.reads_to_write``...).  Most
#: frames never write most of them, and an empty dict or set of each frame's own took about
#: 500 bytes a frame (6 % of what the analysis of a large file keeps).
NOT_WRITTEN: Mapping[Any, Any] = MappingProxyType({})


def _not_written() -> Mapping[Any, Any]:
    """``NOT_WRITTEN`` as a field's default (see ``_no_assumptions``)."""
    return NOT_WRITTEN


def _no_assumptions() -> Mapping[Place, bool]:
    """``NO_ASSUMPTIONS`` as a field's default (Python 3.11's dataclasses refuse a read-only
    mapping as a plain default: it cannot be hashed there)."""
    return NO_ASSUMPTIONS


@dataclass(slots=True)
class State:
    """The abstract state along one path: local bindings, and the PRNG keys consumed on every
    path here (with where each was first consumed)."""

    env: dict[str, Values] = field(default_factory=dict)
    consumed: dict[KeyIdentity, Site] = field(default_factory=dict)
    live: bool = True
    #: Why a path that is not live stopped: "loop" for ``break``/``continue``.
    exit: str | None = None
    #: Locals a test showed are not None on this path (``if x is None: return`` above).
    not_none: frozenset[str] = frozenset()
    #: The truth this path took of each place a branch tested (``UnknownAt``), with what its
    #: caller's path assumed.
    assumed: Mapping[Place, bool] = field(default_factory=_no_assumptions)
    #: The path goes on only where a guard the analysis could not decide sent it (``if x is
    #: None: return`` above, with ``x`` unknown): an error raised on it rests on that guard.
    guarded: bool = False
    #: The APIs code on this path replaced before going on (a test's
    #: ``monkeypatch.setattr("jax.shard_map", fake)``, ``mock.patch(...)``), by qualified
    #: name: a call of one here, or in what this path calls, runs the replacement.
    patched: frozenset[str] = frozenset()

    def copy(self) -> State:
        return State(
            dict(self.env),
            dict(self.consumed),
            self.live,
            self.exit,
            self.not_none,
            self.assumed,
            self.guarded,
            self.patched,
        )

    def assume(self, assumptions: Assumptions) -> None:
        """The path goes on where ``assumptions`` hold."""
        if assumptions:
            self.assumed = {**self.assumed, **dict(assumptions)}

    def forget(self, place: Place) -> None:
        """``place`` is written: what the path assumed of it, or of an attribute of its
        value, no longer holds."""
        if any(place in (p, *p.holders()) for p in self.assumed):
            self.assumed = {p: t for p, t in self.assumed.items() if place not in (p, *p.holders())}

    @staticmethod
    def merge(states: list[State]) -> State:
        """The join of the paths that reach one point: bindings unioned (a name bound on
        only some paths keeps those paths' values), keys consumed on every live path."""
        live = [s for s in states if s.live]
        if not live:
            # every path left (each returned): the frame's bindings are still what its
            # closures read, late, so they hold every path's (a body split on a flag binds
            # it to True on one path and False on the other; a closure made on either path
            # sees both, never the first path's alone)
            exits = {s.exit for s in states}
            return State(_joined_env(states), {}, False, exits.pop() if len(exits) == 1 else None)
        if len(live) == 1:
            return live[0].copy()
        not_none = frozenset.intersection(*(s.not_none for s in live))
        env = _joined_env(live)
        consumed = dict(live[0].consumed)
        for state in live[1:]:
            for identity in list(consumed):
                if identity not in state.consumed:
                    del consumed[identity]
        assumed = live[0].assumed
        for state in live[1:]:
            if state.assumed is not assumed:
                assumed = {p: t for p, t in assumed.items() if state.assumed.get(p) == t}
        guarded = all(state.guarded for state in live)
        # an API replaced on some path may be the replacement here
        patched = frozenset().union(*(state.patched for state in live))
        return State(env, consumed, True, None, not_none, assumed, guarded, patched)


def _joined_env(states: list[State]) -> dict[str, Values]:
    """The bindings of several paths unioned (a name bound on only some keeps theirs)."""
    if len(states) == 1:
        return dict(states[0].env)
    env: dict[str, Values] = {}
    for state in states:
        for name, values in state.env.items():
            known = env.get(name)
            env[name] = values if known is None or known is values else join(known, values)
    return env


#: ``Site(module, tree, node)`` made from a tuple of the three in one call of the tuple type
#: (the named tuple's own ``_make``, less its length check): a frame makes one for most nodes
#: the interpreter evaluates.
_new_site = functools.partial(tuple.__new__, Site)


@dataclass(eq=False, repr=False, slots=True, weakref_slot=True)
class Frame:
    """One evaluation of a module's top-level code or of a function in one context.

    A frame names its module by key, not by the ``ModuleState`` of the analysis that made it:
    a summarised run's frames are replayed into later analyses (``jaxlsp.infer.summaries``),
    and must not keep the version of the module they were recorded in alive.
    """

    module_key: str
    #: The function evaluated (None: the module's own code).
    function: Function | None
    #: The chunk being evaluated (a function's own; the module's current statement's).
    chunk: Chunk
    #: Transforms this frame runs under, outermost first.
    context: tuple[Trace, ...] = ()
    #: Callers unknown: they may add transforms (see the module docstring).
    open_context: bool = False
    caller: Frame | None = None
    call_site: Site | None = None
    #: The frame the function was defined in (free variables are read there).
    closure: Frame | None = None
    state: State = field(default_factory=State)
    #: Names this scope binds (assigned anywhere in it), and those it declares global/nonlocal.
    local_names: frozenset[str] = frozenset()
    global_names: frozenset[str] = frozenset()
    #: What the scopes of the function's top-level statement bind and its statements test (a
    #: block splits on a flag tested again later): None in a module's frame.
    scopes: TreeScopes | None = None
    #: A class body's frame (its names are not visible to the methods defined in it).
    is_class: bool = False
    #: The class a class body's frame makes (the owner of the methods defined in it).
    class_value: ClassValue | None = None
    #: Whether a path left the frame already (``consumed`` then holds what every path did).
    left: bool = False
    returns: list[tuple[Site, Values]] = field(default_factory=list)
    #: What a generator function's ``yield``s gave, while its frame runs (``()`` until the
    #: first: ``yields_to_write``).
    yields: Sequence[Values] = ()
    #: PRNG keys consumed on every path through the frame (applied to the caller's state):
    #: set when the first path leaves (``NOT_WRITTEN`` while none has, or none consumed any).
    consumed: Mapping[KeyIdentity, Site] = field(default_factory=_not_written)
    #: PRNG keys made in the frame or its callees: each call makes them anew, so the caller
    #: forgets what an earlier call did with them (an empty frozenset until the first:
    #: ``created_to_write``).
    created: AbstractSet[KeyIdentity] = frozenset()
    #: The heap fields the frame (and its callees) read, with what they held: a memoised
    #: frame is reused only while they still hold that.
    reads: Mapping[tuple[Ref, str], Values] = field(default_factory=_not_written)
    depth: int = 0
    #: The bindings of the parameters whose values are unknown, each its own object: while a
    #: name still holds its binding, it holds the caller's one (unknown) value, so a key
    #: passed in can be told apart from a key made here.
    unknown_parameters: Mapping[str, Values] = field(default_factory=_not_written)
    #: The optional parameters the call left at their ``None`` default (or passed on from
    #: its caller's), each bound to its own object: while a name still holds it, it holds
    #: the default, which a branch the analysis cannot decide may not be reached with.
    optional: Mapping[str, Values] = field(default_factory=_not_written)
    #: Where each key the frame consumed was consumed in the end: the sampler inside the
    #: helpers it went through (where JAX raises when that is a reuse).
    innermost: Mapping[KeyIdentity, Site] = field(default_factory=_not_written)
    #: A view of a frame through which a transform (scan, cond, jit...) calls its function:
    #: a reuse inside it is raised at the transform's call.
    staging: bool = False
    #: Some parameter of the frame (or of a caller it was called from) holds what an
    #: annotation says, not a value the code passed: a hint, never proof of an error.
    hinted: bool = False
    #: The frame's function (or a caller's) stands for what a decorator made of it, which the
    #: analysis could not tell (``Function.behind_decorator``): its arguments are assumed.
    decorated: bool = False
    #: The frame (or a caller's) runs on unknown arguments in place of what its caller
    #: passed (the function had too many contexts): a guard it cannot decide may be one the
    #: caller's values decide.
    widened: bool = False
    #: What the caller's path assumed (``State.assumed``): the frame's paths start from it.
    assumptions: Mapping[Place, bool] = field(default_factory=_no_assumptions)
    #: The places whose assumed truth the frame (or a callee) asked, each with what
    #: ``assumptions`` said of it (None: nothing): a memoised frame is reused only on a path
    #: that assumes the same of them.
    asked: Mapping[Place, bool | None] = field(default_factory=_not_written)

    def __repr__(self) -> str:
        name = self.function.name if self.function is not None else "<module>"
        return f"Frame({self.module_key}:{name})"

    @property
    def staged(self) -> Trace | None:
        """The innermost staging transform this frame runs under, if any."""
        for trace in reversed(self.context):
            if trace.flavour is Flavour.STAGED:
                return trace
        return None

    def under(self, flavour: Flavour) -> Trace | None:
        for trace in reversed(self.context):
            if trace.flavour is flavour:
                return trace
        return None

    def site(self, node: ast.AST) -> Site:
        return _new_site((self.module_key, self.chunk.tree, node))

    def copy(self) -> Frame:
        """A shallow copy: every field holds what this frame's does.  The tables and sets it
        has not written yet are made first, so that what either frame writes the other sees,
        as with tables made with the frame."""
        self.yields_to_write()
        self.created_to_write()
        self.reads_to_write()
        self.innermost_to_write()
        self.asked_to_write()
        self.unknown_parameters_to_write()
        self.optional_to_write()
        return Frame(*_FRAME_FIELDS_OF(self))

    # each table the frame writes, made on its first write (``NOT_WRITTEN``): an empty one as
    # a literal, not as a copy of the read-only empty mapping (a copy of a mapping that is
    # not a dict goes through its ``keys()``: each ``Frame.view`` makes seven of these tables,
    # 4 M instructions of bench's 2,000-line cold open)

    def yields_to_write(self) -> list[Values]:
        yields = self.yields
        if not isinstance(yields, list):
            yields = self.yields = list(yields) if yields else []
        return yields

    def created_to_write(self) -> set[KeyIdentity]:
        created = self.created
        if not isinstance(created, set):
            created = self.created = set(created) if created else set()
        return created

    def reads_to_write(self) -> dict[tuple[Ref, str], Values]:
        reads = self.reads
        if not isinstance(reads, dict):
            reads = self.reads = dict(reads) if reads else {}
        return reads

    def innermost_to_write(self) -> dict[KeyIdentity, Site]:
        innermost = self.innermost
        if not isinstance(innermost, dict):
            innermost = self.innermost = dict(innermost) if innermost else {}
        return innermost

    def asked_to_write(self) -> dict[Place, bool | None]:
        asked = self.asked
        if not isinstance(asked, dict):
            asked = self.asked = dict(asked) if asked else {}
        return asked

    def unknown_parameters_to_write(self) -> dict[str, Values]:
        unknown = self.unknown_parameters
        if not isinstance(unknown, dict):
            unknown = self.unknown_parameters = dict(unknown) if unknown else {}
        return unknown

    def optional_to_write(self) -> dict[str, Values]:
        optional = self.optional
        if not isinstance(optional, dict):
            optional = self.optional = dict(optional) if optional else {}
        return optional

    def view(self, context: tuple[Trace, ...], *, staging: bool) -> Frame:
        """This frame seen through a transform that calls from it: its state, facts and
        callers shared, its context ``context``."""
        view = self.copy()
        view.context = context
        view.staging = staging
        return view

    def result(self) -> Values:
        returns = self.returns
        if len(returns) == 1:
            return returns[0][1]
        if not returns:
            return ANY
        return join(*[values for _, values in returns])

    def chain(self) -> list[Frame]:
        """This frame and its callers, innermost first."""
        frames: list[Frame] = []
        frame: Frame | None = self
        while frame is not None:
            frames.append(frame)
            frame = frame.caller
        return frames


#: A frame's fields, in the order ``Frame`` takes them (``Frame.view`` copies them).
_FRAME_FIELDS_OF = operator.attrgetter(*(f.name for f in fields(Frame)))


def binding_scope(closure: Frame | None, name: str) -> Frame | None:
    """The frame of the function, from ``closure`` (the frame a function was defined in)
    outwards, that binds ``name`` as a local: where Python reads a free variable, late.  Class
    bodies are passed over (a function does not see its class's names); the walk ends at the
    module (None: ``name`` is a global or a builtin there)."""
    enclosing = closure
    while enclosing is not None and (enclosing.function is not None or enclosing.is_class):
        if not enclosing.is_class and name in enclosing.local_names:
            return enclosing
        enclosing = enclosing.closure
    return None


def closure_frame(function: Function) -> Frame | None:
    """The frame ``function`` was defined in (``Function.closure``, which the values below
    this module know only as a ``Scope``: every closure is a frame)."""
    closure = function.closure
    assert closure is None or isinstance(closure, Frame)
    return closure


# what the facts hold of the API models ----------------------------------------------------------
# The models (``jaxlsp.apis``) sit above the interpreter and import it; the facts name their
# objects only by these protocols, which say what the interpreter and the rules read of them.


class ModelledApi(Protocol):
    """One modelled API (``jaxlsp.apis.spec.ApiSpec``)."""

    @property
    def name(self) -> str: ...
    @property
    def short(self) -> str:
        """The name as code usually spells it (``jnp.sum``)."""

    @property
    def key(self) -> str | None:
        """Its PRNG key parameter."""

    @property
    def params(self) -> tuple[str, ...]:
        """Its parameters in order (positional or keyword)."""

    @property
    def variadic(self) -> str | None:
        """Its ``*args`` parameter."""


class Breach(Protocol):
    """How a call breaks what its API requires (``jaxlsp.apis.contracts.Violation`` and
    ``WrapViolation``): ``kind`` names the contract."""

    @property
    def kind(self) -> str: ...


class ArgumentBreach(Breach, Protocol):
    """One argument of one call that breaks its API's contract
    (``jaxlsp.apis.contracts.Violation``)."""

    @property
    def parameter(self) -> str: ...
    @property
    def node(self) -> ast.expr | None:
        """The argument's expression, when the call spells it."""

    @property
    def described(self) -> str:
        """What the value is, or what differs, for the message."""


class OperandAval(Protocol):
    """What is known of an operand's array (``jaxlsp.apis.shaping.Aval``)."""

    @property
    def origin(self) -> Site | None:
        """Where its shape was made."""

    def describe(self) -> str:
        """As JAX prints a type (``float32[3,4]``)."""


class MismatchOperand(Protocol):
    """An argument a mismatch is about (``jaxlsp.apis.shaping.Operand``)."""

    @property
    def label(self) -> object:
        """How the call spells it (formatted into messages)."""

    @property
    def aval(self) -> OperandAval: ...


class ShapeMismatch(Protocol):
    """Operands whose shapes or dtypes surely make JAX raise (``jaxlsp.apis.shaping.Mismatch``)."""

    @property
    def kind(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def operands(self) -> tuple[MismatchOperand, ...]: ...
    @property
    def node(self) -> ast.AST | None: ...
    @property
    def notes(self) -> tuple[tuple[Site, str], ...]: ...
    @property
    def error(self) -> str:
        """The exception class JAX raises for it."""


# facts ------------------------------------------------------------------------------------------


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class Conversion:
    """A Python conversion of a value: ``bool`` (``if``, ``while``, ``assert``, ``and``/``or``,
    ``not``, ``bool()``), ``index`` (``range()``, a Python sequence indexed by it),
    ``int``/``float``/``complex`` (the builtins), ``item`` (``.item()``, ``.tolist()``)."""

    site: Site
    operation: str
    value: Values
    frame: Frame
    #: The expression converted (the test of an ``if``, the index of ``choices[i]``).
    operand: ast.AST | None = None
    #: For "index" on a sequence: what is indexed ("list", "tuple", "range", "str").
    container: str | None = None


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class ApiCall:
    """A call of a modelled API with its bound arguments."""

    site: Site
    api: ModelledApi
    arguments: dict[str, Values]
    #: The argument expressions, by parameter name (for messages and fixes).
    nodes: dict[str, ast.expr]
    frame: Frame
    result: Values = ANY
    #: How the call surely breaks its API's contract (``jaxlsp.apis.contracts``), checked
    #: when it ran (a call that breaks it raises: its path ends there).
    violations: tuple[ArgumentBreach, ...] = ()
    #: It spreads a ``*iterable`` or ``**mapping`` of unknown contents: arguments beyond
    #: those bound may be given.
    open_ended: bool = False
    #: What an array the call makes from constants is when a staging transform (jit) traces
    #: its frame (outside ``ensure_compile_time_eval``): a tracer of it, else None.
    staging: Array | None = None


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class Subscript:
    """``container[index]`` read, written (``store``) or augmented."""

    site: Site
    container: Values
    index: Values
    store: bool
    frame: Frame
    augmented: bool = False
    #: What a store writes (``container[index] = value``).
    value: Values | None = None


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class AtUpdate:
    """``x.at[index].<method>(...)`` on an array."""

    site: Site
    array: Values
    index: Values
    method: str
    frame: Frame
    index_site: Site | None = None


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class Operator:
    """``left <op> right`` on arrays, where a rule reads it: ``@`` (``OPERATORS_RECORDED``),
    which is ``jnp.matmul`` (without it, a check of ``jnp.dot(u, v)``'s operands misses
    ``u @ v``), any operator where a NumPy array meets a JAX array (in a Pallas kernel the
    NumPy array becomes a constant the kernel captures), and a ``/`` of a bfloat16 or float16
    array (Pallas's Triton lowering has no such division)."""

    site: Site
    #: The operator as the code spells it (``@``).
    symbol: str
    left: Values
    right: Values
    frame: Frame


#: The binary operators recorded as ``Operator`` facts whatever their operands (a fact for
#: every ``+`` of two arrays would cost memory no rule reads).
OPERATORS_RECORDED = frozenset({"@"})


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class KeyReuse:
    """A PRNG key consumed where it was already consumed on every path here."""

    site: Site
    key: Key
    first: Site
    frame: Frame
    #: The expression that names the key here (for the message).
    name: str
    #: The enclosing loop when the first consumption is this same place in an earlier
    #: iteration.
    loop: Site | None = None
    #: When the second consumption is inside a call (a helper consuming its key argument):
    #: that call, in the frame that sees both consumptions.
    via: Site | None = None


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class Invocation:
    """A function invoked by a modelled API (a scan body, a custom_vjp fwd, a vmapped
    function): which API, the function, the frame it ran in and what it returned."""

    api: str
    #: The role of the function for the API ("body", "fwd", "jvp", "cond_fun", ...).
    role: str
    site: Site
    function: Value
    frame: Frame | None
    result: Values
    #: The caller's frame (where the API is called).
    caller: Frame


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class Made:
    """A value made by a modelled API at ``site`` (``jax.jit(f, ...)``, ``jax.vmap(f, ...)``,
    ``f.defvjp(...)``, ``pl.kernel(...)``), with its bound arguments."""

    site: Site
    api: str
    value: Value
    arguments: dict[str, Values]
    nodes: dict[str, ast.expr]
    frame: Frame
    #: How the API refused its arguments when making it (``jax.jit`` checks its static
    #: options): a refused one raises there.
    violations: tuple[Breach, ...] = ()

    @property
    def refused(self) -> bool:
        return bool(self.violations)

    def compared(self) -> tuple[object, ...]:
        """What a run reading this (a ``defvjp`` registration) sees of it, to compare across
        analyses: top-level code gets a new frame each analysis, so there the module stands
        for the frame."""
        frame = self.frame
        top_level = frame.function is None and not frame.context
        return (
            self.site,
            self.api,
            self.value,
            self.arguments,
            self.nodes,
            frame.module_key if top_level else frame,
            self.violations,
        )


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class Called:
    """A call of a value a modelled API made (a jitted or vmapped function, a custom_vjp
    function, a Pallas kernel, a shard_map function): the callee and the call's arguments."""

    site: Site
    callee: Value
    positional: tuple[Values, ...]
    keywords: tuple[tuple[str, Values], ...]
    frame: Frame
    #: Whether the positional arguments end in ``*args`` (their count unknown).
    starred: bool = False
    #: How the call breaks what the API that made the callee requires of its calls (a static
    #: argument that cannot be hashed...): a call that breaks it raises.
    violations: tuple[ArgumentBreach, ...] = ()
    #: For a custom derivative function: no rule of it was registered yet when the call ran.
    before_rules: bool = False
    #: What the call rests on besides the code (None: nothing): a Pallas kernel's launch
    #: reached through a call to one of several kernels, or an undecided guard.
    assumed: Assumption | None = None


@final
@direct_init
@dataclass(frozen=True, eq=False, slots=True)
class ShapeError:
    """An operation whose operands' shapes or dtypes surely make JAX raise: ``a + b`` that
    cannot broadcast, ``jnp.concatenate`` of different ranks, a scan body changing its carry.
    ``api`` is the operation as the code spells it (``jnp.concatenate``, ``@``)."""

    site: Site
    api: str
    mismatch: ShapeMismatch
    frame: Frame
    #: What the error rests on besides the code (None: nothing; it is proved).  Such an
    #: error is also in ``Facts.unproved``, where the rules' findings are dropped.
    assumed: Assumption | None = None

    @property
    def proved(self) -> bool:
        """Whether the error rests on nothing assumed (the one test: ``Assumption``)."""
        return self.assumed is None


class Assumption(Enum):
    """What an error the interpreter found may rest on instead of the code: with any of
    them it is no proof that the code raises, so no error finding is made from it."""

    #: A ``try`` around the operation (here or in a caller) has a handler that may catch it.
    HANDLED = "a handler may catch the error"
    #: The call that led here went to one of several functions (which one is not known).
    ONE_OF_SEVERAL = "the call went to one of several functions"
    #: An operand is what an annotation says (``Frame.hinted``), not what the code passed.
    ANNOTATION = "an operand is what an annotation says"
    #: The function runs behind a decorator whose effect is not known (``Frame.decorated``).
    DECORATOR = "the function runs behind a decorator whose effect is not known"
    #: A guard whose truth is not known leads to it (a branch of an ``if``, an operand of
    #: ``and``/``or`` after one of undecided truth): it may never run.
    GUARD = "a guard whose truth is not known leads to it"
    #: A later pass of a loop whose number of passes is not known (its items' count, a
    #: ``while`` test): the loop may run once, so that pass may never run.
    LATER_PASS = "a later pass of a loop whose number of passes is not known"


class Branching(NamedTuple):
    """An ``if``, conditional expression or loop run in a Pallas kernel's code, and where its
    test sent the run: True (its body; a loop: at least one pass), False (its ``else``; no
    pass), None (not decided: either may run).  Only kept in kernels: the Pallas rules read
    them, and the rest of a file's branches cost nothing."""

    site: Site
    truth: bool | None


class Unproved(NamedTuple):
    """An operation that surely raised where the error rests on an ``assumption``: no error
    finding within its site's span (``Program.is_unproved``, applied by ``run_rules``)."""

    site: Site
    assumption: Assumption


class ShapeNote(NamedTuple):
    """The values a name held where the code binds or reads it, or a function returned
    (``node`` of ``site``'s statement): for the hovers and inlay hints that show shapes."""

    # A named tuple, like ``Site``: the interpreter notes one for most array reads.
    site: Site
    values: Values
    #: "bind" (an assignment's target), "read" (a name or attribute read), "return".
    role: str


#: ``ShapeNote(site, values, role)`` made from a tuple of the three in one call of the tuple
#: type (as ``_new_site``): the interpreter notes one for most array reads, and the named
#: tuple's own ``__new__`` is a call of Python code.
new_shape_note = functools.partial(tuple.__new__, ShapeNote)


@dataclass
class Facts:
    """Everything one analysis recorded, for the rules (see ``jaxlsp.infer.program``)."""

    conversions: list[Conversion] = field(default_factory=list)
    api_calls: list[ApiCall] = field(default_factory=list)
    subscripts: list[Subscript] = field(default_factory=list)
    at_updates: list[AtUpdate] = field(default_factory=list)
    operators: list[Operator] = field(default_factory=list)
    key_reuses: list[KeyReuse] = field(default_factory=list)
    invocations: list[Invocation] = field(default_factory=list)
    made: list[Made] = field(default_factory=list)
    called: list[Called] = field(default_factory=list)
    shape_errors: list[ShapeError] = field(default_factory=list)
    shape_notes: list[ShapeNote] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    #: Where an operation surely raised but the error rests on an assumption
    #: (``Interpreter.note_if_unproved``).  No error finding is made there.
    unproved: list[Unproved] = field(default_factory=list)
    #: Where an operation surely raised and the error rests on nothing: an error finding
    #: there stands, even where the same operation on another path is unproved.
    proved: list[Site] = field(default_factory=list)
    #: The branches of a Pallas kernel's code (``if``, conditional expression, ``while``,
    #: ``for``) and which way each went: what runs in a kernel only on a path its test
    #: decided is no proof that the kernel does it (the Pallas rules' ``runs_whole``).
    branchings: list[Branching] = field(default_factory=list)
    #: Values the hover shows: for each expression naming a modelled API or a value one
    #: made, by module and node (the first seen; identical statements of two modules share
    #: their nodes, and each module's are its own).  Keyed by the node itself, not its
    #: ``id``: the entry's site holds the node anyway, and an ``id`` is an int object of its
    #: own per entry, kept by the analysis and its summaries (peak memory, ``bench/``).
    named: dict[tuple[str, ast.AST], tuple[Site, Value]] = field(default_factory=dict)

    #: ``lists()``, gathered on first use (None: not yet, or a list was replaced since).
    _gathered: tuple[list[Any], ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def lists(self) -> tuple[list[Any], ...]:
        """The facts lists (every list field), in ``FACT_LISTS`` order.

        Gathered once, not at each call: every recorded run takes the lists' lengths when it
        starts and when it stops, and reading the fifteen attributes each time was a third of
        what starting and stopping a recording cost (about 2.5 M instructions of a fresh
        2,000-line open).  A list is filled in place; one replaced is gathered again."""
        found = self._gathered
        if found is None:
            found = self._gathered = _FACT_LISTS_OF(self)
        return found

    def __setattr__(self, name: str, value: Any) -> None:
        # (``object.__setattr__``: the instance keeps no dictionary of its own, whose
        # attribute reads are slower than its fields')
        object.__setattr__(self, name, value)
        if name in _FACT_LIST_NAMES:
            object.__setattr__(self, "_gathered", None)


#: The facts lists a run appends to (every list field of ``Facts``).
FACT_LISTS = tuple(f.name for f in fields(Facts) if f.name not in ("named", "_gathered"))
_FACT_LIST_NAMES = frozenset(FACT_LISTS)
_FACT_LISTS_OF = operator.attrgetter(*FACT_LISTS)
