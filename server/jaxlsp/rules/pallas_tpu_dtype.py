"""A TPU kernel whose operands are of a dtype the TPU kernel compiler refuses: 64-bit types
(with ``jax_enable_x64`` on) and float16; and, as a warning (a chip generation's limit),
``+``, ``*`` or unary ``-`` of int8/uint8 values loaded from its Refs, which a TPU v5e has no
vector arithmetic for.  Interpret mode runs it; on a TPU the launch fails to compile.
Reported at the kernel's launch (the 8-bit arithmetic where it is written) when the code says
it is a TPU kernel.  The
interpreter's dtypes are those of 64-bit mode off (a float64 array is made float32, as JAX
makes it by default), so a 64-bit operand is seen only where the module switches the mode on
before anything else it runs (``jax.config.update("jax_enable_x64", True)`` after its imports,
nothing else naming the option) and the operand was asked for with a 64-bit dtype by name
(``jnp.ones(..., jnp.float64)``, ``jax.ShapeDtypeStruct(shape, jnp.int64)``); 64-bit values
the mode makes by default (``jnp.ones(3)``) are not seen (docs/pallas.md says why).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import TPU_CONSTRAINTS
from jaxlsp.apis.shaping import aval_of
from jaxlsp.findings import Finding
from jaxlsp.infer.dtypes import spelled
from jaxlsp.infer.frames import ApiCall
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import (
    Api,
    Array,
    Const,
    Function,
    Partial,
    ShapeDtype,
    Site,
    StateRef,
    Values,
)
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP, LaunchAt, SurePaths, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasTpuDtype(Rule):
    NAME = "pallas-tpu-dtype"
    CODE = "pallas-tpu-dtype"
    RECORD_ID = "5bd434dcdd1b8ba0"

    VALID = (
        TPU_SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

y = x.astype(jnp.bfloat16)
pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
               compiler_params=pltpu.CompilerParams(), interpret=True)(y)
""",
        TPU_SETUP
        + """
def widen(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(jnp.int32) + 1

q = jnp.ones((32, 128), jnp.int8)
pl.pallas_call(widen, out_shape=jax.ShapeDtypeStruct(q.shape, jnp.int32),
               compiler_params=pltpu.CompilerParams(), interpret=True)(q)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

y = x.astype(jnp.float16)
pl.pallas_call(  # expect: pallas-tpu-dtype
    double, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
    compiler_params=pltpu.CompilerParams(), interpret=True,
)(y)
""",
        TPU_SETUP
        + """
def add_one(x_ref, o_ref):
    v = x_ref[...]
    o_ref[...] = v + 1  # expect: pallas-tpu-dtype

q = jnp.ones((32, 128), jnp.int8)
pl.pallas_call(add_one, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
               compiler_params=pltpu.CompilerParams(), interpret=True)(q)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        refused = TPU_CONSTRAINTS.refused_dtypes
        wide = _WideDtypes(program) if x64_from_the_start(program) else None
        narrow_done: set[Site] = set()
        loads = _narrow_loads(program)
        for at in launches(program):
            launch = at.launch
            if not launch.maybe_tpu or launch.made.site in reported:
                continue
            found = None
            for position, values in enumerate(launch.inputs or ()):
                dtype = aval_of(values, heap).dtype
                if dtype not in refused and wide is not None:
                    dtype = wide.of_array(values)
                if dtype in refused:
                    found = f"input {position} is {dtype}"
                    break
            if found is None:
                for position, output in enumerate(launch.outputs or ()):
                    dtype = output.dtype
                    if dtype not in refused and wide is not None:
                        dtype = wide.of_struct(output)
                    if dtype in refused:
                        found = f"output {position} is {dtype}"
                        break
            if found is None:
                if launch.made.site not in narrow_done:
                    narrow_done.add(launch.made.site)
                    yield from self._narrow_arithmetic(program, record, at, loads)
                continue
            reported.add(launch.made.site)
            yield on_tpu(
                finding(
                    self,
                    record,
                    program,
                    launch.made.site,
                    f"This TPU kernel's {found}: the TPU kernel compiler refuses 64-bit types "
                    "and float16 (Mosaic cannot load float16 vectors), so the launch fails on a "
                    "TPU though interpret mode runs it. Use float32 or bfloat16 (int32 for "
                    "integers).",
                    (
                        related(
                            program,
                            at.called.site if at.called is not None else launch.made.site,
                            "launched here",
                        ),
                    ),
                ),
                launch.target,
            )

    def _narrow_arithmetic(
        self, program: Program, record: Record | None, at: LaunchAt, loads: dict[int, Site]
    ) -> Iterator[Finding]:
        """``+``, ``*`` or unary ``-`` of 8-bit integer values loaded from the kernel's Refs (a
        Python int beside them keeps them 8-bit): a TPU v5e has no 8-bit integer vector
        arithmetic (measured, jax 0.10.2: "Only vector<i16> and vector<i32> are supported").
        A warning: a chip generation's limit, and the generation is not known."""
        if not loads:
            return
        launch = at.launch
        paths = SurePaths(program)
        for function in _functions(launch.kernel):
            for node, site in _narrow_operations(function, loads):
                if not paths.runs(Site(site.module, site.tree, node)):
                    continue  # (read from the text: in an arm never taken, or not decided)
                yield on_tpu(
                    finding(
                        self,
                        record,
                        program,
                        site,
                        "8-bit integer arithmetic in this TPU kernel: a TPU v5e has no int8 "
                        "or uint8 vector arithmetic, so compiling the kernel there raises "
                        "(Mosaic: Only vector<i16> and vector<i32> are supported), though "
                        "interpret mode runs it. Widen the values first "
                        "(`x.astype(jnp.int32)`), and narrow the result when it is stored.",
                        (related(program, launch.made.site, "the TPU kernel's launch"),),
                        node=node,
                        severity="warning",
                    ),
                    launch.target,
                )


