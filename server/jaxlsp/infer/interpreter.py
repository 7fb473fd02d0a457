"""The abstract interpreter: runs user code on abstract values and records facts for the rules.

It runs a module's top-level code as Python would (imports of workspace modules run those
modules), calling user functions with the abstract values of each call's arguments (one frame
per function and argument signature, a bounded number per function, recursion cut off), and
lets the models in ``jaxlsp.apis`` say what each JAX, NumPy or builtin call does: a transform
calls its function argument with tracers, a sampler consumes its key, ``np.exp`` converts its
argument on the host.  Functions that nothing calls are then run once each for "any caller"
(their parameters unknown), so an error that needs no caller is still found.

Flow: both branches of an ``if`` run and their states are joined; a loop body runs twice (the
second time from the join of entry and first pass), which is what a PRNG key reused across
iterations needs.  Unknown stays silent: an operation on a value the interpreter cannot name
gives ``ANY`` and records nothing a rule would report.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import heapq
import itertools
import operator
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol, final

from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.frames import (
    NOT_WRITTEN,
    OPERATORS_RECORDED,
    Assumption,
    Branching,
    Called,
    Conversion,
    Facts,
    Frame,
    KeyReuse,
    ModelledApi,
    Operator,
    ShapeError,
    ShapeMismatch,
    State,
    Subscript,
    Unproved,
    binding_scope,
    closure_frame,
    new_shape_note,
)
from jaxlsp.infer.heap import ANY_FIELD, Heap
from jaxlsp.infer.lazy_imports import statements_within
from jaxlsp.infer.observers import UNOBSERVED, RunKeeper, RunObserver, Unkept
from jaxlsp.infer.scopes import (
    TreeScopes,
    module_level_names,
    names_read,
    scopes_in,
    settled_names,
)
from jaxlsp.infer.shapes import Dim, symbol
from jaxlsp.infer.values import (
    ANY,
    ARRAY_TYPE,
    CONCRETE_ARRAY,
    MAX_ALTERNATIVES,
    MAYBE_ARRAY,
    NONE,
    NOT_NONE,
    NOTHING,
    UNKNOWN,
    Api,
    ApiMethod,
    Array,
    Assumptions,
    AtIndexer,
    BoundMethod,
    ClassValue,
    Const,
    CustomDerivative,
    DictValue,
    EnumMember,
    Flavour,
    Function,
    GuardChosen,
    Instance,
    InstanceDict,
    Kernel,
    Key,
    KeyArray,
    ListValue,
    ModuleValue,
    NotNone,
    NumpyArray,
    Partial,
    Place,
    Property,
    Ref,
    RefKey,
    Scope,
    ShardMapped,
    Site,
    Slice,
    StateRef,
    Static,
    StaticMethod,
    Super,
    Trace,
    Transformed,
    Tuple,
    Unknown,
    UnknownAt,
    Value,
    Values,
    all_unplaced,
    distinct,
    guard_chosen,
    join,
    one,
)
from jaxlsp.infer.workspace import ModuleState, SourceModule
from jaxlsp.syntax.chains import chain_root, dotted_spelling
from jaxlsp.syntax.source import Chunk
from jaxlsp.syntax.walk import child_nodes, statements, walk

if TYPE_CHECKING:
    from jaxlsp.infer.workspace import Workspace

#: Node classes the hottest paths test, read once: ``ast`` has a module ``__getattr__`` (for
#: its deprecated names), which keeps Python from caching ``ast.Starred`` where it is read.
_ATTRIBUTE, _LAMBDA, _NAME, _STARRED = ast.Attribute, ast.Lambda, ast.Name, ast.Starred

#: Deepest call chain followed; deeper calls give ANY.
MAX_DEPTH = 24
#: Frames per function before its arguments are widened to ANY.
MAX_CONTEXTS = 8
#: Frames per function in all: the transform contexts it is reached under can still differ
#: once its arguments are widened, and nested transforms would make them grow without end.
MAX_FRAMES = 4 * MAX_CONTEXTS
#: The frame counts at which a call does otherwise (``summaries.counts_hold``).
COUNT_LIMITS = (MAX_CONTEXTS, MAX_FRAMES)
#: Flags a block's rest may be split on at once (each split runs the rest twice).
MAX_SPLITS = 3
#: Most items of a known iterable a loop runs one pass each for (more: two passes of any item).
MAX_UNROLLED = 16
#: Most passes loops nested in one another (across calls too) run in all: an inner loop over
#: known items is run one pass per item only while the product of the passes stays within it.
MAX_NESTED_PASSES = 32
#: Largest constant the interpreter computes (a bigger one is a static int of unknown value).
MAX_CONSTANT = 1 << 64
#: How deep ``_roots`` looks into a function value's parts (partials, bound methods...).
MAX_ROOT_DEPTH = 4

#: The values a hover names (``_note_read``), by exact type (none of them is subclassed).
_HOVERED = frozenset({Api, Transformed, CustomDerivative, Kernel, ShardMapped})
#: Class checks the interpreter makes on nearly every value, spelled once as tuples
#: (``A | B`` in an ``isinstance`` builds the union object again on every call).
#: The values that may be tracers.
_MAYBE_TRACED = (Array, Key, KeyArray)
#: Functions a transform made.
_MADE_FUNCTIONS = (Transformed, ShardMapped)
#: The mutable containers whose items the heap follows.
_CONTAINERS = frozenset({ListValue, DictValue})
_SEQUENCES = (Tuple, ListValue)
_BITWISE = (ast.BitAnd, ast.BitOr, ast.BitXor)
_IMPORTS = (ast.Import, ast.ImportFrom)

_COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}
_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor,
}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Invert: operator.invert,
}
_NUMBER = (int, float, complex, bool)
_COMPUTABLE = (*_NUMBER, str, bytes, tuple)


@final
@direct_init
@dataclass(frozen=True, slots=True)
class _KeywordArguments(Value):
    """What a call gives a function's ``**kwargs``: its extra keyword arguments (a frame's
    memo key; the frame binds a new dict of them)."""

    items: tuple[tuple[str, Values], ...]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class _LeftOut(Value):
    """An alternative of an argument no caller wrote: a caller may leave the parameter out,
    and it then holds its default where the function binds it (``bind_parameters``), after
    any transform traced what the callers pass."""

    kind: ClassVar[str] = "a parameter's default"


#: A parameter of a transform's function run for any caller that has a default: what a caller
#: passes (traced by the transform) or, left out, its default (never traced).
_PASSED_OR_LEFT_OUT: Values = (UNKNOWN, _LeftOut())


class Raises(Exception):
    """The code being interpreted surely raises here (it unwinds to the statement)."""


class _Elsewhere(Exception):
    """A callee that this path cannot hold (made where the path's flags say otherwise)."""


class Cancellation(Protocol):
    """Asked between statements whether the analysis is still wanted."""

    def check(self) -> None:
        """Raise when the analysis should stop."""


class ApiModels(Protocol):
    """What the interpreter asks of the models of the JAX, NumPy and builtin APIs: what a
    call of a modelled value does, its attributes, the names builtins have, the shapes and
    contracts of operators.  The package ``jaxlsp.apis`` is one; the engine hands it in, so
    this package never imports it (the models import the interpreter's values and frames)."""

    @property
    def BUILTIN_NAMES(self) -> frozenset[str]: ...

    def canonical(self, qualified: str, /) -> str: ...

    def is_modelled(self, qualified: str, /) -> bool: ...

    def class_flavour(self, bases: Iterable[Values], decorators: Iterable[Values], /) -> str: ...

    def attribute_of_value(
        self, interpreter: Interpreter, value: Value, name: str, frame: Frame, site: Site | None, /
    ) -> Values: ...

    def attribute_assigned(
        self,
        interpreter: Interpreter,
        owner: Values,
        target: ast.Attribute,
        frame: Frame,
        state: State,
        /,
    ) -> None: ...

    def call_value(
        self,
        interpreter: Interpreter,
        value: Value,
        arguments: Arguments,
        site: Site,
        frame: Frame,
        state: State,
        /,
    ) -> Values: ...

    def dataclass_fields(
        self, interpreter: Interpreter, cls: ClassValue, /
    ) -> list[str] | None: ...

    # the models by area (their modules)
    @property
    def shaping(self) -> ModuleType: ...
    @property
    def contracts(self) -> ModuleType: ...
    @property
    def jax_api(self) -> ModuleType: ...
    @property
    def tracing(self) -> ModuleType: ...
    @property
    def annotated(self) -> ModuleType: ...
    @property
    def methods(self) -> ModuleType: ...
    @property
    def python(self) -> ModuleType: ...
    @property
    def pallas(self) -> ModuleType: ...


@dataclass(slots=True)
class Arguments:
    """A call's arguments as values (``starred``: unknown positional ones follow; ``spread``:
    unknown keyword ones may be given too), with their expressions."""

    positional: list[Values] = field(default_factory=list)
    keywords: dict[str, Values] = field(default_factory=dict)
    starred: bool = False
    spread: bool = False
    nodes: list[ast.expr | None] = field(default_factory=list)
    keyword_nodes: dict[str, ast.expr] = field(default_factory=dict)

    def called(
        self,
        site: Site,
        callee: Value,
        frame: Frame,
        *,
        before_rules: bool = False,
        assumed: Assumption | None = None,
    ) -> Called:
        """The fact of this call of ``callee`` (``before_rules``: a custom derivative
        function called before any rule of it was registered; ``assumed``: what the call
        rests on besides the code)."""
        return Called(
            site,
            callee,
            tuple(self.positional),
            tuple(self.keywords.items()),
            frame,
            self.starred,
            before_rules=before_rules,
            assumed=assumed,
        )

    def with_self(self, owner: Values) -> Arguments:
        """These arguments after ``owner`` (a bound method's instance, a method's ``self``)."""
        return Arguments(
            [owner, *self.positional],
            self.keywords,
            self.starred,
            self.spread,
            [None, *self.nodes],
            self.keyword_nodes,
        )


@dataclass(slots=True)
class ApiCallContext:
    """What an API's behaviour gets: the call, its bound arguments, and the interpreter."""

    interpreter: Interpreter
    spec: ModelledApi
    arguments: dict[str, Values]
    raw: Arguments
    #: The expressions of the bound arguments the call spells, by parameter name.
    nodes: dict[str, ast.expr]
    site: Site
    frame: Frame
    state: State
    #: For a method's spec: the method (its owner is the ``self`` argument).
    method: ApiMethod | None = None

    def arg(self, name: str, default: Values = ANY) -> Values:
        return self.arguments.get(name, default)

    def has(self, name: str) -> bool:
        return name in self.arguments

    def node(self, name: str) -> ast.expr | None:
        return self.nodes.get(name)


class LibraryRun(Protocol):
    """A run of user code an API model is making (``Interpreter.library_runs``): a function
    run under it is not the same run as one outside it, nor under another's settings."""

    @property
    def memo_key(self) -> Hashable: ...


class Interpreter:
    """One analysis: the heap, the frames' memo and the facts, over a workspace's modules."""

    def __init__(
        self, workspace: Workspace, models: ApiModels, cancel: Cancellation | None = None
    ) -> None:
        self.workspace = workspace
        self.cancel = cancel
        self.apis = models
        self.heap = Heap()
        self.facts = Facts()
        self._memo: dict[Any, Frame] = {}
        #: How many frames each function (by its site) has.
        self._contexts_per_function: dict[Site, int] = {}
        #: The functions (by site) whose bodies are running: a recursive call gives ANY.
        self._running: set[Site] = set()
        #: Flag splits in progress (``exec_block``).
        self._splits = 0
        #: Places made for unknown flags a split assumed the truth of (``_flag_on_path``).
        self._split_places = 0
        #: The straight code running now, whose statements each run once, in order: a
        #: function's or module's run, a pass of a loop over known items.  None inside code
        #: that may run or not, or more than once (a branch, a loop of unknown passes, a
        #: ``try``).  A list made in it keeps the items its later appends there add.
        self.straight: Straight | None = None
        #: The call a statement of its own is made of (``out.append(x)``), while it runs.
        self.statement_call: ast.expr | None = None
        #: By loop node: whether a pass may end early (``_loop_exits``).
        self._exiting: dict[int, bool] = {}
        #: Every function or class value defined, by its def's site (for the "any caller"
        #: pass).  Sites, not nodes, key this bookkeeping: modules with an identical statement
        #: share its tree, not their functions.
        self.defined: dict[Site, Values] = {}
        #: The defs some frame evaluated (and the sites of made functions run for any caller).
        self.evaluated = Journal()
        #: Who hears what runs do (``jaxlsp.infer.observers``): the run being recorded for
        #: a summary, while one is (see ``jaxlsp.infer.incremental``).
        self.observer: RunObserver = UNOBSERVED
        #: Who runs a module, or a function for any caller, and may keep what the run did for
        #: the next analyses (``jaxlsp.infer.incremental``); by default nothing is kept.
        self.keeper: RunKeeper = Unkept(self)
        #: Any-caller runs replayed from a summary, and run.
        self.replayed = 0
        self.ran_for_any_caller = 0
        #: Runs of the last analysis kept as they were (``rerun``: its text, or an edit of it
        #: that defines nothing).
        self.kept = 0
        #: An analysis remade from its last one (``rerun``): what makes ``facts.named`` on
        #: first request (only hovers read it).
        self.names_from: Callable[[], dict[tuple[str, ast.AST], tuple[Site, Value]]] | None = None
        self._refs: dict[tuple[int, int, tuple[int, ...]], Ref] = {}
        #: By module: the heap objects the last version's top-level statements made
        #: (``Summary.module_refs``), for this version's unchanged statements to make again.
        self._earlier_module_refs: dict[str, dict[RefKey, Ref]] = {}
        self._derived: dict[tuple[int, object], Ref] = {}
        #: An API's attribute (``jnp.dot``), by the API and the name: the same at every read.
        self._api_attributes: dict[tuple[str, str], Values] = {}
        #: The loops being run, innermost last (a key reused by the next pass names it).
        self._loop_stack: list[Site] = []
        #: The product of the passes of the loops being run (``MAX_NESTED_PASSES``).
        self._nested_passes = 1
        #: The frame and the pass of each loop over known items being run, outermost first:
        #: an object made in a pass is not the one the same site made in another pass.
        self._unrolled: list[tuple[int, int]] = []
        #: The exception classes the ``try`` statements being run catch, innermost last.
        self._catching: list[frozenset[str]] = []
        #: The frames running a ``with jax.ensure_compile_time_eval():`` body.
        self._eager_frames: list[Frame] = []
        #: Custom derivative rules (by site) some differentiation ran.
        self.rules_run = Journal()
        #: The first frame each function (by its site) ran in.
        self.frames_of: dict[Site, Frame] = {}
        #: Statements (or functions) nested too deeply to follow, skipped.
        self.skipped: list[Site] = []
        #: How many calls to functions of several modules are running (``call``).
        self._alternatives = 0
        #: How many ``and``/``or`` operands now evaluated follow one of undecided truth.
        self._guarded = 0
        #: The calls of ``GuardChosen`` sets now running, innermost last: for each, which
        #: call and candidate (part of a memoised frame's key) and the sites that raised
        #: while that candidate ran (``_call_guard_chosen``).
        self._chosen: list[tuple[tuple[int, int], set[Site]]] = []
        self._chosen_calls = 0
        #: The runs of user code an API model is making now (flax's ``init``/``apply`` of a
        #: module), innermost last: the models note there what the code needs of the call.
        self.library_runs: list[LibraryRun] = []
        #: Passes after the first of a loop whose count is not known being run (``_loop``).
        self._later_passes = 0
        #: The workspace modules this analysis ran, by key.
        self.modules: dict[str, ModuleState] = {}
        self._found: dict[tuple[str, str], SourceModule | None] = {}
        #: The module globals set from the host (``_host_globals``), by module key, with the
        #: parse they were read from.
        self._host_names: dict[str, tuple[object, frozenset[str]]] = {}
        #: Whether a module's text spells a name a host fact is reached by, or it imports from
        #: a workspace module at its top level (``_may_reach_the_host``), with the parse.
        self._host_spelled: dict[str, tuple[object, bool]] = {}
        #: The locals a function sets from the host, by its definition's node (kept with it).
        self._host_locals: dict[int, tuple[ast.AST, frozenset[str]]] = {}
        #: By function node: the names it sets from a test of what a value is (``_type_flags``).
        self._flag_locals: dict[int, tuple[ast.AST, frozenset[str]]] = {}
        #: The names of the lazy-import packages read so far, by key (``_lazy_provider``).
        self._lazy_names: dict[str, dict[str, tuple[str, str]]] = {}
        #: The names of lazy-import packages being looked up (package key, name).
        self._resolving: set[tuple[str, str]] = set()

    # modules --------------------------------------------------------------------------------

    def run_module(self, module: ModuleState) -> Frame:
        """Run ``module``'s top-level code (once per analysis), returning its frame."""
        if module.frame is not None:
            return module.frame
        self.observer.module_run(module.key)
        kept = self.keeper.module_run(module)
        if kept is not None:
            return kept
        if not module.parsed.chunks:
            frame = Frame(module.key, None, EMPTY_CHUNK)
            module.frame = frame
            return frame
        frame = self.new_module_frame(module)
        self.run_statements(module, frame)
        return frame

    def new_module_frame(self, module: ModuleState) -> Frame:
        """A fresh frame for ``module``'s run, set as its frame."""
        frame = module.frame = self._module_frame(module)
        return frame

    @property
    def memoised_frames(self) -> dict[Any, Frame]:
        """The frames of the calls run so far, by what they were called with."""
        return self._memo

    @property
    def frames_per_function(self) -> dict[Site, int]:
        """How many frames each function (by its site) has."""
        return self._contexts_per_function

    def restore_calls(self, memo: dict[Any, Frame], frames_per_function: dict[Site, int]) -> None:
        """Set the memoised frames and the frame counts per function (``rerun``: as the runs
        before the one it runs again left them)."""
        self._memo = memo
        self._contexts_per_function = frames_per_function

    def remember_module_refs(self, module_key: str, refs: dict[RefKey, Ref]) -> None:
        """The heap objects the last version of a module made at its top level, for this
        version's unchanged statements to make again (``Summary.module_refs``)."""
        self._earlier_module_refs[module_key] = refs

    def settle_summaries(self) -> None:
        """Make the summaries of the runs the keeper left for later (``any_caller_pass``)."""
        self.keeper.settle()

    def run_imports_first(self, module: ModuleState) -> tuple[SourceModule, ...]:
        """Run the workspace modules ``module``'s top-level statements import, before it:
        its own run then reads their globals as any code does (and is summarised apart).
        Returns them, in order."""
        found: dict[str, SourceModule] = {}
        index = module.source.lazy_index
        for chunk in module.parsed.chunks:
            body = chunk.tree.body
            if index is not None and body and body[0] is index.statement:
                body = index.statement.orelse  # (the type checker's names are never run)
            # imports in top-level blocks too (``try: import x``, ``if flag: from y import
            # z``): run during the module's run, they would keep it from being summarised
            for statement in statements_within(body):
                if not isinstance(statement, _IMPORTS):
                    continue
                for name in self._imported_names(statement, module):
                    imported = self.module_named(name, module)
                    if imported is None or imported is module:
                        continue
                    found.setdefault(imported.key, imported.source)
                    if imported.frame is None:
                        self.run_module(imported)
                if isinstance(statement, ast.ImportFrom):
                    for provider in self._lazy_providers(statement, module):
                        found.setdefault(provider.key, provider.source)
                        if provider.frame is None and provider is not module:
                            self.run_module(provider)
        return tuple(found.values())

    def _lazy_providers(self, statement: ast.ImportFrom, module: ModuleState) -> list[ModuleState]:
        """The submodules defining the names ``statement`` takes from a lazy-import package
        (none when it imports from another module): they run first, as the package's other
        imports do, so that the importing module's run reads them as it reads any global."""
        base = self.workspace.absolute_name(statement.module or "", statement.level, module.source)
        package = self.module_named(base, module) if base else None
        if package is None or package.source.lazy_index is None:
            return []
        providers = []
        for alias in statement.names:
            provider = self._lazy_provider(package, alias.name)
            if provider is not None:
                providers.append(provider[0])
        return providers

    def _lazy_provider(self, package: ModuleState, name: str) -> tuple[ModuleState, str] | None:
        """The module and name that ``name`` of the lazy-import ``package`` is (None: its
        index does not name it, or it is no such package).  Only that module joins the
        analysis: the index and the modules it imports ``*`` from are read, not run."""
        if package.source.lazy_index is None:
            return None
        names = self._lazy_names.get(package.key)
        if names is None:  # (the workspace's table, checked once per analysis)
            names = self._lazy_names[package.key] = self.workspace.lazy_names(package.source)
        found = names.get(name)
        if found is None:
            return None
        provider = self.module_named(found[0], package)
        return (provider, found[1]) if provider is not None else None

    def run_known_imports(
        self, sources: tuple[SourceModule, ...], module: ModuleState
    ) -> tuple[SourceModule, ...]:
        """``run_imports_first`` for the modules a summary of ``module`` found (their
        current versions)."""
        found: list[SourceModule] = []
        for source in sources:
            current = self.workspace.current(source)
            if current is None:
                continue
            imported = self.modules.get(current.key)
            if imported is None:
                imported = self.modules[current.key] = ModuleState(current)
            found.append(imported.source)
            if imported.frame is None and imported is not module:
                self.run_module(imported)
        return tuple(found)

    def _imported_names(
        self, statement: ast.Import | ast.ImportFrom, module: ModuleState
    ) -> list[str]:
        """The modules an import statement may load (a dotted name's parents too)."""
        names: list[str] = []
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                parts = alias.name.split(".")
                names.extend(".".join(parts[: i + 1]) for i in range(len(parts)))
            return names
        base = self.workspace.absolute_name(statement.module or "", statement.level, module.source)
        if base is None:
            return names
        parts = base.split(".")
        names.extend(".".join(parts[: i + 1]) for i in range(len(parts)))
        names.extend(f"{base}.{alias.name}" for alias in statement.names)
        return names

    def _module_frame(self, module: ModuleState) -> Frame:
        parsed = module.parsed
        return Frame(
            module.key,
            None,
            parsed.chunks[0],
            local_names=_module_scope(parsed.chunks),
            state=State({"__name__": (Static("str"),), "__file__": (Static("str"),)}),
        )

    def run_statements(self, module: ModuleState, frame: Frame) -> None:
        straight, self.straight = self.straight, Straight()
        try:
            self._run_chunks(module, frame)
        finally:
            self.straight = straight

    def _run_chunks(self, module: ModuleState, frame: Frame) -> None:
        parsed = module.parsed
        self.facts.frames.append(frame)
        index = module.source.lazy_index
        for chunk in parsed.chunks:
            if self.cancel is not None:
                self.cancel.check()
            frame.chunk = chunk
            if not frame.state.live:
                # A statement that surely raised: the module stops there when it runs, but
                # what follows is still the user's code, to be checked as written.
                frame.state.live = True
                frame.state.exit = None
            body = chunk.tree.body
            if index is not None and body and body[0] is index.statement:
                # a lazy-import package's names for a type checker: Python runs the else
                # branch alone, and so do we (the names are read by ``_lazy_provider``)
                body = index.statement.orelse
            try:
                self.exec_block(body, frame, frame.state)
            except RecursionError:
                # code nested deeper than the interpreter follows: that statement is skipped
                self.skipped.append(Site(module.key, chunk.tree, chunk.tree))

    def any_caller_pass(self, module: ModuleState, *, defer_summaries: bool = False) -> None:
        """Run every function and class of ``module`` that no frame ran yet, and every
        function a transform made there that nothing called, for any caller.  With
        ``defer_summaries`` their summaries are made by ``settle_summaries``, later: what is
        not needed for this analysis's findings waits until they are out.

        Each round runs its entries in ``_any_caller_order`` (classes, then the functions
        the module's transforms made, then the defined functions callers first), and passes
        over a function whose body a run before it already ran to a return (``_ran``), as
        it passes over a made function a run called: its callers' runs are its runs, as a
        made function's run is the run of the function it wraps (bench's 2,000-line file: 333
        any-caller runs and 406 frames before, 233 and 326 with it)."""
        used = _Used()
        # what a round passed over, later rounds pass over too: they look at what is new
        defined_seen = made_seen = 0
        for _ in range(4):  # nested functions appear as their parents run
            new_defined = itertools.islice(self.defined.items(), defined_seen, None)
            pending: list[tuple[Site, Values, ClassValue | None]] = [
                (site, values, None)
                for site, values in list(new_defined)
                if site not in self.evaluated and site.module == module.key
            ]
            defined_seen = len(self.defined)
            self._note_used(used)
            made_here: set[Site] = set()
            new_made = self.facts.made[made_seen:]
            made_seen += len(new_made)
            for made in new_made:
                value = made.value
                if (
                    isinstance(value, _MADE_FUNCTIONS)
                    and made.site.module == module.key
                    and not made.refused
                    and value not in used
                    and made.site not in self.evaluated
                ):
                    self.evaluated.add(made.site)
                    made_here.add(made.site)
                    # a transformed method runs bound to an instance of its class
                    pending.append((made.site, one(value), made.frame.class_value))
            if not pending:
                return
            for site, values, owner in _any_caller_order(pending, made_here):
                if _hands_back_its_parameters(values):
                    # (``lambda i, j: (i, 0)``, a Pallas index map): its run would make no fact
                    self.evaluated.add(site)
                    continue
                if site in made_here:
                    # a run before it may have called it (a decorated function's own run
                    # calls what its decorator made): then it is not run again; nor is the
                    # transform of a nested def nothing calls (``_never_called``)
                    self._note_used(used)
                    if values[0] in used or _never_called(site, values):
                        continue
                elif self._ran(site) or _never_called(site, values):
                    continue
                self.evaluated.add(site)
                self.keeper.any_caller_run(site, values, owner, module, defer=defer_summaries)

    def _ran(self, site: Site) -> bool:
        """Whether a run before (a caller's, a class's run of its methods) ran the body of the
        function defined at ``site`` to a return: the any-caller pass then runs it no more.
        Its first frame, and not ``evaluated``: a call cut off at ``MAX_DEPTH`` evaluates the
        function without running it, a class's run marks its static and class methods
        evaluated (they run in entries of their own), and a frame that raised on every path
        (a caller passed what breaks its first line) left the rest of the body unrun."""
        frame = self.frames_of.get(site)
        return frame is not None and bool(frame.returns)

    def _note_used(self, used: _Used) -> None:
        """Add to ``used`` the functions called, and the values handed to a transform, since
        it last looked."""
        facts = self.facts
        used.add([c.callee for c in facts.called[used.called :]])
        used.called = len(facts.called)
        used.add(
            [
                value
                for made in facts.made[used.made :]
                for values in made.arguments.values()
                for value in values
            ]
        )
        used.made = len(facts.made)

    def run_for_any_caller(
        self, site: Site, values: Values, owner: ClassValue | None, module: ModuleState
    ) -> None:
        defining = self._defining_frame(site, module)
        for value in values:
            try:
                if owner is not None:
                    self._call_method_for_any_caller(value, owner, site, defining)
                else:
                    self._call_for_any_caller(value, site, defining)
            except Raises:
                pass
            except RecursionError:
                self.skipped.append(site)
                self.observer.too_deep()

    # summaries ------------------------------------------------------------------------------

    def named(self) -> dict[tuple[str, ast.AST], tuple[Site, Value]]:
        """``facts.named``: what hovers show (made from ``names_from`` on first request)."""
        names_from = self.names_from
        if names_from is not None:
            named = names_from()
            for key, entry in self.facts.named.items():
                named.setdefault(key, entry)
            self.facts.named = named
            self.names_from = None
        return self.facts.named

    def bindings_of(self, module_key: str) -> dict[str, Values] | None:
        """The global bindings of a workspace module this analysis ran (None: it did not)."""
        module = self.modules.get(module_key)
        if module is None or module.frame is None:
            return None
        return module.frame.state.env

    def _chunk_of(self, site: Site) -> Chunk:
        chunk = self.modules[site.module].chunk_of(site.tree)
        assert chunk is not None, "a site of a statement this analysis did not run"
        return chunk

    def _defining_frame(self, site: Site, module: ModuleState) -> Frame:
        frame = module.frame
        assert frame is not None
        # Its own (empty) state, not the module's: nothing runs in it (the module's globals
        # are read from the module's frame), and the frames a summary keeps call from it.
        return Frame(
            module.key,
            None,
            self._chunk_of(site),
            open_context=True,
            local_names=frame.local_names,
        )

    def _call_for_any_caller(self, value: Value, site: Site, frame: Frame) -> None:
        # the caller's own state: what the call does to its keys (a fresh one: the module's
        # globals are read from the module's frame, as any function reads them)
        state = State()
        if isinstance(value, ClassValue):
            instance = self.generic_instance(value, site, frame, state)
            for name, members in list(value.namespace.items()):
                for member in members:
                    if isinstance(member, Function) and not self.evaluated.holds(member.site):
                        self.evaluated.add(member.site)
                        if _is_static(member) or name == "__init__":
                            continue
                        # ``__init_subclass__``, ``__class_getitem__`` and ``__new__`` take
                        # the class, not an instance, though no decorator says so
                        receiver = one(value) if name in _TAKE_THE_CLASS else instance
                        widened = self.widen_set_elsewhere(instance, value, name)
                        with contextlib.suppress(Raises):
                            self.call(
                                one(BoundMethod(member, receiver)),
                                _unknown_arguments(member, skip=1),
                                member.site,
                                frame,
                                state.copy(),
                            )
                        self.restore_widened(widened)
            return
        arguments = Arguments(starred=True, spread=True)
        if isinstance(value, CustomDerivative):
            # its primal, as any caller runs it (calling the custom function itself would
            # claim a call nobody wrote)
            for primal in value.inner:
                self._call_for_any_caller(primal, site, frame)
            self.apis.jax_api.run_unused_rules(self, value, site, frame, state)
            return
        if isinstance(value, Function):
            arguments = _unknown_arguments(value)
        elif isinstance(value, _MADE_FUNCTIONS):
            # its parameters as a caller passes them (a partial's bound ones left out), the
            # count marked unknown: no caller wrote this call, so no rule may judge its arity
            inner = value.inner if isinstance(value, Transformed) else value.body
            names = self.apis.tracing.parameter_names(inner)
            wrapped = _first_function(value)
            if names is not None and wrapped is not None:
                # the required ones by position; one with a default is what a caller passes
                # (traced, batched) or, left out, its default (not traced): alternatives
                args = wrapped.node.args
                positional = [*args.posonlyargs, *args.args]
                required = {a.arg for a in positional[: len(positional) - len(args.defaults)]}
                count = len([n for n in names if n in required])
                arguments = Arguments(
                    [ANY] * count,
                    _defaults_passed_or_left_out(wrapped, names, value),
                    nodes=[None] * count,
                )
            elif names is not None:
                arguments = Arguments([ANY] * len(names), nodes=[None] * len(names))
            elif wrapped is not None:
                arguments = _unknown_arguments(wrapped)
            arguments.starred = True
            if _partial_spreads(value):
                # a partial on the way binds arguments not known here (``partial(f,
                # **settings)``): a parameter a caller would pass by name may be one it fixes,
                # a static value rather than a tracer
                arguments.keywords = {}
                arguments.keyword_nodes = {}
                arguments.spread = True
        elif isinstance(value, Kernel):
            return
        self.call(one(value), arguments, site, frame, state)

    def _call_method_for_any_caller(
        self, value: Value, owner: ClassValue, site: Site, frame: Frame
    ) -> None:
        members = [m for values in owner.namespace.values() for m in values]
        if not any(m is value for m in members):  # a static method, or not a member at all
            self._call_for_any_caller(value, site, frame)
            return
        state = State()
        instance = self.generic_instance(owner, site, frame, state)
        wrapped = _first_function(value)
        arguments = (
            _unknown_arguments(wrapped, skip=1)
            if wrapped is not None
            else Arguments(starred=True, spread=True)
        )
        if wrapped is not None and not isinstance(value, Function):
            # a transform's method: its defaults are kept as alternatives (what a caller
            # passes, traced; or, left out, the default), not traced whatever a caller does
            names = self.apis.tracing.parameter_names(one(value)) or []
            passed_or_left_out = _defaults_passed_or_left_out(wrapped, names, value)
            arguments.keywords.update(passed_or_left_out)
            count = len(wrapped.node.args.posonlyargs) + len(wrapped.node.args.args) - 1
            required = count - len(wrapped.node.args.defaults)
            if passed_or_left_out and 0 <= required < count:
                del arguments.positional[required:]
                del arguments.nodes[required:]
        running = next(
            (name for name, values in owner.namespace.items() if any(m is value for m in values)),
            None,
        )
        self.widen_set_elsewhere(instance, owner, running)
        self.call(self.bind_member(one(value), instance, frame), arguments, site, frame, state)

    def generic_instance(self, cls: ClassValue, site: Site, frame: Frame, state: State) -> Values:
        """An instance of ``cls`` made with unknown arguments (the ``self`` of its methods
        when nothing in the analysed code makes one)."""
        init = cls.lookup("__init__")
        arguments = Arguments(starred=True, spread=True)
        if init is not None:
            for value in init:
                if isinstance(value, Function):
                    arguments = _unknown_arguments(value, skip=1)
                    self.evaluated.add(value.site)
        instance = self.instantiate(cls, arguments, site, frame, state)
        set_up = cls.lookup("setUp")  # a test case: the runner calls it before each test
        if set_up is not None:
            with contextlib.suppress(Raises):
                self.call(
                    self.bind_member(set_up, instance, frame), Arguments(), site, frame, state
                )
        return instance

    def widen_set_elsewhere(
        self, instance: Values, cls: ClassValue, running: str | None
    ) -> list[tuple[Ref, str, Values]]:
        """Before a method named ``running`` of ``cls`` runs for any caller on ``instance``:
        another method may have run first and set a field again (``run`` makes the key
        ``__init__`` left None, then calls the method that splits it), so a field another
        method sets holds what ``__init__`` left or something else.  Returns what each field
        widened held, for ``restore_widened``."""
        widened: list[tuple[Ref, str, Values]] = []
        assigned = _fields_set_after_construction(cls)
        names = {name for name, setters in assigned.items() if setters - {running}}
        for value in instance:
            if isinstance(value, Instance):
                for name in sorted(names):
                    held = self.heap.read_field(value.ref, name)
                    if held is not None:
                        self.heap.write_field(value.ref, name, ANY)
                        widened.append((value.ref, name, held))
        return widened

    def restore_widened(self, widened: list[tuple[Ref, str, Values]]) -> None:
        """The fields ``widen_set_elsewhere`` widened, as they were, where the method run did
        not set them (the next method run may be the one that sets them)."""
        fields = self.heap.fields
        for ref, name, held in widened:
            known = fields.get(ref)
            if known is not None and known.get(name) == join(held, ANY):
                known[name] = held

    def module_named(self, name: str, importer: ModuleState) -> ModuleState | None:
        """The workspace module ``name`` as ``importer`` sees it, in this analysis (found
        once per analysis: finding reads the file system)."""
        key = (name, importer.key)
        if key in self._found:
            source = self._found[key]
        else:
            source = self._found[key] = self.workspace.find(name, importer.source)
        if source is None:
            return None
        module = self.modules.get(source.key)
        if module is None:
            module = ModuleState(source)
            self.modules[source.key] = module
        return module

    # scopes ---------------------------------------------------------------------------------

    def lookup(self, name: str, frame: Frame, state: State) -> Values:
        """Python's name resolution: local, enclosing functions (late), module, builtins."""
        if frame.function is None and not frame.is_class:
            found = state.env.get(name)
            if found is not None:
                return found
            return self._builtin(name)
        found = state.env.get(name)  # a local, or a comprehension's variable
        if found is not None:
            return found
        if name in frame.local_names and not frame.is_class:
            return ANY  # assigned later in the function, or unbound here
        if name not in frame.global_names:
            enclosing = binding_scope(frame.closure, name)
            if enclosing is not None:
                return _captured_value(frame, enclosing, name) or enclosing.state.env.get(name, ANY)
        if state.patched and patched_global(frame.module_key, name) in state.patched:
            return ANY  # a test replaced the module's global (its own functions read the fake)
        found = self.global_value(self.modules[frame.module_key], name)
        if found is not None:
            return found
        return self._builtin(name)

    def global_value(self, module: ModuleState, name: str) -> Values | None:
        """What the global ``name`` of ``module`` holds (None: unbound, or the module did not
        run).  Every read of a module global is made here, and announced."""
        module_frame = module.frame
        if module_frame is None:
            return None
        found = module_frame.state.env.get(name)
        self.observer.global_read(module.key, name, found)
        return found

    def set_global(self, module: ModuleState, name: str, values: Values) -> bool:
        """Assign the global ``name`` of ``module`` (False: the module has no frame yet).
        Every write of a module global is made here, and announced."""
        module_frame = module.frame
        if module_frame is None:
            return False
        self.observer.global_written(module.key, name)
        self.keeper.global_writing(module)
        module_frame.state.env[name] = values
        return True

    def _builtin(self, name: str) -> Values:
        if name in self.apis.BUILTIN_NAMES:
            return one(Api(f"builtins.{name}"))
        return ANY

    def bind(self, name: str, values: Values, frame: Frame, state: State) -> None:
        if name in state.not_none:
            state.not_none = state.not_none - {name}
        if name in frame.global_names and self.set_global(
            self.modules[frame.module_key], name, values
        ):
            return
        if frame.function is not None and name not in frame.local_names:
            # nonlocal: write the enclosing function's binding
            enclosing = frame.closure
            while enclosing is not None:
                if enclosing.function is not None and name in enclosing.local_names:
                    self.observer.variable_written(enclosing, name)
                    enclosing.state.env[name] = values
                    return
                enclosing = enclosing.closure
        state.env[name] = values

    # statements -----------------------------------------------------------------------------

    def exec_block(self, body: list[ast.stmt], frame: Frame, state: State) -> State:
        later: list[frozenset[str]] | None = None
        function = frame.function
        scopes = frame.scopes
        if function is None or (scopes is not None and not scopes.tested_in(function.node)):
            scopes = None  # a function that tests no name anywhere has no flag to split on
        for index, statement in enumerate(body):
            if not state.live:
                break
            if scopes is not None and self._splits < MAX_SPLITS:
                if later is None:
                    later = _tested_later(body, scopes)
                tested = scopes.tested(statement).names
                flag = self._flag_tested_again(tested, later[index], frame, state)
                if flag is not None:
                    self._split_on(flag, body[index:], frame, state)
                    break
            # past an undecided guard whose other branch left, the statement rests on it
            lifted = int(state.guarded)
            self._guarded += lifted
            try:
                self.exec_statement(statement, frame, state)
            finally:
                self._guarded -= lifted
        return state

    def _flag_tested_again(
        self, tested: frozenset[str], tested_later: frozenset[str], frame: Frame, state: State
    ) -> str | None:
        """A local flag of unknown truth that this statement tests (an ``if``, ``and``,
        ``not``... on it) and a later statement of the block tests again (``if jit: f = a``
        ... ``if jit and x: f = jax.jit(f)``): the rest of the block then runs once per truth,
        so the two tests stay correlated."""
        for name in sorted(tested & tested_later):
            values = state.env.get(name)
            if values is not None and self.truth(values, frame, state) is None and _a_flag(values):
                return name
        return None

    def _split_on(self, flag: str, rest: list[ast.stmt], frame: Frame, state: State) -> None:
        paths: list[State] = []
        values = state.env[flag]
        outcomes = _outcomes_of(values)
        # each truth's path rests on the flag where the flag is a guard of that kind
        # (``_undecided_guard``: one of several constants joined paths left, a widened frame)
        guarded = self._undecided_guard(ast.Name(flag), values, frame)
        self._splits += 1
        self._guarded += guarded
        straight = self._branch()
        try:
            for truth in (True, False):
                path = state.copy()
                # the rest of the block runs behind the flag on both paths (see ``_exec_if``)
                _optional_passed(frame, [path])
                path.env[flag] = self._flag_on_path(flag, values, truth, frame, path)
                path.assume(outcomes.if_true if truth else outcomes.if_false)
                paths.append(self.exec_block(rest, frame, path))
        finally:
            self._splits -= 1
            self._guarded -= guarded
            self._rejoin(straight, rest)
        _replace(state, State.merge(paths))

    def _flag_on_path(
        self, flag: str, values: Values, truth: bool, frame: Frame, path: State
    ) -> Values:
        """What ``flag`` (``_a_flag``) holds on the path where its truth is ``truth``: the
        alternatives of that truth, a bool of unknown value as that bool, and an unknown value
        as itself, read from a place of its own whose truth the path assumes (an unknown is
        no bool: ``np.array(flag)`` on it is no 0-d array)."""
        if len(values) == 1 and isinstance(values[0], Unknown | NotNone):
            if isinstance(values[0], UnknownAt):
                return values  # its place's truth is assumed on the path (``_outcomes_of``)
            self._split_places += 1
            place = Place(frame, f"<{flag} split {self._split_places}>")
            path.assume(((place, truth),))
            return one(UnknownAt(place))
        kept: list[Value] = [value for value in values if _truth(one(value)) is truth]
        if any(_truth(one(value)) is None for value in values):
            kept.append(Const(truth))  # a bool of unknown value (``_a_flag``)
        return tuple(dict.fromkeys(kept))

    def exec_statement(self, node: ast.stmt, frame: Frame, state: State) -> None:
        handler = _STATEMENTS.get(type(node))
        if handler is None:
            return
        try:
            handler(self, node, frame, state)
        except Raises:
            state.live = False
            state.exit = None

    def _exec_expr(self, node: ast.Expr, frame: Frame, state: State) -> None:
        outer, self.statement_call = self.statement_call, node.value
        try:
            self.eval(node.value, frame, state)
        finally:
            self.statement_call = outer

    def _branch(self) -> Straight | None:
        """Enter code that may run or not, or more than once: not straight code.  Returns
        the straight code it is in, for ``_rejoin``."""
        straight, self.straight = self.straight, None
        return straight

    def _rejoin(self, straight: Straight | None, region: list[ast.stmt]) -> None:
        """Leave the code ``_branch`` entered.  The straight code goes on, unless the region
        may leave it (a ``return`` in a branch): what follows then runs on some paths only,
        so the lists made before no longer take items in order."""
        if straight is not None and straight.made_lists and _exits(region):
            straight = Straight()
        self.straight = straight

    def _exec_assign(self, node: ast.Assign, frame: Frame, state: State) -> None:
        values = self.eval(node.value, frame, state)
        for target in node.targets:
            self.assign(target, values, frame, state, node.value)

    def _exec_ann_assign(self, node: ast.AnnAssign, frame: Frame, state: State) -> None:
        if node.value is None:
            return
        values = self.eval(node.value, frame, state)
        self.assign(node.target, values, frame, state, node.value)

    def _exec_aug_assign(self, node: ast.AugAssign, frame: Frame, state: State) -> None:
        target = node.target
        if isinstance(target, ast.Subscript):
            container = self.eval(target.value, frame, state)
            index = self.eval(target.slice, frame, state)
            subscript = Subscript(frame.site(target), container, index, True, frame, augmented=True)
            self.facts.subscripts.append(subscript)
            # the value is computed before the item is written back (``acc_ref[...] +=
            # jnp.dot(...)``: what it calls and the errors in it are the code's)
            operand = self.eval(node.value, frame, state)
            if self.apis.contracts.assigns_into_array(subscript):
                self.raises(state, subscript.site, "TypeError")
            elif len(container) == 1 and isinstance(container[0], StateRef):
                # a Ref's window is read, combined with the value and written back: an
                # operand that does not broadcast with the window raises there (a kernel's
                # ``acc_ref[...] += x @ w`` into an accumulator of another tile's shape)
                loaded = self.subscript_of(container[0], index, frame, target, state)
                self.binary(node.op, loaded, operand, frame, node, state)
            return
        if isinstance(target, ast.Name):
            current = self.lookup(target.id, frame, state)
        else:
            current = self.attribute(self.eval(target.value, frame, state), target.attr, frame)
        operand = self.eval(node.value, frame, state)
        values = self._augmented(node, current, operand, frame, state)
        if isinstance(target, ast.Name):
            self.bind(target.id, values, frame, state)
        else:
            self.assign(target, values, frame, state, None)

    def _augmented(
        self, node: ast.AugAssign, current: Values, operand: Values, frame: Frame, state: State
    ) -> Values:
        """``x += y`` where ``x`` may be a list: Python asks ``y``'s ``__radd__`` before the
        list's in-place concatenation, so a list stays itself (extended) only where ``y`` is
        an iterable with none (a list, tuple, dict or string the code built); a NumPy array
        makes a NumPy array, a JAX array refuses the list (TypeError: that path ends), and
        anything else may give anything.  Never the array ``list + y`` was taken for."""
        lists = tuple(v for v in current if isinstance(v, ListValue))
        if not isinstance(node.op, ast.Add) or not lists:
            return self.binary(node.op, current, operand, frame, node, state)
        found: list[Values] = []
        extends = False
        for value in operand:
            if isinstance(value, Tuple | ListValue | DictValue) or (
                isinstance(value, Const) and isinstance(value.value, str)
            ):
                extends = True
            elif isinstance(value, NumpyArray):
                found.append(one(NumpyArray()))
            elif not isinstance(value, Array | KeyArray):
                found.append(ANY)
        if extends:
            element = self.element_of(operand)
            for value in lists:
                self.heap.grow_list(value.ref, element)
            found.append(lists)
        others = tuple(v for v in current if not isinstance(v, ListValue))
        if others:
            found.append(self.binary(node.op, others, operand, frame, node, state))
        return join(*found) if found else ANY

    def assign(
        self,
        target: ast.expr,
        values: Values,
        frame: Frame,
        state: State,
        source: ast.expr | None,
    ) -> None:
        if isinstance(target, ast.Name):
            if values == _UNKNOWN_INT:  # ``n = x.shape[0]``: a size named ``n``
                values = one(Static("int", dim=symbol(target.id, frame.site(target))))
            self._note_shape(target, values, frame, "bind")
            self.bind(target.id, values, frame, state)
        elif isinstance(target, ast.Tuple | ast.List):
            values = self._named_shape(target, values, source, frame, state)
            if values and all(
                isinstance(v, Array) and not v.tree and v.shape == () for v in values
            ):
                self._unpack_0d(target, values, source, frame, state)
            parts = self.unpack(values, len(target.elts), frame, target)
            starred = next(
                (i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)), None
            )
            sources: list[ast.expr | None] = [None] * len(target.elts)
            if isinstance(source, ast.Tuple | ast.List) and len(source.elts) == len(target.elts):
                sources = list(source.elts)
            for position, element in enumerate(target.elts):
                if isinstance(element, ast.Starred):
                    self.assign(element.value, ANY, frame, state, None)
                    continue
                part = ANY if starred is not None and position >= starred else parts[position]
                self.assign(element, part, frame, state, sources[position])
        elif isinstance(target, ast.Attribute):
            owner = self.eval(target.value, frame, state)
            self.apis.attribute_assigned(self, owner, target, frame, state)
            for value in owner:
                if isinstance(value, Instance | UnknownAt):  # what a test of it said is stale
                    holder = value.ref if isinstance(value, Instance) else value.place
                    state.forget(Place(holder, target.attr))
                if isinstance(value, Instance):
                    self.heap.write_field(value.ref, target.attr, values)
                elif isinstance(value, ClassValue):
                    known = value.namespace.get(target.attr)
                    value.namespace[target.attr] = values if known is None else join(known, values)
        elif isinstance(target, ast.Subscript):
            container = self.eval(target.value, frame, state)
            index = self.eval(target.slice, frame, state)
            subscript = Subscript(frame.site(target), container, index, True, frame, value=values)
            self.facts.subscripts.append(subscript)
            if self.apis.contracts.assigns_into_array(subscript):
                self.raises(state, subscript.site, "TypeError")
            for value in container:
                if isinstance(value, ListValue | DictValue):
                    self.heap.write_item(value.ref, index, values)
                elif isinstance(value, InstanceDict):  # ``self.__dict__[name] = v``
                    names = [i.value for i in index if isinstance(i, Const)]
                    named = len(names) == len(index) == 1 and isinstance(names[0], str)
                    name = names[0] if named else ANY_FIELD
                    ref = value.instance.ref
                    self.heap.write_field(ref, name, values if named else ANY)
                    state.forget(Place(ref, name))
        elif isinstance(target, ast.Starred):
            self.assign(target.value, ANY, frame, state, None)

    def _named_shape(
        self,
        target: ast.Tuple | ast.List,
        values: Values,
        source: ast.expr | None,
        frame: Frame,
        state: State,
    ) -> Values:
        """``b, n = x.shape`` of an array whose shape is not known: ``x`` has that many axes,
        of the sizes the names stand for (``x`` is rebound with that shape)."""
        if not (
            isinstance(source, ast.Attribute)
            and source.attr == "shape"
            and isinstance(source.value, ast.Name)
            and not any(isinstance(e, ast.Starred) for e in target.elts)
        ):
            return values
        array = state.env.get(source.value.id)
        if array is not None and len(array) == 1 and isinstance(array[0], Unknown_):
            # not known to be an array (a NumPy one?), but these are its sizes
            return one(
                Tuple(
                    tuple(
                        one(Static("int", dim=symbol(e.id, frame.site(e))))
                        if isinstance(e, ast.Name)
                        else _UNKNOWN_INT
                        for e in target.elts
                    )
                )
            )
        if array is None or len(array) != 1 or not isinstance(array[0], Array):
            return values
        known = array[0]
        if known.tree or (known.shape is not None and len(known.shape) != len(target.elts)):
            return values
        dims: list[Dim] = (
            list(known.shape) if known.shape is not None else [None] * len(target.elts)
        )
        for index, element in enumerate(target.elts):
            if dims[index] is None and isinstance(element, ast.Name):
                dims[index] = symbol(element.id, frame.site(element))
        shape = tuple(dims)
        self.bind(
            source.value.id,
            one(known.with_aval(shape, known.dtype, known.weak, known.origin)),
            frame,
            state,
        )
        return one(Tuple(tuple(one(self.apis.methods.dim_value(d)) for d in shape)))

    def _unpack_0d(
        self,
        target: ast.Tuple | ast.List,
        values: Values,
        source: ast.expr | None,
        frame: Frame,
        state: State,
    ) -> NoReturn:
        """``a, b = x`` of a 0-d JAX array: unpacking iterates over the first axis, and a 0-d
        array has none, so JAX raises TypeError (a tracer's at trace time)."""
        shaping = self.apis.shaping
        aval = shaping.aval_of(values, self.heap)
        label = ast.unparse(source) if source is not None else "the value"
        mismatch = shaping.Mismatch(
            "unpack-0d",
            f"iteration over a 0-d array: `{label}` is {aval.describe()}, with no axis to "
            f"unpack into {len(target.elts)} names",
            (),
            source,
        )
        self.shape_error(frame.site(target), "unpacking", mismatch, frame, state)

    def unpack(self, values: Values, count: int, frame: Frame, node: ast.AST) -> list[Values]:
        """``values`` unpacked into ``count`` parts (``a, b = values``)."""
        parts: list[list[Values]] = [[] for _ in range(count)]
        for value in values:
            items = self.items_of(value, count, frame, node)
            for position in range(count):
                parts[position].append(items[position] if items is not None else ANY)
        return [join(*p) if p else ANY for p in parts]

    def items_of(
        self, value: Value, count: int, frame: Frame, node: ast.AST
    ) -> list[Values] | None:
        if isinstance(value, Tuple):
            return list(value.items) if len(value.items) == count else None
        if isinstance(value, ListValue):
            items = self.heap.list_items(value.ref)
            return list(items) if items is not None and len(items) == count else None
        if isinstance(value, KeyArray):
            site = value.identity
            return [
                one(Key((site, i) if site is not None else None, value.typed, value.flavours))
                for i in range(count)
            ]
        if isinstance(value, Static) and value.element is not None:
            return [value.element] * count
        if isinstance(value, Array):
            return [one(_row_of(value))] * count
        return None

    def _exec_if(self, node: ast.If, frame: Frame, state: State) -> None:
        test, outcomes = self.condition(node.test, frame, state, operation_site=node)
        truth = self.truth(test, frame, state)
        if frame.context:
            self._note_branching(node, frame, truth)
        if truth is True:
            self.exec_block(node.body, frame, state)
            return
        if truth is False:
            self.exec_block(node.orelse, frame, state)
            return
        body, orelse = state.copy(), state.copy()
        body.assume(outcomes.if_true)
        orelse.assume(outcomes.if_false)
        _narrow_none(node.test, body, orelse)
        self._narrow_by_type(node.test, frame, state, body, orelse)
        passed = _optional_passed(frame, [body, orelse])
        straight = self._branch()
        guarded = self._undecided_guard(node.test, test, frame)
        self._guarded += guarded
        try:
            branch = self.exec_block(node.body, frame, body)
            other = self.exec_block(node.orelse, frame, orelse)
        finally:
            self._guarded -= guarded
            self._rejoin(straight, [node])
        merged = State.merge([branch, other])
        if guarded and branch.live and other.live:
            _mark_guard_chosen(merged, branch, other)
        _replace(state, merged)
        left = _left_by(node.body, branch) or _left_by(node.orelse, other)
        if not left:
            _optional_left_out_again(state, passed)
        if guarded and state.live and left:
            # ``if x is None: return ...``: what follows runs only where the guard sent it
            state.guarded = True

    def _note_branching(self, node: ast.AST, frame: Frame, truth: bool | None) -> None:
        """Remember where a branch of a Pallas kernel's code went (``Facts.branchings``):
        the Pallas rules make a finding only on a path the kernel surely runs."""
        if any(trace.kind.startswith(_PALLAS) for trace in frame.context):
            self.facts.branchings.append(Branching(frame.site(node), truth))

    def _undecided_guard(self, test: ast.expr, values: Values, frame: Frame) -> bool:
        """Whether an error in a branch of a guard ``test`` the analysis cannot decide rests
        on the guard (``Assumption.GUARD``): where the test asks what a value is (None or
        not, its type, an attribute, its shape, rank or length, which named option a string
        is), which the analysis does not know but the code does; where its value is one of
        several constants, each from a path the analysis joined (``skip = True`` on one
        branch, ``False`` on another), so what else those paths set is no longer tied to it;
        or where the frame runs on unknown arguments in place of its caller's.  A comparison
        of data of unknown value (``kind == Kind.PLANE`` for each kind a loop walks,
        ``n > 3``, ``len(x[mask]) > 0``) is no such guard: each of its branches is one some
        run takes, and an error there stays an error, except on an optional argument its
        caller left out (``_optional_passed``).
        """
        return (
            frame.widened
            or _tests_what_a_value_is(test, self._selects_by_array, self._type_flags(frame))
            or (len(values) > 1 and all(isinstance(value, Const) for value in values))
            or self._reads_the_host(test, frame)
        )

    def _type_flags(self, frame: Frame) -> frozenset[str]:
        """The names the frame's function sets from a call that tests what a value is
        (dftax's ``prebuilt = isinstance(aux, BasisData)``, then ``if not prebuilt:``):
        testing one asks what the value is, as the call it holds does."""
        function = frame.function
        if function is None or isinstance(function.node, ast.Lambda):
            return frozenset()
        kept = self._flag_locals.get(id(function.node))
        if kept is not None and kept[0] is function.node:
            return kept[1]
        selects = self._selects_by_array
        flags = frozenset(
            target.id
            for statement in statements(function.node.body)  # (an assignment is a statement)
            if isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Call)  # (``flag = x is None`` stays a bool)
            and _tests_what_a_value_is(statement.value, selects)
            for target in statement.targets
            if isinstance(target, ast.Name)
        )
        self._flag_locals[id(function.node)] = (function.node, flags)
        return flags

    # the host the code runs on ---------------------------------------------------------------

    def _reads_the_host(self, test: ast.expr, frame: Frame) -> bool:
        """Whether a guard's test reads what the machine that runs the code says (an
        environment variable, the platform, the devices and backend), directly or through a
        name set from it (a module's ``USE_X = os.environ.get(...) == "1"``, imported too):
        what the user's run sees there is not known, and each branch may be the one it takes."""
        module = self.modules.get(frame.module_key)
        if module is None or not self._may_reach_the_host(module):
            return False
        function = frame.function
        if function is None or isinstance(function.node, ast.Lambda):
            return self._host_expr(test, module, set())
        local = frame.local_names

        def is_local(name: str) -> bool:
            return name in local or binding_scope(frame.closure, name) is not None

        kept = self._host_locals.get(id(function.node))
        if kept is not None and kept[0] is function.node:
            host = kept[1]
        else:
            host = _names_set_from(
                function.node.body,
                lambda expr, found: self._host_expr(expr, module, found, is_local),
            )
            self._host_locals[id(function.node)] = (function.node, host)
        return self._host_expr(test, module, set(host), is_local)

    def _may_reach_the_host(self, module: ModuleState) -> bool:
        """Whether code of ``module`` may read a fact of the host at all: it imports a
        workspace module (whose globals may hold one, or be set from one), or its text spells
        a name one is reached by (``_HOST_SPELLINGS``: an import, an attribute or a ``getattr``
        that reaches one spells it).  Where neither holds, no guard there reads the host, and
        the module's assignments and each function's are not walked for names set from it
        (those walks were 2 % of a fresh open of bench's 2,000-line file, which reads none).
        The text is searched once per parse."""
        if module.imports:
            return True  # (workspace modules it imported so far)
        parsed = module.parsed
        cached = self._host_spelled.get(module.key)
        if cached is not None and cached[0] is parsed:
            return cached[1]
        text = module.source.text or "\n".join(parsed.lines)
        spelled = any(name.search(text) for name in _HOST_SPELLINGS) or any(
            self._imports_from_workspace(statement, module)
            for chunk in parsed.chunks
            for statement in chunk.tree.body
        )
        self._host_spelled[module.key] = (parsed, spelled)
        return spelled

    def _imports_from_workspace(self, statement: ast.stmt, module: ModuleState) -> bool:
        """Whether a top-level ``from ... import`` of ``module`` names another workspace
        module (``_host_globals`` reads the names that module sets from the host)."""
        if not isinstance(statement, ast.ImportFrom):
            return False
        base = self.workspace.absolute_name(statement.module or "", statement.level, module.source)
        other = self.module_named(base, module) if base else None
        return other is not None and other is not module

    def _host_expr(
        self,
        expr: ast.AST,
        module: ModuleState,
        host: set[str],
        is_local: Callable[[str], bool] | None = None,
    ) -> bool:
        """Whether ``expr``, read in ``module`` where the names ``host`` were set from the
        host (and the names ``is_local`` says are a function's own, not the module's),
        reads the host.

        An attribute chain on a name (``os.environ.get``) is asked whole, and its name: a
        shorter chain of it (``os.environ``) that names a host fact makes the whole one name
        something in it, and one through a module asks of the first attribute alone, so the
        chain's inner attributes are not asked again."""
        pending: list[Any] = [expr]  # (each read as its class, which each branch tests)
        while pending:
            node = pending.pop()
            if type(node) is _ATTRIBUTE:
                root = node.value
                while type(root) is _ATTRIBUTE:
                    root = root.value
                if type(root) is not _NAME:
                    # no part of the chain is a dotted name: what it reads from is walked
                    pending.append(root)
                    continue
                if self._host_dotted(node, module, is_local):
                    return True
                node = root
            if type(node) is _NAME:
                if node.id in host or self._host_dotted(node, module, is_local):
                    return True
                continue
            pending.extend(child_nodes(node))
        return False

    def _host_dotted(
        self,
        node: ast.Attribute | ast.Name,
        module: ModuleState,
        is_local: Callable[[str], bool] | None,
    ) -> bool:
        """A dotted name of ``module`` (``os.environ``, ``sys.platform``, ``envs.USE_X``)
        that is a fact of the host, or a global another module set from one."""
        attributes: list[str] = []
        root: ast.expr = node
        while isinstance(root, _ATTRIBUTE):
            attributes.append(root.attr)
            root = root.value
        if not isinstance(root, _NAME) or (is_local is not None and is_local(root.id)):
            return False
        attributes.reverse()
        if not attributes and root.id in self._host_globals(module):
            return True
        values = self.global_value(module, root.id)  # announced: a summary rests on it
        for value in values or ():
            if isinstance(value, Api) and _is_host_fact(".".join([value.qualified, *attributes])):
                return True
            if isinstance(value, ModuleValue) and attributes:
                other = self.modules.get(value.module)
                if other is not None and attributes[0] in self._host_globals(other):
                    return True
        return False

    def _host_globals(self, module: ModuleState) -> frozenset[str]:
        """The globals of ``module`` its top level sets from the host, or imports from
        another module that does (found once per parse of the module)."""
        parsed = module.parsed
        cached = self._host_names.get(module.key)
        if cached is not None and cached[0] is parsed:
            return cached[1]
        self._host_names[module.key] = (parsed, frozenset())  # (an import cycle)
        found: set[str] = set()
        statements = [statement for chunk in parsed.chunks for statement in chunk.tree.body]
        for statement in statements:
            if isinstance(statement, ast.ImportFrom):
                base = self.workspace.absolute_name(
                    statement.module or "", statement.level, module.source
                )
                other = self.module_named(base, module) if base else None
                if other is not None and other is not module:
                    names = self._host_globals(other)
                    found.update(
                        alias.asname or alias.name
                        for alias in statement.names
                        if alias.name in names
                    )
        found |= _names_set_from(
            statements, lambda expr, host: self._host_expr(expr, module, host | found)
        )
        result = frozenset(found)
        self._host_names[module.key] = (parsed, result)
        return result

    def _selects_by_array(self, node: ast.Subscript) -> bool:
        """Whether ``node``, a subscript of the test just evaluated, indexed by an array (a
        boolean mask, or positions such as ``np.nonzero`` gives): how many items it picks is
        what the data holds (``len(x[mask]) > 0`` with a NaN in ``x``)."""
        subscripts = self.facts.subscripts
        for subscript in reversed(subscripts[-_RECENT_SUBSCRIPTS:]):
            if subscript.site.node is node:
                index = subscript.index
                return bool(index) and all(
                    isinstance(value, NumpyArray) or (isinstance(value, Array) and not value.tree)
                    for value in index
                )
        return False

    def _narrow_by_type(
        self, test: ast.expr, frame: Frame, state: State, yes: State, no: State
    ) -> None:
        """``if isinstance(x, T)`` (or ``not isinstance``) on a local that holds several
        alternatives (an int or an array, joined by a loop): where the test holds, ``x`` is
        the alternatives it may hold for, and in the other branch the rest.  Each alternative
        is tested alone."""
        negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
        call = test.operand if isinstance(test, ast.UnaryOp) and negated else test
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "isinstance"
            and len(call.args) == 2
            and not call.keywords
            and isinstance(call.args[0], ast.Name)
        ):
            return
        name = call.args[0].id
        values = state.env.get(name)
        if values is None or (len(values) < 2 and not _is_tree(values)):
            return
        holds: list[Value] = []
        fails: list[Value] = []
        # the test was evaluated (and its facts recorded) once on the whole value: each
        # alternative's evaluation only tells which branch it may take
        lists = self.facts.lists()
        lengths = [len(found) for found in lists]
        try:
            for value in values:
                alone = state.copy()
                alone.env[name] = one(value)
                truth = self.truth(self.eval(call, frame, alone), frame, alone)
                if truth is None and isinstance(value, Array) and value.tree:
                    # arrays or a pytree of them: an array where it is one (a ``Tracer``,
                    # a ``jax.Array``), else a container nothing more is known of
                    holds.append(replace(value, tree=False))
                    fails.append(UNKNOWN)
                    continue
                if truth is not False:
                    holds.append(value)
                if truth is not True:
                    fails.append(value)
        finally:
            for found, length in zip(lists, lengths, strict=True):
                del found[length:]
        if negated:
            holds, fails = fails, holds
        for branch, kept in ((yes, holds), (no, fails)):
            if kept and kept != list(values):
                branch.env[name] = join(*(one(value) for value in kept))

    def _exec_while(self, node: ast.While, frame: Frame, state: State) -> None:
        test = self.test(node.test, frame, state, operation_site=node)
        truth = self.truth(test, frame, state)
        if frame.context:
            self._note_branching(node, frame, truth)
        if truth is False:
            self.exec_block(node.orelse, frame, state)
            return
        # the body of a loop whose test is not decided runs on the path an ``if`` with that
        # test would take: an error there rests on the test as it would in the ``if``
        guarded = truth is None and self._undecided_guard(node.test, test, frame)
        passed = _optional_passed(frame, [state]) if truth is None else {}
        straight = self._branch()
        self._guarded += guarded
        try:
            self._loop(node, node.body, frame, state, lambda s, e: None, _Passes([ANY, ANY], False))
        finally:
            self._guarded -= guarded
            self._rejoin(straight, [node])
        _optional_left_out_again(state, passed)
        self.exec_block(node.orelse, frame, state)

    def _exec_for(self, node: ast.For | ast.AsyncFor, frame: Frame, state: State) -> None:
        iterable = self.eval(node.iter, frame, state)

        def bind_target(loop_state: State, element: Values) -> None:
            # each pass takes a new element: keys drawn from a key array are new ones
            for identity in _key_identities(element):
                self.made_key(identity, frame, loop_state)
            self.assign(node.target, element, frame, loop_state, None)

        passes = self._passes(iterable)
        if frame.context:
            self._note_branching(node, frame, bool(passes.elements) if passes.known else None)
        if self.straight is not None and passes.known and not self._loop_exits(node):
            # each pass runs once, in order: still straight code
            self._loop(node, node.body, frame, state, bind_target, passes)
        else:
            straight = self._branch()
            try:
                self._loop(node, node.body, frame, state, bind_target, passes)
            finally:
                self._rejoin(straight, [node])
        self.exec_block(node.orelse, frame, state)

    def _loop_exits(self, node: ast.For | ast.AsyncFor) -> bool:
        """Whether a pass of the loop may end early (``_exits``), worked out once."""
        exits = self._exiting.get(id(node))
        if exits is None:
            exits = self._exiting[id(node)] = _exits(node.body)
        return exits

    def _passes(self, iterable: Values) -> _Passes:
        """The elements a loop over ``iterable`` takes, pass by pass: each of a few known items
        in turn (a loop over config values), else the join of every element, twice."""
        items = known_items(iterable, self.heap)
        if (
            items is not None
            and len(items) <= MAX_UNROLLED
            and len(items) * self._nested_passes <= MAX_NESTED_PASSES
        ):
            return _Passes(items, True)
        element = self.element_of(iterable)
        return _Passes([element, element], False)

    def _loop(
        self,
        node: ast.AST,
        body: list[ast.stmt],
        frame: Frame,
        state: State,
        enter: Callable[[State, Values], None],
        passes: _Passes,
    ) -> None:
        """Run a loop body once per pass, each from where the last ended (a key consumed in
        the body without being taken anew is reused by the next pass).  After a loop over
        known items with no ``break``, every pass ran: the state is the last pass's;
        otherwise it is the join of not looping and every pass."""
        entry = state.copy()
        ends: list[State] = []
        with self._in_loop(node, frame, len(passes.elements)):
            current = entry
            for index, element in enumerate(passes.elements):
                current = current.copy()
                # a second pass of a loop of unknown count may never run (one item, a test
                # false after one pass): what only it finds is no proof
                later = index > 0 and not passes.known
                self._later_passes += later
                self._guarded += later
                try:
                    with self._in_pass(frame, index if passes.known else None):
                        enter(current, element)
                        current = _past_loop_exits(self.exec_block(body, frame, current))
                finally:
                    self._later_passes -= later
                    self._guarded -= later
                ends.append(current)
        if not ends:
            return
        if passes.known and not _breaks(body):
            _replace(state, ends[-1])
        else:
            _replace(state, State.merge([entry, *ends]))

    def _in_loop(self, node: ast.AST, frame: Frame, passes: int) -> _LoopScope:
        return _LoopScope(self, frame.site(node), passes)

    @contextlib.contextmanager
    def _in_pass(self, frame: Frame, index: int | None) -> Iterator[None]:
        """One pass of a loop: of a loop over known items when ``index`` is its position."""
        if index is None:
            yield
            return
        self._unrolled.append((id(frame), index))
        try:
            yield
        finally:
            self._unrolled.pop()

    def _exec_with(self, node: ast.With | ast.AsyncWith, frame: Frame, state: State) -> None:
        eager = False
        for item in node.items:
            value = self.eval(item.context_expr, frame, state)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, self.enter_context(value), frame, state, None)
            eager = eager or self._compile_time_eval(item.context_expr, frame, state)
        expected = _expected_errors(node)
        if expected is not None:
            self._expect_errors(expected, node.body, frame, state)
            return
        if not eager:
            self.exec_block(node.body, frame, state)
            return
        # ``with jax.ensure_compile_time_eval():`` computes what no tracer feeds eagerly,
        # under jit too: the frame's staging does not trace what its body makes
        self._eager_frames.append(frame)
        try:
            self.exec_block(node.body, frame, state)
        finally:
            self._eager_frames.pop()

    def _expect_errors(
        self, expected: frozenset[str], body: list[ast.stmt], frame: Frame, state: State
    ) -> None:
        """The body of ``with pytest.raises(E):`` (``self.assertRaises(E)``...): a test that
        asks for the error, which the ``with`` catches as ``except E`` would; the path goes
        on after it whether the body raised or not."""
        entry = state.copy()
        self._catching.append(expected)
        try:
            body_state = self.exec_block(body, frame, state.copy())
        finally:
            self._catching.pop()
        after = State.merge([entry, body_state]) if body_state.live else entry
        after.live = True
        _replace(state, after)

    def _compile_time_eval(self, context: ast.expr, frame: Frame, state: State) -> bool:
        if not isinstance(context, ast.Call) or not isinstance(
            context.func, ast.Name | ast.Attribute
        ):
            return False  # (a name or attribute is read again without effects; a call is not)
        made_by = self.eval(context.func, frame, state)
        return len(made_by) == 1 and (
            isinstance(made_by[0], Api)
            and made_by[0].qualified.endswith("ensure_compile_time_eval")
        )

    def enter_context(self, values: Values) -> Values:
        return ANY

    def _exec_try(self, node: ast.Try | ast.TryStar, frame: Frame, state: State) -> None:
        straight = self._branch()
        try:
            self._run_try(node, frame, state)
        finally:
            self._rejoin(straight, [node])

    def _run_try(self, node: ast.Try | ast.TryStar, frame: Frame, state: State) -> None:
        entry = state.copy()
        self._catching.append(_caught_names(node.handlers))
        try:
            body = self.exec_block(node.body, frame, state.copy())
        finally:
            self._catching.pop()
        outcomes = [self.exec_block(node.orelse, frame, body)]
        for handler in node.handlers:
            handled = State.merge([entry, body]) if body.live else entry.copy()
            handled.live = True
            if handler.type is not None:
                self.eval(handler.type, frame, handled)
            if handler.name:
                self.bind(handler.name, ANY, frame, handled)
            outcomes.append(self.exec_block(handler.body, frame, handled))
        merged = State.merge(outcomes)
        if node.finalbody:
            final = merged if merged.live else State.merge([merged, entry])
            final.live = True
            self.exec_block(node.finalbody, frame, final)
            if not merged.live:
                final.live = False
            merged = final
        _replace(state, merged)

    def _exec_match(self, node: ast.Match, frame: Frame, state: State) -> None:
        """Each case runs where its pattern may match: one that surely does not (a literal
        other than the subject's known value) is skipped, one that surely does with no
        ``if`` ends the cases, and an undecided one that asks what the subject is (its rank,
        type, structure, a named option) is a guard, as an ``if`` on the same test."""
        subject = self.eval(node.subject, frame, state)
        unmatched: State | None = state.copy()
        outcomes: list[State] = []
        straight = self._branch()
        try:
            for case in node.cases:
                matches = _pattern_matches(case.pattern, subject)
                if matches is False:
                    continue
                branch = state.copy()
                for inner in ast.walk(case.pattern):
                    name = getattr(inner, "name", None)
                    if isinstance(name, str):
                        self.bind(name, ANY, frame, branch)
                guarded = matches is None and self._undecided_case(node.subject, case, frame)
                self._guarded += guarded
                try:
                    if case.guard is not None:
                        self.test(case.guard, frame, branch)
                    outcomes.append(self.exec_block(case.body, frame, branch))
                finally:
                    self._guarded -= guarded
                if matches is True and case.guard is None:
                    unmatched = None  # no case after this one runs
                    break
        finally:
            self._rejoin(straight, [node])
        if unmatched is not None:
            outcomes.insert(0, unmatched)
        if not outcomes:
            state.live = False
            return
        _replace(state, State.merge(outcomes))

    def _undecided_case(self, subject: ast.expr, case: ast.match_case, frame: Frame) -> bool:
        """Whether an error in a case the analysis cannot decide rests on the case's
        pattern (``Assumption.GUARD``): as ``_undecided_guard`` for ``subject == value``; a
        class, sequence, mapping or singleton pattern asks what the subject is."""
        pattern = case.pattern
        if frame.widened:
            return True
        if isinstance(pattern, ast.MatchValue):
            test = ast.Compare(left=subject, ops=[ast.Eq()], comparators=[pattern.value])
            return _tests_what_a_value_is(test, self._selects_by_array)
        if isinstance(pattern, ast.MatchOr):
            return any(
                self._undecided_case(subject, ast.match_case(pattern=p, body=[]), frame)
                for p in pattern.patterns
            )
        return isinstance(
            pattern, ast.MatchClass | ast.MatchSequence | ast.MatchMapping | ast.MatchSingleton
        )

    def _exec_return(self, node: ast.Return, frame: Frame, state: State) -> None:
        values = NONE_SET if node.value is None else self.eval(node.value, frame, state)
        frame.returns.append((frame.site(node), values))
        self._leave(frame, state)

    def _leave(self, frame: Frame, state: State) -> None:
        """A path leaves the frame: what it consumed is consumed for the caller only if every
        path that leaves consumed it."""
        if frame.function is not None:
            if not frame.left:
                frame.consumed = dict(state.consumed) if state.consumed else NOT_WRITTEN
                frame.left = True
            elif isinstance(consumed := frame.consumed, dict):  # (else empty)
                for identity in list(consumed):
                    if identity not in state.consumed:
                        del consumed[identity]
        state.live = False

    def _exec_raise(self, node: ast.Raise, frame: Frame, state: State) -> None:
        if node.exc is not None:
            self.eval(node.exc, frame, state)
        state.live = False

    def _exec_stop(self, node: ast.stmt, frame: Frame, state: State) -> None:
        """``break`` / ``continue``: the path goes on after (or around) the loop."""
        state.live = False
        state.exit = "loop"

    def _exec_assert(self, node: ast.Assert, frame: Frame, state: State) -> None:
        test, outcomes = self.condition(node.test, frame, state, operation_site=node)
        if self.truth(test, frame, state) is False:  # ``assert False``: the path ends here
            if node.msg is not None:
                self.eval(node.msg, frame, state)
            state.live = False
            return
        state.assume(outcomes.if_true)

    def _exec_delete(self, node: ast.Delete, frame: Frame, state: State) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                state.env.pop(target.id, None)
            elif isinstance(target, ast.Subscript):
                # ``del items[i]``: the list's length is no longer known; ``del d[key]``:
                # that key may be gone (``Heap.remove_item``)
                index = self.eval(target.slice, frame, state)
                for value in self.eval(target.value, frame, state):
                    if isinstance(value, DictValue):
                        self.heap.remove_item(value.ref, index)
                    elif isinstance(value, ListValue):
                        self.heap.forget_layout(value.ref)
            else:
                self.eval(target, frame, state)

    def _exec_import(self, node: ast.Import, frame: Frame, state: State) -> None:
        for alias in node.names:
            if alias.asname:
                self.bind(alias.asname, self.import_module(alias.name, frame), frame, state)
            else:
                head = alias.name.split(".")[0]
                self.import_module(alias.name, frame)  # runs the submodule, like Python
                self.bind(head, self.import_module(head, frame), frame, state)

    def _exec_import_from(self, node: ast.ImportFrom, frame: Frame, state: State) -> None:
        importer = self.modules[frame.module_key].source
        base = self.workspace.absolute_name(node.module or "", node.level, importer)
        if base is None:
            for alias in node.names:
                self.bind(alias.asname or alias.name, ANY, frame, state)
            return
        module = self.import_module(base, frame)
        for alias in node.names:
            if alias.name == "*":
                self._import_star(module, frame, state)
                continue
            value = self.attribute(module, alias.name, frame)
            if value == ANY and any(isinstance(m, ModuleValue) for m in module):
                value = self.import_module(f"{base}.{alias.name}", frame)
            self.bind(alias.asname or alias.name, value, frame, state)

    def _import_star(self, module: Values, frame: Frame, state: State) -> None:
        observer = self.observer
        for value in module:
            imported = self.modules.get(value.module) if isinstance(value, ModuleValue) else None
            if imported is None:
                continue
            if imported.frame is None:
                observer.star_imported(imported.key, None)
                continue
            public = [
                (name, values)
                for name, values in imported.frame.state.env.items()
                if not name.startswith("_")
            ]
            observer.star_imported(imported.key, frozenset(name for name, _ in public))
            for name, values in public:
                observer.global_read(imported.key, name, values)
                self.bind(name, values, frame, state)

    def import_module(self, name: str, frame: Frame) -> Values:
        """A workspace module (run now, if this analysis did not run it yet), or the modelled
        external module ``name``."""
        importer = self.modules[frame.module_key]
        module = self.module_named(name, importer)
        if module is None:
            return one(Api(self.apis.canonical(name)))
        self.observer.module_imported(importer.key, module.key)
        if module.frame is None:
            self.run_module(module)
        importer.imports.add(module.key)
        return one(ModuleValue(module.key))

    def _exec_function_def(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, frame: Frame, state: State
    ) -> None:
        decorators = [self.eval(d, frame, state) for d in node.decorator_list]
        function = self.make_function(node, frame, state)
        values: Values = (function,)
        for decorator, expression in zip(
            reversed(decorators), reversed(node.decorator_list), strict=True
        ):
            ran_before = len(self.facts.frames)
            decorated = self.call(
                decorator, Arguments([values], nodes=[None]), frame.site(expression), frame, state
            )
            if decorated != ANY:
                values = decorated
            elif self._made_by_transparent_factory(expression, frame, state):
                pass  # ``functools.lru_cache(maxsize=1)``: a wrapper returning what it returns
            elif any(isinstance(v, _RUN_DECORATORS) for v in decorator):
                # code the analysis ran made something it cannot tell of the function: the
                # function stands for it, on the assumption that its arguments reach it as
                # they are (an unmodelled library's decorator is taken as the function)
                values = _behind_decorator(values)
                if self._handed_on(decorator, ran_before):
                    # and what calls of it return is the unseen wrapper's, not the body's
                    values = _returning_unknown(values)
            elif decorator and all(_unmodelled_decorator(v) for v in decorator):
                # an unmodelled library's decorator: the wrapper it makes may return
                # something else (``value_and_grad``), so a call's result is not known
                values = _returning_unknown(values)
        if (
            decorators
            and all(_unmodelled_decorator(v) for v in decorators[0])
            and not self._made_by_transparent_factory(node.decorator_list[0], frame, state)
        ):
            values = self._registered_overloads(node, values, state)
        self.defined.setdefault(function.site, values)
        self.bind(node.name, values, frame, state)

    def _handed_on(self, decorator: Values, ran_before: int) -> bool:
        """Whether a decorator of the user's that returned something the analysis cannot
        tell did so because its body handed the function to code it cannot see (``return
        lib.wrap(f)``, ``functools.singledispatch(f)``, a registry), not because it ran on
        widened arguments (a decorator used on many functions): a frame of it that began
        after ``ran_before`` ran on the function itself."""
        sites = {
            v.site if isinstance(v, Function) else v.function.site
            for v in decorator
            if isinstance(v, Function | BoundMethod)
        }
        return any(
            ran.function is not None and ran.function.site in sites and not ran.widened
            for ran in self.facts.frames[ran_before:]
        )

    def _made_by_transparent_factory(
        self, expression: ast.expr, frame: Frame, state: State
    ) -> bool:
        """Whether a decorator is the call of a library's decorator factory whose decorators
        keep what the function returns (``functools.lru_cache(maxsize=1)``)."""
        if not isinstance(expression, ast.Call):
            return False
        factory = self.eval(expression.func, frame, state)
        return bool(factory) and all(
            isinstance(v, Api) and v.qualified in _TRANSPARENT_DECORATOR_FACTORIES for v in factory
        )

    def _registered_overloads(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, values: Values, state: State
    ) -> Values:
        """``values`` joined with what ``node``'s name already holds when that was defined
        under the same outermost decorator, one the analysis does not know (``@multimethod``,
        ``@dispatch``): a second definition under a registering decorator adds an overload
        chosen by the arguments' types at run time, it does not replace the first.  Which one
        a call reaches is not known, so each function runs behind its decorator (an error in
        it rests on that).  A plain redefinition, or one under a known decorator, replaces
        the name."""
        earlier = state.env.get(node.name)
        if not earlier:
            return values
        outermost = ast.dump(node.decorator_list[0])
        overloads = tuple(v for v in earlier if _outermost_decorator(v) == outermost)
        if not overloads:
            return values
        return _behind_decorator(overloads + values)

    def make_function(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, frame: Frame, state: State
    ) -> Function:
        arguments = node.args
        defaults = tuple(self.eval(d, frame, state) for d in arguments.defaults)
        kw_defaults = tuple(
            (arg.arg, self.eval(default, frame, state))
            for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if default is not None
        )
        closure = None if frame.function is None and not frame.is_class else frame
        if frame.is_class:
            closure = frame.closure if frame.closure is not None else None
        owner = frame.class_value
        captured = _captured(node, frame, state) if closure is frame else ()
        made_assuming = tuple(state.assumed.items()) if captured and state.assumed else ()
        return Function(
            node,
            frame.site(node),
            closure,
            defaults,
            kw_defaults,
            owner,
            captured=captured,
            made_assuming=made_assuming,
        )

    def _exec_class_def(self, node: ast.ClassDef, frame: Frame, state: State) -> None:
        decorators = [self.eval(d, frame, state) for d in node.decorator_list]
        bases = tuple(self.eval(b, frame, state) for b in node.bases)
        for keyword in node.keywords:
            self.eval(keyword.value, frame, state)
        flavour = self.apis.class_flavour(bases, decorators)
        cls = ClassValue(node, frame.site(node), {}, bases, flavour, tuple(decorators))
        scopes = scopes_in(frame.chunk.tree)
        names = scopes.names(node)
        body_frame = Frame(
            frame.module_key,
            frame.function,
            frame.chunk,
            context=frame.context,
            open_context=frame.open_context,
            caller=frame.caller,
            closure=frame if frame.function is not None else frame.closure,
            state=State({}, state.consumed),
            local_names=names.local,
            global_names=names.declared_global,
            scopes=scopes,
            is_class=True,
            class_value=cls,
        )
        self.exec_block(node.body, body_frame, body_frame.state)
        cls.namespace.update(body_frame.state.env)
        values: Values = one(cls)
        for decorator, expression in zip(
            reversed(decorators), reversed(node.decorator_list), strict=True
        ):
            decorated = self.call(
                decorator, Arguments([values], nodes=[None]), frame.site(expression), frame, state
            )
            if decorated != ANY and not any(isinstance(v, ClassValue) for v in decorated):
                values = decorated
            elif decorated and all(isinstance(v, ClassValue) for v in decorated):
                # the class as the decorator made it (a dataclass), or the class it returned
                # in its place (a subclass made inside the decorator)
                values = decorated
        self.defined.setdefault(cls.site, values)
        self.bind(node.name, values, frame, state)

    def _exec_global(self, node: ast.stmt, frame: Frame, state: State) -> None:
        return None

    # expressions ----------------------------------------------------------------------------

    def eval(self, node: ast.expr, frame: Frame, state: State) -> Values:
        handler = _EXPRESSIONS.get(type(node))
        if handler is None:
            return ANY
        return handler(self, node, frame, state)

    def _eval_constant(self, node: ast.Constant, frame: Frame, state: State) -> Values:
        return (Const(node.value),)

    def _eval_name(self, node: ast.Name, frame: Frame, state: State) -> Values:
        values = self.lookup(node.id, frame, state)
        self._note_read(node, values, frame)
        return values

    def _note_read(self, node: ast.Name | ast.Attribute, values: Values, frame: Frame) -> None:
        """Remember what a name or attribute read held: a modelled API or a value one made
        (the first seen), for hovers; arrays, for the hovers and inlay hints that show
        shapes."""
        if len(values) != 1:
            self._note_shape(node, values, frame, "read")
            return
        value = values[0]
        if type(value) is Array:
            if not value.tree:
                self.facts.shape_notes.append(new_shape_note((frame.site(node), values, "read")))
        elif (
            type(value) in _HOVERED
            or (type(value) is ApiMethod and type(value.owner[0]) is CustomDerivative)
        ) and (key := (frame.module_key, node)) not in self.facts.named:
            self.facts.named[key] = (frame.site(node), value)

    def _eval_attribute(self, node: ast.Attribute, frame: Frame, state: State) -> Values:
        owner = self.eval(node.value, frame, state)
        if len(owner) == 1 and type(owner[0]) is Api:
            values = self.api_attribute(owner[0], node.attr)  # ``jnp.sum``: most reads
        elif state.patched and any(
            _patched_read(value, node.attr, state.patched) for value in owner
        ):
            # the test's replacement (``utils.kinematics``, ``Loader.batch`` patched), not
            # the global or the class's attribute
            values = ANY
        else:
            values = self.attribute(owner, node.attr, frame, frame.site(node))
        self._note_read(node, values, frame)
        return values

    def _note_shape(self, node: ast.AST, values: Values, frame: Frame, role: str) -> None:
        """Remember the arrays a name held, for the hovers and inlay hints that show shapes;
        and every known return, so a function that returns an array in one call and a tuple
        in another gets no return hint."""
        for value in values:
            if type(value) is Array and not value.tree:
                break
        else:
            if role != "return" or all(isinstance(v, Unknown) for v in values):
                return
        self.facts.shape_notes.append(new_shape_note((frame.site(node), values, role)))

    def attribute(self, owner: Values, name: str, frame: Frame, site: Site | None = None) -> Values:
        if len(owner) == 1:
            return self.attribute_of(owner[0], name, frame, site)
        found = [self.attribute_of(value, name, frame, site) for value in owner]
        return _one_method_of_alternatives(join(*found)) if found else ANY

    def api_attribute(self, api: Api, name: str) -> Values:
        """``name`` of a modelled module or API (``jnp.sum``): the same at every read."""
        key = (api.qualified, name)
        found = self._api_attributes.get(key)
        if found is None:
            qualified = self.apis.canonical(f"{api.qualified}.{name}")
            constant = _MODULE_CONSTANTS.get(qualified)
            if constant is not None:
                made = one(constant)
            elif api.qualified == "jax.config" and name not in _CONFIG_METHODS:
                made = ANY  # an option's value: what the run set (env, update, a context)
            else:
                made = one(Api(qualified))
            found = self._api_attributes[key] = made
        return found

    def attribute_of(self, value: Value, name: str, frame: Frame, site: Site | None) -> Values:
        if isinstance(value, Api):
            return self.api_attribute(value, name)
        if isinstance(value, ModuleValue):
            imported = self.modules.get(value.module)
            if imported is None:
                return ANY
            found = self.global_value(imported, name)
            if found is not None:
                return found
            provided = self._lazy_provider(imported, name)
            if provided is not None and (imported.key, name) not in self._resolving:
                # (an index that names the package itself, ``from . import x``, or packages
                # naming each other: the look-up is not made again inside itself)
                provider, provided_name = provided
                if provider.frame is None:
                    self.run_module(provider)
                self._resolving.add((imported.key, name))
                try:
                    return self.attribute_of(ModuleValue(provider.key), provided_name, frame, site)
                finally:
                    self._resolving.discard((imported.key, name))
            submodule = self.module_named(f"{imported.name}.{name}", imported)
            if submodule is not None:
                if submodule.frame is None:
                    self.run_module(submodule)
                return one(ModuleValue(submodule.key))
            return ANY
        if isinstance(value, Instance):
            if name == "__dict__":
                return one(InstanceDict(value))
            field_values = self.heap.read_field(value.ref, name)
            if field_values is not None:
                frame.reads_to_write()[(value.ref, name)] = field_values
                held = _opaque(field_values)
                if held is not None:
                    return one(UnknownAt(Place(value.ref, name), held=held))
                return field_values
            member = value.cls.lookup(name)
            if member is not None:
                if self.heap.read_field(value.ref, ANY_FIELD) is not None and not any(
                    isinstance(m, _CLASS_MEMBERS) for m in member
                ):
                    return ANY  # a field set by a name not known may shadow the class's value
                return self.bind_member(member, one(value), frame)
            if name in _LIBRARY_METHODS:
                # a method a library's base class gives (flax's ``init``/``apply``)
                return self.apis.attribute_of_value(self, value, name, frame, site)
            return ANY
        if isinstance(value, ClassValue):
            member = value.lookup(name)
            if member is None:
                return ANY
            if _enum_member(value, name, member):
                # an instance of the class made from the value written (by ``__new__``, which
                # may make it an int): known only for an enum of no number type
                flag = _plain_enum(value)
                if flag is None:
                    return ANY
                return one(EnumMember(value.name, name, flag, value.site))
            # plain functions stay unbound; a classmethod binds the class
            return tuple(_unwrap_static(m, one(value)) for m in member)
        if isinstance(value, Super):
            for base in value.cls.bases:
                for base_class in base:
                    if isinstance(base_class, ClassValue):
                        member = base_class.lookup(name)
                        if member is not None:
                            return self.bind_member(member, value.self_value, frame)
            if name == "__setattr__":  # object's, when no user base defines its own
                setter = self.api_attribute(Api("builtins.object"), name)
                return one(Partial(setter, (value.self_value,), ()))
            return ANY
        if isinstance(value, UnknownAt) and not value.negated:
            return one(UnknownAt(Place(value.place, name)))  # ``config.use_jit``
        return self.apis.attribute_of_value(self, value, name, frame, site)

    def bind_member(self, member: Values, self_value: Values, frame: Frame) -> Values:
        bound: list[Value] = []
        for value in member:
            if isinstance(value, Function):
                bound.append(BoundMethod(value, self_value))
            elif isinstance(value, StaticMethod):
                classes = tuple(v.cls for v in self_value if isinstance(v, Instance))
                bound.append(_unwrap_static(value, classes or ANY))
            elif isinstance(value, Transformed):
                # a transformed function binds as a method (jit's result is a descriptor,
                # vmap's and grad's are plain functions)
                bound.append(Partial(one(value), (self_value,), ()))
            elif isinstance(value, Property):
                return self.call(
                    one(value.getter), Arguments([self_value]), value.getter.site, frame, State()
                )
            else:
                bound.append(value)
        return tuple(bound) if bound else ANY

    def _eval_call(self, node: ast.Call, frame: Frame, state: State) -> Values:
        callee = self.eval(node.func, frame, state)
        arguments = self.arguments(node, frame, state)
        result = self.call(callee, arguments, frame.site(node), frame, state)
        self._closures_given(callee, arguments, frame, state)
        kind = _patcher(node.func)
        if kind is not None:
            owners = arguments.positional[0] if arguments.positional else ()
            replaced = self._patch_target(node, kind, owners, frame)
            if replaced is not None:
                state.patched = state.patched | {replaced}
        return result

    def _closures_given(
        self, callee: Values, arguments: Arguments, frame: Frame, state: State
    ) -> None:
        """A nested function given to code the analysis does not run (an unknown callee, an
        API nobody modelled: ``make_vjp(f)(x)`` of a library not analysed) may run there, now
        or later: a variable of an enclosing function that it rebinds with ``nonlocal`` may
        hold what it assigned once the call returns, which is not known (agjax's treedef,
        None until the vjp's function ran).  Called directly, or by code the analysis runs,
        the function is followed and writes the binding itself.  A list or dict given there
        may be filled there too (veris's ``exec(code, namespace)``, then
        ``namespace["objective"]``): its items are no longer known (``Heap.given_away``)."""
        for value in callee:  # (a loop, not a generator: asked at every call)
            if type(value) in _UNKNOWNS or self._unmodelled(value):
                break
        else:
            return
        for values in (*arguments.positional, *arguments.keywords.values()):
            for given in values:
                if type(given) in _CONTAINERS:
                    # a list or dict may be filled there (``exec(code, namespace)``)
                    self.heap.given_away(given.ref)  # type: ignore[attr-defined]
            for function in _functions_in(values):
                declared = (
                    scopes_in(function.site.tree).names(function.node).declared_nonlocal
                    if not isinstance(function.node, ast.Lambda)
                    else frozenset()
                )
                for name in declared:
                    self._rebound_elsewhere(name, closure_frame(function), frame, state)

    def _unmodelled(self, value: Value) -> bool:
        """An API the models do not know: calling it runs nothing of what it is given."""
        return isinstance(value, Api) and not self.apis.is_modelled(value.qualified)

    def _rebound_elsewhere(
        self, name: str, enclosing: Frame | None, frame: Frame, state: State
    ) -> None:
        """The enclosing function's binding of ``name`` may also hold an unknown value."""
        while enclosing is not None:
            if enclosing.function is not None and name in enclosing.local_names:
                self.observer.variable_written(enclosing, name)
                if enclosing is frame:
                    state.env[name] = join(state.env.get(name, ANY), ANY)
                    state.not_none = state.not_none - {name}
                else:
                    env = enclosing.state.env
                    env[name] = join(env.get(name, ANY), ANY)
                return
            enclosing = enclosing.closure

    def _patch_target(self, node: ast.Call, kind: str, owners: Values, frame: Frame) -> str | None:
        """What a patcher's call replaces (``_patcher``'s kinds): an API by qualified name,
        the dotted path a string names (``monkeypatch.setattr("jax.shard_map", fake)``,
        ``mock.patch("jax.random.split")``), or an attribute of the module its first argument
        is (``monkeypatch.setattr(jax, "shard_map", fake)``, ``mock.patch.object(jax, "x")``,
        ``setattr(jax, "x", fake)``); or a global of a workspace module, named the same two
        ways (``monkeypatch.setattr(utils, "kinematics", fake)``,
        ``mock.patch("pkg.utils.kinematics")``: ``patched_global``)."""
        first = node.args[0] if node.args else None
        spelled = first.value if isinstance(first, ast.Constant) else None
        if kind in ("string", "either") and isinstance(spelled, str):
            if ".jax." in spelled:
                # ``mock.patch("pkg.loader.jax.jit")``: the attribute of the jax module
                # another module imported, which is the jax module itself
                spelled = spelled[spelled.rindex(".jax.") + 1 :]
            if "." not in spelled:
                return None
            owner, _, name = spelled.rpartition(".")
            importer = self.modules[frame.module_key]
            module = self.module_named(owner, importer)
            if module is not None:
                return patched_global(module.key, name)
            if "." in owner:
                # ``mock.patch("pkg.loader.Loader.batch")``: an attribute of a user's class
                where, _, class_name = owner.rpartition(".")
                module = self.module_named(where, importer)
                found = (
                    ()
                    if module is None or module.frame is None
                    else (module.frame.state.env.get(class_name, ()))
                )
                if len(found) == 1 and type(found[0]) is ClassValue:
                    return patched_class_attribute(found[0], name)
            return self.apis.canonical(spelled)
        if kind not in ("object", "either"):
            return None
        second = node.args[1] if len(node.args) > 1 else None
        if not (isinstance(second, ast.Constant) and isinstance(second.value, str)):
            return None
        if len(owners) != 1:
            return None
        owner_value = owners[0]
        if type(owner_value) is ModuleValue:
            return patched_global(owner_value.module, second.value)
        if type(owner_value) is ClassValue:
            return patched_class_attribute(owner_value, second.value)
        if not isinstance(owner_value, Api):
            return None
        return self.apis.canonical(f"{owner_value.qualified}.{second.value}")

    def _patched_by_decorators(self, function: Function, frame: Frame) -> frozenset[str]:
        """What ``@mock.patch("jax.x")`` (``@patch.object(jax, "x")``) on ``function``
        replaces while its body runs."""
        node = function.node
        if isinstance(node, _LAMBDA) or not node.decorator_list:
            return _NO_NAMES
        found: set[str] = set()
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Call):
                continue
            kind = _patcher(decorator.func)
            if kind not in ("string", "object"):
                continue
            owners: Values = ()
            if kind == "object" and decorator.args:
                closure = frame.closure or frame
                owners = self.eval(decorator.args[0], closure, closure.state.copy())
            replaced = self._patch_target(decorator, kind, owners, frame)
            if replaced is not None:
                found.add(replaced)
        return frozenset(found) if found else _NO_NAMES

    def _replaced(self, value: Api, state: State) -> bool:
        """Whether ``value`` is an API this path replaced, or one of a module it replaced."""
        qualified = self.apis.canonical(value.qualified)
        return any(qualified == name or qualified.startswith(name + ".") for name in state.patched)

    def arguments(self, node: ast.Call, frame: Frame, state: State) -> Arguments:
        positional: list[Values] = []
        nodes: list[ast.expr | None] = []
        starred = False
        for argument in node.args:
            if type(argument) is _STARRED:
                spread = self.eval(argument.value, frame, state)
                items = known_items(spread, self.heap)
                if items is None or starred:
                    starred = True
                else:
                    positional.extend(items)
                    nodes.extend([None] * len(items))
                continue
            if starred:
                self.eval(argument, frame, state)
                continue
            positional.append(self.eval(argument, frame, state))
            nodes.append(argument)
        keywords: dict[str, Values] = {}
        keyword_nodes: dict[str, ast.expr] = {}
        unknown_keywords = False
        for keyword in node.keywords:
            values = self.eval(keyword.value, frame, state)
            if keyword.arg is None:
                # ``**mapping``: a dict of known keys passes them; anything else, unknown ones
                mapping = (
                    self.heap.spread_entries(values[0].ref)
                    if len(values) == 1 and isinstance(values[0], DictValue)
                    else None
                )
                if mapping is None:
                    unknown_keywords = True
                    continue
                entries, maybe = mapping
                for name, given in entries.items():
                    if name not in maybe:
                        keywords[name] = given
                    elif name not in keywords:
                        # a key a ``pop`` may have taken: passed, or left out (a run that
                        # passes it beside the same keyword raises TypeError)
                        keywords[name] = (*given, _LeftOut())
                continue
            keywords[keyword.arg] = values
            keyword_nodes[keyword.arg] = keyword.value
        return Arguments(positional, keywords, starred, unknown_keywords, nodes, keyword_nodes)

    def _eval_lambda(self, node: ast.Lambda, frame: Frame, state: State) -> Values:
        function = self.make_function(node, frame, state)
        self.defined.setdefault(function.site, one(function))
        return one(function)

    def _eval_tuple(self, node: ast.Tuple, frame: Frame, state: State) -> Values:
        items: list[Values] = []
        for element in node.elts:
            if type(element) is _STARRED:
                spread = self.eval(element.value, frame, state)
                known = known_items(spread, self.heap)
                if known is None:
                    return one(Static("tuple"))
                items.extend(known)
            else:
                items.append(self.eval(element, frame, state))
        return (Tuple(tuple(items)),)

    def _eval_list(self, node: ast.List | ast.Set, frame: Frame, state: State) -> Values:
        items: list[Values] | None = []
        for element in node.elts:
            if isinstance(element, ast.Starred):
                self.eval(element.value, frame, state)
                items = None
            elif items is not None:
                items.append(self.eval(element, frame, state))
            else:
                self.eval(element, frame, state)
        ref = self.ref_at(frame.site(node), frame, "list")
        self.heap.set_list(ref, tuple(items) if items is not None else None, None, self.made_list())
        return one(ListValue(ref))

    def made_list(self) -> Straight | None:
        """A list is made here: the straight code that may append to it in order."""
        straight = self.straight
        if straight is not None:
            straight.made_lists = True
        return straight

    def _eval_dict(self, node: ast.Dict, frame: Frame, state: State) -> Values:
        ref = self.ref_at(frame.site(node), frame, "dict")
        self.heap.new_dict(ref)
        parts: list[tuple[Values, Values] | Ref | None] = []
        for key, value in zip(node.keys, node.values, strict=True):
            if key is not None:
                key_values = self.eval(key, frame, state)
                parts.append((key_values, self.eval(value, frame, state)))
                continue
            # ``{**other, ...}``: the entries of ``other``, not ``other`` itself (of one dict;
            # of several, or something else, anything under any key)
            spread = self.eval(value, frame, state)
            source = spread[0] if len(spread) == 1 else None
            parts.append(source.ref if isinstance(source, DictValue) else None)
        self.heap.write_display(ref, parts)
        return one(DictValue(ref))

    def ref_at(self, site: Site, frame: Frame, what: str) -> Ref:
        """The heap object made at ``site`` in ``frame`` (the same one each time it runs), in
        the passes of the frame's loops over known items being run."""
        passes = tuple(index for owner, index in self._unrolled if owner == id(frame))
        key = (id(site.node), id(frame), passes)
        ref = self._refs.get(key)
        made = ref is None
        if ref is None:
            ref = self._remade_ref(site, frame, what, passes) or Ref(site, what, passes)
            self._refs[key] = ref
        self.observer.ref_used(ref, made)
        return ref

    def _remade_ref(
        self, site: Site, frame: Frame, what: str, passes: tuple[int, ...]
    ) -> Ref | None:
        """The object the module's last version made at ``site``, if a top-level statement
        (unchanged, as its node is the same) makes it again."""
        module = self.modules.get(frame.module_key)
        if module is None or frame is not module.frame:
            return None
        earlier = self._earlier_module_refs.get(frame.module_key, {}).get(
            (id(site.node), what, passes)
        )
        if earlier is None or earlier.site is None or earlier.site.node is not site.node:
            return None
        return earlier

    def refs_made_in(self, frame: Frame) -> dict[RefKey, Ref]:
        return {
            (id(ref.site.node), ref.what, ref.passes): ref
            for (_, frame_id, _), ref in self._refs.items()
            if frame_id == id(frame) and ref.site is not None
        }

    def _eval_comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp, frame: Frame, state: State
    ) -> Values:
        (element,), passes = self._comprehension(node, [node.elt], frame, state)
        ref = self.ref_at(frame.site(node), frame, "list")
        # a list comprehension (or a generator, read once in order) over a few known items has
        # one item per pass; a set's order and count are not the passes'
        ordered = isinstance(node, ast.ListComp | ast.GeneratorExp)
        items = tuple(p[0] for p in passes) if passes is not None and ordered else None
        # a new list, which the straight code after it may append to in order
        made = self.made_list() if isinstance(node, ast.ListComp) else None
        self.heap.set_list(ref, items, element, made)
        return one(ListValue(ref))

    def _eval_dict_comprehension(self, node: ast.DictComp, frame: Frame, state: State) -> Values:
        """A new dict: an entry per pass over known items, else entries under keys not known."""
        (_, value), passes = self._comprehension(node, [node.key, node.value], frame, state)
        ref = self.ref_at(frame.site(node), frame, "dict")
        self.heap.new_dict(ref)
        for pass_key, pass_value in passes if passes is not None else [(ANY, value)]:
            self.heap.write_item(ref, pass_key, pass_value)
        return one(DictValue(ref))

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        parts: list[ast.expr],
        frame: Frame,
        state: State,
    ) -> tuple[list[Values], list[list[Values]] | None]:
        """A comprehension's ``parts`` (its element, or key and value), run as a loop body
        (see ``_loop``: a key its element consumes without taking a new one from the iteration
        is reused by the next pass).  The outermost iterable is evaluated once, as Python
        does; the inner ones on every pass.  With the parts joined over the passes, each
        pass's parts when they are the comprehension's items in order (one generator over
        known items, whose conditions are known on every pass: a pass they surely reject
        makes no item)."""
        generators = node.generators
        outermost = self._passes(self.eval(generators[0].iter, frame, state))
        entry = state.copy()
        ends: list[State] = []
        found: list[list[Values]] = []
        decided = outermost.known and len(generators) == 1
        with self._in_loop(node, frame, len(outermost.elements)):
            inner = entry
            for index, element in enumerate(outermost.elements):
                inner = inner.copy()
                kept: bool | None = True
                with self._in_pass(frame, index if outermost.known else None):
                    for position, generator in enumerate(generators):
                        item = (
                            element
                            if position == 0
                            else self.element_of(self.eval(generator.iter, frame, inner))
                        )
                        for identity in _key_identities(item):
                            self.made_key(identity, frame, inner)
                        self.assign(generator.target, item, frame, inner, None)
                        for condition in generator.ifs:
                            tested = self.test(condition, frame, inner, operation_site=generator)
                            truth = self.truth(tested, frame, inner)
                            if truth is False:
                                kept = False  # the conditions must all hold
                            elif truth is None and kept:
                                kept = None
                    if kept is not False:
                        found.append([self.eval(part, frame, inner) for part in parts])
                decided = decided and kept is not None
                ends.append(inner)
        if ends:
            after = [ends[-1]] if outermost.known else [entry, *ends]
            state.consumed = State.merge(after).consumed
        if not found:
            return [NOTHING for _ in parts], [] if decided else None
        joined = [join(*(values[i] for values in found)) for i in range(len(parts))]
        return joined, found if decided else None

    def element_of(self, iterable: Values) -> Values:
        """What iterating ``iterable`` gives."""
        found: list[Values] = []
        for value in iterable:
            if isinstance(value, Tuple):
                found.extend(value.items)
            elif isinstance(value, ListValue):
                found.append(self.heap.list_element(value.ref))
            elif isinstance(value, Static) and value.element is not None:
                found.append(value.element)
            elif isinstance(value, Array):
                found.append(one(_row_of(value)))
            elif isinstance(value, KeyArray):
                identity = (value.identity, "item") if value.identity is not None else None
                found.append(one(Key(identity, value.typed, value.flavours)))
            else:
                found.append(ANY)
        return join(*found) if found else ANY

    def _eval_bool_op(self, node: ast.BoolOp, frame: Frame, state: State) -> Values:
        return self._bool_op(node, frame, state, test=False)[0]

    def _bool_op(
        self, node: ast.BoolOp, frame: Frame, state: State, *, test: bool
    ) -> tuple[Values, _Outcomes]:
        """``a and b``/``a or b``: each operand but the last is converted with ``bool`` (the
        last too when the whole is a condition); an operand whose truth decides the result
        ends the evaluation, as in Python.  Each operand runs where the ones before it did
        not decide (``flag and f(flag)``: ``flag`` is true in ``f``); with what the whole's
        truth says of the places its operands test."""
        found: list[Values] = []
        stop = isinstance(node.op, ast.Or)
        outer = state.assumed
        going_on: list[tuple[Place, bool]] = []
        guarded = self._guarded
        try:
            for position, operand in enumerate(node.values):
                values = self.eval(operand, frame, state)
                found.append(values)
                outcomes = _outcomes_of(values)
                going_on.extend(outcomes.if_false if stop else outcomes.if_true)
                if position == len(node.values) - 1 and not test:
                    break
                last = position == len(node.values) - 1
                self._convert(operand if last else node, "bool", values, frame, operand, state)
                truth = self.truth(values, frame, state)
                if truth is stop:
                    if test:
                        # ``a and b and x.ndim == 1`` with the last false: whatever ``a`` and
                        # ``b`` were, the whole is false (the first false operand, or this)
                        found = [one(Const(stop))]
                    elif all(map(_bool_valued, found[:-1])):
                        # as a value (a helper's ``return enabled() and x.ndim == 3``): the
                        # undecided operands before are bools, so where one ended the chain it
                        # was ``stop`` itself; the whole is ``stop`` or this operand
                        found = [one(Const(stop)), values]
                    break
                if truth is not None and not last:
                    found.pop()  # ``a and b`` with ``a`` true is ``b``
                if truth is None:
                    # What follows runs only where this operand did not decide: an error
                    # raised there is no proof that the code raises.
                    self._guarded += 1
                state.assume(tuple(going_on))
        finally:
            state.assumed = outer
            self._guarded = guarded
        # ``a and b`` true: every operand is; ``a or b`` false: every operand is
        learnt = tuple(going_on)
        return join(*found), _Outcomes((), learnt) if stop else _Outcomes(learnt, ())

    def _eval_unary(self, node: ast.UnaryOp, frame: Frame, state: State) -> Values:
        operand = self.eval(node.operand, frame, state)
        if isinstance(node.op, ast.Not):
            self._convert(node, "bool", operand, frame, node.operand, state)
            truth = self.truth(operand, frame, state)
            if truth is not None:
                return one(Const(not truth))
            if len(operand) == 1 and isinstance(operand[0], UnknownAt):
                return one(replace(operand[0], negated=not operand[0].negated, held=Static("bool")))
            constants = [value for value in operand if isinstance(value, Const)]
            if len(constants) == len(operand):
                # one of several constants (paths joined): one of their negations
                return join(*(one(Const(not constant.value)) for constant in constants))
            return one(Static("bool"))
        found: list[Value] = []
        for value in operand:
            if isinstance(value, Const) and isinstance(value.value, _NUMBER):
                try:
                    found.append(Const(_UNARY[type(node.op)](value.value)))
                except (TypeError, KeyError):
                    found.append(UNKNOWN)
            elif isinstance(value, Array):
                result = self.array_result(frame, one(value))
                if not value.tree:
                    result = result.with_aval(value.shape, value.dtype, value.weak, value.origin)
                bool_invert = isinstance(node.op, ast.Invert) and value.dtype == "bool"
                found.append(_bool_array(result) if bool_invert else result)
            elif isinstance(value, Static):
                found.append(value)
            else:
                found.append(UNKNOWN)
        return join(*(one(v) for v in found)) if found else ANY

    def _eval_bin_op(self, node: ast.BinOp, frame: Frame, state: State) -> Values:
        left = self.eval(node.left, frame, state)
        right = self.eval(node.right, frame, state)
        return self.binary(node.op, left, right, frame, node, state)

    def binary(
        self,
        op: ast.operator,
        left: Values,
        right: Values,
        frame: Frame,
        node: ast.BinOp | ast.AugAssign | None = None,
        state: State | None = None,
    ) -> Values:
        """``left <op> right``; on arrays, a shape mismatch that surely raises is reported
        (when ``node`` and ``state`` say where) and the analysis goes on with an unknown
        result, so every independent error is found in one pass; inside a ``try`` that may
        catch it, the path ends (what runs next is the handler)."""
        if Array in map(type, left + right):
            result = self.array_result(frame, left, right)
            site = frame.site(node) if node is not None else None
            if site is not None:
                symbol = self.apis.shaping.OPERATOR_SYMBOLS.get(type(op), "operator")
                if (
                    symbol in OPERATORS_RECORDED
                    or any(isinstance(v, NumpyArray) for v in (*left, *right))
                    or (type(op) is ast.Div and _half_precision(left + right))
                ):
                    self.facts.operators.append(Operator(site, symbol, left, right, frame))
            output = self.apis.shaping.operator_output(op, left, right, self.heap, node, site)
            if isinstance(output, self.apis.shaping.Mismatch):
                if site is not None and state is not None:
                    symbol = self.apis.shaping.OPERATOR_SYMBOLS.get(type(op), "operator")
                    if self.catches(output.error):
                        self.shape_error(site, symbol, output, frame, state)
                    self.note_shape_error(site, symbol, output, frame)
                    return ANY
            elif output is not None:
                result = result.with_aval(output.shape, output.dtype, output.weak, output.origin)
            if all_unplaced((left, right)):
                result = replace(result, unplaced=True)
            if isinstance(op, _BITWISE) and all(
                _all_bool(side) or _is_bool_constant(side) for side in (left, right)
            ):
                result = _bool_array(result)
            plain_left, plain_right = _plain_sides(left, right)
            if plain_left and plain_right:
                # the alternatives with no array on either side compute as they do alone
                # (``block % rows``, each a traced argument or its int default)
                return _or_else((result,), self.binary(op, plain_left, plain_right, frame))
            return (result,)
        if any(isinstance(v, NumpyArray) for v in (*left, *right)):
            return _host_result((*left, *right))
        if isinstance(op, ast.Add) and isinstance(node, ast.BinOp):
            joined = self._joined_lists(left, right, frame, node)
            if joined is not None:
                return joined
        if isinstance(op, ast.Mult) and isinstance(node, ast.BinOp):
            repeated = self._repeated_list(left, right, frame, node)
            if repeated is not None:
                return repeated
        # each pair of alternatives (``step`` one of 0, 1, 2 in ``1000 + 97 * step``)
        if not left or not right or len(left) * len(right) > MAX_ALTERNATIVES**2:
            return ANY
        found: list[Value] = []
        for a, b in itertools.product(left, right):
            pair = _binary_pair(op, a, b)
            if pair is None:
                return ANY
            found.append(pair)
        return _join_scalars(found)

    def _joined_lists(
        self, left: Values, right: Values, frame: Frame, node: ast.BinOp
    ) -> Values | None:
        """``a + b`` of two lists (``[n_in] + hidden + [n_out]``): a new list, of a's items
        then b's when both are known."""
        if not (
            len(left) == 1
            and len(right) == 1
            and isinstance(left[0], ListValue)
            and isinstance(right[0], ListValue)
        ):
            return None
        heap = self.heap
        first, second = heap.list_items(left[0].ref), heap.list_items(right[0].ref)
        items = first + second if first is not None and second is not None else None
        element = join(heap.list_element(left[0].ref), heap.list_element(right[0].ref))
        ref = self.ref_at(frame.site(node), frame, "list")
        heap.set_list(ref, items, element, self.made_list())
        return one(ListValue(ref))

    def _repeated_list(
        self, left: Values, right: Values, frame: Frame, node: ast.BinOp
    ) -> Values | None:
        """``[x] * n`` (or ``n * [x]``) of a list with a constant ``n``: a new list of its
        items repeated, spelled out up to ``_MAX_REPEATED_ITEMS`` items (else not known)."""
        if len(left) != 1 or len(right) != 1:
            return None
        listed, count = (
            (left[0], right[0]) if isinstance(left[0], ListValue) else (right[0], left[0])
        )
        if not isinstance(listed, ListValue) or not isinstance(count, Const):
            return None
        if type(count.value) is not int:
            return None
        heap = self.heap
        items = heap.list_items(listed.ref)
        repeated = None
        if items is not None and 0 <= count.value * len(items) <= _MAX_REPEATED_ITEMS:
            repeated = tuple(items) * max(count.value, 0)
        ref = self.ref_at(frame.site(node), frame, "list")
        heap.set_list(ref, repeated, heap.list_element(listed.ref), self.made_list())
        return one(ListValue(ref))

    def _eval_compare(self, node: ast.Compare, frame: Frame, state: State) -> Values:
        left = self.eval(node.left, frame, state)
        comparators = [self.eval(c, frame, state) for c in node.comparators]
        if (
            len(node.ops) == 1
            and isinstance(node.ops[0], ast.Is | ast.IsNot)
            and isinstance(node.left, ast.Name)
            and node.left.id in state.not_none
            and isinstance(node.comparators[0], ast.Constant)
            and node.comparators[0].value is None
        ):
            return one(Const(isinstance(node.ops[0], ast.IsNot)))
        if len(node.ops) > 1:
            self._convert_first_pair(node, left, comparators[0], frame, state)
        return self._compare(node, left, comparators, frame)

    def _convert_first_pair(
        self, node: ast.Compare, left: Values, right: Values, frame: Frame, state: State
    ) -> None:
        """``a < b < c`` is ``a < b and b < c``: Python converts the first comparison's result
        with ``bool`` before it reads the rest, so a traced result there raises (``0 < x < 1``
        on a tracer)."""
        if isinstance(node.ops[0], ast.Is | ast.IsNot | ast.In | ast.NotIn):
            return
        if not any(isinstance(v, Array) for values in (left, right) for v in values):
            return
        pair = _first_pair(node)
        values = self._compare(pair, left, [right], frame)
        self._convert(node, "bool", values, frame, pair, state)

    def _compare(
        self, node: ast.Compare, left: Values, comparators: list[Values], frame: Frame
    ) -> Values:
        """The result of a comparison whose operands are evaluated."""
        operands = [left, *comparators]
        if any(isinstance(v, Array) for values in operands for v in values):
            if isinstance(node.ops[0], ast.Is | ast.IsNot) and len(node.ops) == 1:
                return _is_none_of_array(node.ops[0], left, comparators[0])
            if isinstance(node.ops[0], ast.In | ast.NotIn):
                return one(Static("bool"))
            if (
                len(node.ops) == 1
                and isinstance(node.ops[0], ast.Eq | ast.NotEq)
                and _compares_structure(left, comparators[0])
            ):
                return one(Static("bool"))
            compared = self.array_result(frame, *operands)
            shape, weak = None, False
            if len(operands) == 2:  # (a chained comparison's shape is not worked out)
                output = self.apis.shaping.compared(operands[0], operands[1], self.heap)
                shape, weak = output.shape, output.weak
            result = one(compared.with_aval(shape, "bool", weak, frame.site(node)))
            if len(operands) == 2:
                plain = _plain_sides(operands[0], operands[1])
                if all(plain):
                    # the alternatives with no array on either side compare as they do alone
                    return _or_else(result, self._compare_plain(node, plain[0], [plain[1]]))
            return result
        return self._compare_plain(node, left, comparators)

    def _compare_plain(self, node: ast.Compare, left: Values, comparators: list[Values]) -> Values:
        """A comparison of operands none of which may be a JAX array."""
        operands = [left, *comparators]
        if any(isinstance(v, NumpyArray) for values in operands for v in values) and not any(
            isinstance(op, ast.Is | ast.IsNot | ast.In | ast.NotIn) for op in node.ops
        ):
            # a NumPy array compares element by element: an array of bools, not a bool
            return _host_result([v for values in operands for v in values])
        if len(node.ops) == 1 and 0 < len(left) * len(comparators[0]) <= MAX_ALTERNATIVES**2:
            # each pair of alternatives; known only when every pair's truth is
            truths: list[Value] = []
            for a, b in itertools.product(left, comparators[0]):
                truth = _compare_pair(node.ops[0], a, b)
                if truth is None:
                    return _unknown_comparison(node.ops, operands)
                truths.append(truth)
            return _join_scalars(truths)
        return _unknown_comparison(node.ops, operands)

    def _eval_if_exp(self, node: ast.IfExp, frame: Frame, state: State) -> Values:
        test, outcomes = self.condition(node.test, frame, state, operation_site=node)
        truth = self.truth(test, frame, state)
        if frame.context:
            self._note_branching(node, frame, truth)
        if truth is True:
            return self.eval(node.body, frame, state)
        if truth is False:
            return self.eval(node.orelse, frame, state)
        outer = state.assumed
        before = dict(state.consumed)
        guarded = self._undecided_guard(node.test, test, frame)
        passed = _optional_passed(frame, [state])
        self._guarded += guarded
        # each arm may run or not: not straight code (an API model's "surely runs")
        straight = self._branch()
        try:
            state.assume(outcomes.if_true)
            body = self._arm_of_type_test(
                node, True, self.eval(node.body, frame, state), frame, state
            )
            after_body = state.consumed
            # one arm runs: a key is consumed after the expression when both arms consumed it
            state.consumed = before
            state.assumed = outer
            state.assume(outcomes.if_false)
            orelse = self._arm_of_type_test(
                node, False, self.eval(node.orelse, frame, state), frame, state
            )
            state.consumed = {
                identity: site
                for identity, site in after_body.items()
                if identity in state.consumed
            }
        finally:
            state.assumed = outer
            self._guarded -= guarded
            self.straight = straight
            _optional_left_out_again(state, passed)
        joined = join(body, orelse)
        return guard_chosen(joined) if guarded else joined

    def _arm_of_type_test(
        self, node: ast.IfExp, holds: bool, values: Values, frame: Frame, state: State
    ) -> Values:
        """An arm of ``A if isinstance(x, T) else x`` (or ``not isinstance``) that is the
        tested name or attribute chain itself: only the alternatives the test may send to that
        arm (``jnp.concatenate(self.tp) if isinstance(self.tp, list) else self.tp`` is no list
        in its second arm).  Read right after the test, with nothing run between."""
        arm = node.body if holds else node.orelse
        test = node.test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, holds = test.operand, not holds
        if not (
            len(values) > 1
            and isinstance(test, ast.Call)
            and isinstance(test.func, ast.Name)
            and test.func.id == "isinstance"
            and len(test.args) == 2
            and not test.keywords
            and chain_root(arm) is not None  # reading it twice in a row gives one value
            and ast.dump(arm) == ast.dump(test.args[0])
        ):
            return values
        if self.lookup("isinstance", frame, state) != one(Api("builtins.isinstance")):
            return values  # a name of the module's own
        lists = self.facts.lists()
        lengths = [len(found) for found in lists]
        try:
            classinfo = self.eval(test.args[1], frame, state.copy())
        finally:
            for found, length in zip(lists, lengths, strict=True):
                del found[length:]
        kept = []
        for value in values:
            answer = self.apis.python.is_instance(value, classinfo)
            if answer is None or answer == holds:
                kept.append(value)
        return tuple(kept) or values

    def _eval_subscript(self, node: ast.Subscript, frame: Frame, state: State) -> Values:
        container = self.eval(node.value, frame, state)
        index = self.eval(node.slice, frame, state)
        subscript = Subscript(frame.site(node), container, index, False, frame)
        self.facts.subscripts.append(subscript)
        contracts = self.apis.contracts
        if (
            contracts.masks_traced(subscript) is not None
            or contracts.traced_slice_bound(subscript) is not None
        ):
            self.raises(state, subscript.site, "IndexError")
        if len(container) == 1 and isinstance(container[0], Array) and not container[0].tree:
            shaping = self.apis.shaping
            mismatch = shaping.too_many_indices(container[0], index, self.heap, node.value)
            mismatch = mismatch or shaping.float_index(container[0], index, node.slice)
            if mismatch is not None:
                spelled = shaping.source_of(node)
                self.shape_error(frame.site(node), spelled, mismatch, frame, state)
        if len(container) == 1:
            return self.subscript_of(container[0], index, frame, node, state)
        # what raises for one kind of container (a NumPy array indexed by a tracer) is no
        # proof where the container may be of another kind
        mixed = int(len({type(value) for value in container}) > 1)
        self._alternatives += mixed
        try:
            found = [self.subscript_of(value, index, frame, node, state) for value in container]
        finally:
            self._alternatives -= mixed
        return join(*found) if found else ANY

    def subscript_of(
        self, value: Value, index: Values, frame: Frame, node: ast.Subscript, state: State
    ) -> Values:
        constant = index[0].value if len(index) == 1 and isinstance(index[0], Const) else None
        if isinstance(value, _SEQUENCES):
            items = value.items if isinstance(value, Tuple) else self.heap.list_items(value.ref)
            self._index_conversion(node, value, index, frame, state)
            if (
                items is not None
                and isinstance(constant, int)
                and -len(items) <= constant < len(items)
            ):
                return items[constant]
            if isinstance(value, Tuple) and (part := _constant_slice(index)) is not None:
                return one(Tuple(value.items[part]))  # ``x.shape[:-1]``
            if _is_slice(node.slice) and isinstance(value, ListValue):
                # a new list of the same items (``lst[:]`` copies)
                copy = self.ref_at(frame.site(node), frame, "list")
                part = _constant_slice(index)
                kept = tuple(items[part]) if items is not None and part is not None else None
                self.heap.set_list(copy, kept, self.heap.list_element(value.ref))
                return one(ListValue(copy))
            if _is_slice(node.slice):
                return one(Static("tuple"))
            if isinstance(value, ListValue):
                # an item whose position is not known: the keys it may be are not one key
                return _untracked_keys(self.heap.list_element(value.ref))
            return join(*items) if items else ANY
        if isinstance(value, DictValue):
            if index and all(isinstance(key, Array) and not key.tree for key in index):
                # a dict hashes its key, and a JAX array (or tracer) is not hashable
                shaping = self.apis.shaping
                origins = [key.origin for key in index if isinstance(key, Array) and key.origin]
                mismatch = shaping.Mismatch(
                    "unhashable-array",
                    "unhashable type: a JAX array is not hashable, so it cannot be a dict key",
                    (),
                    node.slice,
                    tuple((site, "the key, a JAX array, is made here") for site in origins[:1]),
                )
                self.shape_error(frame.site(node), shaping.source_of(node), mismatch, frame, state)
            return self.heap.read_item(value.ref, index)
        if isinstance(value, Static):
            if value.type_name in ("tuple", "list", "str", "range"):
                self._index_conversion(node, value, index, frame, state)
            if value.element is not None and not _is_slice(node.slice):
                return value.element
            return one(value) if _is_slice(node.slice) else ANY
        if isinstance(value, Array):
            made = self.array_result(frame, one(value), _array_index(index))
            if value.tree:  # an item of a pytree: a leaf, or a list, dict... of them
                return one(Array(made.flavours, made.trace, True))
            shape = self.apis.shaping.indexed(value, index, self.heap)
            return one(made.with_aval(shape, value.dtype, value.weak, frame.site(node)))
        if isinstance(value, KeyArray):
            if isinstance(constant, int) and value.identity is not None:
                return one(Key((value.identity, constant), value.typed, value.flavours))
            if _is_slice(node.slice):
                return one(KeyArray(None, value.typed, value.flavours))
            return one(Key(None, value.typed, value.flavours))
        if isinstance(value, NumpyArray):
            # an item of a host array is a NumPy scalar (hashable); a slice, an array
            if _is_slice(node.slice):
                return one(NumpyArray())
            # NumPy converts an array index with __array__, which a tracer refuses
            converted: list[tuple[Values, ast.expr]] = [(index, node.slice)]
            if len(index) == 1 and isinstance(index[0], Tuple):
                parts = index[0].items
                spelled = node.slice.elts if isinstance(node.slice, ast.Tuple) else []
                converted = [
                    (item, spelled[p] if len(spelled) == len(parts) else node.slice)
                    for p, item in enumerate(parts)
                ]
            for indexing, where in converted:
                self._convert(node, "array", indexing, frame, where, state, "numpy array")
            return ANY
        if isinstance(value, StateRef):
            loaded = Array(value.flavours, None)
            if value.launch is not None and frame.staged is not None:
                # a kernel's Ref, read in a frame its launch traces: a tracer of that trace
                loaded = Array(frozenset({Flavour.STAGED}), frame.staged)
            if value.shape is not None and value.dtype is not None:
                whole = loaded.with_aval(value.shape, value.dtype)
                shape = self.apis.shaping.indexed(whole, index, self.heap)
                return one(loaded.with_aval(shape, value.dtype, False, frame.site(node)))
            return one(loaded)
        if isinstance(value, AtIndexer) and value.index is None:
            if len(value.array) == 1:
                view: Values | None = self.apis.pallas.ref_view(value.array[0], index, self.heap)
                if view is not None:  # ``x_ref.at[...]``: a Ref to a window of a Ref
                    return view
            return one(AtIndexer(value.array, index, frame.site(node)))
        if isinstance(value, Api):
            return one(value)  # a generic alias (``Float[Array, "n"]``) or a typing form
        if isinstance(value, Instance):
            getter = value.cls.lookup("__getitem__")
            if getter is not None:
                return self.call(
                    self.bind_member(getter, one(value), frame),
                    Arguments([index]),
                    frame.site(node),
                    frame,
                    State(),
                )
        if isinstance(value, Unknown) and constant is not None:
            return value.item(constant) or ANY
        return ANY

    def _index_conversion(
        self, node: ast.Subscript, container: Value, index: Values, frame: Frame, state: State
    ) -> None:
        """A Python sequence indexed by a value converts it with ``__index__``."""
        if _is_slice(node.slice):
            targets = [
                part
                for part in (node.slice.lower, node.slice.upper, node.slice.step)  # type: ignore[attr-defined]
                if part is not None
            ]
            for part in targets:
                self._convert(
                    node,
                    "index",
                    self.eval(part, frame, State(dict(state.env))),
                    frame,
                    part,
                    state,
                    _kind(container),
                )
            return
        self._convert(node, "index", index, frame, node.slice, state, _kind(container))

    def _eval_slice(self, node: ast.Slice, frame: Frame, state: State) -> Values:
        lower, upper, step = (
            self.eval(part, frame, state) if part is not None else NONE_SET
            for part in (node.lower, node.upper, node.step)
        )
        return one(Slice(lower, upper, step))

    def _eval_starred(self, node: ast.Starred, frame: Frame, state: State) -> Values:
        self.eval(node.value, frame, state)
        return ANY

    def _eval_named_expr(self, node: ast.NamedExpr, frame: Frame, state: State) -> Values:
        values = self.eval(node.value, frame, state)
        if isinstance(node.target, ast.Name):
            self.bind(node.target.id, values, frame, state)
        return values

    def _eval_joined_str(self, node: ast.JoinedStr, frame: Frame, state: State) -> Values:
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.eval(value.value, frame, state)
        return one(Static("str"))

    def _eval_await(
        self, node: ast.Await | ast.Yield | ast.YieldFrom, frame: Frame, state: State
    ) -> Values:
        value = NONE_SET if node.value is None else self.eval(node.value, frame, state)
        if isinstance(node, ast.Yield):
            frame.yields_to_write().append(value)
        elif isinstance(node, ast.YieldFrom):
            frame.yields_to_write().append(self.element_of(value))
        return ANY

    # conversions, tests ---------------------------------------------------------------------

    def test(
        self,
        node: ast.expr,
        frame: Frame,
        state: State,
        operation_site: ast.AST | None = None,
    ) -> Values:
        """Evaluate a condition Python converts with ``bool``."""
        return self.condition(node, frame, state, operation_site)[0]

    def condition(
        self,
        node: ast.expr,
        frame: Frame,
        state: State,
        operation_site: ast.AST | None = None,
    ) -> tuple[Values, _Outcomes]:
        """``test``, with what the condition's truth says of the places it tests."""
        if isinstance(node, ast.BoolOp):  # its operands are converted one by one
            return self._bool_op(node, frame, state, test=True)
        values = self.eval(node, frame, state)
        self._convert(operation_site or node, "bool", values, frame, node, state)
        return values, _outcomes_of(values)

    def truth(self, values: Values, frame: Frame, state: State) -> bool | None:
        """The truth of a condition when it is known on every alternative, or when it is a
        place (``UnknownAt``) whose truth this path assumes."""
        known = _truth(values)
        if known is None and not any(isinstance(value, Unknown) for value in values):
            known = self._truth_of_containers(values)
        if known is None and len(values) == 1 and isinstance(values[0], UnknownAt):
            assumed = self.assumption(values[0].place, frame, state)
            if assumed is not None:
                return assumed != values[0].negated
        return known

    def _truth_of_containers(self, values: Values) -> bool | None:
        """The truth of alternatives that are constants or containers of known length: a
        tuple, a list whose items the heap knows, a dict no entry was ever written to (so
        ``if not batch_args: return`` returns for an empty dict, and the code below it runs
        only with entries)."""
        truths: set[bool] = set()
        for value in values:
            truth = _truth(one(value))
            if truth is None:
                if isinstance(value, Tuple):
                    truth = bool(value.items)
                elif isinstance(value, ListValue):
                    items = self.heap.list_items(value.ref)
                    truth = None if items is None else bool(items)
                elif isinstance(value, DictValue) and self.heap.known_empty(value.ref):
                    truth = False
            if truth is None:
                return None
            truths.add(truth)
        return truths.pop() if len(truths) == 1 else None

    def assumption(self, place: Place, frame: Frame, state: State) -> bool | None:
        """What this path assumes of ``place`` (None: nothing); ``frame`` depends on what its
        caller assumed of it (not of its own parameters' places: no caller names them)."""
        if place.root is not frame:
            frame.asked_to_write().setdefault(place, frame.assumptions.get(place))
        return state.assumed.get(place)

    def path_assumptions(self, function: Values, frame: Frame, state: State) -> Assumptions:
        """What this path assumes, for a transform of ``function`` made on it to carry
        (``Transformed.assumed``): what the frame's own branches assumed, and what its caller
        assumed of the places ``function`` can read (its instances', its closures', the
        places it was given); not all the caller assumed, which would make the frame depend
        on all of it."""
        if not state.assumed:
            return ()
        roots: set[Ref | Scope] | None = None
        carried: list[tuple[Place, bool]] = []
        for place, truth in state.assumed.items():
            if place in frame.assumptions:
                roots = _roots(function) if roots is None else roots
                if place.root not in roots:
                    continue
                frame.asked_to_write().setdefault(place, frame.assumptions[place])
            carried.append((place, truth))
        return tuple(carried)

    def _adopt(self, assumed: Assumptions, frame: Frame, state: State) -> bool:
        """A value made on a path that assumed ``assumed`` is used on this one: what they say
        holds here too (a place holds one value), unless this path assumes otherwise, where
        the value cannot be (False)."""
        new: list[tuple[Place, bool]] = []
        for place, truth in assumed:
            known = self.assumption(place, frame, state)
            if known is None:
                new.append((place, truth))
            elif known != truth:
                return False
        state.assume(tuple(new))
        return True

    def _convert(
        self,
        node: ast.AST,
        operation: str,
        values: Values,
        frame: Frame,
        operand: ast.AST | None,
        state: State,
        container: str | None = None,
    ) -> None:
        self.convert(frame.site(node), operation, values, frame, operand, state, container)

    def convert(
        self,
        site: Site,
        operation: str,
        values: Values,
        frame: Frame,
        operand: ast.AST | None,
        state: State,
        container: str | None = None,
    ) -> None:
        """Python converts ``values`` (``bool``, ``__index__``, ``int``...); a conversion that
        surely raises ends the path."""
        if not any(isinstance(v, _MAYBE_TRACED) for v in values):
            return
        conversion = Conversion(site, operation, values, frame, operand, container)
        self.facts.conversions.append(conversion)
        if self.apis.contracts.refused(conversion) is not None:
            self.raises(state, site, "TypeError", frame)

    def shape_error(
        self, site: Site, api: str, mismatch: ShapeMismatch, frame: Frame, state: State
    ) -> NoReturn:
        """``api`` at ``site`` surely raises on its operands' shapes (or dtypes), unless a
        ``try`` around the call (in this frame or a caller's) catches the error."""
        assumed = self.note_if_unproved(site, mismatch.error, frame)
        self.facts.shape_errors.append(ShapeError(site, api, mismatch, frame, assumed))
        self.raises(state)

    def catches(self, error: str) -> bool:
        """Whether a ``try`` around the operation now evaluated (in this frame or a caller's)
        may catch an ``error`` (a class name)."""
        return any(names & {error, "Exception", "BaseException"} for names in self._catching)

    def in_try(self) -> bool:
        """Whether a ``try`` with handlers is around the operation now evaluated."""
        return bool(self._catching)

    def note_shape_error(self, site: Site, api: str, mismatch: ShapeMismatch, frame: Frame) -> None:
        """Record that ``api`` at ``site`` surely raises on its operands, where no ``try``
        catches it, without ending the path: the analysis goes on with an unknown result, so
        the errors after it are found in the same pass (what the rest of the code does with
        the unknown value is silent)."""
        assumed = self.note_if_unproved(site, mismatch.error, frame)
        self.facts.shape_errors.append(ShapeError(site, api, mismatch, frame, assumed))

    def rests_on(self, error: str | None, frame: Frame | None = None) -> Assumption | None:
        """What an ``error`` raised by the operation now evaluated rests on besides the code
        (None: nothing, it is proved): a ``try`` around it (here or in a caller) whose
        handler may catch it (``error``: a builtin exception's name, which JAX's error is a
        subclass of; None: not known), a call that went to one of several functions, an
        operand of ``frame`` that is what an annotation says, or a function of ``frame``'s
        run behind a decorator whose result is not known."""
        if any(_may_catch(names, error) for names in self._catching):
            return Assumption.HANDLED
        if self._alternatives:
            return Assumption.ONE_OF_SEVERAL
        if frame is not None and frame.hinted:
            return Assumption.ANNOTATION
        if frame is not None and frame.decorated:
            return Assumption.DECORATOR
        if self._later_passes:
            return Assumption.LATER_PASS
        if self._guarded:
            return Assumption.GUARD
        if self._chosen:
            return Assumption.GUARD  # in a call of functions a guard chose between
        return None

    def note_if_unproved(
        self, site: Site, error: str | None, frame: Frame | None = None
    ) -> Assumption | None:
        """Note ``site`` as unproved (no error finding there) when the ``error`` raised there
        rests on an assumption (``rests_on``), and say which; else as proved (the same
        operation reached on another path, or from another caller, is no proof there)."""
        assumed = self.rests_on(error, frame)
        if assumed is not None:
            self.facts.unproved.append(Unproved(site, assumed))
            if assumed is Assumption.GUARD and self._chosen and not self._guarded:
                # only the guard that chose the function: kept for each candidate, and
                # proved where every candidate reaches it (``_call_guard_chosen``)
                for _, sites in self._chosen:
                    sites.add(site)
        else:
            self.facts.proved.append(site)
        return assumed

    def _entry_assumptions(self) -> tuple[frozenset[str], bool, bool, tuple[int, int] | None]:
        """What a function called now is called under (``rests_on``'s parts that come from
        its callers): the exceptions the ``try`` statements around the call may catch,
        whether the call went to one of several functions, whether a guard not decided
        leads to it, and which candidate of a call of functions a guard chose between runs
        (each candidate's run notes its own raises: ``_call_guard_chosen``).  Part of a
        memoised frame's key: a frame run where its errors rest on these is not reused where
        they would be proved."""
        catching = frozenset().union(*self._catching) if self._catching else _NO_NAMES
        return (
            catching or _NO_NAMES,
            self._alternatives > 0,
            self._guarded > 0,
            self._chosen[-1][0] if self._chosen else None,
        )

    def raises(
        self,
        state: State,
        site: Site | None = None,
        error: str | None = None,
        frame: Frame | None = None,
    ) -> NoReturn:
        """The operation just evaluated surely raises: nothing after it on this path runs (the
        statement that holds it ends, and with it the path).  Where the ``error`` rests on an
        assumption (a handler that may catch it, a call to one of several functions, what
        ``frame`` was called with: ``rests_on``), ``site`` is noted as unproved: no error
        finding there."""
        if site is not None:
            self.note_if_unproved(site, error, frame)
        state.live = False
        state.exit = None
        raise Raises

    # arrays ---------------------------------------------------------------------------------

    def array_result(self, frame: Frame, *inputs: Values) -> Array:
        """An array computed from ``inputs`` in ``frame``: traced by every transform one of
        them is traced by, and by the frame's staging transform; unknown when an input may or
        may not be traced (and nothing else says it is)."""
        flavours: set[Flavour] = set()
        trace: Trace | None = None
        unsure = False
        for values in inputs:
            for value in values:
                if isinstance(value, _MAYBE_TRACED):
                    if value.flavours is None:
                        unsure = True
                    elif value.flavours:
                        flavours |= value.flavours
                        if trace is None and isinstance(value, Array):
                            trace = value.trace
                elif isinstance(value, Unknown_):
                    unsure = True
        staged = frame.staged
        if staged is not None and not (self._eager_frames and self._eager(frame)):
            flavours.add(Flavour.STAGED)
            trace = trace or staged
        if flavours:
            return Array(frozenset(flavours), trace)
        if unsure or frame.open_context:
            return MAYBE_ARRAY
        return CONCRETE_ARRAY

    def new_array(self, frame: Frame) -> Array:
        """An array made from nothing traced (``jnp.zeros(3)``) in ``frame``."""
        staged = frame.staged
        if staged is not None and not (self._eager_frames and self._eager(frame)):
            return Array(frozenset({Flavour.STAGED}), staged)
        return MAYBE_ARRAY if frame.open_context else CONCRETE_ARRAY

    def _eager(self, frame: Frame) -> bool:
        """Whether ``frame`` runs the body of a ``jax.ensure_compile_time_eval()`` block."""
        return any(eager is frame for eager in self._eager_frames)

    def derived_ref(self, ref: Ref, tag: object) -> Ref:
        """The heap object standing for ``ref`` seen through ``tag`` (an instance's traced
        copy under one trace): one per pair."""
        key = (id(ref), tag)
        derived = self._derived.get(key)
        made = derived is None
        if derived is None:
            derived = Ref(ref.site, ref.what)
            self._derived[key] = derived
        self.observer.ref_used(derived, made)
        return derived

    # calls ----------------------------------------------------------------------------------

    def call(
        self, callee: Values, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        if isinstance(callee, GuardChosen):
            return self._call_guard_chosen(callee, arguments, site, frame, state)
        if len(callee) > 1:
            callee = _bindable(callee, arguments)
        if len(callee) == 1:
            try:
                return self.call_one(callee[0], arguments, site, frame, state)
            except _Elsewhere:
                return ANY
        # One of the candidates runs: each on its own copy of the path, merged like branches
        # (a key is consumed after the call only if every candidate consumed it).  Which one
        # is not known where they are functions of different modules (a backend picked when
        # the package is imported): an error in one is not proved to be reached.
        found: list[Values] = []
        paths: list[State] = []
        elsewhere = 0
        alternatives = _defined_apart(callee) or self._differ_on_this_path(callee, state)
        self._alternatives += alternatives
        try:
            for value in callee:
                path = state.copy()
                try:
                    found.append(self.call_one(value, arguments, site, frame, path))
                except _Elsewhere:
                    elsewhere += 1
                    continue
                except Raises:
                    continue
                paths.append(path)
        finally:
            self._alternatives -= alternatives
        if not paths:
            if elsewhere:
                return ANY
            self.raises(state)
        state.consumed = State.merge(paths).consumed
        return join(*found) if found else ANY

    def _call_guard_chosen(
        self, callee: GuardChosen, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        """A call of functions an undecided guard chose between (``GuardChosen``): each runs
        on its own copy of the path, as in any call of several candidates, but what raises on
        the way rests on the guard (as in the arm that chose it: ``rests_on``), unless every
        candidate reaches the same raise (a helper both call with a traced argument): that is
        raised whichever the guard chose, so it stays proved.  The results are chosen so too."""
        candidates = _bindable(tuple(callee), arguments)
        self._chosen_calls += 1
        serial = self._chosen_calls
        found: list[Values] = []
        paths: list[State] = []
        reached: list[set[Site]] = []
        elsewhere = 0
        alternatives = _defined_apart(candidates) or self._differ_on_this_path(candidates, state)
        self._alternatives += alternatives
        try:
            for index, value in enumerate(candidates):
                path = state.copy()
                sites: set[Site] = set()
                self._chosen.append(((serial, index), sites))
                try:
                    found.append(self.call_one(value, arguments, site, frame, path))
                    paths.append(path)
                except _Elsewhere:
                    elsewhere += 1
                    continue
                except Raises:
                    pass
                finally:
                    self._chosen.pop()
                reached.append(sites)
        finally:
            self._alternatives -= alternatives
        if reached:
            # raised whichever candidate ran: proved (``Program.is_unproved`` reads ``proved``)
            self.facts.proved.extend(set.intersection(*reached))
        if not paths:
            if elsewhere:
                return ANY
            self.raises(state)
        state.consumed = State.merge(paths).consumed
        return guard_chosen(join(*found) if found else ANY)

    @staticmethod
    def _differ_on_this_path(callee: Values, state: State) -> int:
        """1 when two or more of ``callee``'s candidates may be called on this path and they
        are transforms made at different sites (``jax.vmap(apply, in_axes=(0, None))`` or a
        three-axes one, picked by a test whose truth is not known): an error one of them
        raises is not proved to be reached.  A transform made on a path whose tests this one
        contradicts (``Transformed.assumed``) is not called here; a function and a transform
        of it (``if jit: f = jax.jit(f)``) are one function, decided by the path's flags.
        """
        sites: set[Site | None] = set()
        for value in callee:
            if value == NONE:
                continue
            if not isinstance(value, Transformed):
                return 0
            if any(state.assumed.get(place, truth) != truth for place, truth in value.assumed):
                continue
            sites.add(value.site)
        return 1 if len(sites) > 1 else 0

    def call_one(
        self, value: Value, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        call = _CALLS.get(type(value))
        if call is None:  # a modelled API (most calls), or a value one made
            if state.patched and isinstance(value, Api) and self._replaced(value, state):
                return ANY  # the test's replacement runs (a mock), not the API
            return self.apis.call_value(self, value, arguments, site, frame, state)
        return call(self, value, arguments, site, frame, state)

    def _call_transformed(
        self, value: Transformed, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        if not self._adopt(value.assumed, frame, state):
            raise _Elsewhere  # made where this path's flags say otherwise: not this one
        return self.apis.call_value(self, value, arguments, site, frame, state)

    def _call_bound_method(
        self, value: BoundMethod, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        bound = arguments.with_self(value.self_value)
        return self.invoke(value.function, bound, site, frame, state)

    def _call_instance(
        self, value: Instance, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        method = value.cls.lookup("__call__")
        if method is None:
            return ANY
        return self.call(self.bind_member(method, one(value), frame), arguments, site, frame, state)

    def _call_partial(
        self, value: Partial, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        # a partial that binds ``*args`` or ``**kwargs`` not known here: more arguments
        # than those seen (a parameter left out may be one of them, not its default)
        merged = Arguments(
            [*value.args, *arguments.positional],
            {**dict(value.keywords), **arguments.keywords},
            arguments.starred or value.spread,
            arguments.spread or value.spread,
            [*([None] * len(value.args)), *arguments.nodes],
            arguments.keyword_nodes,
        )
        return self.call(value.func, merged, site, frame, state)

    def _call_static_method(
        self, value: StaticMethod, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        return self.call_one(value.func, arguments, site, frame, state)

    def instantiate(
        self, cls: ClassValue, arguments: Arguments, site: Site, frame: Frame, state: State
    ) -> Values:
        ref = self.ref_at(site, frame, "instance")
        instance = Instance(cls, ref)
        fields = self.apis.dataclass_fields(self, cls)
        if fields is not None:
            self._bind_fields(cls, fields, instance, arguments)
            for hook in ("__post_init__", "setup"):
                method = cls.lookup(hook)
                if method is not None:
                    self.call(
                        self.bind_member(method, one(instance), frame),
                        Arguments(),
                        site,
                        frame,
                        state,
                    )
            return one(instance)
        init = cls.lookup("__init__")
        if init is not None:
            self.call(self.bind_member(init, one(instance), frame), arguments, site, frame, state)
        elif cls.flavour == "opaque" or arguments.positional or arguments.keywords:
            # no ``__init__`` of the user's takes these arguments: a decorator or base whose
            # effect is not modelled made the constructor, and what it stored in the
            # annotated fields is not known (not the class-level defaults)
            for name in _annotated_fields(cls):
                self.heap.write_field(instance.ref, name, ANY)
        return one(instance)

    def _bind_fields(
        self, cls: ClassValue, fields: list[str], instance: Instance, arguments: Arguments
    ) -> None:
        for position, name in enumerate(fields):
            if position < len(arguments.positional):
                values = arguments.positional[position]
            elif name in arguments.keywords:
                values = arguments.keywords[name]
            elif arguments.starred or arguments.spread:
                values = ANY
            else:
                default = cls.lookup(name)
                values = default if default is not None else ANY
            self.heap.write_field(instance.ref, name, values)

    def invoke(
        self,
        function: Function,
        arguments: Arguments,
        site: Site,
        caller: Frame,
        state: State,
        *,
        context: tuple[Trace, ...] | None = None,
        open_context: bool | None = None,
        widened: bool = False,
    ) -> Values:
        """Run ``function`` on ``arguments`` (memoised per argument signature and context)
        and apply the PRNG keys it consumed to the caller's ``state``; ``widened``: the
        arguments are unknown ones in place of what the caller passed."""
        if context is None:
            context = caller.context
        if open_context is None:
            open_context = caller.open_context
        defined_at = function.site  # its identity (see ``Site``)
        if defined_at.module not in self.modules:
            # a function of a module this analysis never ran: another analysis wrote it into
            # a class both share (``Cls.method = patched`` in a script; the class is the one
            # object a kept module run replays), so what it does here is unknown
            return ANY
        self.evaluated.add(defined_at)
        if _given_twice(function, arguments):
            # Python refuses the call before the body runs (``partial(body, masked=True)``
            # called with ``masked``'s position filled): TypeError, no finding of ours
            self.raises(state)
        bound = self.bind_parameters(function, arguments)
        if function.returns_unknown:
            bound = _as_a_wrapper_may_pass(bound)
        optional = _optional_left_out(function, arguments, bound, caller)
        entry = _entry_state(function, state)
        key, frame = self._memoised(
            (
                function,
                tuple(bound.items()),
                _memo_context(context),
                open_context,
                self._entry_assumptions(),
                widened or caller.widened,
                optional,
                state.patched,
                self.library_runs[-1].memo_key if self.library_runs else None,
            ),
            entry,
        )
        observer = self.observer
        observer.function_entered(defined_at, self._contexts_per_function.get(defined_at, 0))
        if frame is not None and not self._still_valid(frame):
            frame = None
            self._memo.pop(key, None)
            self._contexts_per_function[defined_at] -= 1
            observer.memo_went_stale()
        if frame is not None:
            observer.memo_hit(key, frame)
        if frame is None:
            count = self._contexts_per_function.get(defined_at, 0)
            if defined_at in self._running or caller.depth >= MAX_DEPTH:
                return ANY
            if count >= MAX_FRAMES:
                return ANY
            if count >= MAX_CONTEXTS and any(v != ANY for v in bound.values()):
                wide = Arguments(starred=True, spread=True)
                return self.invoke(
                    function,
                    wide,
                    site,
                    caller,
                    state,
                    context=context,
                    open_context=True,
                    widened=True,
                )
            self._contexts_per_function[defined_at] = count + 1
            frame = self._run_function(
                function,
                bound,
                site,
                caller,
                context,
                open_context,
                entry.assumed,
                widened,
                optional,
                state.patched,
            )
            self._memo[key] = frame
            observer.memoised(key, frame, defined_at)
        self._apply_consumed(frame, site, caller, state)
        if function.placeholder:
            return ANY  # an abstract method, or a stub: the subclass's override runs
        if function.returns_unknown:
            # an unmodelled decorator's wrapper made the call: what it returns (and whether
            # it lets the body's raise through) is the wrapper's (``value_and_grad``-like)
            return ANY
        if not frame.returns:
            self.raises(state)  # every path through the function raises
        if frame.hinted and not caller.hinted:
            return _without_hinted_shapes(_outside(frame.result(), frame))
        return _outside(frame.result(), frame)

    def _memoised(self, key: Any, state: State) -> tuple[Any, Frame | None]:
        """The memoised frame for ``key`` that assumed what this path assumes of the places it
        asked about (each other assumption has its own frame, under a longer key)."""
        frame = self._memo.get(key)
        while frame is not None and frame.asked:
            now = tuple(state.assumed.get(place) for place in frame.asked)
            if now == tuple(frame.asked.values()):
                break
            key = (key, tuple(zip(frame.asked, now, strict=True)))
            frame = self._memo.get(key)
        return key, frame

    def _run_function(
        self,
        function: Function,
        bound: dict[str, Values],
        site: Site,
        caller: Frame,
        context: tuple[Trace, ...],
        open_context: bool,
        assumptions: Mapping[Place, bool],
        widened: bool = False,
        optional: frozenset[str] = frozenset(),
        patched: frozenset[str] = frozenset(),
    ) -> Frame:
        if self.cancel is not None:
            self.cancel.check()
        self._running.add(function.site)
        # each its own object (see ``Frame.unknown_parameters``)
        unknown: dict[str, Values] = {
            name: tuple([*values])
            for name, values in bound.items()
            if len(values) == 1 and type(values[0]) in _UNKNOWNS
        }
        # each its own object (see ``Frame.optional``)
        left_out: dict[str, Values] = {name: tuple([NONE]) for name in optional}
        bindings = {**bound, **unknown, **left_out}
        annotated = self._annotated(function, unknown)
        if annotated:
            unknown = {name: values for name, values in unknown.items() if name not in annotated}
            bindings.update(annotated)
        straight, self.straight = self.straight, Straight()
        try:
            scopes = scopes_in(function.site.tree)
            names = scopes.names(function.node)
            frame = Frame(
                function.site.module,
                function,
                self._chunk_of(function.site),
                context=context,
                open_context=open_context,
                caller=caller,
                call_site=site,
                closure=closure_frame(function),
                state=State(bindings),
                local_names=names.local,
                global_names=names.declared_global,
                depth=caller.depth + 1,
                scopes=scopes,
                unknown_parameters=unknown or NOT_WRITTEN,
                optional=left_out or NOT_WRITTEN,
                hinted=bool(annotated) or caller.hinted,
                decorated=function.behind_decorator or caller.decorated,
                widened=widened or caller.widened,
            )
            self._bind_places(function, frame)
            frame.assumptions = frame.state.assumed = assumptions
            by_decorators = self._patched_by_decorators(function, frame)
            # one empty set for the frames of a file (a set of their own: 5,000 of 200 bytes)
            frame.state.patched = patched | by_decorators if by_decorators else patched
            self._bind_keyword_dict(function, frame)
            self.facts.frames.append(frame)
            self.observer.frame_started(frame)
            self.frames_of.setdefault(function.site, frame)
            if isinstance(function.node, _LAMBDA):
                try:
                    value = self.eval(function.node.body, frame, frame.state)
                except Raises:
                    pass
                else:
                    frame.returns.append((frame.site(function.node.body), value))
                    consumed = frame.state.consumed
                    frame.consumed = dict(consumed) if consumed else NOT_WRITTEN
            else:
                self.exec_block(function.node.body, frame, frame.state)
                if frame.state.live:
                    frame.returns.append((frame.site(function.node), NONE_SET))
                    self._leave(frame, frame.state)
                if scopes.generator(function.node):
                    # a call makes a generator, whose items are what the yields give
                    made = Static("generator", join(*frame.yields) if frame.yields else ANY)
                    frame.returns = [(frame.site(function.node), one(made))]
                if frame.returns:
                    self._note_shape(function.node, frame.result(), frame, "return")
        finally:
            self._running.discard(function.site)
            self.straight = straight
        return frame

    def _bind_places(self, function: Function, frame: Frame) -> None:
        """A parameter of unknown value that the function tests (``if jit:``, ``not flag``,
        ``config.use_jit``, in a closure too) is this frame's place, unless its caller passed
        one (``helper(self.jit)``: the caller's, which the caller's path may have tested): a
        branch on it and the values it is passed on in (a ``partial``, a callee's argument, a
        closure, a field) stay correlated."""
        assert frame.scopes is not None
        for name in frame.scopes.tested_in(function.node):
            held = _opaque(frame.state.env.get(name, NOTHING))
            if held is None:
                continue
            binding = one(UnknownAt(Place(frame, name), held=held))
            frame.state.env[name] = binding
            if name in frame.unknown_parameters:
                frame.unknown_parameters_to_write()[name] = binding

    def _bind_keyword_dict(self, function: Function, frame: Frame) -> None:
        """``**kwargs`` holds a new dict of the call's extra keyword arguments."""
        kwarg = function.node.args.kwarg
        if kwarg is None:
            return
        values = frame.state.env.get(kwarg.arg, ANY)
        if len(values) != 1 or not isinstance(values[0], _KeywordArguments):
            return
        ref = self.ref_at(frame.site(kwarg), frame, "dict")
        self.heap.new_dict(ref)
        for name, given in values[0].items:
            passed = tuple(value for value in given if not isinstance(value, _LeftOut))
            self.heap.write_item(ref, one(Const(name)), passed)
            if len(passed) != len(given):  # a keyword a caller may leave out
                self.heap.remove_item(ref, one(Const(name)))
        frame.state.env[kwarg.arg] = one(DictValue(ref))

    def _annotated(self, function: Function, unknown: dict[str, Values]) -> dict[str, Values]:
        """The parameters nobody passed whose annotation says what array they are (jaxtyping's
        ``Float[Array, "batch dim"]``); they are no longer unknown."""
        if isinstance(function.node, _LAMBDA) or not unknown:
            return {}
        node_arguments = function.node.args
        found: dict[str, Values] = {}
        defining = closure_frame(function) or self.modules[function.site.module].frame
        if defining is None:
            return {}
        for parameter in (
            *node_arguments.posonlyargs,
            *node_arguments.args,
            *node_arguments.kwonlyargs,
        ):
            if parameter.annotation is None or parameter.arg not in unknown:
                continue
            array = self.apis.annotated.annotated_array(
                self, parameter.annotation, defining, function
            )
            if array is not None:
                found[parameter.arg] = one(array)
        return found

    def bind_parameters(self, function: Function, arguments: Arguments) -> dict[str, Values]:
        node_arguments = function.node.args
        positional = [*node_arguments.posonlyargs, *node_arguments.args]
        bound: dict[str, Values] = {}
        given = arguments.positional
        given_count = len(given)
        for position, parameter in enumerate(positional):
            if position < given_count:
                bound[parameter.arg] = given[position]
            elif parameter.arg in arguments.keywords:
                default_position = position - (len(positional) - len(function.defaults))
                bound[parameter.arg] = _given_or_default(
                    arguments.keywords[parameter.arg],
                    function.defaults[default_position] if default_position >= 0 else ANY,
                )
            elif arguments.starred or arguments.spread:
                bound[parameter.arg] = ANY
            else:
                default_position = position - (len(positional) - len(function.defaults))
                bound[parameter.arg] = (
                    function.defaults[default_position] if default_position >= 0 else ANY
                )
        if node_arguments.vararg is not None:
            rest = given[len(positional) :]
            bound[node_arguments.vararg.arg] = ANY if arguments.starred else one(Tuple(tuple(rest)))
        if node_arguments.kwonlyargs:
            defaults = dict(function.kw_defaults)
            for parameter in node_arguments.kwonlyargs:
                if parameter.arg in arguments.keywords:
                    bound[parameter.arg] = _given_or_default(
                        arguments.keywords[parameter.arg], defaults.get(parameter.arg, ANY)
                    )
                elif arguments.spread:
                    bound[parameter.arg] = ANY
                else:
                    bound[parameter.arg] = defaults.get(parameter.arg, ANY)
        if node_arguments.kwarg is not None:
            named = {parameter.arg for parameter in (*positional, *node_arguments.kwonlyargs)}
            extra = tuple((k, v) for k, v in arguments.keywords.items() if k not in named)
            bound[node_arguments.kwarg.arg] = (
                ANY if arguments.spread else one(_KeywordArguments(extra))
            )
        return bound

    def _still_valid(self, frame: Frame) -> bool:
        """Whether the heap fields a memoised frame read still hold what they did."""
        return all(
            self.heap.read_field(ref, name) == values for (ref, name), values in frame.reads.items()
        )

    def _apply_consumed(self, frame: Frame, site: Site, caller: Frame, state: State) -> None:
        """What a call did to the caller's keys: the keys it consumed that it did not make are
        consumed at the call; the keys it made are new ones, whatever an earlier call did."""
        for identity, inner in frame.consumed.items():
            if not _made_in(identity, frame.created):
                deepest = None if caller.staging else frame.innermost.get(identity, inner)
                self.consume_identity(identity, site, caller, state, None, inner=deepest)
        if frame.created and state.consumed:
            for identity in list(state.consumed):
                if _made_in(identity, frame.created):
                    del state.consumed[identity]
        if frame.created:
            caller.created_to_write().update(frame.created)
        if frame.reads:
            caller.reads_to_write().update(frame.reads)
        for place in frame.asked:  # the caller's path decided what the frame found
            if place.root is not caller:
                caller.asked_to_write().setdefault(place, caller.assumptions.get(place))

    def made_key(self, identity: Any, frame: Frame, state: State) -> None:
        """A key is made at ``identity`` in ``frame`` (a loop's next pass makes it anew), and
        its parts with it (a split's items, the rows a vmapped function sees: ``_made_in``)."""
        frame.created_to_write().add(identity)
        consumed = state.consumed
        if consumed:
            made = {identity}
            for known in [known for known in consumed if _made_in(known, made)]:
                del consumed[known]

    def consume(
        self,
        keys: Values,
        site: Site,
        frame: Frame,
        state: State,
        name: str | None,
        node: ast.AST | None = None,
    ) -> None:
        """The keys ``keys`` are consumed at ``site`` (a sampler or ``split`` call): tracked
        when it is surely one key (a field that held several keys over time is not), or when
        it is a parameter still bound to the unknown key its caller passed."""
        if len(keys) != 1:
            return
        value = keys[0]
        if (
            isinstance(value, Unknown_)
            and isinstance(node, ast.Name)
            and frame.function is not None
            and (binding := frame.unknown_parameters.get(node.id)) is not None
            and state.env.get(node.id) is binding
        ):
            identity = (("parameter", frame.function.site), node.id)
            # each call passes its own: not the caller's concern
            frame.created_to_write().add(identity)
            self.consume_identity(identity, site, frame, state, name, Key(identity, None))
            return
        if isinstance(value, Key | KeyArray) and value.identity is not None:
            key = (
                value
                if isinstance(value, Key)
                else Key(value.identity, value.typed, value.flavours)
            )
            self.consume_identity(value.identity, site, frame, state, name, key)

    def consume_identity(
        self,
        identity: Any,
        site: Site,
        frame: Frame,
        state: State,
        name: str | None,
        key: Key | None = None,
        inner: Site | None = None,
    ) -> None:
        """The key ``identity`` is consumed at ``site`` (by a call whose own consumption was
        at ``inner``, when it is a call of a user function)."""
        first = state.consumed.get(identity)
        if first is not None:
            loop = self._loops[-1] if first == site and self._loops else None
            self.facts.key_reuses.append(
                KeyReuse(
                    inner or site,
                    key or Key(identity, True),
                    first,
                    frame,
                    name or "the key",
                    loop,
                    site if inner is not None else None,
                )
            )
            return
        state.consumed[identity] = site
        frame.innermost_to_write().setdefault(identity, inner or site)

    @property
    def _loops(self) -> list[Site]:
        return self._loop_stack

    # iteration helpers for rules ------------------------------------------------------------


@dataclass
class _Passes:
    """What a loop's passes bind, in order; ``known``: one pass per item of a known iterable."""

    elements: list[Values]
    known: bool


class _LoopScope:
    """A loop being run: its site on the loop stack, its passes in the nested product."""

    def __init__(self, interpreter: Interpreter, site: Site, passes: int) -> None:
        self.interpreter = interpreter
        self.site = site
        self.passes = max(passes, 1)

    def __enter__(self) -> None:
        self.interpreter._loops.append(self.site)
        self.interpreter._nested_passes *= self.passes

    def __exit__(self, *exc: object) -> None:
        self.interpreter._loops.pop()
        self.interpreter._nested_passes //= self.passes


#: The methods of a library's base class the API models may know on a user's subclass.
_LIBRARY_METHODS = frozenset({"init", "apply", "variable", "param"})
Unknown_ = type(UNKNOWN)
#: The unknown values, by exact type.
_UNKNOWNS = frozenset({Unknown, UnknownAt})
NONE_SET: Values = one(NONE)
_UNKNOWN_INT: Values = one(Static("int"))
_UNKNOWN_BOOL: Values = one(Static("bool"))


def _memo_context(context: tuple[Trace, ...]) -> tuple[Trace, ...]:
    """The part of a frame's context its run depends on: under nested ``jax.jit``s only the
    innermost (JAX traces a jitted function called under jit inline, with the outer trace's
    values already traced; ``trace`` of what the inner one's arguments hold is its own), so a
    jitted helper a jitted function calls shares the frame of its own run."""
    if len(context) > 1 and all(trace.kind == "jax.jit" for trace in context):
        return context[-1:]
    return context


def _is_none_of_array(op: ast.cmpop, left: Values, right: Values) -> Values:
    """``x is None`` where ``x`` is surely one array: an array is never None (a pytree
    parameter may be the empty pytree None, so that stays undecided)."""
    for array, other in ((left, right), (right, left)):
        if other == NONE_SET and all(isinstance(v, Array) and not v.tree for v in array):
            return one(Const(isinstance(op, ast.IsNot)))
    return one(Static("bool"))


def _one_method_of_alternatives(values: Values) -> Values:
    """The same method of several arrays (``y.sum`` where ``y`` is one array or another, as
    after a loop that may run no pass) as one method of the join of the arrays: the call then
    fails only where every alternative does, as a function of them (``jnp.sum(y)``) does."""
    methods = [v for v in values if isinstance(v, ApiMethod) and v.index is None]
    if len(methods) < 2 or not all(
        isinstance(owner, Array) for method in methods for owner in method.owner
    ):
        return values
    first = methods[0]
    if any(m.name != first.name or m.site != first.site for m in methods[1:]):
        return values
    merged = ApiMethod(join(*(m.owner for m in methods)), first.name, None, first.site)
    rest = [v for v in values if not (isinstance(v, ApiMethod) and v.index is None)]
    return join(one(merged), tuple(rest)) if rest else one(merged)


def _compares_structure(left: Values, right: Values) -> bool:
    """``==`` against a tuple, list, dict, string or None compares a pytree's structure, not
    its leaves' values (``rest == ()``, ``weights == EMPTY_WEIGHTS``)."""
    return any(
        all(
            isinstance(v, Tuple | ListValue | DictValue)
            or (isinstance(v, Const) and (v.value is None or isinstance(v.value, str)))
            for v in side
        )
        for side in (left, right)
    )


def _bool_array(base: Array) -> Array:
    return Array(base.flavours, base.trace, False, "bool", base.shape, False, base.origin)


def _row_of(array: Array) -> Array:
    """What iterating (or unpacking) an array gives: its rows."""
    rows = array.shape[1:] if array.shape else None
    if array.tree:
        return Array(array.flavours, array.trace, array.tree)
    return Array(array.flavours, array.trace, False, array.dtype, rows, array.weak, array.origin)


def _bool_valued(values: Values) -> bool:
    """Whether each of ``values`` is a Python bool (a constant, or one of unknown value: a
    comparison's result, a flag read from a place), so that its falsy value is False and its
    truthy one True."""
    return all(
        (isinstance(value, Const) and isinstance(value.value, bool))
        or (isinstance(value, Static) and value.type_name == "bool")
        or (isinstance(value, UnknownAt) and value.held == Static("bool"))
        for value in values
    )


def _is_bool_constant(values: Values) -> bool:
    return len(values) == 1 and isinstance(values[0], Const) and isinstance(values[0].value, bool)


def _all_bool(values: Values) -> bool:
    arrays = [v for v in values if isinstance(v, Array)]
    return bool(arrays) and all(a.dtype == "bool" for a in arrays)


def _array_index(index: Values) -> Values:
    """The traced parts of an index (a tuple of indices counts each part)."""
    found: list[Value] = []
    for value in index:
        if isinstance(value, Tuple):
            for item in value.items:
                found.extend(item)
        else:
            found.append(value)
    return tuple(v for v in found if isinstance(v, Array))


def _constant_slice(index: Values) -> slice | None:
    """The slice an index is, when its bounds are constants (``[:-1]``, ``[1::2]``)."""
    if len(index) != 1 or not isinstance(index[0], Slice):
        return None
    bounds: list[int | None] = []
    for part in (index[0].lower, index[0].upper, index[0].step):
        if len(part) != 1 or not isinstance(part[0], Const):
            return None
        bound = part[0].value
        if bound is not None and type(bound) is not int:
            return None
        bounds.append(bound)
    if bounds[2] == 0:
        return None
    return slice(*bounds)


def _is_slice(node: ast.expr) -> bool:
    return isinstance(node, ast.Slice)


def _kind(value: Value) -> str:
    if isinstance(value, Tuple):
        return "tuple"
    if isinstance(value, ListValue):
        return "list"
    if isinstance(value, Static):
        return value.type_name
    return "sequence"


class Journal(set[Site]):
    """A set of sites (defs, custom rules) that logs what is added while ``log`` is set (a
    run's summary), and the answers ``holds`` gave while ``asked`` is set.  Public: ``rerun``
    makes an analysis's journals from the runs it keeps."""

    log: list[Site] | None = None
    asked: dict[Site, bool] | None = None

    def add(self, item: Site) -> None:
        if self.log is not None and item not in self:
            self.log.append(item)
        super().add(item)

    def holds(self, item: Site) -> bool:
        """``item in self``, for a run whose replay must get the same answer (unless it
        added the item itself)."""
        held = item in self
        asked = self.asked
        if asked is not None and item not in asked and not (self.log and item in self.log):
            asked[item] = held
        return held


class _Used:
    """The values some call or API used, by identity or (across analyses, for a value a
    replayed run used) by equality.  A value that cannot be hashed (it holds something
    unhashable, or is nested deeper than Python recurses, e.g. under thousands of stacked
    decorators) is known by identity only."""

    def __init__(self) -> None:
        self._ids: set[int] = set()
        self._equal: set[Value] = set()
        #: How many of the facts' calls and made values were added.
        self.called = 0
        self.made = 0

    def add(self, values: list[Value]) -> None:
        """Add ``values`` (each held by a fact of the analysis, so alive while it runs: an id
        seen is the same object's).  A value added before is not hashed again: the same
        function is the callee of many calls."""
        ids = self._ids
        for value in values:
            identity = id(value)
            if identity in ids:
                continue
            ids.add(identity)
            # only made functions are ever looked up: hashing every value would be slow
            if isinstance(value, _MADE_FUNCTIONS):
                with contextlib.suppress(TypeError, RecursionError):
                    self._equal.add(value)

    def __contains__(self, value: Value) -> bool:
        if id(value) in self._ids:
            return True
        try:
            return value in self._equal
        except (TypeError, RecursionError):
            return False


def _made_in(identity: Any, created: AbstractSet[Any]) -> bool:
    """Whether a key was made among ``created``: it, or the key it is a part of (a split's
    item, the row a vmapped function sees)."""
    for _ in range(8):
        if identity in created:
            return True
        if isinstance(identity, Site) or not isinstance(identity, tuple) or not identity:
            return False  # a key made at a site is a part of no other key
        identity = identity[0]
    return False


#: An entry of the any-caller pass: what runs, the site it was defined (or made) at, and the
#: class of a transformed method (its run is bound to an instance of it).
_Entry = tuple[Site, Values, ClassValue | None]


def _any_caller_order(pending: list[_Entry], made: AbstractSet[Site]) -> list[_Entry]:
    """The order an any-caller round runs ``pending`` in (``made``: the sites of the made
    functions among them): what runs a function with what the code passes comes before the
    function's own run for any caller, which is then passed over (``Interpreter._ran``).

    - Classes, in the order defined: their methods run bound to an instance of theirs, not
      to an unknown receiver (their entries are then passed over).
    - The functions the module's transforms made and nothing called, in the order made: the
      run of ``jax.jit(jax.grad(loss))`` runs ``loss`` on what the transforms pass it.
    - The defined functions, callers first (``_callers_first``).
    - Last, what a decorator made: the decorated function's entry runs it, as before (a
      made function's own entry passes arguments no caller wrote, which the rules judge
      less: a ``shard_map``'s specs), and then it is passed over as used.

    A function whose only run is from a caller is seen with what its callers pass (constants,
    shapes), as a function called at the module's top level always was: what it does on a path
    no caller takes is not run (the any-caller run would find no error there either, since an
    unknown guard leads to it, ``Assumption.GUARD``)."""
    classes: list[_Entry] = []
    made_functions: list[_Entry] = []
    defined: list[_Entry] = []
    for entry in pending:
        if any(isinstance(value, ClassValue) for value in entry[1]):
            classes.append(entry)
        elif entry[0] in made:
            made_functions.append(entry)
        else:
            defined.append(entry)
    # what a decorator made is run as the decorated function (its def's entry), as before:
    # its entry runs for any caller with arguments no caller wrote, judged less
    decorated = {id(value) for _, values, _ in defined for value in values}
    by_decorators = [entry for entry in made_functions if id(entry[1][0]) in decorated]
    if by_decorators:
        made_functions = [entry for entry in made_functions if id(entry[1][0]) not in decorated]
    return [*classes, *made_functions, *_callers_first(defined), *by_decorators]


def _callers_first(entries: list[_Entry]) -> list[_Entry]:
    """``entries`` (defined functions, in the order defined) with each function before those
    it calls by name or hands to a call (``TreeScopes.called_in``: the module's syntactic call
    graph), and, of functions neither of which calls the other, the one defined later first:
    Python's usual order defines a helper before its caller, which also orders the calls the
    syntax does not show by name (through an attribute, a dict of functions).  A cycle
    (recursion) is broken at its function defined last."""
    count = len(entries)
    if count < 2:
        return entries
    by_name: dict[str, list[int]] = {}
    # the entries defined by a def statement (not a lambda), each with its index and node
    functions: list[tuple[int, Site, ast.FunctionDef | ast.AsyncFunctionDef]] = []
    for index, (site, _, _) in enumerate(entries):
        node = site.node
        if type(node) is ast.FunctionDef or type(node) is ast.AsyncFunctionDef:
            by_name.setdefault(node.name, []).append(index)
            functions.append((index, site, node))
    callees: dict[int, list[int]] = {}
    callers_left = [0] * count
    for index, site, node in functions:
        names = scopes_in(site.tree).called_in(node)
        if not names:
            continue
        found = [
            callee for name in names & by_name.keys() for callee in by_name[name] if callee != index
        ]
        if found:
            callees[index] = found
            for callee in found:
                callers_left[callee] += 1
    if not callees:
        return entries[::-1]
    # the functions no caller waits for, the one defined last first (a heap of -index)
    ready = [-index for index in range(count) if not callers_left[index]]
    heapq.heapify(ready)
    placed = [False] * count
    order: list[_Entry] = []
    last = count - 1
    while len(order) < count:
        if ready:
            index = -heapq.heappop(ready)
            if placed[index]:
                continue  # placed already, to break a cycle
        else:
            while placed[last]:
                last -= 1
            index = last
        placed[index] = True
        order.append(entries[index])
        for callee in callees.get(index, ()):
            callers_left[callee] -= 1
            if not callers_left[callee] and not placed[callee]:
                heapq.heappush(ready, -callee)
    return order


def _never_called(site: Site, values: Values) -> bool:
    """Whether ``values`` is a function a ``def`` in another function's body made, with no
    decorator, whose name that function never reads (nor declares ``global``/``nonlocal``,
    nor reads its locals without spelling them: ``scopes.names_read``): nothing can call it,
    so its body never runs and nothing in it can raise.  Run for any caller, it ran in the
    frame that made it, under that frame's trace (smcs's ``island_step`` defines a
    ``process_island`` it never calls; its boolean mask of the traced particles was an error
    finding under the ``lax.scan`` that runs ``island_step``).  A module-level function, a
    method, a lambda (a value some expression uses) and a function under a decorator of the
    user's (which may register it) may be called from where the analysis does not see, and
    still run for any caller.  A def whose every decorator is a JAX transform (``@jax.jit``,
    ``@partial(jax.jit, ...)``, ``@jax.vmap``: ``_decorated_by_transforms``) is never called
    either: a transform calls nothing until its function is called, so neither the def's
    entry nor the transform's made function runs."""
    if len(values) != 1:
        return False
    function, layers = _under_transforms(values[0])
    if function is None:
        return False
    node = function.node
    if type(node) is not ast.FunctionDef and type(node) is not ast.AsyncFunctionDef:
        return False
    if not _decorated_by_transforms(node, values[0], layers):
        return False
    closure = closure_frame(function)
    if closure is None or closure.is_class or closure.function is None:
        return False
    read = names_read(site.tree, closure.function.node)
    return read is not None and node.name not in read


def _under_transforms(value: Value) -> tuple[Function | None, int]:
    """The one function ``value`` wraps through JAX transforms (``jax.jit(jax.vmap(f))``), and
    how many wrap it; ``(None, 0)`` when it is no such chain."""
    layers = 0
    while type(value) is Transformed or type(value) is ShardMapped:
        inner = value.inner if type(value) is Transformed else value.body
        if len(inner) != 1 or layers > 8:
            return None, 0
        value = inner[0]
        layers += 1
    return (value, layers) if type(value) is Function else (None, 0)


def _decorated_by_transforms(
    node: ast.FunctionDef | ast.AsyncFunctionDef, value: Value, layers: int
) -> bool:
    """Whether ``value``, the function ``node`` defines behind ``layers`` transforms, is what
    its decorators made, each a JAX transform written at the decorator itself: the outermost
    transform was made at the first decorator, and so on inwards.  A decorator of the user's
    that returns ``jax.jit(f)`` made its transform inside its own body (another site), and
    may have kept the function somewhere, so it does not count."""
    decorators = node.decorator_list
    if len(decorators) != layers:
        return False
    for decorator in decorators:
        if isinstance(value, Transformed):
            site, inner = value.site, value.inner
        elif isinstance(value, ShardMapped):
            site, inner = value.site, value.body
        else:
            return False
        if site is None or site.node is not decorator:
            return False
        value = inner[0]
    return True


def _hands_back_its_parameters(values: Values) -> bool:
    """Whether ``values`` is one lambda that returns only its own parameters and constants,
    bare or in a tuple (``lambda i, j: (i, 0)``, most Pallas index maps), with no default: run
    for any caller, each parameter is an unknown value, so the run reads no array, key, API or
    global, calls nothing and makes no fact, hover or hint.  The any-caller pass leaves it out:
    each such run, with its frame and its summary, cost more than 100,000 instructions (the 63
    index maps of bench's 2,000-line file: 9 M, 1.2 % of its fresh open)."""
    if len(values) != 1 or type(values[0]) is not Function:
        return False
    node = values[0].node
    if type(node) is not ast.Lambda:
        return False
    arguments = node.args
    if arguments.defaults or arguments.kw_defaults or arguments.vararg or arguments.kwarg:
        return False
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args)}
    body = node.body
    parts = body.elts if type(body) is ast.Tuple else [body]
    return all(
        (type(part) is ast.Name and part.id in parameters) or type(part) is ast.Constant
        for part in parts
    )


def _opaque(values: Values) -> Unknown | Static | None:
    """A place's value when it is one unknown, or a Python bool of unknown value (a flag)."""
    if values == ANY:
        return UNKNOWN
    return Static("bool") if values == _UNKNOWN_BOOL else None


def _without_hinted_shapes(result: Values, depth: int = 0) -> Values:
    """What a frame whose parameters annotations described returns, as a caller that passed
    no such values sees it: its arrays' shapes may be the annotations', so they are unknown."""
    if depth > 4:
        return ANY
    found: list[Value] = []
    for value in result:
        if isinstance(value, Array) and value.shape is not None:
            found.append(value.with_aval(None, value.dtype, value.weak, value.origin))
        elif isinstance(value, Tuple):
            items = tuple(_without_hinted_shapes(item, depth + 1) for item in value.items)
            found.append(Tuple(items))
        else:
            found.append(value)
    return join(*(one(v) for v in found))


def _outside(result: Values, frame: Frame) -> Values:
    """A frame's result as its caller sees it: a place of the frame's own parameters is the
    value it held (a memoised frame serves every call that passes that value, each its own)."""
    if UnknownAt not in map(type, result) or not any(
        isinstance(v, UnknownAt) and v.place.root is frame for v in result
    ):
        return result
    return join(
        *(one(v.held if isinstance(v, UnknownAt) and v.place.root is frame else v) for v in result)
    )


def _roots(values: Values, depth: int = 0) -> set[Ref | Scope]:
    """The heap objects and frames whose places a function value can read: the instances it
    is bound to or given, the frames it closes over, the places it was given."""
    found: set[Ref | Scope] = set()
    for value in values:
        if isinstance(value, UnknownAt):
            found.add(value.place.root)
        elif isinstance(value, Instance):
            found.add(value.ref)
        elif isinstance(value, Function):
            closure = value.closure
            while closure is not None:
                found.add(closure)
                closure = closure.closure
        elif depth < MAX_ROOT_DEPTH:
            parts: list[Values] = []
            if isinstance(value, BoundMethod):
                parts = [one(value.function), value.self_value]
            elif isinstance(value, Partial):
                parts = [value.func, *value.args, *(v for _, v in value.keywords)]
            elif isinstance(value, Transformed):
                parts = [value.inner]
            elif isinstance(value, Tuple):
                parts = list(value.items)
            for part in parts:
                found |= _roots(part, depth + 1)
    return found


def _a_flag(values: Values) -> bool:
    """Whether a split on the truth of ``values`` can say what they are on each path
    (``_flag_on_path``): one unknown value, or alternatives each of known truth or a bool of
    unknown value.  A tuple, string or int of unknown length or value, an array, an instance
    is no flag: its truth does not make it a bool."""
    if len(values) == 1 and isinstance(values[0], Unknown | NotNone):
        return True
    return all(
        _truth(one(value)) is not None or (isinstance(value, Static) and value.type_name == "bool")
        for value in values
    )


def _truth(values: Values) -> bool | None:
    """The truth of a condition when it is known on every alternative."""
    truths: set[bool] = set()
    for value in values:
        if isinstance(value, Const):
            try:
                truths.add(bool(value.value))
            except Exception:  # a constant whose bool() raises: unknown
                return None
        elif isinstance(value, Function | ClassValue | Api | ModuleValue | BoundMethod):
            truths.add(True)
        else:
            return None
    return truths.pop() if len(truths) == 1 else None


@final
@direct_init
@dataclass(frozen=True, slots=True)
class _Outcomes:
    """What a condition's truth says of the places it tests (``UnknownAt``): what the path
    where it is true assumes of them, and the path where it is false."""

    if_true: Assumptions = ()
    if_false: Assumptions = ()


_NO_OUTCOMES = _Outcomes()


def _outcomes_of(values: Values) -> _Outcomes:
    """A condition that is one place's value (or its ``not``): its truth is the place's."""
    if len(values) != 1 or not isinstance(values[0], UnknownAt):
        return _NO_OUTCOMES
    place, negated = values[0].place, values[0].negated
    return _Outcomes(((place, not negated),), ((place, negated),))


def _compute(op: ast.operator, a: Any, b: Any) -> Value | None:
    function = _ARITHMETIC.get(type(op))
    if function is None:
        return None
    if not isinstance(a, _COMPUTABLE) or not isinstance(b, _COMPUTABLE):
        return None
    if isinstance(op, ast.Pow | ast.LShift) and isinstance(b, int) and abs(b) > 64:
        return None
    repeats = isinstance(op, ast.Mult) and isinstance(a, str | bytes | tuple)
    if repeats and isinstance(b, int) and b > 64:
        return None
    try:
        result = function(a, b)
    except (ArithmeticError, TypeError, ValueError, OverflowError):
        return None
    if isinstance(result, int) and abs(result) > MAX_CONSTANT:
        return Static("int")
    if isinstance(result, str | bytes) and len(result) > 4096:
        return Static(type(result).__name__)
    return Const(result)


def _binary_pair(op: ast.operator, a: Value, b: Value) -> Value | None:
    """``a <op> b`` of two static alternatives (None: not known)."""
    if isinstance(a, Const) and isinstance(b, Const):
        computed = _compute(op, a.value, b.value)
        if computed is not None:
            return computed
    if isinstance(a, Tuple) and isinstance(b, Tuple) and isinstance(op, ast.Add):
        return Tuple(a.items + b.items)
    if isinstance(op, ast.Mult) and (repeated := _repeated_tuple(a, b)) is not None:
        return repeated
    if isinstance(a, Const | Static) and isinstance(b, Const | Static):
        return Static(_result_type(op, a, b))
    return None


def _host_result(operands: Iterable[Value]) -> Values:
    """An operation with a NumPy array among its operands: a NumPy array when the others are
    NumPy arrays or Python scalars, else not known (a JAX array may be among them)."""
    numpy_only = all(isinstance(v, NumpyArray | Const | Static) for v in operands)
    return one(NumpyArray()) if numpy_only else ANY


def _compare_pair(op: ast.cmpop, a: Value, b: Value) -> Const | None:
    """The truth of ``a <op> b`` for two alternatives, when it is known."""
    comparison = _COMPARISONS.get(type(op))
    if isinstance(a, Const) and isinstance(b, Const) and comparison is not None:
        try:
            return Const(bool(comparison(a.value, b.value)))
        except TypeError:
            return None
    if isinstance(op, ast.Is | ast.IsNot) and (a == NONE or b == NONE):
        other = b if a == NONE else a
        if not isinstance(other, Const | Unknown_) and other != UNKNOWN:
            return Const(isinstance(op, ast.IsNot))
    if isinstance(op, ast.Is | ast.IsNot | ast.Eq | ast.NotEq) and _other_class(a, b):
        return Const(isinstance(op, ast.IsNot | ast.NotEq))  # ``type(x) is np.ndarray``
    if isinstance(op, ast.Eq | ast.NotEq) and isinstance(a, Tuple) and isinstance(b, Tuple):
        equal = _tuples_equal(a, b)  # ``x1.shape != x2.shape``
        return None if equal is None else Const(equal == isinstance(op, ast.Eq))
    return None


def _tuples_equal(a: Tuple, b: Tuple, depth: int = 0) -> bool | None:
    """Whether two tuples are equal: False when their lengths differ or two items surely
    differ, True when every item is the same constant, else None (not known)."""
    if len(a.items) != len(b.items):
        return False
    if depth > _MAX_UNWRAPPED:
        return None
    known = True
    for left, right in zip(a.items, b.items, strict=True):
        if len(left) != 1 or len(right) != 1:
            known = False
            continue
        x, y = left[0], right[0]
        if isinstance(x, Tuple) and isinstance(y, Tuple):
            equal = _tuples_equal(x, y, depth + 1)
        elif (
            isinstance(x, Const)
            and isinstance(y, Const)
            and isinstance(x.value, _PLAIN)
            and isinstance(y.value, _PLAIN)
        ):
            equal = x.value == y.value
        else:
            equal = None
        if equal is False:
            return False
        known = known and equal is True
    return True if known else None


#: Constants whose ``==`` is a plain bool.
_PLAIN = (int, float, str, bytes, type(None))


def _other_class(a: Value, b: Value) -> bool:
    """One is the class of a JAX array (``type(x)``), the other a class that is another."""
    for mine, other in ((a, b), (b, a)):
        if isinstance(mine, Api) and mine.qualified == ARRAY_TYPE:
            if isinstance(other, ClassValue):
                return True
            return isinstance(other, Api) and other.qualified != ARRAY_TYPE
    return False


#: What the machine that runs the code says: its environment, platform, devices and backend
#: (a dotted name, or the start of one).
_HOST_FACTS = (
    "os.environ",
    "os.getenv",
    "os.getenvb",
    "os.name",
    "os.uname",
    "sys.platform",
    "platform",
    "jax.default_backend",
    "jax.devices",
    "jax.local_devices",
    "jax.device_count",
    "jax.local_device_count",
    "jax.process_count",
    "jax.process_index",
    "jax.config",
)


_HOST_FACT_SET = frozenset(_HOST_FACTS)
#: The names code reaching one of ``_HOST_FACTS`` spells (``_may_reach_the_host``): the
#: module holding it (``os``, ``sys``, ``platform``), or, for JAX's, whose module every JAX
#: file imports, the fact's own name.  One search per name, each starting with the name (its
#: word boundary is a look-behind after it): ``re`` then skips to where the name is, where one
#: search of them all, or one starting with the boundary, tries every position of the text.
_HOST_SPELLINGS = (
    *(
        re.compile(f"{name}(?<!\\w{name})\\b")
        for name in sorted(
            {
                fact.rsplit(".", 1)[-1] if fact.startswith("jax.") else fact.split(".", 1)[0]
                for fact in _HOST_FACTS
                if fact != "jax.config"
            }
        )
    ),
    # ``jax.config``'s options are read by their names (``config.jax_disable_jit``,
    # ``x64_enabled``), not by the word ``config``, which much code spells for its own
    re.compile("jax_(?<!\\wjax_)"),
    re.compile("x64_enabled(?<!\\wx64_enabled)\\b"),
)


def _is_host_fact(dotted: str) -> bool:
    """Whether ``dotted`` is one of ``_HOST_FACTS`` or names something in one: one set look-up
    per dot, not a comparison with each fact."""
    if dotted in _HOST_FACT_SET:
        return True
    end = dotted.find(".")
    while end != -1:
        if dotted[:end] in _HOST_FACT_SET:
            return True
        end = dotted.find(".", end + 1)
    return False


def _names_set_from(
    statements: list[ast.stmt], reads: Callable[[ast.AST, set[str]], bool]
) -> frozenset[str]:
    """The names ``statements`` (a body, not the bodies of functions or classes in it) assign
    from an expression ``reads`` holds for (given the names found so far), or assign in a
    branch of a test it holds for."""
    found: set[str] = set()
    pending = list(statements)
    while pending:
        statement = pending.pop(0)
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(statement, ast.If | ast.While) and reads(statement.test, found):
            found.update(
                target.id
                for inner in [*statement.body, *statement.orelse]
                for target in walk(inner)
                if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store)
            )
        elif (
            isinstance(statement, ast.Assign | ast.AnnAssign)
            and statement.value is not None
            and reads(statement.value, found)
        ):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found.update(
                name.id for target in targets for name in walk(target) if isinstance(name, ast.Name)
            )
        for field_name in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(statement, field_name, None)
            if isinstance(inner, list):
                pending.extend(s for s in inner if isinstance(s, ast.stmt))
        if isinstance(statement, ast.Try):
            pending.extend(s for handler in statement.handlers for s in handler.body)
    return frozenset(found)


def _first_pair(node: ast.Compare) -> ast.Compare:
    """The first comparison of a chained one (``0 < x`` of ``0 < x < 1``), made once per
    node (so facts that hold it see one node), located where its text is."""
    pair = getattr(node, "_jaxlsp_first_pair", None)
    if isinstance(pair, ast.Compare):
        return pair
    first = node.comparators[0]
    pair = ast.Compare(left=node.left, ops=[node.ops[0]], comparators=[first])
    ast.copy_location(pair, node)
    pair.end_lineno, pair.end_col_offset = first.end_lineno, first.end_col_offset
    setattr(node, "_jaxlsp_first_pair", pair)  # noqa: B010 (an attribute ast.Compare lacks)
    return pair


def patched_global(module: str, name: str) -> str:
    """How ``State.patched`` holds a global of a workspace module that a patcher replaced
    (``monkeypatch.setattr(utils, "kinematics", fake)``): the module's key and the name,
    joined by a colon, which no API's qualified name holds, so ``_replaced`` never matches it.
    Every read of that global on the path after the patch, through the module
    (``utils.kinematics``) or by the module's own functions (``kinematics``), is unknown."""
    return f"{module}:{name}"


def patched_class_attribute(cls: ClassValue, name: str) -> str:
    """How ``State.patched`` holds an attribute of a user's class that a patcher replaced
    (``mock.patch.object(Loader, "batch", fake)``, ``monkeypatch.setattr(Loader, "batch",
    fake)``): the class's module and name (two classes of one name in a module are taken as
    one: more reads unknown, nothing claimed), and the attribute's (a global's name has no
    dot).  Every read of that attribute on the path after the patch, of the class, a subclass
    or an instance, is unknown."""
    return f"{cls.site.module}:{cls.name}.{name}"


def _patched_read(value: Value, name: str, patched: frozenset[str]) -> bool:
    """Whether reading attribute ``name`` of ``value`` reads what a patcher replaced: a
    workspace module's global, or an attribute of a user's class (read from the class, a
    subclass, or an instance of one: an instance's own field may shadow it, and then the read
    is unknown too, which claims nothing)."""
    kind = type(value)
    if kind is ModuleValue:
        return patched_global(value.module, name) in patched  # type: ignore[attr-defined]
    if kind is Instance:
        value = value.cls  # type: ignore[attr-defined]
    elif kind is not ClassValue:
        return False
    pending: list[ClassValue] = [value]  # type: ignore[list-item]
    seen = 0
    while pending and seen < 32:
        cls = pending.pop()
        seen += 1
        if patched_class_attribute(cls, name) in patched:
            return True
        pending.extend(b for base in cls.bases for b in base if type(b) is ClassValue)
    return False


#: The names a patcher's call ends with (``_patcher``): ``setattr``, ``delattr``, ``patch``
#: (``mock.patch``), ``object`` (``mock.patch.object``).
_PATCHER_LAST_NAMES = frozenset({"setattr", "delattr", "patch", "object"})


def _patcher(func: ast.expr) -> str | None:
    """Whether a call replaces a module's attribute for a test, and how it names it:
    "string" (``mock.patch("jax.x")``, pytest-mock's ``mocker.patch``), "object"
    (``mock.patch.object(jax, "x")``, the builtin ``setattr``/``delattr``), "either"
    (pytest's ``monkeypatch.setattr``/``delattr``, which take both); None for other calls.

    Asked of every call the analysis runs: one whose last name is none a patcher ends with
    is answered from that name, without spelling the chain out."""
    if type(func) is _ATTRIBUTE:
        if func.attr not in _PATCHER_LAST_NAMES:
            return None
    elif type(func) is not _NAME or func.id not in _PATCHER_LAST_NAMES:
        return None
    spelled = dotted_spelling(func)
    if spelled is None:
        return None
    if spelled in ("setattr", "delattr"):
        return "object"
    last = spelled.rsplit(".", 1)[-1]
    if last in ("setattr", "delattr"):
        return "either"
    if spelled == "patch" or spelled.endswith(".patch"):
        return "string"
    if spelled.endswith("patch.object"):
        return "object"
    return None


def _plain_sides(left: Values, right: Values) -> tuple[Values, Values]:
    """The alternatives of two operands that are neither JAX nor NumPy arrays (a traced
    argument's int default, or what nothing is known of): the pairs of them compute as they
    do without JAX (a NumPy array meeting a JAX array gives one)."""
    return _without_arrays(left), _without_arrays(right)


def _without_arrays(values: Values) -> Values:
    """The alternatives of ``values`` that are not arrays, of JAX or NumPy."""
    return tuple(value for value in values if not isinstance(value, Array | NumpyArray))


def _or_else(arrays: Values, plain: Values) -> Values:
    """An array result, or what the alternatives without arrays gave (a value nothing knows
    when there are too many to keep)."""
    found = distinct([*arrays, *plain])
    return found if len(found) <= MAX_ALTERNATIVES else (*arrays, UNKNOWN)


def _join_scalars(found: list[Value]) -> Values:
    """The join of computed alternatives; too many constants of one type are that type."""
    joined = join(*(one(v) for v in found))
    if joined != ANY or not found:
        return joined
    types = {_type_name(v) for v in found}
    if len(types) == 1 and all(isinstance(v, Const | Static) for v in found):
        return one(Static(types.pop()))
    return ANY


def _result_type(op: ast.operator, a: Value, b: Value) -> str:
    names = {
        _type_name(a),
        _type_name(b),
    }
    if isinstance(op, ast.Div):
        return "float"
    if names <= {"int", "bool"}:
        return "int"
    if "float" in names and names <= {"int", "bool", "float"}:
        return "float"
    if names == {"str"}:
        return "str"
    return "object"


def _type_name(value: Value) -> str:
    if isinstance(value, Const):
        return type(value.value).__name__
    if isinstance(value, Static):
        return value.type_name
    return "object"


class Straight:
    """A straight run of code (``Interpreter.straight``), and whether it made a list."""

    __slots__ = ("made_lists",)

    def __init__(self) -> None:
        self.made_lists = False


def _exits(region: list[ast.stmt]) -> bool:
    """Whether ``region`` may leave the code around it early: a ``return``, ``raise``,
    ``break``, ``continue`` or ``yield`` of its own (not of a function nested in it)."""
    pending: list[ast.AST] = list(region)
    while pending:
        node = pending.pop()
        if isinstance(node, _EXITS):
            return True
        if isinstance(node, _NESTED_SCOPES):
            continue
        pending.extend(child_nodes(node))
    return False


#: The traces of Pallas's transforms (``jaxlsp.apis.pallas.PALLAS``, not imported here).
_PALLAS = "jax.experimental.pallas"
_EXITS = (ast.Return, ast.Raise, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom)
_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _unknown_comparison(ops: list[ast.cmpop], operands: list[Values]) -> Values:
    """A comparison whose truth is not known: a bool; or, when it compares a value nothing is
    known of (which may be an array of any shape: ``x >= bins[:-1]``, ``labels == c``),
    possibly an array of bools too.  An equality test against a string or None is a bool
    (``flag == "1"``)."""
    unknown = any(isinstance(v, Unknown_) for values in operands for v in values)
    if unknown and any(isinstance(op, _ORDERINGS) for op in ops):
        return (Static("bool"), *ANY)
    equality = any(isinstance(op, ast.Eq | ast.NotEq) for op in ops)
    if unknown and equality and not any(_str_or_none(values) for values in operands):
        return (Static("bool"), *ANY)
    return one(Static("bool"))


def _str_or_none(values: Values) -> bool:
    return bool(values) and all(
        isinstance(v, Const) and (v.value is None or isinstance(v.value, str)) for v in values
    )


_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _breaks(body: list[ast.stmt]) -> bool:
    """Whether a loop body has a ``break`` of its own (not one of a loop nested in it)."""
    pending: list[ast.AST] = list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Break):
            return True
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            pending.extend(node.orelse)  # a nested loop's own body breaks that loop
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        pending.extend(child_nodes(node))
    return False


def _untracked_keys(values: Values) -> Values:
    """``values`` with their PRNG keys no longer told apart (an item of a list of keys read
    at a position not known: ``ks[0]`` and ``ks[1]`` are different keys)."""
    if not any(isinstance(v, Key | KeyArray) and v.identity is not None for v in values):
        return values
    return tuple(replace(v, identity=None) if isinstance(v, Key | KeyArray) else v for v in values)


def known_items(values: Values, heap: Heap) -> list[Values] | None:
    """The items of one tuple or list of known length, the characters of a known string, or
    the keys of one dict whose keys are all known constants, in the order Python iterates them
    (None: not known)."""
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Tuple):
        return list(value.items)
    if isinstance(value, Const) and isinstance(value.value, str):
        return [one(Const(character)) for character in value.value]
    if isinstance(value, ListValue):
        items = heap.list_items(value.ref)
        return list(items) if items is not None else None
    if isinstance(value, DictValue):
        entries = heap.constant_entries(value.ref)
        return [one(Const(key)) for key, _ in entries] if entries else None
    return None


def _key_identities(values: Values) -> list[Any]:
    """The tracked keys among ``values`` (inside tuples too)."""
    found: list[Any] = []
    for value in values:
        if isinstance(value, Key) and value.identity is not None:
            found.append(value.identity)
        elif isinstance(value, Tuple):
            for item in value.items:
                found.extend(_key_identities(item))
    return found


_NONE_TESTED: frozenset[str] = frozenset()


def _tested_later(body: list[ast.stmt], scopes: TreeScopes) -> list[frozenset[str]]:
    """For each statement of a block, the names the statements after it test."""
    after: list[frozenset[str]] = [_NONE_TESTED] * len(body)
    seen = _NONE_TESTED
    for index in range(len(body) - 1, -1, -1):
        after[index] = seen
        tested = scopes.tested(body[index]).names
        if tested and not tested <= seen:
            seen = seen | tested
    return after


#: Calls that ask what a value is, not what it holds.
_WHAT_A_VALUE_IS_CALLS = frozenset(
    {"isinstance", "issubclass", "hasattr", "callable", "len", "type", "issubdtype"}
)
#: Attributes and functions that give a value's shape, rank, size or type.
_SHAPE_NAMES = frozenset({"shape", "ndim", "size", "dtype", "isscalar"})
#: How far back a guard's test looks for the subscripts it evaluated (``_selects_by_array``).
_RECENT_SUBSCRIPTS = 16
#: Those that count items: of a selection by a mask, what the data holds.
_COUNTING_NAMES = frozenset({"len", "shape", "size"})


def _left_by(block: list[ast.stmt], state: State) -> bool:
    """Whether a branch's path left by its block's last statement being ``return``,
    ``continue`` or ``break`` (one mode of the code taking another way; a branch that
    raises rejects its input, and the code after it is the normal path)."""
    return (
        not state.live
        and bool(block)
        and isinstance(block[-1], (ast.Return, ast.Continue, ast.Break))
    )


#: What an optional parameter holds in a branch of a guard the analysis cannot decide, where
#: the call left it at its ``None`` default (``_optional_passed``): its own object.
_PASSED_BY_OTHERS: Values = tuple([UNKNOWN])


def _optional_left_out(
    function: Function, arguments: Arguments, bound: dict[str, Values], caller: Frame
) -> frozenset[str]:
    """The parameters of ``function`` this call leaves at a ``None`` default, or passes the
    caller's own such parameter while it still holds it (``Frame.optional``)."""
    node_arguments = function.node.args
    names: list[str] = []
    if not (arguments.starred or arguments.spread):
        positional = [*node_arguments.posonlyargs, *node_arguments.args]
        first_default = len(positional) - len(function.defaults)
        for position in range(len(arguments.positional), len(positional)):
            name = positional[position].arg
            if (
                position >= first_default
                and name not in arguments.keywords
                and function.defaults[position - first_default] == NONE_SET
            ):
                names.append(name)
    if node_arguments.kwonlyargs and not arguments.spread:
        defaults = dict(function.kw_defaults)
        for parameter in node_arguments.kwonlyargs:
            name = parameter.arg
            if name not in arguments.keywords and defaults.get(name) == NONE_SET:
                names.append(name)
    if caller.optional:
        held = caller.optional.values()
        names.extend(
            name for name, values in bound.items() if any(values is binding for binding in held)
        )
    return frozenset(names) if names else _NO_NAMES


_NO_NAMES: frozenset[str] = frozenset()


def _optional_passed(frame: Frame, states: list[State]) -> dict[str, Values]:
    """Where a guard the analysis cannot decide leads (each of ``states``), an optional
    parameter the call left at its ``None`` default may be what the callers that take that
    way pass: ``if maxforce: jax.vmap(f)(contact_force)``, reached by the calls that give
    the forces, is no error of the call that gives none.  An optional argument and the mode
    that needs it are chosen together by the caller, and the analysis cannot tie the guard
    to it.  Each such parameter, while it still holds its default, is unknown on those
    paths; returns them with their defaults' bindings."""
    passed: dict[str, Values] = {}
    for name, binding in frame.optional.items():
        if states[0].env.get(name) is binding:
            passed[name] = binding
            for state in states:
                state.env[name] = _PASSED_BY_OTHERS
    return passed


def _optional_left_out_again(state: State, passed: dict[str, Values]) -> None:
    """After the guard's branches joined, with neither leaving the path (the code after
    runs in every mode), the optional parameters they did not rebind hold their defaults
    again."""
    for name, binding in passed.items():
        if state.env.get(name) is _PASSED_BY_OTHERS:
            state.env[name] = binding


def _pattern_matches(pattern: ast.pattern, subject: Values) -> bool | None:
    """Whether a ``case`` pattern surely matches the subject (True), surely does not
    (False), or either (None): decided for a wildcard or capture, and for a literal against a
    subject whose every value is a known constant."""
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is None:
        return True  # ``case _`` or ``case name``
    if isinstance(pattern, ast.MatchOr):
        found = [_pattern_matches(p, subject) for p in pattern.patterns]
        if any(f is True for f in found):
            return True
        return False if all(f is False for f in found) else None
    if (
        isinstance(pattern, ast.MatchValue)
        and isinstance(pattern.value, ast.Constant)
        and subject
        and all(isinstance(v, Const) for v in subject)
    ):
        literal = Const(pattern.value.value)
        equal = [v == literal for v in subject]
        if all(equal):
            return True
        return False if not any(equal) else None
    return None


def _tests_what_a_value_is(
    test: ast.expr,
    selects: Callable[[ast.Subscript], bool],
    flags: frozenset[str] = frozenset(),
) -> bool:
    """Whether a guard asks what a value is rather than what data it holds: ``x is None``,
    ``isinstance(x, T)``, ``hasattr(x, "a")``, ``jnp.issubdtype(x, jnp.integer)``,
    ``x.ndim == 1``, ``len(x) == 2``, ``jnp.shape(x) == ()``, ``out_shape == ()`` (a tuple
    compared), ``reduction == "none"`` (which named option a string is: its callers pick it
    together with the other arguments that option needs), or such a test in an
    ``and``/``or``/``not``.  The length or size of
    ``x[mask]``, where ``selects`` says the subscript indexes by an array, is the count the
    data picked: data, no guard.  A name among ``flags`` holds such a test's outcome."""
    if isinstance(test, ast.Name):
        return test.id in flags
    if isinstance(test, ast.BoolOp):
        return any(_tests_what_a_value_is(value, selects, flags) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _tests_what_a_value_is(test.operand, selects, flags)
    if isinstance(test, ast.Call):
        return _asks_what_a_value_is(test, selects)
    if isinstance(test, ast.Compare):
        operands = [test.left, *test.comparators]
        if any(isinstance(op, ast.Is | ast.IsNot) for op in test.ops):
            return True
        # ``__name__ == "__main__"`` asks whether the module runs as the program, which the
        # code in the block is written for: no option its callers pick
        options = not any(isinstance(o, ast.Name) and o.id == "__name__" for o in operands)
        return any(
            _asks_what_a_value_is(operand, selects)
            or isinstance(operand, ast.Tuple)
            or (options and _names_options(operand))
            or (
                isinstance(operand, ast.Subscript) and _asks_what_a_value_is(operand.value, selects)
            )
            for operand in operands
        )
    return False


def _names_options(node: ast.expr) -> bool:
    """A string literal, or a list or set of them (``mode in ["sum", "mean"]``)."""
    if isinstance(node, ast.List | ast.Set):
        return bool(node.elts) and all(_names_options(item) for item in node.elts)
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _asks_what_a_value_is(node: ast.expr, selects: Callable[[ast.Subscript], bool]) -> bool:
    """``isinstance(...)``, ``len(x)``, ``np.shape(x)``, ``x.shape`` and the like, but not
    the length, shape or size of a selection by an array (``len(x[mask])``: ``selects``)."""
    if isinstance(node, ast.Attribute):
        measured: ast.expr | None = node.value
        name: str | None = node.attr
        if name not in _SHAPE_NAMES:
            return False
    elif isinstance(node, ast.Call):
        measured = node.args[0] if node.args else None
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if isinstance(node.func, ast.Attribute):
            name = node.func.attr
        if name not in _WHAT_A_VALUE_IS_CALLS and name not in _SHAPE_NAMES:
            return False
    else:
        return False
    return not (
        name in _COUNTING_NAMES and isinstance(measured, ast.Subscript) and selects(measured)
    )


def _is_tree(values: Values) -> bool:
    """Whether ``values`` is one array that may be a pytree of arrays."""
    return len(values) == 1 and isinstance(values[0], Array) and values[0].tree


def _captured(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, frame: Frame, state: State
) -> tuple[tuple[str, Values], ...]:
    """What the free variables ``node`` reads hold on this path where it is made, for those
    its enclosing function (``frame``'s) never binds again after (``Function.captured``)."""
    function = frame.function
    if function is None:
        return ()
    names = settled_names(frame.chunk.tree, function.node, node, frame.local_names)
    if not names:
        return ()
    env = state.env
    return tuple((name, env[name]) for name in sorted(names) if name in env)


def _entry_state(function: Function, state: State) -> State:
    """The path a run of ``function`` starts on: the caller's, with what the path that made
    the function assumed (``Function.made_assuming``) where the caller assumes nothing of it
    (the caller's own assumptions win: a call on a path that contradicts them reaches the
    function by another way)."""
    if not function.made_assuming:
        return state
    entry = state.copy()
    entry.assumed = {**dict(function.made_assuming), **state.assumed}
    return entry


def _captured_value(frame: Frame, enclosing: Frame, name: str) -> Values | None:
    """What the function that reads ``name`` from ``enclosing`` (``frame``'s, or that of one
    of the functions ``frame`` was made in) saw of it where it was made, if it is settled
    there (``Function.captured``); None: read it late, as the enclosing frame holds it."""
    inner = frame
    while inner.closure is not enclosing:
        inner = inner.closure  # type: ignore[assignment]  # ``enclosing`` is on the chain
    function = inner.function
    if inner.is_class or function is None or function.closure is not enclosing:
        return None
    for captured, values in function.captured:
        if captured == name:
            return values
    return None


def _narrow_none(test: ast.expr, yes: State, no: State) -> None:
    """``if x is None`` (or ``is not None``) on a local: in the branch where it is None, it
    is; in the other it is not (an unknown becomes an unknown that is not None). Names bound
    to the very same value (``nbrs = neighbors``) are narrowed with it."""
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is | ast.IsNot)
        and isinstance(test.left, ast.Name)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        return
    is_none, not_none = (yes, no) if isinstance(test.ops[0], ast.Is) else (no, yes)
    values = yes.env.get(test.left.id)
    if values is None:
        return
    others = tuple(v for v in values if v != NONE)
    narrowed = tuple(NOT_NONE if isinstance(v, Unknown_) else v for v in others) or values
    for name, bound in list(yes.env.items()):
        if bound is values:
            is_none.env[name] = NONE_SET
            not_none.env[name] = narrowed
            not_none.not_none = not_none.not_none | {name}


#: Context managers of test frameworks that catch the error their body is expected to raise:
#: ``pytest.raises``, ``np.testing.assert_raises``, unittest's and absl's ``assertRaises...``.
_EXPECTING = frozenset({"raises", "assert_raises", "assert_raises_regex"})


def _expected_errors(node: ast.With | ast.AsyncWith) -> frozenset[str] | None:
    """The exception classes, by name, that a ``with pytest.raises(E)`` (or
    ``self.assertRaises(E)``, ``assertRaisesRegex``...) statement expects and catches; None
    for any other ``with``."""
    names: set[str] = set()
    for item in node.items:
        call = item.context_expr
        if not isinstance(call, ast.Call):
            continue
        callee = call.func
        name = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
        if not (name in _EXPECTING or name.startswith("assertRaises")):
            continue
        keywords = {keyword.arg: keyword.value for keyword in call.keywords}
        types = call.args[0] if call.args else keywords.get("expected_exception")
        if types is None:
            names.add("BaseException")
            continue
        for entry in types.elts if isinstance(types, ast.Tuple) else [types]:
            if isinstance(entry, ast.Name):
                names.add(entry.id)
            elif isinstance(entry, ast.Attribute):
                names.add(entry.attr)
            else:
                names.add("BaseException")  # held in a variable: what it catches is not known
    return frozenset(names) if names else None


def _caught_names(handlers: list[ast.ExceptHandler]) -> frozenset[str]:
    """The exception classes a ``try``'s handlers catch, by name (a bare ``except``:
    ``BaseException``)."""
    names: set[str] = set()
    for handler in handlers:
        types = handler.type
        if types is None:
            names.add("BaseException")
            continue
        for item in types.elts if isinstance(types, ast.Tuple) else [types]:
            if isinstance(item, ast.Name):
                names.add(item.id)
            elif isinstance(item, ast.Attribute):
                names.add(item.attr)
    return frozenset(names)


def _outermost_decorator(value: Value) -> str | None:
    """The outermost decorator (dumped) of the definition ``value`` stands for, through
    transforms and partials; None when it is not one function's definition."""
    sites = _underlying(value)
    if len(sites) != 1:
        return None
    site = next(iter(sites))
    if not isinstance(site, Site) or not isinstance(
        site.node, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        return None
    decorators = site.node.decorator_list
    return ast.dump(decorators[0]) if decorators else None


def _as_a_wrapper_may_pass(bound: dict[str, Values]) -> dict[str, Values]:
    """The arguments of a call that an unseen decorator's wrapper makes: each array or
    number as given, or what the wrapper made of it (a library's ``jit`` hands the body
    tracers for a caller's NumPy arrays), unknown.  Other values (an instance, a key, a
    function, a string; a tracer, which no wrapper makes concrete again) reach it as they
    are."""
    return {
        name: (*values, UNKNOWN) if any(_a_wrapper_may_trace(v) for v in values) else values
        for name, values in bound.items()
    }


def _a_wrapper_may_trace(value: Value) -> bool:
    """A concrete array or number, which a wrapper that traces its arguments would not pass
    on as it is."""
    if isinstance(value, NumpyArray):
        return True
    if isinstance(value, Array):
        return not value.flavours
    if isinstance(value, Const):
        return type(value.value) in (int, float, bool, complex)
    return isinstance(value, Static) and value.type_name in ("int", "float", "bool", "number")


def _returning_unknown(values: Values) -> Values:
    """``values`` with each function's calls returning a value the analysis cannot tell (the
    wrapper a decorator made in its place returns what it will)."""
    return tuple(replace(v, returns_unknown=True) if isinstance(v, Function) else v for v in values)


def _behind_decorator(values: Values) -> Values:
    """``values`` with each function marked as run behind a decorator whose result the
    analysis cannot tell (``Function.behind_decorator``)."""
    return tuple(
        replace(v, behind_decorator=True) if isinstance(v, Function) else v for v in values
    )


def _function_nodes(values: Values) -> set[ast.AST]:
    """The definitions (``def`` or ``lambda`` nodes) of the functions ``values`` call: a
    function's own, a bound method's, a partial's or a transform's wrapped one."""
    found: set[ast.AST] = set()
    for value in values:
        if isinstance(value, Function):
            found.add(value.node)
        elif isinstance(value, BoundMethod):
            found.add(value.function.node)
        elif isinstance(value, Partial):
            found |= _function_nodes(value.func)
        elif isinstance(value, Transformed):
            found |= _function_nodes(value.inner)
    return found


def _mark_guard_chosen(merged: State, body: State, orelse: State) -> None:
    """The names an undecided guard's arms bound to different values, where functions are
    among them (``if len(shape) < 2: fn = point else: fn = vector``): a later call of the
    joined value rests on the guard (``GuardChosen``)."""
    env = merged.env
    for name, values in env.items():
        if len(values) > 1 and body.env.get(name) is not orelse.env.get(name):
            env[name] = guard_chosen(values)


def _defined_apart(callee: Values) -> int:
    """1 when ``callee`` holds two or more functions not all defined in one module (a
    backend's module or another's, picked when the package is imported; a dict of JAX's
    transforms and a wrapper read by an unknown key), else 0: which one runs is not known,
    so an error that one of them raises is not proved.  A choice between one module's
    functions (``a if flag else b``) is the path's, which its flags decide; one function
    bound to several instances, or wrapped by a transform or a ``partial`` on one path and
    not on another (``if jit: f = jax.jit(f)``), is one function."""
    functions: set[object] = set()
    for value in callee:
        if value != NONE:  # calling None raises at once: the path that does is not followed
            functions |= _underlying(value)
    if len(functions) < 2:
        return 0
    # a function of the code by its module; an API (``np.asarray`` or ``jnp.asarray``, of a
    # module picked at run time) by itself
    modules = {f.module if isinstance(f, Site) else f for f in functions}
    return 1 if len(modules) > 1 else 0


def _bindable(callee: Values, arguments: Arguments) -> Values:
    """The candidates of ``callee`` that Python can bind ``arguments`` to (the others raise
    TypeError, so the call that works is not to them: ``fn(m, ids, *args)`` on one arm and
    ``jax.vmap(fn)(*args)`` on the other, ``fn`` one of a dict's functions); all of them
    when none or every one can."""
    found = tuple(value for value in callee if _binds(value, arguments))
    return found if found else callee


def _binds(value: Value, arguments: Arguments) -> bool:
    """Whether ``arguments`` surely fail to bind to a function's parameters (too few for the
    parameters without defaults, none of them passed by keyword; too many for a function
    without ``*args``): False then, else True (not a function, unknown arguments)."""
    bound_self = isinstance(value, BoundMethod)
    function = value.function if isinstance(value, BoundMethod) else value
    if not isinstance(function, Function) or arguments.starred or arguments.spread:
        return True
    if function.wraps is not None or _is_decorated(function.node):
        return True  # what it is called with is another signature's
    parameters = function.node.args
    positional = [*parameters.posonlyargs, *parameters.args]
    given = len(arguments.positional) + bound_self
    if given > len(positional) and parameters.vararg is None:
        return False
    required = positional[given : len(positional) - len(function.defaults)]
    if any(parameter.arg not in arguments.keywords for parameter in required):
        return False
    defaults = dict(function.kw_defaults)
    return all(
        parameter.arg in arguments.keywords or parameter.arg in defaults
        for parameter in parameters.kwonlyargs
    )


def _is_decorated(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    return not isinstance(node, ast.Lambda) and bool(node.decorator_list)


def _underlying(value: Value, depth: int = 0) -> set[object]:
    """The functions ``value`` calls in the end (through bound methods, transforms and
    partials), each as a set member: a function by its site, another value by itself where
    it can be hashed, else by its identity."""
    inner: Values | None = None
    if isinstance(value, BoundMethod):
        return _underlying(value.function, depth + 1)
    if isinstance(value, Transformed):
        inner = value.inner
    elif isinstance(value, Partial):
        inner = value.func
    if inner is not None and depth < _MAX_UNWRAPPED:
        return {found for item in inner for found in _underlying(item, depth + 1)}
    if isinstance(value, Function):
        return {value.site}
    try:
        hash(value)
    except TypeError:
        return {id(value)}
    return {value}


#: Decorators that are code the analysis runs (not a modelled or unknown API).
_RUN_DECORATORS = (Function, BoundMethod, Instance, ClassValue)

#: Library decorators that return the function itself or a wrapper returning what it returns.
_TRANSPARENT_DECORATORS = frozenset(
    {
        "functools.cache",
        "functools.lru_cache",
        "typing.final",
        "typing.override",
        "typing.no_type_check",
        "typing_extensions.final",
        "typing_extensions.override",
    }
)


#: Library decorator factories whose call makes such a decorator (``lru_cache(maxsize=1)``).
_TRANSPARENT_DECORATOR_FACTORIES = frozenset({"functools.lru_cache"})


def _given_twice(function: Function, arguments: Arguments) -> bool:
    """Whether the call surely gives a parameter both by position and by keyword (Python's
    "got multiple values for argument"): the positional arguments are all known."""
    if arguments.starred or not arguments.keywords:
        return False
    node_arguments = function.node.args
    positional = [*node_arguments.posonlyargs, *node_arguments.args]
    filled = positional[len(node_arguments.posonlyargs) : len(arguments.positional)]
    return any(parameter.arg in arguments.keywords for parameter in filled)


def _unmodelled_decorator(value: Value) -> bool:
    """A decorator the analysis cannot see into: an unknown value, or a library's callable
    whose call it does not model (except the ones known to keep what the function returns)."""
    if isinstance(value, Api):
        return value.qualified not in _TRANSPARENT_DECORATORS
    return isinstance(value, Unknown)


#: Constants of modules the analysis does not read, as they are when the code runs:
#: ``typing.TYPE_CHECKING`` is True only for a type checker, so ``x if not TYPE_CHECKING
#: else y`` is ``x`` at run time; NumPy's and JAX's ``newaxis`` are None.
_MODULE_CONSTANTS: dict[str, Const] = {
    "typing.TYPE_CHECKING": Const(False),
    "typing_extensions.TYPE_CHECKING": Const(False),
    # ``x[:, jnp.newaxis]`` adds an axis as ``x[:, None]`` does: both modules bind it to None
    "jax.numpy.newaxis": Const(None),
    "numpy.newaxis": Const(None),
}


#: What ``jax.config`` has besides its options (on jax 0.12.0.1): its methods and tables.
#: Any other attribute read of it is an option's value (``jax.config.jax_disable_jit``,
#: ``x64_enabled``), which the run sets (an environment variable, ``jax.config.update``, ``with
#: jax.disable_jit()``): unknown, not an API object, whose truth would be True.
_CONFIG_METHODS = frozenset(
    {
        "add_option",
        "complete_absl_config",
        "config_with_absl",
        "meta",
        "parse_flags_with_absl",
        "read",
        "update",
        "use_absl",
        "values",
    }
)


#: How many wrappers (``partial(jax.jit(...))``) ``_underlying`` looks through.
_MAX_UNWRAPPED = 8


def _may_catch(names: frozenset[str], error: str | None) -> bool:
    """A handler naming ``names`` may catch ``error`` (a builtin exception's name; None:
    any): a builtin base of it, or a name that is no builtin exception (JAX's own error
    classes, an alias, a tuple held in a name: what it catches is not known)."""
    raised = getattr(builtins, error, None) if error is not None else None
    for name in names:
        caught = getattr(builtins, name, None)
        if not (isinstance(caught, type) and issubclass(caught, BaseException)):
            return True
        if raised is None or issubclass(raised, caught):
            return True
    return False


def _replace(state: State, new: State) -> None:
    state.env = new.env
    state.consumed = new.consumed
    state.live = new.live
    state.exit = new.exit
    state.assumed = new.assumed
    state.guarded = new.guarded


def _past_loop_exits(state: State) -> State:
    """A loop body's end state as the loop sees it: a ``break`` or ``continue`` leaves the
    pass, not the function (a ``return``, a ``raise`` or an error does)."""
    if not state.live and state.exit == "loop":
        state.live = True
        state.exit = None
    return state


def _module_scope(chunks: Any) -> frozenset[str]:
    return module_level_names([chunk.tree for chunk in chunks])


#: What a class holds for its instances, never shadowed per instance in practice: methods
#: and descriptors.
_CLASS_MEMBERS = (Function, StaticMethod, Property, Transformed, ClassValue)

#: The bases that make a class body's plain assignments enum members.
_ENUM_BASES = frozenset(
    f"enum.{name}" for name in ("Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum")
)


def _enum_member(cls: ClassValue, name: str, member: Values) -> bool:
    """Whether ``cls.name`` is a member of an enum: a value (not a function or descriptor)
    its body binds to a name that is not ``_sunder_`` or ``__dunder__``."""
    if name.startswith("_") and name.endswith("_"):
        return False
    if any(isinstance(m, _CLASS_MEMBERS) for m in member):
        return False
    return _is_enum(cls)


def _is_enum(cls: ClassValue, depth: int = 0) -> bool:
    if depth > _MAX_UNWRAPPED:
        return False
    for base in cls.bases:
        for value in base:
            if isinstance(value, Api) and value.qualified in _ENUM_BASES:
                return True
            if isinstance(value, ClassValue) and _is_enum(value, depth + 1):
                return True
    return False


#: The enum bases whose members are no numbers (an ``int`` mixin, ``IntEnum`` or ``IntFlag``
#: makes them ints, which JAX takes): the value is the flag-ness.
_PLAIN_ENUM_BASES = {"enum.Enum": False, "enum.StrEnum": False, "enum.Flag": True}


def _plain_enum(cls: ClassValue, depth: int = 0) -> bool | None:
    """Whether ``cls`` is an ``enum.Flag`` (True) or another enum (False) each of whose bases
    is one of ``_PLAIN_ENUM_BASES``, ``str`` or such a class: its members are no numbers.
    None: any other base (a mixin of unknown type)."""
    if depth > _MAX_UNWRAPPED or not cls.bases:
        return None
    flag = False
    for base in cls.bases:
        if len(base) != 1:
            return None
        value = base[0]
        if isinstance(value, Api) and value.qualified in _PLAIN_ENUM_BASES:
            flag = flag or _PLAIN_ENUM_BASES[value.qualified]
        elif isinstance(value, Api) and value.qualified in ("str", "builtins.str"):
            continue
        elif isinstance(value, ClassValue):
            inner = _plain_enum(value, depth + 1)
            if inner is None:
                return None
            flag = flag or inner
        else:
            return None
    return flag


def _annotated_fields(cls: ClassValue, depth: int = 0) -> list[str]:
    """The names ``cls`` and its user bases annotate in their bodies (``x: int = 0``): the
    fields a synthesised constructor sets on each instance."""
    names: list[str] = []
    if depth > 16:
        return names
    for base in cls.bases:
        for value in base:
            if isinstance(value, ClassValue):
                names.extend(n for n in _annotated_fields(value, depth + 1) if n not in names)
    for statement in cls.node.body:
        target = statement.target if isinstance(statement, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id not in names:
            names.append(target.id)
    return names


def _unknown_arguments(function: Function, skip: int = 0) -> Arguments:
    """Arguments that leave every parameter unknown (not its default: callers may pass any)."""
    node_arguments = function.node.args
    count = max(len(node_arguments.posonlyargs) + len(node_arguments.args) - skip, 0)
    keywords = {p.arg: ANY for p in node_arguments.kwonlyargs}
    starred = node_arguments.vararg is not None  # ``*args``: any number more
    spread = node_arguments.kwarg is not None  # ``**kwargs``: any keywords, not none
    return Arguments([ANY] * count, keywords, starred, spread, [None] * count, {})


def _defaults_passed_or_left_out(
    function: Function, names: list[str], made: Value
) -> dict[str, Values]:
    """The parameters of ``function`` (wrapped by the transform that made ``made``) that
    have a default and that a caller may pass by name (``names``: its positional ones a
    partial leaves open; every keyword-only one a partial does not fix): each is what a
    caller passes or, left out, its default."""
    args = function.node.args
    first_default = max(len(args.args) - len(args.defaults), 0)
    positional = args.args[first_default:] if args.defaults else []
    open_names = set(names)
    found = {a.arg: _PASSED_OR_LEFT_OUT for a in positional if a.arg in open_names}
    fixed = _keywords_fixed(made)
    for parameter, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        if default is not None and parameter.arg not in fixed:
            found[parameter.arg] = _PASSED_OR_LEFT_OUT
    return found


def _partial_spreads(value: Value) -> bool:
    """Whether a partial on the way from a made function to its function binds arguments
    not known where it is made (``partial(f, *args, **options)``)."""
    inner: Any = value
    for _ in range(8):
        if isinstance(inner, Partial) and inner.spread:
            return True
        nested = (
            getattr(inner, "inner", None)
            or getattr(inner, "body", None)
            or getattr(inner, "func", None)
        )
        if not nested or isinstance(inner, Function):
            return False
        inner = nested[0]
    return False


def _keywords_fixed(value: Value) -> frozenset[str]:
    """The keywords partials on the way from a made function to its function fix."""
    fixed: set[str] = set()
    inner: Any = value
    for _ in range(8):
        if isinstance(inner, Partial):
            fixed.update(name for name, _ in inner.keywords)
        nested = (
            getattr(inner, "inner", None)
            or getattr(inner, "body", None)
            or getattr(inner, "func", None)
        )
        if not nested or isinstance(inner, Function):
            break
        inner = nested[0]
    return frozenset(fixed)


def _given_or_default(given: Values, default: Values) -> Values:
    """A bound argument that may have been left out (``_LeftOut`` among its alternatives):
    what was given, or the default."""
    if not any(isinstance(value, _LeftOut) for value in given):
        return given
    return distinct([*(v for v in given if not isinstance(v, _LeftOut)), *default])


def _first_function(value: Value) -> Function | None:
    inner: Any = getattr(value, "inner", None) or getattr(value, "body", None)
    for _ in range(8):
        if not inner:
            return None
        first = inner[0]
        if isinstance(first, Function):
            return first
        if isinstance(first, BoundMethod):
            return None
        inner = (
            getattr(first, "inner", None)
            or getattr(first, "body", None)
            or getattr(first, "func", None)
        )
    return None


def _unwrap_static(member: Value, cls: Values) -> Value:
    """A class member as read: a static method's function, a classmethod's bound to ``cls``."""
    if not isinstance(member, StaticMethod):
        return member
    if member.binds_class and isinstance(member.func, Function):
        return BoundMethod(member.func, cls)
    if member.binds_class and isinstance(member.func, Transformed):
        # ``classmethod(jax.jit(f))``: the jitted function gets the class as its first argument
        return Partial(one(member.func), (cls,), ())
    return member.func


#: Methods that run while an instance is made, before any other method can (the dataclass
#: hook, flax's ``setup``, a test case's ``setUp``).
_CONSTRUCTION = frozenset({"__init__", "__post_init__", "__new__", "setup", "setUp"})

_REASSIGNED: dict[ast.ClassDef, dict[str, frozenset[str]]] = {}


def _fields_set_after_construction(cls: ClassValue) -> dict[str, frozenset[str]]:
    """Each field that a method of ``cls`` or of its bases, other than those that run while
    an instance is made, assigns on its first parameter (``self.key = ...``, also in a tuple
    target), with the names of the methods that do."""
    found: dict[str, frozenset[str]] = {}
    seen: set[int] = set()
    pending: list[ClassValue] = [cls]
    while pending:
        current = pending.pop()
        if id(current.node) in seen:
            continue
        seen.add(id(current.node))
        for name, setters in _fields_assigned(current.node).items():
            found[name] = found.get(name, frozenset()) | setters
        pending.extend(b for base in current.bases for b in base if isinstance(b, ClassValue))
    return found


def _fields_assigned(node: ast.ClassDef) -> dict[str, frozenset[str]]:
    """``_fields_set_after_construction`` for one class body (kept per class)."""
    known = _REASSIGNED.get(node)
    if known is not None:
        return known
    found: dict[str, frozenset[str]] = {}
    for statement in node.body:
        if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if statement.name in _CONSTRUCTION:
            continue
        parameters = [*statement.args.posonlyargs, *statement.args.args]
        if not parameters:
            continue
        owner = parameters[0].arg
        for inner in ast.walk(statement):
            targets: list[ast.expr] = []
            if isinstance(inner, ast.Assign):
                targets = list(inner.targets)
            elif isinstance(inner, ast.AugAssign | ast.AnnAssign):
                targets = [inner.target]
            while targets:
                target = targets.pop()
                if isinstance(target, ast.Tuple | ast.List):
                    targets.extend(target.elts)
                elif isinstance(target, ast.Starred):
                    targets.append(target.value)
                elif (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == owner
                ):
                    setters = found.get(target.attr, frozenset())
                    found[target.attr] = setters | {statement.name}
    if len(_REASSIGNED) > 4096:
        _REASSIGNED.clear()
    _REASSIGNED[node] = found
    return found


#: methods Python calls with the class as their first argument without a decorator saying so
_TAKE_THE_CLASS = frozenset({"__init_subclass__", "__class_getitem__", "__new__"})


def _is_static(function: Function) -> bool:
    node = function.node
    if isinstance(node, ast.Lambda):
        return False
    return any(
        isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
        for d in node.decorator_list
    )


def _empty_chunk() -> Chunk:
    return Chunk(0, 0, "", ast.Module(body=[], type_ignores=[]))


#: The chunk of a module frame made before its statements run (``rerun`` makes them too).
EMPTY_CHUNK = _empty_chunk()

_STATEMENTS: dict[type[ast.stmt], Callable[[Interpreter, Any, Frame, State], None]] = {
    ast.Expr: Interpreter._exec_expr,
    ast.Assign: Interpreter._exec_assign,
    ast.AnnAssign: Interpreter._exec_ann_assign,
    ast.AugAssign: Interpreter._exec_aug_assign,
    ast.If: Interpreter._exec_if,
    ast.While: Interpreter._exec_while,
    ast.For: Interpreter._exec_for,
    ast.AsyncFor: Interpreter._exec_for,
    ast.With: Interpreter._exec_with,
    ast.AsyncWith: Interpreter._exec_with,
    ast.Try: Interpreter._exec_try,
    ast.TryStar: Interpreter._exec_try,
    ast.Match: Interpreter._exec_match,
    ast.Return: Interpreter._exec_return,
    ast.Raise: Interpreter._exec_raise,
    ast.Break: Interpreter._exec_stop,
    ast.Continue: Interpreter._exec_stop,
    ast.Assert: Interpreter._exec_assert,
    ast.Delete: Interpreter._exec_delete,
    ast.Import: Interpreter._exec_import,
    ast.ImportFrom: Interpreter._exec_import_from,
    ast.FunctionDef: Interpreter._exec_function_def,
    ast.AsyncFunctionDef: Interpreter._exec_function_def,
    ast.ClassDef: Interpreter._exec_class_def,
    ast.Global: Interpreter._exec_global,
    ast.Nonlocal: Interpreter._exec_global,
}


def _functions_in(values: Values, depth: int = 0) -> Iterator[Function]:
    """The user functions among ``values``, and those a ``functools.partial`` of them binds."""
    for value in values:
        if type(value) is Function:
            yield value
        elif type(value) is Partial and depth < 3:
            yield from _functions_in(value.func, depth + 1)


#: How a call of each kind of user value runs, by its exact type (none of them is subclassed);
#: any other value is the API models' (``ApiModels.call_value``).
_CALLS: dict[type[Value], Callable[..., Values]] = {
    Function: Interpreter.invoke,
    BoundMethod: Interpreter._call_bound_method,
    ClassValue: Interpreter.instantiate,
    Instance: Interpreter._call_instance,
    Partial: Interpreter._call_partial,
    StaticMethod: Interpreter._call_static_method,
    Transformed: Interpreter._call_transformed,
}

_EXPRESSIONS: dict[type[ast.expr], Callable[[Interpreter, Any, Frame, State], Values]] = {
    ast.Constant: Interpreter._eval_constant,
    ast.Name: Interpreter._eval_name,
    ast.Attribute: Interpreter._eval_attribute,
    ast.Call: Interpreter._eval_call,
    ast.Lambda: Interpreter._eval_lambda,
    ast.Tuple: Interpreter._eval_tuple,
    ast.List: Interpreter._eval_list,
    ast.Set: Interpreter._eval_list,
    ast.Dict: Interpreter._eval_dict,
    ast.ListComp: Interpreter._eval_comprehension,
    ast.SetComp: Interpreter._eval_comprehension,
    ast.GeneratorExp: Interpreter._eval_comprehension,
    ast.DictComp: Interpreter._eval_dict_comprehension,
    ast.BoolOp: Interpreter._eval_bool_op,
    ast.UnaryOp: Interpreter._eval_unary,
    ast.BinOp: Interpreter._eval_bin_op,
    ast.Compare: Interpreter._eval_compare,
    ast.IfExp: Interpreter._eval_if_exp,
    ast.Subscript: Interpreter._eval_subscript,
    ast.Slice: Interpreter._eval_slice,
    ast.Starred: Interpreter._eval_starred,
    ast.NamedExpr: Interpreter._eval_named_expr,
    ast.JoinedStr: Interpreter._eval_joined_str,
    ast.Await: Interpreter._eval_await,
    ast.Yield: Interpreter._eval_await,
    ast.YieldFrom: Interpreter._eval_await,
}


#: The longest tuple ``(x,) * n`` is spelled out to.
_MAX_REPEATED_ITEMS = 64


def _repeated_tuple(a: Value, b: Value) -> Tuple | None:
    """``(x, y) * n`` (or ``n * (x, y)``) with a constant ``n``: the tuple, repeated."""
    items, count = (a, b) if isinstance(a, Tuple) else (b, a)
    if not isinstance(items, Tuple) or not isinstance(count, Const):
        return None
    if type(count.value) is not int or not 0 <= count.value * len(items.items) <= (
        _MAX_REPEATED_ITEMS
    ):
        return None
    return Tuple(items.items * max(count.value, 0))


#: The float dtypes whose division a rule reads (Pallas's Triton lowering refuses it).
_HALF_DTYPES = frozenset({"bfloat16", "float16"})


def _half_precision(values: Values) -> bool:
    """Whether an operand of a division is an array of a 16-bit float dtype: such divisions
    are recorded as ``Operator`` facts (``pallas-gpu-unimplemented-primitive``)."""
    return any(isinstance(v, Array) and v.dtype in _HALF_DTYPES for v in values)
