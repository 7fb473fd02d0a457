"""Pallas: ``pl.pallas_call`` (a kernel over a grid) and ``pl.kernel`` / ``pl.core_map``
(a kernel over a mesh), with what the rules read of them: the BlockSpecs and grid specs as
values (``PallasObject``), the Refs a mesh kernel's body gets (``KernelRef``), a launch read
whole (``launch_of``), and what each backend refuses that interpret mode accepts
(``TPU_CONSTRAINTS``).  A mesh kernel has no differentiation rule; the Pallas rule reads the
context of the frame that calls (or, for ``core_map``, makes) one."""

from __future__ import annotations

import ast
import functools
import math
import threading
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, final

from jaxlsp.apis.shaping import aval_of, concrete_ints, dtype_of, indexed, items_of
from jaxlsp.apis.spec import ApiSpec, NoContract, NoContractWhy
from jaxlsp.apis.tracing import invoke, lift, trace_of
from jaxlsp.infer.direct_init import direct_init
from jaxlsp.infer.frames import Called, Frame, Made, State
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.interpreter import ApiCallContext, Arguments, Interpreter
from jaxlsp.infer.values import (
    ANY,
    NONE,
    UNKNOWN,
    Api,
    Array,
    BoundMethod,
    Const,
    DictValue,
    Flavour,
    Function,
    Kernel,
    KernelTarget,
    ListValue,
    Partial,
    ShapeDtype,
    Site,
    Slice,
    StateRef,
    Static,
    Transformed,
    Tuple,
    Value,
    Values,
    one,
)
from jaxlsp.syntax.source import ParsedModule

PALLAS = "jax.experimental.pallas"
KERNEL = f"{PALLAS}.kernel"
CORE_MAP = f"{PALLAS}.core_map"
PALLAS_CALL = f"{PALLAS}.pallas_call"
TPU = f"{PALLAS}.tpu"
BLOCK_SPEC = f"{PALLAS}.BlockSpec"
GRID_SPEC = f"{PALLAS}.GridSpec"
PREFETCH_GRID_SPEC = f"{TPU}.PrefetchScalarGridSpec"
TPU_COMPILER_PARAMS = f"{TPU}.CompilerParams"
PROGRAM_ID = f"{PALLAS}.program_id"
EMIT_PIPELINE = f"{TPU}.emit_pipeline"
NUM_PROGRAMS = f"{PALLAS}.num_programs"
#: The calls that make a mesh of TPU cores.
TPU_MESHES = (f"{TPU}.TensorCoreMesh", f"{TPU}.create_tensorcore_mesh")
#: The memory spaces a TPU scratch buffer (``pltpu.VMEM(shape, dtype)``) or a BlockSpec's
#: ``memory_space=`` names.
TPU_MEMORY_SPACES = ("VMEM", "SMEM", "ANY", "HBM", "SEMAPHORE")

#: pallas_call's parameters in the order jax 0.12.0.1 takes them (all but the first two are
#: keyword-only there).
PALLAS_CALL_PARAMS = (
    "kernel",
    "out_shape",
    "grid_spec",
    "grid",
    "in_specs",
    "out_specs",
    "scratch_shapes",
    "input_output_aliases",
    "debug",
    "interpret",
    "name",
    "compiler_params",
    "cost_estimate",
    "metadata",
)
KERNEL_PARAMS = (
    "body",
    "out_type",
    "mesh",
    "scratch_types",
    "compiler_params",
    "interpret",
    "cost_estimate",
    "debug",
    "name",
    "metadata",
)


@dataclass(frozen=True)
class TpuConstraints:
    """What a TPU refuses of a Pallas kernel that interpret mode (the CPU) accepts, as data.
    Each was measured on a TPU v5e with jax 0.10.2 (``tests/pallas_corpus/labels``)."""

    #: The last two dimensions of a block: multiples of these, or the array's own.
    sublanes: int
    lanes: int
    #: Dtypes a TPU kernel's operands cannot have (64-bit ones; float16 has no vector loads).
    refused_dtypes: frozenset[str]
    #: The default scoped VMEM limit per TPU generation (bytes), used when a kernel's
    #: ``CompilerParams`` set no ``vmem_limit_bytes``.  v5e: blocks needing 32 MiB were
    #: refused and 8 MiB ran (measured); the others are the documented defaults.
    default_scoped_vmem: tuple[tuple[str, int], ...]

    @property
    def smallest_default_vmem(self) -> int:
        return min(limit for _, limit in self.default_scoped_vmem)

    @property
    def largest_default_vmem(self) -> int:
        return max(limit for _, limit in self.default_scoped_vmem)


_MIB = 1024 * 1024
TPU_CONSTRAINTS = TpuConstraints(
    sublanes=8,
    lanes=128,
    refused_dtypes=frozenset({"float16", "float64", "int64", "uint64", "complex128"}),
    default_scoped_vmem=(
        ("v4", 16 * _MIB),
        ("v5e", 16 * _MIB),
        ("v5p", 16 * _MIB),
        ("v6e", 32 * _MIB),
    ),
)

#: Bytes per element of the dtypes a VMEM estimate counts.
ITEM_BYTES = {
    "bool": 1,
    "int8": 1,
    "uint8": 1,
    "float8_e4m3fn": 1,
    "float8_e5m2": 1,
    "bfloat16": 2,
    "float16": 2,
    "int16": 2,
    "uint16": 2,
    "float32": 4,
    "int32": 4,
    "uint32": 4,
    "float64": 8,
    "int64": 8,
    "uint64": 8,
}


@final
@direct_init
@dataclass(frozen=True, slots=True)
class PallasObject(Value):
    """A Pallas description the kernel's launch reads: ``pl.BlockSpec``, ``pl.GridSpec``,
    ``pltpu.PrefetchScalarGridSpec``, a TPU scratch buffer (``pltpu.VMEM(shape, dtype)``),
    ``pltpu.CompilerParams``, a TPU core mesh; with the arguments it was made with."""

    api: str
    options: tuple[tuple[str, Values], ...]
    site: Site
    kind: ClassVar[str] = "Pallas object"

    def option(self, name: str) -> Values | None:
        for key, values in self.options:
            if key == name:
                return values
        return None

    def describe(self) -> str:
        return f"`{self.api.rsplit('.', 1)[-1]}`"


@final
@direct_init
@dataclass(frozen=True, slots=True)
class KernelRef(Value):
    """A Ref a TPU mesh kernel's body receives: an operand (in HBM, memory space ANY: only
    DMAs such as ``pltpu.sync_copy`` reach it) or a scratch buffer (in its own space); also a
    grid kernel's operand whose BlockSpec says ``memory_space=ANY``."""

    kernel: Site
    position: int
    memory_space: str | None
    operand: bool
    #: A grid kernel's operand its BlockSpec leaves in memory space ANY (not a mesh's).
    grid: bool = False
    #: The shape and dtype of what it holds (a window ``x_hbm.at[...]`` of it: the window's),
    #: where known: what a DMA from or to it moves.
    shape: tuple[int, ...] | None = None
    dtype: str | None = None
    kind: ClassVar[str] = "kernel Ref"


