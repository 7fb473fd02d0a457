"""What the Pallas rules share: every kernel launch the program makes and calls, read whole
(``jaxlsp.apis.pallas.launch_of``), and the examples' common setup."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from functools import cached_property

from jaxlsp.apis.pallas import (
    KERNEL,
    PALLAS,
    PALLAS_CALL,
    PROGRAM_ID,
    Block,
    Launch,
    arity_of,
    launch_of,
    module_says_triton,
)
from jaxlsp.apis.shaping import indexed
from jaxlsp.findings import Finding, Span
from jaxlsp.infer import dtypes
from jaxlsp.infer.frames import (
    ApiCall,
    Assumption,
    AtUpdate,
    Called,
    Frame,
    Invocation,
    Made,
    Operator,
    Subscript,
)
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.program import Program, StaleSite
from jaxlsp.infer.values import (
    Array,
    Flavour,
    Kernel,
    KernelTarget,
    Site,
    StateRef,
    Trace,
    Values,
)
from jaxlsp.rules.base import Reads

SETUP = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
"""

TPU_SETUP = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
"""


#: What a TPU rule's message adds when only the project's ``pallasTarget`` says the kernel is
#: a TPU kernel.
ASSUMED_TPU = (
    "(The code does not say which chip this kernel is for; the project's `pallasTarget` "
    "says its kernels target a TPU.)"
)

#: What a GPU rule's message adds: only the project's ``pallasTarget`` says the kernel is a
#: GPU kernel (a kernel whose code says nothing of its chip, compiled for the one it runs on).
ASSUMED_GPU = (
    "(The code does not say which chip this kernel is for; the project's `pallasTarget` "
    "says its kernels target a GPU.)"
)


#: The name of the launches index (``Program.shared``).
LAUNCHES = "pallas launches"


def _in_kernel(frame: Frame | None) -> bool:
    """Whether ``frame`` runs under a Pallas transform (a kernel's body, ``run_state``)."""
    return frame is not None and any(trace.kind.startswith(PALLAS) for trace in frame.context)


def _holds_pallas(values: Values | None) -> bool:
    """Whether ``values`` may be a kernel or a Ref."""
    return values is not None and any(isinstance(value, Kernel | StateRef) for value in values)


def pallas_fact(fact: object) -> bool:
    """Whether a fact is one the Pallas rules read (``PALLAS_FACTS``): recorded in a kernel's
    body, of a Pallas API, or of a kernel or a Ref.  A fact of a kind not listed here is
    taken to be one."""
    if isinstance(fact, Frame):
        # a module's own frame is read through the facts made in it, never from the list
        return _in_kernel(fact) or (
            fact.function is not None
            and any(_holds_pallas(values) for values in fact.state.env.values())
        )
    if isinstance(fact, ApiCall):
        return (
            _in_kernel(fact.frame)
            or fact.api.name.startswith(PALLAS)
            or any(_holds_pallas(values) for values in fact.arguments.values())
        )
    if isinstance(fact, Made):
        return (
            _in_kernel(fact.frame)
            or fact.api.startswith(PALLAS)
            or isinstance(fact.value, Kernel | StateRef)
            or any(_holds_pallas(values) for values in fact.arguments.values())
        )
    if isinstance(fact, Called):
        return (
            _in_kernel(fact.frame)
            or isinstance(fact.callee, Kernel)
            or any(_holds_pallas(values) for values in fact.positional)
            or any(_holds_pallas(values) for _, values in fact.keywords)
        )
    if isinstance(fact, Subscript):
        return (
            _in_kernel(fact.frame)
            or _holds_pallas(fact.container)
            or _holds_pallas(fact.index)
            or _holds_pallas(fact.value)
        )
    if isinstance(fact, AtUpdate):
        return _in_kernel(fact.frame) or _holds_pallas(fact.array) or _holds_pallas(fact.index)
    if isinstance(fact, Operator):
        return _in_kernel(fact.frame)
    if isinstance(fact, Invocation):
        return (
            _in_kernel(fact.frame)
            or _in_kernel(fact.caller)
            or fact.api.startswith(PALLAS)
            or isinstance(fact.function, Kernel)
            or _holds_pallas(fact.result)
        )
    return True


#: What the Pallas rules read: the facts of kernels, their launches and Refs, and the heap
#: objects their specs are (``Rule.READS``).  An importer's re-check after an edit that
#: replaced no such fact takes their last findings.
PALLAS_FACTS = Reads(
    "the facts of Pallas kernels",
    frozenset(
        {
            "api_calls",
            "subscripts",
            "at_updates",
            "operators",
            "invocations",
            "made",
            "called",
            "frames",
            "branchings",
        }
    ),
    pallas_fact,
    heap=True,
    shared=(LAUNCHES,),
)


def on_tpu(found: Finding, target: KernelTarget) -> Finding:
    """A TPU rule's finding on a kernel of ``target``: as it is where the code says the kernel
    is a TPU kernel, else assumed (``Finding.assumes_target``: shown only where the project
    says its kernels target a TPU), its message saying why."""
    if target is KernelTarget.TPU:
        return found
    return replace(found, message=f"{found.message} {ASSUMED_TPU}", assumes_target="tpu")


def on_gpu(found: Finding) -> Finding:
    """A GPU rule's finding on a kernel whose code does not say its chip: shown only where
    the project says its kernels target a GPU (``Finding.assumes_target``)."""
    return replace(found, message=f"{found.message} {ASSUMED_GPU}", assumes_target="gpu")


@dataclass(frozen=True)
class LaunchAt:
    """A kernel's launch, with the call that runs it (None: the kernel is never called)."""

    launch: Launch
    called: Called | None
    #: The program's heap, in which the launch's blocks are read.
    heap: Heap = field(compare=False, repr=False)

    @cached_property
    def blocks(self) -> tuple[Block, ...]:
        """The launch's blocks (``Launch.blocks``), made once per analysis: most Pallas rules
        read them, and each made them again, at every edit."""
        return tuple(self.launch.blocks(self.heap))


def launches(program: Program, *, called_only: bool = True) -> list[LaunchAt]:
    """Every launch of a kernel the program makes, one per call of it (and, unless
    ``called_only``, one for each kernel never called)."""
    every = program.shared(LAUNCHES, _every_launch)
    return [at for at in every if at.called is not None] if called_only else every


@dataclass
class TpuKernels:
    """The plain launches (``pallas_call``, not over a mesh) that may run on a TPU, by the site
    that made each, and which of them a frame runs in: what the TPU-lowering rules read."""

    targets: dict[Site, KernelTarget]
    #: by frame (the facts made in kernels are few of all): the launch it runs in, or None
    _of_frame: dict[int, Site | None] = field(default_factory=dict)

    def kernel_of(self, frame: Frame) -> Site | None:
        """The launch of ``targets`` whose kernel ``frame`` runs in, if any."""
        key = id(frame)
        if key not in self._of_frame:
            site = next((t.site for t in frame.context if t.kind == PALLAS_CALL and t.site), None)
            self._of_frame[key] = site if site in self.targets else None
        return self._of_frame[key]


def tpu_kernels(program: Program) -> TpuKernels | None:
    """The program's plain launches that may run on a TPU (None when there is none), read from
    the launches the Pallas rules share (which chip a launch is for, and whether it is over a
    mesh, do not depend on its call)."""
    targets = {
        at.launch.made.site: at.launch.target
        for at in launches(program, called_only=False)
        if at.launch.made.api == PALLAS_CALL and at.launch.maybe_tpu and not at.launch.mesh
    }
    return TpuKernels(targets) if targets else None


@dataclass
class GpuKernels:
    """The plain ``pallas_call`` launches a GPU compiles with Pallas's Triton lowering, by the
    site that made each: True where the code says so (its module imports the Triton backend
    only), False where the code says nothing of its chip (assumed: shown where the project's
    ``pallasTarget`` says GPU); and which of them a frame runs in.  What the GPU rules read."""

    says_triton: dict[Site, bool]
    _of_frame: dict[int, Site | None] = field(default_factory=dict)

    def kernel_of(self, frame: Frame) -> Site | None:
        """The launch of ``says_triton`` whose kernel ``frame`` runs in, if any."""
        key = id(frame)
        if key not in self._of_frame:
            site = next((t.site for t in frame.context if t.kind == PALLAS_CALL and t.site), None)
            self._of_frame[key] = site if site in self.says_triton else None
        return self._of_frame[key]


def gpu_kernels(program: Program) -> GpuKernels | None:
    """The program's plain launches a GPU may compile with Triton (None when there is none):
    not over a mesh, not with a TPU option, and either in a module that imports only the
    Triton backend or with no word of their chip."""
    says: dict[Site, bool] = {}
    for at in launches(program, called_only=False):
        launch = at.launch
        if launch.made.api != PALLAS_CALL or launch.mesh or launch.tpu:
            continue
        if module_says_triton(program.interpreter, launch.made.site):
            says[launch.made.site] = True
        elif launch.target is KernelTarget.UNSTATED:
            says[launch.made.site] = False
    return GpuKernels(says) if says else None


def _every_launch(program: Program) -> list[LaunchAt]:
    """Every kernel's launches, one per call of it, or one without a call for a kernel never
    called; made once per analysis, for all the Pallas rules."""
    heap = program.interpreter.heap
    # The calls of each kernel, found once: comparing every kernel made with every call
    # grew with the square of a module's kernels.
    # A call that rests on an assumption (it went to one of several kernels a flag picked,
    # an undecided guard leads to it) proves nothing about the kernel's launch: it is left
    # out, and a kernel only such calls launch counts as never called.  One a handler may
    # catch is kept: the kernel is wrong wherever it is launched.
    # A grid kernel's call given keyword arguments raises TypeError (its function takes the
    # arrays positionally) before the launch is checked: no finding rests on that call.
    calls = [
        called
        for called in program.calls_of(Kernel)
        if (called.assumed is None or called.assumed is Assumption.HANDLED)
        and not _keywords_refused(called)
    ]
    calls_of: dict[Kernel, list[Called]] = {}
    unhashable: list[Called] = []  # a kernel whose body holds a value with no hash
    for called in calls:
        try:
            calls_of.setdefault(called.callee, []).append(called)  # type: ignore[arg-type]
        except TypeError:
            unhashable.append(called)
    kernels = [
        (made, made.value)
        for made in [*program.made_by(PALLAS_CALL), *program.made_by(KERNEL)]
        if isinstance(made.value, Kernel)
    ]
    mades = [made for made, _ in kernels]
    # the makings of each kernel, grouped once by its hash (comparing every kernel made with
    # every other grew with the square of a module's kernels); when one has no hash, each
    # is compared with all, as before
    alike: dict[Kernel, list[Made]] | None = {}
    for made, kernel in kernels:
        try:
            alike.setdefault(kernel, []).append(made)  # type: ignore[union-attr]
        except TypeError:
            alike = None
            break
    found: list[LaunchAt] = []
    for made, kernel in kernels:
        try:
            mine = calls_of.get(kernel, [])
        except TypeError:
            mine = []
        mine = mine + [called for called in unhashable if called.callee == kernel]
        if alike is not None:
            equal = alike[kernel]
        else:
            equal = [other for other in mades if other.value == kernel]
        if len(equal) > 1:
            mine = [called for called in mine if made in _makings_of(called, equal)]
        for called in mine:
            found.append(LaunchAt(launch_of(made, called, heap, program.interpreter), called, heap))
        if not mine:
            found.append(LaunchAt(launch_of(made, None, heap, program.interpreter), None, heap))
    return found


def _keywords_refused(called: Called) -> bool:
    """A call of a ``pallas_call`` kernel with keyword arguments (measured on 0.12.0.1:
    TypeError, an unexpected keyword argument, whatever the launch's options)."""
    callee = called.callee
    return bool(called.keywords) and isinstance(callee, Kernel) and callee.maker == PALLAS_CALL


def differentiated_launch(called: Called) -> Trace | None:
    """The innermost differentiation a grid kernel's call runs under, when one of its
    operands surely holds a float array that differentiation differentiates (in every
    alternative: a ``stop_gradient``, an integer operand or a ``custom_vjp``/``custom_jvp``
    wrapper, whose rules get the primals, leave it alone)."""
    differentiations = [t for t in called.frame.context if t.flavour is Flavour.DIFFERENTIATED]
    if not differentiations:
        return None
    for values in called.positional:
        if values and all(
            isinstance(value, Array)
            and value.flavours is not None
            and Flavour.DIFFERENTIATED in value.flavours
            and dtypes.is_inexact(value.dtype)
            for value in values
        ):
            return differentiations[-1]
    return None


def grid_index_reads(program: Program, kernel: Kernel) -> list[Made]:
    """The ``pl.program_id`` calls run in a grid kernel's body (or a helper it calls), found
    by the kernel's trace in their frames (``pl.num_programs`` of a static grid is a Python
    int, measured to run under ``jax.jvp``)."""
    return [
        made
        for made in program.made_by(PROGRAM_ID)
        if any(
            trace.kind == PALLAS_CALL and trace.site == kernel.site for trace in made.frame.context
        )
    ]


def _makings_of(called: Called, equal: list[Made]) -> list[Made]:
    """Which of several makings of one kernel (one ``pallas_call`` site run by several calls
    of its function, each with its own options) a call launches: the one made in the call's
    own frame, else those made in a frame that called it or that it called (a kernel a
    factory returns), else any.  Pairing a call with another call's making mixes two paths:
    one call's ``input_output_aliases`` with another's operands."""
    same = [made for made in equal if made.frame is called.frame]
    if same:
        return same
    related = [
        made
        for made in equal
        if _runs_within(made.frame, called.frame) or _runs_within(called.frame, made.frame)
    ]
    return related or equal


def _runs_within(frame: Frame | None, outer: Frame) -> bool:
    """Whether ``frame`` is ``outer`` or runs in a call ``outer`` made."""
    depth = 0
    while frame is not None and depth < 64:
        if frame is outer:
            return True
        frame = frame.caller
        depth += 1
    return False


def open_callers(frame: Frame | None) -> bool:
    """Whether the frame, or a frame that called it, has callers the analysis does not know."""
    while frame is not None:
        if frame.open_context:
            return True
        frame = frame.caller
    return False


def kernel_made_at(program: Program, made: Made) -> str:
    """How the code spells the API that made a kernel: ``pl.pallas_call`` or ``pl.kernel``."""
    return "pl.kernel" if made.api == KERNEL else "pl.pallas_call"


#: What ``specs_mismatch`` says of ``in_specs=spec`` (a BlockSpec not in a list).
SINGLE_IN_SPEC = "in_specs is a single BlockSpec, not a list or a tuple of them"


def specs_mismatch(launch: Launch) -> str | None:
    """How a grid launch's specs surely fail to match its arrays (JAX's first check)."""
    if launch.mesh:
        return None
    if launch.in_specs is not None and not launch.in_specs_sequence:
        # a lone BlockSpec: JAX takes one for out_specs (a single output), never for
        # in_specs, which must be a list or a tuple whatever the number of inputs
        return SINGLE_IN_SPEC
    if (
        launch.in_specs is not None
        and launch.in_specs_sequence
        and launch.inputs is not None
        and launch.scalar_prefetch is not None
    ):
        arrays = len(launch.inputs) - launch.scalar_prefetch
        if arrays >= 0 and arrays != len(launch.in_specs):
            return (
                f"in_specs lists {len(launch.in_specs)} BlockSpec"
                f"{'s' if len(launch.in_specs) != 1 else ''}, but the kernel is called "
                f"with {arrays} input{'s' if arrays != 1 else ''}"
            )
    if launch.out_specs is not None and launch.out_specs_sequence and launch.outputs is not None:
        if not launch.outputs_sequence:
            return (
                f"out_specs is a sequence of {len(launch.out_specs)} but out_shape is a "
                "single ShapeDtypeStruct"
            )
        if len(launch.outputs) != len(launch.out_specs):
            return (
                f"out_specs lists {len(launch.out_specs)} BlockSpecs for "
                f"{len(launch.outputs)} outputs"
            )
    return None


def fails_before_kernel(at: LaunchAt) -> bool:
    """Whether JAX surely refuses the launch's specs before it calls the kernel: the specs'
    tree, or a block's rank."""
    if specs_mismatch(at.launch) is not None:
        return True
    return any(
        block.shape is not None
        and block.array_shape is not None
        and len(block.shape) != len(block.array_shape)
        for block in at.blocks
    )


def returned_count(index_map: Values) -> int | None:
    """How many indices a function returns, when each of its returns is a tuple display of
    one length (a lambda's body; a def's returns, its last statement one of them)."""
    arity = arity_of(index_map)
    if arity is None:
        return None
    node = arity.node
    if isinstance(node, ast.Lambda):
        return len(node.body.elts) if isinstance(node.body, ast.Tuple) else None
    if not node.body or not isinstance(node.body[-1], ast.Return):
        return None
    counts: set[int] = set()
    stack: list[ast.AST] = list(node.body)
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(current, ast.Return):
            if not isinstance(current.value, ast.Tuple) or any(
                isinstance(e, ast.Starred) for e in current.value.elts
            ):
                return None
            counts.add(len(current.value.elts))
        stack.extend(ast.iter_child_nodes(current))
    return counts.pop() if len(counts) == 1 else None


def returns_wrong_count(at: LaunchAt) -> bool:
    """Whether an index_map of the launch surely returns another number of block indices
    than its block has dimensions (JAX refuses that before it calls the kernel)."""
    for block in at.blocks:
        if block.shape is None or block.index_map is None:
            continue
        count = returned_count(block.index_map)
        if count is not None and count != len(block.shape):
            return True
    return False


@dataclass(frozen=True)
class RefRegion:
    """The region of a kernel Ref a subscript reads or writes, typed by the Ref's block."""

    ref: StateRef
    #: The Ref's block shape, and the shape of the indexed region.
    ref_shape: tuple[int, ...]
    shape: tuple[int, ...]
    launch: Site


def same_ref(values: Values) -> StateRef | None:
    """The typed kernel Ref that every value of ``values`` is (one and the same Ref), if so.

    Most subscripts index no Ref: the first value settles them, with no generator made.  An
    ``all()`` over a generator that stops early leaves it to be closed unfinished, which costs
    more than the test (the rules that read subscripts closed about 1,800 per open of bench's
    2,000-line file)."""
    if not values or not isinstance(first := values[0], StateRef):
        return None
    for value in values:
        if not isinstance(value, StateRef):
            return None
    return first if len(set(values)) == 1 else None


def stored_region(subscript: Subscript, heap: Heap) -> RefRegion | None:
    """The region of a typed kernel Ref that ``subscript`` indexes, when every value the
    container may be is the same typed Ref and the index is static."""
    ref = same_ref(subscript.container)
    if ref is None:
        return None
    if ref.shape is None or ref.dtype is None or ref.launch is None:
        return None
    shape = indexed(Array(None, None).with_aval(ref.shape, ref.dtype), subscript.index, heap)
    if shape is None or not all(isinstance(d, int) for d in shape):
        return None
    return RefRegion(ref, ref.shape, tuple(d for d in shape if isinstance(d, int)), ref.launch)


#: Nodes whose parts after the first may never be evaluated (``a and b``, a comprehension's
#: element when its iterable is empty), and blocks that run only on an error.
_SOMETIMES = (
    ast.BoolOp,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.ExceptHandler,
    ast.comprehension,
    ast.Match,
    ast.match_case,
)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)