#: The configuration option that turns 64-bit mode on, as the code names it.
X64_OPTION = "jax_enable_x64"


def x64_from_the_start(program: Program) -> bool:
    """Whether the analysed module turns 64-bit mode on before it runs anything else: a
    top-level ``<...>config.update("jax_enable_x64", True)`` preceded only by imports, its
    docstring and names bound to constants (which make no array), and no other statement
    naming the option (which may turn it off again)."""
    switched = False
    for chunk in program.module.source.parsed.chunks:
        naming = "enable_x64" in chunk.text
        if switched:
            if naming:
                return False
            continue
        body = chunk.tree.body
        if not naming:
            if not all(_preamble(statement) for statement in body):
                return False
            continue
        if not body or not _switches_x64_on(body[-1]):
            return False
        if not all(_preamble(statement) for statement in body[:-1]):
            return False
        switched = True
    return switched


def _preamble(statement: ast.stmt) -> bool:
    """An import, a docstring or a name bound to a constant: what may come before the mode is
    switched on (none of them makes an array)."""
    if isinstance(statement, ast.Import | ast.ImportFrom):
        return True
    if isinstance(statement, ast.Assign):
        return isinstance(statement.value, ast.Constant) and all(
            isinstance(target, ast.Name) for target in statement.targets
        )
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _switches_x64_on(statement: ast.stmt) -> bool:
    if not isinstance(statement, ast.Expr):
        return False
    call = statement.value
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "update"
        and _names_config(call.func.value)
        and len(call.args) == 2
        and not call.keywords
        and isinstance(call.args[0], ast.Constant)
        and call.args[0].value == X64_OPTION
        and isinstance(call.args[1], ast.Constant)
        and call.args[1].value is True
    )


def _names_config(node: ast.expr) -> bool:
    """``jax.config`` or ``config`` (as imported from jax)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "config" and isinstance(node.value, ast.Name) and node.value.id == "jax"
    return isinstance(node, ast.Name) and node.id == "config"


#: Calls whose result has their operand's dtype (shape changes), by the operand's parameter:
#: an operand made 64-bit by name stays 64-bit through them.
_KEEPS_DTYPE = {
    "jax.Array.reshape": "self",
    "jax.Array.transpose": "self",
    "jax.Array.squeeze": "self",
    "jax.Array.copy": "self",
    "jax.numpy.reshape": "a",
    "jax.numpy.transpose": "a",
    "jax.numpy.squeeze": "a",
    "jax.numpy.expand_dims": "a",
    "jax.numpy.broadcast_to": "array",
}
#: How many such calls are followed back.
_MAX_RESHAPES = 8


class _WideDtypes:
    """The dtypes operands were asked for by name, read from the calls that made them (the
    interpreter's dtypes are those of 64-bit mode off)."""

    def __init__(self, program: Program) -> None:
        self._calls: dict[Site, ApiCall] = {call.site: call for call in program.facts.api_calls}
        self._structs: dict[int, ApiCall] = {
            id(value): call
            for call in program.facts.api_calls
            if call.api.name == "jax.ShapeDtypeStruct"
            for value in call.result
        }

    def of_array(self, values: Values) -> str | None:
        for _ in range(_MAX_RESHAPES):
            if len(values) != 1 or not isinstance(values[0], Array) or values[0].origin is None:
                return None
            call = self._calls.get(values[0].origin)
            if call is None:
                return None
            operand = _KEEPS_DTYPE.get(call.api.name)
            if operand is None:
                return _named_dtype(call.arguments.get("dtype"))
            values = call.arguments.get(operand, ())
        return None

    def of_struct(self, struct: ShapeDtype) -> str | None:
        call = self._structs.get(id(struct))
        return None if call is None else _named_dtype(call.arguments.get("dtype"))


def _named_dtype(values: Values | None) -> str | None:
    """The dtype ``values`` surely name as spelled (``jnp.int64``, ``"float64"``)."""
    if not values or len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, Api):
        return spelled(value.qualified.rpartition(".")[2])
    if isinstance(value, Const) and isinstance(value.value, str):
        return spelled(value.value)
    return None