def is_ref(value: Value) -> bool:
    """A kernel's Ref: a grid kernel's block or scratch Ref, or an HBM (ANY) one."""
    return isinstance(value, StateRef | KernelRef)


def ref_view(value: Value, index: Values, heap: Heap) -> Values | None:
    """``x_ref.at[index]``: a Ref to that window of ``x_ref`` (the same memory space,
    dtype and launch), its shape the window's where the index is known (``pl.ds(0, 8)``, an
    integer, a traced ``pl.ds(i * 8, 8)`` of known length), else unknown.  None: not a Ref."""
    if not isinstance(value, StateRef | KernelRef):
        return None
    shape: tuple[int, ...] | None = None
    if value.shape is not None and value.dtype is not None:
        whole = Array(None, None).with_aval(value.shape, value.dtype)
        shape = _ints(indexed(whole, index, heap))
    if isinstance(value, StateRef):
        return one(
            StateRef(
                value.flavours, shape, value.dtype, value.memory_space, value.launch, value.target
            )
        )
    return one(
        KernelRef(
            value.kernel,
            value.position,
            value.memory_space,
            value.operand,
            value.grid,
            shape,
            value.dtype,
        )
    )


def _has_mesh(values: Values | None) -> bool:
    return values is not None and values != one(NONE) and values != one(Const(None))


def _make_kernel(context: ApiCallContext) -> Values:
    """``pl.kernel(body, out_type, mesh=...)``; without ``body``, a decorator."""
    if "body" not in context.arguments:
        return one(
            Partial(
                one(Api(KERNEL)),
                tuple(context.raw.positional),
                tuple(context.raw.keywords.items()),
                context.site,
            )
        )
    value = Kernel(
        KERNEL, _has_mesh(context.arguments.get("mesh")), context.arguments["body"], context.site
    )
    context.interpreter.facts.made.append(
        Made(context.site, KERNEL, value, context.arguments, context.nodes, context.frame)
    )
    return one(value)


#: The TPU DMAs between two Refs (``pltpu.make_async_copy(src, dst, sem)`` starts with
#: ``.start()``; the other two start when called).
MAKE_ASYNC_COPY = f"{TPU}.make_async_copy"
ASYNC_COPY = f"{TPU}.async_copy"
SYNC_COPY = f"{TPU}.sync_copy"
COPIES = (MAKE_ASYNC_COPY, ASYNC_COPY, SYNC_COPY)


def _copy(context: ApiCallContext) -> Values:
    """A DMA between two Refs: recorded (``Made``) with its Refs for the rules; what it
    returns (a copy descriptor) is not modelled."""
    value = PallasObject(context.spec.name, tuple(context.arguments.items()), context.site)
    context.interpreter.facts.made.append(
        Made(
            context.site, context.spec.name, value, context.arguments, context.nodes, context.frame
        )
    )
    return ANY


#: ``pl.empty_ref_like(x)``: a Ref of ``x``'s shape, dtype and memory space, where ``x`` is
#: a memory-space shape or a ShapeDtypeStruct (another value raises ValueError).
EMPTY_REF_LIKE = f"{PALLAS}.empty_ref_like"


#: ``pltpu.unpack_elementwise(x, index=, packed_dtype=, unpacked_dtype=)``: one of the packed
#: elements of each of ``x``'s words, as ``unpacked_dtype`` (whose bit width must be ``x``'s).
UNPACK_ELEMENTWISE = f"{TPU}.unpack_elementwise"


def _recorded(context: ApiCallContext) -> Values:
    """A call recorded (``Made``) with what it was given, for the rules; what it makes (the
    Ref of ``pl.empty_ref_like``, the array of ``unpack_elementwise``) is not modelled."""
    value = PallasObject(context.spec.name, tuple(context.arguments.items()), context.site)
    context.interpreter.facts.made.append(
        Made(
            context.site, context.spec.name, value, context.arguments, context.nodes, context.frame
        )
    )
    return ANY


def _scratch_buffer(context: ApiCallContext) -> Values:
    """``pltpu.VMEM(shape, dtype)``: a scratch buffer; one made without its dtype (which has
    no default: Python raises TypeError) is recorded (``Made``) for the rules."""
    made = _make_object(context)
    if "dtype" not in context.arguments:
        context.interpreter.facts.made.append(
            Made(
                context.site,
                context.spec.name,
                made[0],
                context.arguments,
                context.nodes,
                context.frame,
            )
        )
    return made


def _make_object(context: ApiCallContext) -> Values:
    """A Pallas description object, holding the arguments it was made with."""
    options = tuple((name, values) for name, values in context.arguments.items())
    return one(PallasObject(context.spec.name, options, context.site))


def _program_id(context: ApiCallContext) -> Values:
    """``pl.program_id(axis)`` / ``pl.num_programs(axis)``: recorded with the frame it runs
    in, whose context says which kernel (if any) it runs under."""
    context.interpreter.facts.made.append(
        Made(
            context.site,
            context.spec.name,
            UNKNOWN,
            context.arguments,
            context.nodes,
            context.frame,
        )
    )
    if context.spec.name == NUM_PROGRAMS:
        # a Python int for every grid size given as one (a traced 0-d int32 only for a grid
        # size that is traced), so a test of it is no tracer test
        return one(Static("int"))
    # a 0-d int32: a tracer of the kernel's trace where the frame runs under one (a kernel
    # is always traced, in interpret mode too); elsewhere whether it is traced is left open
    staged = context.frame.staged
    made = Array(frozenset({Flavour.STAGED}), staged) if staged is not None else Array(None, None)
    return one(made.with_aval((), "int32", False, context.site))


def _dslice(context: ApiCallContext) -> Values:
    """``pl.ds(start, size[, stride])``: the slice ``start:start + size`` (``pl.ds(j)`` is
    ``:j``) when its parts are constant non-negative ints; unknown with a traced start (the
    window's length is known then, but a Slice has no way to say so without its bounds)."""
    absent = one(NONE)
    start = context.arg("start")
    stride = context.arg("stride", absent)
    if stride != absent and not _natural(stride):
        return ANY
    if not context.has("size"):
        if start == absent:
            return one(Slice(absent, absent, stride, False))
        return one(Slice(absent, start, stride, False)) if _natural(start) else ANY
    size = context.arg("size")
    if _traced_here(size, context.frame):
        # its length is a tracer: the window is a value of its own (a helper may return it),
        # and a Ref indexed through it would have a dynamic shape
        return one(Slice(ANY, ANY, stride, False, traced_size=context.site))
    if _natural(size) and not _natural(start):
        # a traced start (``pl.ds(i * 8, 8)``): where it lies is unknown, its length is not
        length = size[0]
        assert isinstance(length, Const)
        return one(Slice(ANY, ANY, stride, False, length=length.value))
    if not (_natural(start) and _natural(size)):
        return ANY
    lower, length = start[0], size[0]
    assert isinstance(lower, Const) and isinstance(length, Const)
    return one(Slice(start, one(Const(lower.value + length.value)), stride, False))