class SurePaths:
    """Which code of the program's Pallas kernels surely runs whenever the function it is in
    runs: every ``if``, conditional expression and loop around it went its way wherever the
    kernel ran (``Facts.branchings``), and nothing before it in its blocks may leave early.
    Why: an error finding says the kernel raises, and code behind a test the analysis could
    not decide (an environment flag, an argument nobody passes) may never be traced."""

    def __init__(self, program: Program) -> None:
        truths: dict[int, set[bool | None]] = {}
        for branching in program.facts.branchings:
            truths.setdefault(id(branching.site.node), set()).add(branching.truth)
        self._truths = truths
        self._parents: dict[int, dict[int, ast.AST]] = {}

    def _parents_of(self, tree: ast.AST) -> dict[int, ast.AST]:
        parents = self._parents.get(id(tree))
        if parents is None:
            parents = self._parents[id(tree)] = {
                id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)
            }
        return parents

    def _went(self, branch: ast.AST) -> bool | None:
        """Where the branch's test sent every run of it: True, False, None (either, or it
        never ran)."""
        truths = self._truths.get(id(branch))
        if truths is None or len(truths) != 1:
            return None
        return next(iter(truths))

    def runs(self, site: Site) -> bool:
        """Whether the code at ``site`` surely runs whenever its function does."""
        parents = self._parents_of(site.tree)
        child: ast.AST = site.node
        parent = parents.get(id(child))
        while parent is not None:
            if isinstance(parent, _SOMETIMES) and not _first_part(parent, child):
                return False
            if isinstance(
                parent, ast.If | ast.IfExp | ast.While | ast.For | ast.AsyncFor
            ) and not _heads(parent, child):  # (its test or iterable always runs)
                went = self._went(parent)
                in_body = any(child is part for part in _body_of(parent))
                if went is None or went is not in_body:
                    return False
                if not in_body and isinstance(parent, _LOOPS):
                    return False  # a loop's ``else`` runs only if no pass broke out
            if isinstance(parent, ast.Try) and any(child is s for s in parent.orelse):
                return False
            if isinstance(child, ast.stmt) and self._left_before(parent, child):
                return False
            if isinstance(parent, _SCOPES):
                return True
            child, parent = parent, parents.get(id(parent))
        return True

    def _left_before(self, parent: ast.AST, child: ast.stmt) -> bool:
        """Whether a statement before ``child`` in its block may leave the block."""
        for name in ("body", "orelse", "finalbody"):
            block = getattr(parent, name, None)
            if not isinstance(block, list) or not any(child is s for s in block):
                continue
            for earlier in block:
                if earlier is child:
                    return False
                if self._may_leave(earlier):
                    return True
        return False

    def _may_leave(self, statement: ast.stmt) -> bool:
        """Whether code after ``statement`` may not run: it returns, raises, breaks or
        continues, or holds a return (a ``break`` or ``continue`` of its own, when it is no
        loop) on an arm that may run.  An ``if`` whose arm only raises rejects its input:
        what follows is what every valid run does."""
        if isinstance(statement, ast.Return | ast.Raise | ast.Break | ast.Continue):
            return True
        if isinstance(statement, ast.If):
            went = self._went(statement)
            arms = [statement.body, statement.orelse]
            if went is not None:
                arms = [statement.body if went else statement.orelse]
            return any(_leaves(s, loop=False) for arm in arms for s in arm)
        if isinstance(statement, _SCOPES):
            return False
        return _leaves(statement, loop=isinstance(statement, _LOOPS))