#: The 8-bit integer dtypes a TPU v5e has no vector arithmetic for.
NARROW_INTEGERS = frozenset({"int8", "uint8"})
#: The operators measured refusing them (``labels/_probe_s37_*``: add, multiply, negate;
#: comparisons fail otherwise, and ``&``, ``jnp.maximum``, ``jnp.where`` and casts lowered).
NARROW_OPERATORS = (ast.Add, ast.Mult)


def _narrow_loads(program: Program) -> dict[int, Site]:
    """The loads of a kernel Ref of an 8-bit integer dtype, by the id of their node."""
    found: dict[int, Site] = {}
    for subscript in program.facts.subscripts:
        # (the first value settles most: no generator is made and left unfinished)
        if subscript.store or not subscript.container:
            continue
        if not isinstance(subscript.container[0], StateRef):
            continue
        if all(
            isinstance(v, StateRef) and v.launch is not None and v.dtype in NARROW_INTEGERS
            for v in subscript.container
        ):
            found[id(subscript.site.node)] = subscript.site
    return found


def _functions(kernel: Values) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The kernel's function definition, through a ``functools.partial``."""
    if len(kernel) != 1:
        return []
    value = kernel[0]
    if isinstance(value, Partial) and len(value.func) == 1:
        value = value.func[0]
    if isinstance(value, Function) and isinstance(
        value.node, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        return [value.node]
    return []


def _narrow_operations(
    function: ast.FunctionDef | ast.AsyncFunctionDef, loads: dict[int, Site]
) -> Iterator[tuple[ast.expr, Site]]:
    """The arithmetic of ``function`` on 8-bit loads: an operand is a load (``x_ref[...]``),
    a name bound once in the function, to a load, or a Python int beside one."""
    bound: dict[str, list[ast.expr | None]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _bind(target, node.value, bound)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For | ast.With):
            for target in _targets(node):
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        bound.setdefault(name.id, []).append(None)
        elif isinstance(node, ast.NamedExpr | ast.comprehension):
            for name in ast.walk(node.target):
                if isinstance(name, ast.Name):
                    bound.setdefault(name.id, []).append(None)
    parameters = {a.arg for a in (*function.args.posonlyargs, *function.args.args)}

    def load(node: ast.expr) -> Site | None:
        if isinstance(node, ast.Name) and node.id not in parameters:
            values = bound.get(node.id)
            if values is None or len(values) != 1 or values[0] is None:
                return None
            node = values[0]
        return loads.get(id(node))

    for node in ast.walk(function):
        if isinstance(node, ast.BinOp) and isinstance(node.op, NARROW_OPERATORS):
            left, right = load(node.left), load(node.right)
            if left is not None and (right is not None or _python_int(node.right)):
                yield node, left
            elif right is not None and _python_int(node.left):
                yield node, right
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            site = load(node.operand)
            if site is not None:
                yield node, site


def _bind(target: ast.expr, value: ast.expr, bound: dict[str, list[ast.expr | None]]) -> None:
    """Note what ``target = value`` binds each name to (None: not an expression of its own)."""
    if isinstance(target, ast.Name):
        bound.setdefault(target.id, []).append(value)
    elif isinstance(target, ast.Tuple | ast.List):
        parts = value.elts if isinstance(value, ast.Tuple | ast.List) else None
        if parts is not None and len(parts) == len(target.elts):
            for item, part in zip(target.elts, parts, strict=True):
                _bind(item, part, bound)
        else:
            for item in target.elts:
                for name in ast.walk(item):
                    if isinstance(name, ast.Name):
                        bound.setdefault(name.id, []).append(None)


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For):
        return [node.target]
    if isinstance(node, ast.With):
        return [item.optional_vars for item in node.items if item.optional_vars is not None]
    return []


def _python_int(node: ast.expr) -> bool:
    """A Python int literal (weakly typed: the 8-bit operand keeps its dtype)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int