def _traced_here(values: Values, frame: Frame) -> bool:
    """Surely a tracer (not a tree of them) of a trace ``frame`` runs under."""
    context = frame.context
    return bool(values) and all(
        isinstance(v, Array)
        and not v.tree
        and Flavour.STAGED in (v.flavours or ())
        and v.trace is not None
        and v.trace in context
        for v in values
    )


def _cdiv(context: ApiCallContext) -> Values:
    """``pl.cdiv(a, b)``: the ceiling of ``a / b``, a Python int when both are (``(a + b - 1)
    // b``, as Pallas computes it); unknown for anything else (arrays give an array)."""
    a, b = context.arg("a"), context.arg("b")
    if not (_natural(a) and _natural(b)):
        return ANY
    top, bottom = a[0], b[0]
    assert isinstance(top, Const) and isinstance(bottom, Const)
    if bottom.value == 0:
        return ANY  # ZeroDivisionError: left to the run
    return one(Const((top.value + bottom.value - 1) // bottom.value))


def _natural(values: Values) -> bool:
    """Whether ``values`` is surely one constant int of zero or more."""
    return (
        len(values) == 1
        and isinstance(values[0], Const)
        and type(values[0].value) is int
        and values[0].value >= 0
    )


def _make_pallas_call(context: ApiCallContext) -> Values:
    value = Kernel(PALLAS_CALL, False, context.arg("kernel"), context.site)
    context.interpreter.facts.made.append(
        Made(context.site, PALLAS_CALL, value, context.arguments, context.nodes, context.frame)
    )
    return one(value)


def _core_map(context: ApiCallContext) -> Values:
    """``pl.core_map(mesh)`` is a decorator that runs its function on the mesh at once."""
    return one(Partial(one(Api(f"{CORE_MAP}.decorator")), (), (), context.site))


def _core_map_decorator(context: ApiCallContext) -> Values:
    value = Kernel(CORE_MAP, True, context.arg("body"), context.site, executes=True)
    interpreter = context.interpreter
    interpreter.facts.made.append(
        Made(context.site, CORE_MAP, value, context.arguments, context.nodes, context.frame)
    )
    call_kernel(interpreter, value, Arguments(), context.site, context.frame, context.state)
    return one(NONE)


def _emit_pipeline(context: ApiCallContext) -> Values:
    """``pltpu.emit_pipeline(body, grid=...)`` (without ``body``: a decorator): a pipeline
    with its own grid and Refs inside a TPU kernel, left unknown (its body is not run with
    the kernel's Refs, and its ``pl.program_id`` asks for the pipeline's grid)."""
    if "body" not in context.arguments:
        return one(
            Partial(
                one(Api(EMIT_PIPELINE)),
                tuple(context.raw.positional),
                tuple(context.raw.keywords.items()),
                context.site,
            )
        )
    # the pipeline, opaque: a call of it runs nothing the analysis follows
    return _make_object(context)


def _run_state(context: ApiCallContext) -> Values:
    """``pl.run_state(f)``: a function that runs ``f`` on refs holding its arguments."""
    return one(Transformed(f"{PALLAS}.run_state", context.arg("stateful"), (), context.site))


def call_kernel(
    interpreter: Interpreter,
    value: Kernel,
    arguments: Arguments,
    site: Site,
    frame: Frame,
    state: State,
) -> Values:
    # The rules judge a launch after the run, at the kernel's making (its Refs counted
    # against the call's operands): what this call rests on goes with it (it went to one of
    # several kernels, an undecided guard leads to it).
    called = arguments.called(site, value, frame, assumed=interpreter.rests_on(None, frame))
    interpreter.facts.called.append(called)
    # a mesh kernel binds its mesh's axes, which are not modelled: names not known
    trace = trace_of(value.maker, Flavour.STAGED, value.site, value.body, None)
    refs = (
        _mesh_refs(interpreter, value, arguments)
        or _grid_refs(interpreter, value, called)
        or Arguments(starred=True, spread=True)
    )
    invoke(interpreter, value.maker, "body", value.body, refs, site, frame, state, trace)
    if value.executes:
        return one(NONE)
    if not arguments.positional:
        return ANY
    result = lift(
        interpreter,
        one(interpreter.array_result(frame, *arguments.positional)),
        frame,
        list(arguments.positional),
    )
    return _in_outputs_structure(interpreter, value, result)


def _in_outputs_structure(interpreter: Interpreter, value: Kernel, result: Values) -> Values:
    """A launch's result in the structure of its ``out_shape``: JAX returns the outputs as
    that pytree (a list made a tuple first, by ``pallas_call``), so two arrays come back as a
    tuple of two.  One array only where ``out_shape`` is surely one array's shape and dtype; a
    tuple of arrays where it is a tuple (or, for ``pallas_call``, a list) of such; any other
    structure, or one not known, an array that may be a pytree (its structure unknown, so no
    rule claims one)."""
    made = made_of(interpreter, value)
    given = None if made is None else made.arguments.get("out_type" if value.mesh else "out_shape")
    if given is not None and len(given) == 1:
        if _struct(given[0]) is not None:
            return result
        container = given[0]
        if isinstance(container, Tuple) or (isinstance(container, ListValue) and not value.mesh):
            items = items_of(given, interpreter.heap)
            if items is not None and all(len(i) == 1 and _struct(i[0]) is not None for i in items):
                return one(Tuple(tuple(result for _ in items)))
    return tuple(
        Array(v.flavours, v.trace, True, unplaced=v.unplaced) if isinstance(v, Array) else v
        for v in result
    )


def _mesh_refs(interpreter: Interpreter, value: Kernel, arguments: Arguments) -> Arguments | None:
    """The Refs a TPU mesh kernel's body gets, when the call and the kernel say how many:
    its operands' (in HBM) and its scratch buffers' (in their memory spaces)."""
    if not value.mesh or value.executes or arguments.starred or arguments.keywords:
        return None
    made = made_of(interpreter, value)
    if made is None or _object(made.arguments.get("mesh"), *TPU_MESHES) is None:
        return None
    launch = launch_of(made, None, interpreter.heap, interpreter)
    if launch.outputs is None or launch.scratch is None:
        return None
    operands = len(arguments.positional) + len(launch.outputs)
    refs: list[Values] = [one(KernelRef(value.site, i, "ANY", True)) for i in range(operands)]
    for offset, item in enumerate(launch.scratch):
        buffer = _object(item, f"{TPU}.VMEM", f"{TPU}.SMEM")
        space = buffer.api.rsplit(".", 1)[-1] if buffer is not None else None
        refs.append(one(KernelRef(value.site, operands + offset, space, False)))
    return Arguments(refs)


#: ``pltpu.SemaphoreType``'s kinds, by the dtype of the Ref each allocates (JAX's names).
SEMAPHORE_TYPES = {
    f"{TPU}.SemaphoreType.REGULAR": "semaphore",
    f"{TPU}.SemaphoreType.DMA": "dma_semaphore",
    f"{TPU}.SemaphoreType.BARRIER": "barrier_semaphore",
}


def _semaphore_ref(item: Values, heap: Heap, launch: Site, target: KernelTarget) -> Values | None:
    """The Ref a scratch item surely allocating semaphores is (``pltpu.SemaphoreType.DMA``,
    one; ``pltpu.SemaphoreType.REGULAR((2,))``, an array of them): its dtype says the kind."""
    if len(item) != 1:
        return None
    value = item[0]
    shape: tuple[int, ...] | None = ()
    if isinstance(value, Api):
        kind = SEMAPHORE_TYPES.get(value.qualified)
    elif isinstance(value, PallasObject):
        kind = SEMAPHORE_TYPES.get(value.api)
        shape = _ints(block_shape(value.option("shape") or ANY, heap))
    else:
        return None
    if kind is None:
        return None
    return one(StateRef(None, shape, kind, "SEMAPHORE", launch, target))


#: A memory space given that the analysis does not know (not VMEM nor the default).
UNKNOWN_SPACE = "?"


def _grid_refs(interpreter: Interpreter, value: Kernel, called: Called) -> Arguments | None:
    """The Refs a grid kernel's body gets, typed by its BlockSpecs and arrays: each block's
    shape (squeezed dimensions dropped), dtype and memory space; None unless the launch
    says how many Refs there are and which spec goes with which array."""
    if value.mesh or value.maker != PALLAS_CALL or called.starred or called.keywords:
        return None
    made = made_of(interpreter, value)
    if made is None:
        return None
    heap = interpreter.heap
    launch = launch_of(made, called, heap, interpreter)
    prefetch = launch.scalar_prefetch
    if launch.inputs is None or launch.outputs is None or launch.scratch is None:
        return None
    if prefetch is None or launch.grid is None or len(launch.inputs) < prefetch:
        return None
    arrays = launch.inputs[prefetch:]
    for block in launch.blocks(heap):
        blocked, whole = block.shape, block.array_shape
        if blocked is not None and whole is not None and len(blocked) != len(whole):
            return None  # JAX refuses the spec before it calls the kernel
    grid_spec = _object(made.arguments.get("grid_spec"), GRID_SPEC, PREFETCH_GRID_SPEC)
    options = grid_spec.option if grid_spec is not None else made.arguments.get
    in_specs: tuple[Values | None, ...] = (None,) * len(arrays)
    if options("in_specs") is not None:
        if launch.in_specs is None or len(launch.in_specs) != len(arrays):
            return None
        in_specs = launch.in_specs
    out_specs: tuple[Values | None, ...] = (None,) * len(launch.outputs)
    if options("out_specs") is not None:
        if launch.out_specs is None or len(launch.out_specs) != len(launch.outputs):
            return None
        out_specs = launch.out_specs
    refs: list[Values] = []
    for array in launch.inputs[:prefetch]:  # each scalar-prefetch array, whole, in SMEM
        aval = aval_of(array, heap)
        prefetched = _ints(aval.shape)
        refs.append(
            one(
                StateRef(
                    None,
                    prefetched,
                    aval.dtype if prefetched is not None else None,
                    "SMEM",
                    value.site,
                    launch.target,
                )
            )
        )
    position = prefetch
    for spec, array in zip(in_specs, arrays, strict=True):
        aval = aval_of(array, heap)
        refs.append(_block_ref(spec, _ints(aval.shape), aval.dtype, launch, position, heap))
        position += 1
    for spec, out in zip(out_specs, launch.outputs, strict=True):
        refs.append(_block_ref(spec, _ints(out.shape), out.dtype, launch, position, heap))
        position += 1
    for item in launch.scratch:
        buffer = _object(item, f"{TPU}.VMEM", f"{TPU}.SMEM")
        if buffer is None:
            # a semaphore (known of its kind), a DMA buffer of another kind...
            refs.append(_semaphore_ref(item, heap, value.site, launch.target) or ANY)
            continue
        shape = block_shape(buffer.option("shape") or ANY, heap)
        known = shape is not None and None not in shape
        refs.append(
            one(
                StateRef(
                    None,
                    tuple(d for d in shape or () if d is not None) if known else None,
                    dtype_of(buffer.option("dtype") or ANY),
                    buffer.api.rsplit(".", 1)[-1],
                    value.site,
                    launch.target,
                )
            )
        )
    return Arguments(refs)


def _block_ref(
    spec: Values | None,
    array_shape: tuple[int, ...] | None,
    dtype: str | None,
    launch: Launch,
    position: int,
    heap: Heap,
) -> Values:
    """One operand's Ref: its block (the whole array without a BlockSpec or block shape)."""
    site = launch.made.site
    if spec is None:
        return one(StateRef(None, array_shape, dtype, None, site, launch.target))
    block = _object(spec, BLOCK_SPEC)
    if block is None:
        return one(StateRef(launch=site))
    given = block.option("memory_space")
    space = memory_space(given) if given is not None else None
    if given is not None and space is None and given != one(NONE) and given != one(Const(None)):
        space = UNKNOWN_SPACE
    shape_values = block.option("block_shape")
    whole = shape_values is None or shape_values == one(NONE) or shape_values == one(Const(None))
    shape: tuple[int, ...] | None = array_shape
    if not whole:
        dims = block_shape(shape_values or ANY, heap)
        shape = tuple(d for d in dims if d is not None) if dims is not None else None
    if space == "ANY":
        if not whole and (dims is None or array_shape is None or dims != array_shape):
            return ANY  # a blocked ANY operand: JAX refuses the spec itself
        return one(
            KernelRef(
                launch.made.site, position, "ANY", True, grid=True, shape=array_shape, dtype=dtype
            )
        )
    return one(StateRef(None, shape, dtype, space, site, launch.target))


SPECS = (
    ApiSpec(
        KERNEL,
        KERNEL_PARAMS,
        written_signature="(body=<decorator>, out_type=(), *, mesh, scratch_types=(), "
        "compiler_params=None, interpret=False, cost_estimate=None, debug=False, name=None, "
        "metadata=None)",
        behaviour=_make_kernel,
        note="Builds a Pallas kernel that runs over a mesh (`mesh=`); mesh kernels have no "
        "differentiation rule.",
    ),
    ApiSpec(
        PALLAS_CALL,
        PALLAS_CALL_PARAMS,
        written_signature="(kernel, out_shape, *, grid_spec=None, grid=(), in_specs=NoBlockSpec, "
        "out_specs=NoBlockSpec, scratch_shapes=(), input_output_aliases={}, debug=False, "
        "interpret=False, name=None, compiler_params=None, cost_estimate=None, metadata=None)",
        behaviour=_make_pallas_call,
        note="Calls a Pallas kernel over a grid of blocks: the kernel gets one Ref per input, "
        "then one per output, then one per scratch buffer; each BlockSpec's index_map takes "
        "one index per grid axis (after the scalar-prefetch Refs) and returns one block index "
        "per block dimension.",
    ),
    ApiSpec(
        BLOCK_SPEC,
        ("block_shape", "index_map", "pipeline_mode", "memory_space"),
        written_signature=(
            "(block_shape=None, index_map=None, pipeline_mode=None, *, memory_space=None)"
        ),
        behaviour=_make_object,
        note="The block of an array each kernel instance sees (`block_shape`, one entry per "
        "array dimension, None to squeeze one) and where it is (`index_map`: grid indices to "
        "block indices).",
    ),
    ApiSpec(
        GRID_SPEC,
        ("grid", "in_specs", "out_specs", "scratch_shapes"),
        behaviour=_make_object,
        note="A pallas_call's grid and BlockSpecs in one object.",
    ),
    ApiSpec(
        PREFETCH_GRID_SPEC,
        ("num_scalar_prefetch", "grid", "in_specs", "out_specs", "scratch_shapes"),
        behaviour=_make_object,
        note="A TPU grid spec whose first `num_scalar_prefetch` inputs go to SMEM and are "
        "passed to every index_map after the grid indices.",
    ),
    ApiSpec(
        TPU_COMPILER_PARAMS,
        (
            "dimension_semantics",
            "allow_input_fusion",
            "vmem_limit_bytes",
            "collective_id",
            "has_side_effects",
            "flags",
        ),
        behaviour=_make_object,
        note="Mosaic (TPU) compiler parameters; `vmem_limit_bytes` raises the scoped VMEM limit.",
    ),
    *(
        ApiSpec(f"{TPU}.{space}", ("shape", "dtype"), behaviour=_scratch_buffer)
        for space in ("VMEM", "SMEM")
    ),
    *(
        ApiSpec(
            name,
            ("shape",),
            behaviour=_make_object,
            note="A scratch array of TPU semaphores of this kind, of the given shape.",
        )
        for name in SEMAPHORE_TYPES
    ),
    *(
        ApiSpec(
            name,
            ("src_ref", "dst_ref", *(("sem",) if name != SYNC_COPY else ())),
            keyword_only=keywords,
            behaviour=_copy,
            note="Inside a TPU kernel: a DMA of `src_ref` into `dst_ref`, which must have the "
            "same shape and dtype.",
        )
        for name, keywords in (
            (MAKE_ASYNC_COPY, ("src_sem",)),
            (ASYNC_COPY, ("src_sem", "priority", "add")),
            (SYNC_COPY, ("add",)),
        )
    ),
    ApiSpec(
        TPU_MESHES[0], ("devices", "axis_names", "axis_name", "num_cores"), behaviour=_make_object
    ),
    ApiSpec(TPU_MESHES[1], ("axis_name", "devices", "num_cores"), behaviour=_make_object),
    *(
        ApiSpec(
            name,
            ("axis",),
            behaviour=_program_id,
            note="Inside a Pallas kernel: the index of this kernel instance along a grid axis"
            if name == PROGRAM_ID
            else "Inside a Pallas kernel: the number of kernel instances along a grid axis",
        )
        for name in (PROGRAM_ID, NUM_PROGRAMS)
    ),
    ApiSpec(
        CORE_MAP,
        ("mesh",),
        behaviour=_core_map,
        note="Runs a function once per core of a mesh (deprecated in favour of `pl.kernel`); "
        "it has no differentiation rule.",
    ),
    ApiSpec(f"{CORE_MAP}.decorator", ("body",), behaviour=_core_map_decorator),
    ApiSpec(f"{PALLAS}.run_state", ("stateful",), behaviour=_run_state),
    ApiSpec(
        UNPACK_ELEMENTWISE,
        ("x",),
        keyword_only=("index", "packed_dtype", "unpacked_dtype"),
        behaviour=_recorded,
        note="Inside a TPU kernel: one packed element of each word of `x`, as "
        "`unpacked_dtype`, whose bit width must be `x`'s (pack int4 into uint32 for int32).",
    ),
    ApiSpec(
        EMPTY_REF_LIKE,
        ("x",),
        behaviour=_recorded,
        note="A new uninitialised Ref shaped as `x`, a memory-space shape "
        "(`pltpu.VMEM(shape, dtype)`) or a `jax.ShapeDtypeStruct`.",
    ),
    ApiSpec(
        f"{PALLAS}.cdiv",
        ("a", "b"),
        behaviour=_cdiv,
        note="The ceiling of `a / b`: how many blocks of `b` cover `a`.",
    ),
    *(
        ApiSpec(
            f"{PALLAS}.{name}",
            ("start", "size", "stride"),
            behaviour=_dslice,
            note="A window of `size` elements from `start` (which may be traced), for "
            "indexing a Ref: `start:start + size`.",
        )
        for name in ("ds", "dslice")
    ),
    ApiSpec(
        EMIT_PIPELINE,
        (
            "body",
            "grid",
            "in_specs",
            "out_specs",
            "tiling",
            "core_axis",
            "core_axis_name",
            "dimension_semantics",
            "trace_scopes",
            "no_pipelining",
            "output_wait_read_only",
            "_explicit_indices",
        ),
        behaviour=_emit_pipeline,
        note="Inside a TPU kernel: pipelines blocks of HBM Refs through VMEM over a grid of "
        "its own, calling `body` with one VMEM Ref per spec.",
    ),
    *(
        ApiSpec(
            f"{PALLAS}.triton.{name}",
            params,
            no_contract=NoContract(
                NoContractWhy.GPU_ONLY,
                "a Triton kernel's reference and indices; what it refuses shows only when the "
                "kernel is lowered for a GPU, which the pinned CPU JAX cannot reproduce",
            ),
        )
        for name, params in (
            ("load", ("x_ref_or_view", "mask", "other", "cache_modifier")),
            ("store", ("x_ref_or_view", "val", "mask", "eviction_policy")),
        )
    ),
)


# reading a launch --------------------------------------------------------------------------

#: A block dimension given as None: squeezed (the kernel sees no such axis).
SQUEEZED = None


@dataclass(frozen=True)
class Block:
    """One operand's BlockSpec as a launch pairs it with its array."""

    #: The BlockSpec given (None: none, the whole array in the kernel's default memory).
    spec: PallasObject | None
    #: Its block shape: ints, None for a squeezed dimension; None when not given or unknown.
    shape: tuple[int | None, ...] | None
    index_map: Values | None
    memory_space: str | None
    #: The array's shape and dtype, when known.
    array_shape: tuple[int, ...] | None
    dtype: str | None
    #: "input" or "output", and its position among those.
    role: str
    position: int


@dataclass(frozen=True)
class Launch:
    """A ``pallas_call`` (or ``pl.kernel``) read whole: each part None when not known."""

    made: Made
    #: The kernel's function (``kernel=`` / ``body=``).
    kernel: Values
    mesh: bool
    grid: tuple[int, ...] | None
    scalar_prefetch: int | None
    #: The operands passed at the call (None: the call is not known or spreads ``*args``).
    inputs: tuple[Values, ...] | None
    #: The outputs ``out_shape`` declares, and whether it is a sequence (not one struct).
    outputs: tuple[ShapeDtype, ...] | None
    outputs_sequence: bool
    #: The specs given: None when absent, else the items (a single BlockSpec is one item)
    #: and whether they came as a sequence.
    in_specs: tuple[Values, ...] | None
    in_specs_sequence: bool
    out_specs: tuple[Values, ...] | None
    out_specs_sequence: bool
    #: The scratch buffers (``scratch_shapes``, a grid spec's, or ``scratch_types``).
    scratch: tuple[Values, ...] | None
    #: Whether ``grid_spec`` and ``scratch_shapes`` are both given (non-empty).
    grid_spec_and_scratch: bool
    aliases: dict[int, int] | None
    #: Which chip the code says this kernel is for (``KernelTarget``).
    target: KernelTarget
    vmem_limit: int | None

    @property
    def tpu(self) -> bool:
        """Whether the code says this is a TPU kernel (TPU compiler params, memory spaces,
        scratch buffers, grid spec or mesh, or a ``jax.experimental.pallas.tpu`` import)."""
        return self.target is KernelTarget.TPU

    @property
    def maybe_tpu(self) -> bool:
        """Whether this kernel is a TPU kernel by the code or, where the code says nothing,
        by the project's ``pallasTarget``; the findings of the second kind are assumed."""
        return self.target is not KernelTarget.OTHER

    @property
    def refs(self) -> int | None:
        """How many Refs the kernel is called with."""
        if self.inputs is None or self.outputs is None or self.scratch is None:
            return None
        return len(self.inputs) + len(self.outputs) + len(self.scratch)

    def blocks(self, heap: Heap) -> list[Block]:
        """Each operand's BlockSpec with its array, where the specs pair with the arrays."""
        found: list[Block] = []
        if self.in_specs is not None and self.inputs is not None:
            arrays = self.inputs[self.scalar_prefetch or 0 :]
            if self.scalar_prefetch is not None and len(arrays) == len(self.in_specs):
                for position, (spec, array) in enumerate(zip(self.in_specs, arrays, strict=True)):
                    aval = aval_of(array, heap)
                    shape = _ints(aval.shape)
                    found.append(_block(spec, heap, shape, aval.dtype, "input", position))
        outputs = self.outputs
        if self.out_specs is not None and outputs is not None:
            if len(self.out_specs) != len(outputs):
                return found
            for position, (spec, out) in enumerate(zip(self.out_specs, outputs, strict=True)):
                shape = _ints(out.shape)
                found.append(_block(spec, heap, shape, out.dtype, "output", position))
        return found


def _ints(shape: tuple[object, ...] | None) -> tuple[int, ...] | None:
    if shape is None or not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
        return None
    return tuple(d for d in shape if isinstance(d, int))


def _block(
    values: Values,
    heap: Heap,
    array_shape: tuple[int, ...] | None,
    dtype: str | None,
    role: str,
    position: int,
) -> Block:
    spec = values[0] if len(values) == 1 and isinstance(values[0], PallasObject) else None
    if spec is None or spec.api != BLOCK_SPEC:
        return Block(None, None, None, None, array_shape, dtype, role, position)
    shape_values = spec.option("block_shape")
    return Block(
        spec,
        block_shape(shape_values, heap) if shape_values is not None else None,
        spec.option("index_map"),
        memory_space(spec.option("memory_space")),
        array_shape,
        dtype,
        role,
        position,
    )


def block_shape(values: Values, heap: Heap) -> tuple[int | None, ...] | None:
    """A ``block_shape``: a tuple of ints and Nones (squeezed), when every entry is known."""
    items = items_of(values, heap)
    if items is None:
        return None
    dims: list[int | None] = []
    for item in items:
        if item == one(NONE) or item == one(Const(None)):
            dims.append(SQUEEZED)
            continue
        ints = concrete_ints(item, heap)
        if ints is None or len(ints) != 1:
            return None
        dims.append(ints[0])
    return tuple(dims)


def memory_space(values: Values | None) -> str | None:
    """The memory space ``memory_space=`` names (``pltpu.VMEM``, ``pl.ANY``...)."""
    if values is None or len(values) != 1 or not isinstance(values[0], Api):
        return None
    name = values[0].qualified.rsplit(".", 1)[-1]
    return name if name in TPU_MEMORY_SPACES else None


def _object(values: Values | None, *apis: str) -> PallasObject | None:
    if values is None or len(values) != 1:
        return None
    value = values[0]
    return value if isinstance(value, PallasObject) and value.api in apis else None


def _specs(values: Values | None, heap: Heap) -> tuple[tuple[Values, ...] | None, bool]:
    """The items of an ``in_specs``/``out_specs`` argument and whether it is a sequence."""
    if values is None:
        return None, False
    items = items_of(values, heap)
    if items is not None:
        return tuple(items), True
    if _object(values, BLOCK_SPEC) is not None:
        return (values,), False
    return None, False


def _grid(values: Values | None, heap: Heap) -> tuple[int, ...] | None:
    if values is None:
        return ()
    if len(values) == 1 and isinstance(values[0], Const) and values[0].value is None:
        return ()
    ints = concrete_ints(values, heap)
    if ints is None:
        items = items_of(values, heap)
        if items == []:
            return ()
        return None
    return tuple(ints)


def _struct(value: Value) -> ShapeDtype | None:
    """An ``out_shape`` item as a shape and a dtype: a ``ShapeDtypeStruct``, or an array of
    known shape and dtype (JAX reads only those two of it)."""
    if isinstance(value, ShapeDtype):
        return value
    if isinstance(value, Array) and not value.tree and value.shape is not None and value.dtype:
        return ShapeDtype(value.shape, value.dtype)
    return None


def _outputs(values: Values | None, heap: Heap) -> tuple[tuple[ShapeDtype, ...] | None, bool]:
    if values is None or len(values) != 1:
        return None, False
    single = _struct(values[0])
    if single is not None:
        return (single,), False
    items = items_of(values, heap)
    if items is None:
        return None, False
    found = [s for item in items if len(item) == 1 and (s := _struct(item[0])) is not None]
    if len(found) != len(items):
        return None, True
    return tuple(found), True


def _aliases(values: Values | None, heap: Heap) -> dict[int, int] | None:
    if values is None:
        return {}
    if len(values) != 1 or not isinstance(values[0], DictValue):
        return None
    found: dict[int, int] = {}
    for key, value in heap.dict_items(values[0].ref):
        ints = concrete_ints(value, heap)
        if not (isinstance(key, tuple) and len(key) == 2 and key[0] is int):
            return None  # written with a key of another type, or an unknown one
        if ints is None or len(ints) != 1:
            return None
        found[key[1]] = ints[0]
    return found or None


def says_tpu(tree: ast.Module) -> bool:
    """Whether a module imports Pallas's TPU module."""
    return _imports_backend(tree, ("tpu",))


#: Pallas's GPU backends' modules (``jax.experimental.pallas.<name>``).
GPU_MODULES = ("triton", "mosaic_gpu", "gpu")


@functools.cache
def _backend_modules(names: tuple[str, ...]) -> tuple[str, ...]:
    """The full names of Pallas's backend modules ``names`` (asked of every statement a kernel
    launch's module holds: made once, not with a generator at each)."""
    return tuple(f"{PALLAS}.{name}" for name in names)


def _imports_backend(tree: ast.Module, names: tuple[str, ...]) -> bool:
    """Whether a module imports one of Pallas's backend modules ``names``."""
    modules = _backend_modules(names)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module.startswith(modules) or (
                node.module == PALLAS and any(alias.name in names for alias in node.names)
            ):
                return True
        elif isinstance(node, ast.Import) and any(a.name.startswith(modules) for a in node.names):
            return True
    return False


def module_says_gpu(interpreter: Interpreter | None, site: Site) -> bool:
    """Whether the module of ``site`` imports one of Pallas's GPU modules (at its top level);
    only the statement of ``site`` is read when the module is not at hand."""
    module = interpreter.modules.get(site.module) if interpreter is not None else None
    if module is None:
        return _imports_backend(site.tree, GPU_MODULES)
    return _backends_imported(module.source.parsed)[0]


#: Pallas's GPU backends other than Triton (a module importing one may launch Mosaic GPU
#: kernels, whose lowering is not Triton's).
OTHER_GPU_MODULES = ("mosaic_gpu", "gpu")
#: Whether each parsed module version says its kernels are Triton's, by id (``says_triton``).
_TRITON: dict[int, tuple[weakref.ref[ParsedModule], bool]] = {}


def module_says_triton(interpreter: Interpreter | None, site: Site) -> bool:
    """Whether the module of ``site`` imports Pallas's Triton backend module and neither its
    other GPU modules nor its TPU one: its ``pallas_call`` kernels are compiled by the Triton
    lowering (jax 0.12's default on a GPU).  False when the module is not at hand."""
    module = interpreter.modules.get(site.module) if interpreter is not None else None
    if module is None:
        return False
    parsed = module.source.parsed
    imports_gpu, imports_tpu = _backends_imported(parsed)
    if not imports_gpu or imports_tpu:
        return False
    with _BACKENDS_LOCK:
        kept = _TRITON.get(id(parsed))
        if kept is not None and kept[0]() is parsed:
            return kept[1]
        triton = other = False
        for chunk in parsed.chunks:
            triton = triton or _imports_backend(chunk.tree, ("triton",))
            other = other or _imports_backend(chunk.tree, OTHER_GPU_MODULES)
        says = triton and not other
        for key in [key for key, (ref, _) in _TRITON.items() if ref() is None]:
            del _TRITON[key]
        _TRITON[id(parsed)] = (weakref.ref(parsed), says)
    return says


def module_says_tpu(interpreter: Interpreter | None, site: Site) -> bool:
    """Whether the module of ``site`` imports Pallas's TPU module (at its top level) and none
    of its GPU ones; only the statement of ``site`` is read when the module is not at hand
    or imports both."""
    module = interpreter.modules.get(site.module) if interpreter is not None else None
    if module is None:
        return says_tpu(site.tree)
    imports_gpu, imports_tpu = _backends_imported(module.source.parsed)
    if imports_gpu:
        return says_tpu(site.tree)  # a module of kernels for both: its imports say neither
    return imports_tpu


#: Each parsed module's Pallas backend imports (a GPU one, the TPU one), by the parsed
#: version's id, with a weak reference that says the id is still that version's.
_BACKENDS: dict[int, tuple[weakref.ref[ParsedModule], bool, bool]] = {}
_BACKENDS_LOCK = threading.Lock()  # analyses may run on several threads
#: Each statement tree's (a GPU backend, the TPU one), kept in the tree's attribute of this
#: name while the tree lives: a version made by an edit keeps the others' trees, and reading
#: all of them again made each edit pay for the whole module.  (An attribute is read in C; a
#: ``WeakKeyDictionary`` ran Python code twice for each statement of a new text.)
_TREE_BACKENDS = "_jaxlsp_pallas_backends"


def _backends_imported(parsed: ParsedModule) -> tuple[bool, bool]:
    """Whether a version of a module imports a Pallas GPU backend, and the TPU one: read once
    per version, not at each launch (every statement of a large module at each of its
    kernels made analysis quadratic in the file's length)."""
    with _BACKENDS_LOCK:
        kept = _BACKENDS.get(id(parsed))
    if kept is not None and kept[0]() is parsed:
        return kept[1], kept[2]
    imports_gpu = imports_tpu = False
    with _BACKENDS_LOCK:
        for chunk in parsed.chunks:
            tree = chunk.tree
            found: tuple[bool, bool] | None = getattr(tree, _TREE_BACKENDS, None)
            if found is None:
                found = (_imports_backend(tree, GPU_MODULES), says_tpu(tree))
                setattr(tree, _TREE_BACKENDS, found)
            imports_gpu = imports_gpu or found[0]
            imports_tpu = imports_tpu or found[1]
        for key in [key for key, (ref, _, _) in _BACKENDS.items() if ref() is None]:
            del _BACKENDS[key]
        _BACKENDS[id(parsed)] = (weakref.ref(parsed), imports_gpu, imports_tpu)
    return imports_gpu, imports_tpu


def launch_of(
    made: Made, called: Called | None, heap: Heap, interpreter: Interpreter | None = None
) -> Launch:
    """What a kernel's making (``made``) and one call of it (``called``) say of its launch
    (``interpreter``: the analysis, whose modules say which import Pallas's TPU module)."""
    arguments = made.arguments
    mesh = made.api != PALLAS_CALL
    grid_spec = _object(arguments.get("grid_spec"), GRID_SPEC, PREFETCH_GRID_SPEC)
    options = grid_spec.option if grid_spec is not None else arguments.get
    unknown_grid_spec = (
        "grid_spec" in arguments
        and grid_spec is None
        and not (arguments["grid_spec"] == one(NONE) or arguments["grid_spec"] == one(Const(None)))
    )
    grid = None if unknown_grid_spec or mesh else _grid(options("grid"), heap)
    prefetch: int | None = 0
    if grid_spec is not None and grid_spec.api == PREFETCH_GRID_SPEC:
        count = concrete_ints(grid_spec.option("num_scalar_prefetch") or ANY, heap)
        prefetch = count[0] if count is not None and len(count) == 1 else None
    elif unknown_grid_spec:
        prefetch = None
    in_specs, in_sequence = (
        (None, False) if unknown_grid_spec else _specs(options("in_specs"), heap)
    )
    out_specs, out_sequence = (
        (None, False) if unknown_grid_spec else _specs(options("out_specs"), heap)
    )
    outputs, outputs_sequence = _outputs(arguments.get("out_type" if mesh else "out_shape"), heap)
    scratch_values = arguments.get("scratch_types" if mesh else "scratch_shapes")
    grid_spec_and_scratch = False
    if grid_spec is not None and scratch_values is not None:
        given = items_of(scratch_values, heap)
        grid_spec_and_scratch = bool(given)
    if grid_spec is not None and scratch_values is None:
        scratch_values = grid_spec.option("scratch_shapes")
    scratch: tuple[Values, ...] | None = ()
    if unknown_grid_spec:
        scratch = None
    elif scratch_values is not None:
        items = items_of(scratch_values, heap)
        scratch = tuple(items) if items is not None else None
    inputs = None
    if called is not None and not called.starred and not called.keywords:
        inputs = called.positional
    params = _object(arguments.get("compiler_params"), TPU_COMPILER_PARAMS)
    vmem_limit = None
    if params is not None and (limit := params.option("vmem_limit_bytes")) is not None:
        ints = concrete_ints(limit, heap)
        vmem_limit = ints[0] if ints is not None and len(ints) == 1 else -1
    tpu = (
        params is not None
        or (grid_spec is not None and grid_spec.api == PREFETCH_GRID_SPEC)
        or _object(arguments.get("mesh"), *TPU_MESHES) is not None
        or any(_object(item, f"{TPU}.VMEM", f"{TPU}.SMEM") is not None for item in scratch or ())
        or any(
            (spec := _object(item, BLOCK_SPEC)) is not None
            and memory_space(spec.option("memory_space")) is not None
            for item in (*(in_specs or ()), *(out_specs or ()))
        )
        or module_says_tpu(interpreter, made.site)
    )
    if tpu:
        target = KernelTarget.TPU
    elif mesh or not _compiled_for_a_chip(arguments) or module_says_gpu(interpreter, made.site):
        target = KernelTarget.OTHER
    else:
        target = KernelTarget.UNSTATED
    return Launch(
        made,
        arguments.get("body" if mesh else "kernel", ANY),
        mesh,
        grid,
        prefetch,
        inputs,
        outputs,
        outputs_sequence,
        in_specs,
        in_sequence,
        out_specs,
        out_sequence,
        scratch,
        grid_spec_and_scratch,
        _aliases(arguments.get("input_output_aliases"), heap),
        target,
        vmem_limit,
    )


def _compiled_for_a_chip(arguments: Mapping[str, Values]) -> bool:
    """Whether a ``pallas_call`` surely compiles its kernel for the chip it runs on with no
    backend's options: no ``compiler_params`` (or None) and ``interpret`` absent, False or
    None (interpret mode raises none of the chips' lowering errors)."""
    for name in ("compiler_params", "interpret"):
        given = arguments.get(name)
        if given is None:
            continue
        if len(given) != 1 or not isinstance(given[0], Const):
            return False
        if given[0].value not in (None, False):
            return False
    return True


def made_of(interpreter: Interpreter, kernel: Kernel) -> Made | None:
    """The making of a kernel value."""
    for made in reversed(interpreter.facts.made):
        if made.site == kernel.site and made.value == kernel:
            return made
    return None


@dataclass(frozen=True)
class Arity:
    """How many positional arguments a function takes: at least ``least``, at most ``most``
    (None: any number, ``*args``)."""

    least: int
    most: int | None
    name: str
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    #: Keyword-only parameters without a default that no ``functools.partial`` binds.
    missing_keywords: tuple[str, ...] = ()
    #: Keywords a ``functools.partial`` binds that the function has no parameter for (and
    #: no ``**kwargs``).
    unknown_keywords: tuple[str, ...] = ()


def arity_of(values: Values) -> Arity | None:
    """The positional arity of a function, a bound method or a ``functools.partial``."""
    if len(values) != 1:
        return None
    value = values[0]
    bound = 0
    keywords: tuple[str, ...] = ()
    if isinstance(value, Partial) and not value.pytree:
        if value.spread:
            return None  # arguments not known here are bound too
        bound = len(value.args)
        keywords = tuple(name for name, _ in value.keywords)
        if len(value.func) != 1:
            return None
        value = value.func[0]
    if isinstance(value, BoundMethod):
        bound += 1
        value = value.function
    if not isinstance(value, Function) or value.wraps is not None:
        return None
    arguments = value.node.args
    positional = [*arguments.posonlyargs, *arguments.args]
    names = [a.arg for a in positional]
    defaults = len(arguments.defaults)
    least = len(positional) - defaults
    most: int | None = len(positional)
    for keyword in keywords:
        if keyword in names:
            index = names.index(keyword)
            most = min(most, index) if most is not None else index
            if index < least:
                least = index
    if arguments.vararg is not None:
        most = None
    name = value.node.name if not isinstance(value.node, ast.Lambda) else "<lambda>"
    keyword_only = [a.arg for a in arguments.kwonlyargs]
    missing = tuple(
        a.arg
        for a, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        if default is None and a.arg not in keywords
    )
    unknown = (
        tuple(k for k in keywords if k not in names and k not in keyword_only)
        if arguments.kwarg is None
        else ()
    )
    return Arity(
        max(least - bound, 0),
        None if most is None else most - bound,
        name,
        value.node,
        missing,
        unknown,
    )


def vmem_bytes(launch: Launch, heap: Heap) -> int | None:
    """Scoped VMEM a TPU grid launch's pipeline needs at least: each blocked operand twice
    over a grid of more than one step (the pipeline double-buffers it), once otherwise; None
    when any part is unknown.  Scratch buffers (``scratch_shapes``) are not counted: on a TPU
    v5e (jax 0.10.2) a 64 MiB VMEM scratch buffer compiled and ran beside small blocks, on a
    grid of one and of two steps, over the 16 MiB scoped default (a 128 MiB one exceeded the
    chip's VMEM, another error)."""
    if launch.mesh or launch.grid is None:
        return None
    # a grid of one step has nothing to prefetch: count its blocks once
    buffers = 2 if math.prod(launch.grid) > 1 else 1
    blocks = launch.blocks(heap)
    expected = len(launch.in_specs or ()) + len(launch.out_specs or ())
    if not blocks or len(blocks) != expected or launch.outputs is None:
        return None
    total = 0
    for block in blocks:
        if block.shape is None or block.dtype not in ITEM_BYTES:
            return None
        if block.memory_space not in (None, "VMEM"):
            continue
        elements = math.prod(d for d in block.shape if d is not None)
        total += buffers * elements * ITEM_BYTES[block.dtype]
    return total