def _first_part(parent: ast.AST, child: ast.AST) -> bool:
    """Whether ``child`` is the part of ``parent`` (one of ``_SOMETIMES``) always evaluated."""
    if isinstance(parent, ast.BoolOp):
        return child is parent.values[0]
    if isinstance(parent, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        return child is parent.generators[0]
    if isinstance(parent, ast.comprehension):
        return child is parent.iter
    if isinstance(parent, ast.Match):
        return child is parent.subject
    return False


def _heads(parent: ast.If | ast.IfExp | ast.While | ast.For | ast.AsyncFor, child: ast.AST) -> bool:
    """Whether ``child`` is what ``parent`` evaluates before choosing (its test, iterable)."""
    if isinstance(parent, ast.For | ast.AsyncFor):
        return child is parent.iter
    return child is parent.test


def _body_of(parent: ast.If | ast.IfExp | ast.While | ast.For | ast.AsyncFor) -> list[ast.AST]:
    if isinstance(parent, ast.IfExp):
        return [parent.body]
    body: list[ast.AST] = [*parent.body]
    if isinstance(parent, ast.For | ast.AsyncFor):
        body.append(parent.target)
    return body


def _leaves(node: ast.AST, *, loop: bool) -> bool:
    """Whether ``node`` holds a ``return`` (or, outside a loop of its own, a ``break`` or
    ``continue``) of the function it is in."""
    if isinstance(node, ast.Return):
        return True
    if isinstance(node, ast.Break | ast.Continue):
        return not loop
    if isinstance(node, _SCOPES):
        return False
    inner = loop or isinstance(node, _LOOPS)
    return any(_leaves(child, loop=inner) for child in ast.iter_child_nodes(node))


def undecided_regions(program: Program) -> list[tuple[str, Span]]:
    """The code of Pallas kernels that runs only where a test the analysis could not decide
    sends it (``Facts.branchings``): both arms of such an ``if`` or conditional expression,
    a loop's body whose number of passes is not known, and what follows in its block an
    ``if`` one of whose arms may leave it.  A Pallas rule's error there is no proof: the
    kernel may never trace that code (``rules.run_rules`` drops it)."""
    found: list[tuple[str, Span]] = []
    for branching in program.facts.branchings:
        if branching.truth is not None:
            continue
        site = branching.site
        node = site.node
        parts: list[ast.AST] = []
        if isinstance(node, ast.IfExp):
            parts = [node.body, node.orelse]
        elif isinstance(node, ast.If | ast.While | ast.For | ast.AsyncFor):
            parts = [*node.body, *node.orelse]
            if isinstance(node, ast.If) and any(
                _leaves(s, loop=False) for s in (*node.body, *node.orelse)
            ):
                parts.extend(_after(site.tree, node))
        for part in parts:
            try:
                found.append((site.module, program.span(Site(site.module, site.tree, part))))
            except StaleSite:
                continue
    return found


def _after(tree: ast.AST, node: ast.stmt) -> list[ast.stmt]:
    """The statements after ``node`` in the block that holds it."""
    for parent in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(parent, name, None)
            if isinstance(block, list):
                for index, statement in enumerate(block):
                    if statement is node:
                        return block[index + 1 :]
    return []


def behind_undecided_test(regions: list[tuple[str, Span]], module: str, span: Span) -> bool:
    """Whether ``span`` (in ``module``) lies within one of ``undecided_regions``."""
    return any(
        key == module and held.start <= span.start and span.end <= held.end for key, held in regions
    )
