"""A custom_vjp registered with ``symbolic_zeros=True`` reached from an eager shard_map body.

Measured on jax 0.12.0.1 (CPU): the NotImplementedError is raised when the custom_vjp call is
evaluated by an eager shard_map, op by op: a direct call in the body of a shard_map run
without ``jax.jit``, or the call a fwd rule makes of a symbolic-zeros custom_vjp function
while an eager ``jax.grad`` runs it (differentiation runs the rule, not the call itself).  Under
``jax.jit``, or inside something the body traces (``lax.scan``, ``jax.checkpoint``), it runs;
``jax.vmap`` of the shard_map does not help.
So: an error when the analysed code runs the shard_map that way, a warning when the shard_map
runs in a function whose callers are not known (they decide), nothing otherwise.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding, Fix
from jaxlsp.infer.frames import Called, Frame, Made
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Const, CustomDerivative, Flavour, Function, Site, one
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

_FIX_TITLE = "Register the rule without symbolic_zeros (fwd takes plain values: x.value → x)"
_RAISES = (
    "NotImplementedError 'custom_vjp symbolic_zeros support with shard_map is not implemented' "
    "(under jax.jit it runs)"
)


class CustomVjpSymbolicZerosSupportWithShardMap(Rule):
    NAME = "custom-vjp-symbolic-zeros-support-with-shard-map"
    FORMER_NAMES = ("custom-vjp-symbolic-zeros-in-shard-map",)
    CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
    RECORD_ID = "9906f2c2bb54d4d6"

    VALID = (
        # symbolic_zeros=True, but the shard_map only runs under jax.jit
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

@jax.custom_vjp
def scaled(x):
    return 2.0 * x

def fwd(x):
    return scaled(x.value), None

def bwd(_, g):
    return (2.0 * g,)

scaled.defvjp(fwd, bwd, symbolic_zeros=True)
mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
jax.jit(body)(x)
""",
        # eager grad, but fwd does not call the custom_vjp function itself
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

@jax.custom_vjp
def soft(x):
    return jnp.tanh(x)

def soft_fwd(x):
    y = jnp.tanh(x.value)
    return y, y

soft.defvjp(soft_fwd, lambda y, g: (g * (1 - y**2),), symbolic_zeros=True)
mesh = jax.make_mesh((8,), ("i",), axis_types=(jax.sharding.AxisType.Auto,))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
smapped = jax.shard_map(lambda v: soft(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
jax.grad(lambda v: smapped(v).sum())(x)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

@jax.custom_vjp
def scaled(x):
    return 2.0 * x

def scaled_fwd(x):
    return scaled(x.value), None

def scaled_bwd(_, g):
    return (2.0 * g,)

scaled.defvjp(
    scaled_fwd,
    scaled_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map
)
mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
body(x)
""",
        # a helper in the body, eager jax.grad, and fwd calls the function itself
        """
from functools import partial
import jax
import jax.numpy as jnp
from jax import custom_vjp, grad
from jax.sharding import PartitionSpec as P

def helper(v):
    return clip(v) * 3.0

@custom_vjp
def clip(x):
    return x

clip.defvjp(lambda x: (clip(x.value), None), lambda _, g: (g,),
            symbolic_zeros=True)  # expect: custom-vjp-symbolic-zeros-support-with-shard-map

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))

@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def step(v):
    return helper(v)

grad(lambda v: step(v).sum())(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[object] = set()
        for called in program.calls_of(CustomDerivative):
            custom = called.callee
            if not isinstance(custom, CustomDerivative) or custom.api != "jax.custom_vjp":
                continue
            registration = _symbolic(program, custom)
            if registration is None:
                continue
            eager = _eager_shard_map(called.frame)
            if eager is None:
                continue
            keyword = _keyword(registration)
            if keyword is None or (registration.site, keyword) in reported:
                continue
            reported.add((registration.site, keyword))
            certain, shard_map_site = eager
            name = _registered_name(registration) or custom.describe()
            line = (
                program.line_name(shard_map_site, registration.site.module)
                if shard_map_site
                else "line 0"
            )
            in_fwd = _inside_rule(called.frame, program)
            if certain:
                when = (
                    "that shard_map is differentiated without jax.jit here and fwd calls a "
                    "symbolic_zeros custom_vjp function itself, which shard_map then evaluates "
                    "eagerly: on jax 0.12.0.1 it raises"
                    if in_fwd
                    else "that shard_map runs without jax.jit here, so on jax 0.12.0.1 it raises"
                )
            else:
                when = (
                    "nothing in the analysed code runs that shard_map, so on jax 0.12.0.1 it "
                    "raises if its callers run it without jax.jit"
                )
            related_locations = []
            if shard_map_site is not None:
                related_locations.append(
                    related(program, shard_map_site, f"shard_map whose body reaches {name}")
                )
            related_locations.append(
                related(program, custom.site, f"{name} is made a custom_vjp here")
            )
            related_locations.append(
                related(
                    program,
                    registration.site,
                    "its rule is registered here, with symbolic_zeros=True",
                )
            )
            fwd = registration.arguments.get("fwd", ())
            yield finding(
                self,
                record,
                program,
                registration.site,
                f"{name} registers its custom_vjp rule with symbolic_zeros=True and is called "
                f"inside the shard_map body on {line}{_route(called.frame)}; {when} "
                f"{_RAISES}.",
                tuple(related_locations),
                node=keyword,
                severity="error" if certain else "warning",
                fix_titles=(_FIX_TITLE,) if len(fwd) == 1 and isinstance(fwd[0], Function) else (),
            )

    def fixes(self, source: str, program: Program, finding: Finding) -> list[Fix]:
        from jaxlsp.fixes.symbolic_zeros import drop_symbolic_zeros

        for made in program.made_by("jax.custom_vjp.defvjp"):
            if not program.is_here(made.site):
                continue
            keyword = _keyword(made)
            if keyword is None or program.span(made.site, keyword) != finding.span:
                continue
            fix = drop_symbolic_zeros(source, program, made, _FIX_TITLE)
            return [fix] if fix is not None else []
        return []


def _symbolic(program: Program, custom: CustomDerivative) -> Made | None:
    for made in program.interpreter.heap.registrations.get(custom.ref, []):
        if made.arguments.get("symbolic_zeros") == one(Const(True)):
            return made
    return None


def _keyword(made: Made) -> ast.AST | None:
    node = made.site.node
    if not isinstance(node, ast.Call):
        return None
    for keyword in node.keywords:
        if keyword.arg == "symbolic_zeros":
            return keyword
    if len(node.args) >= 3:
        return node.args[2]
    return None


def _eager_shard_map(frame: Frame) -> tuple[bool, Site | None] | None:
    """(certain, the shard_map's site) when the call is evaluated by an eager shard_map; None
    when the shard_map is staged or transformed (it runs) or there is none."""
    context = frame.context
    if not context or context[-1].kind != "jax.shard_map":
        return None
    outside = {trace.flavour for trace in context[:-1]}
    if outside & {Flavour.STAGED, Flavour.DIFFERENTIATED}:
        # jit stages the shard_map; differentiation runs the custom rule instead (whose own
        # call of the function, if any, is a call in an eager body again); vmap does neither
        return None
    return (not _open(frame), context[-1].site)


def _open(frame: Frame) -> bool:
    return any(f.open_context for f in frame.chain())


def _inside_rule(frame: Frame, program: Program) -> bool:
    fwds = {
        value.site
        for invocation in program.facts.invocations
        if invocation.role == "fwd"
        for value in (invocation.function,)
        if isinstance(value, Function)
    }
    return any(f.function is not None and f.function.site in fwds for f in frame.chain())


def _route(frame: Frame) -> str:
    """' (through `helper`)' when the body reaches the call through named helpers."""
    names: list[str] = []
    current: Frame | None = frame
    while current is not None and current.context and current.context[-1].kind == "jax.shard_map":
        if current.function is not None and current.function.name != "<lambda>":
            names.append(current.function.describe())
        current = current.caller
    names.reverse()
    body = names[1:] if names else names
    return f" (through {' → '.join(body)})" if body else ""


__all__ = ["Called", "CustomVjpSymbolicZerosSupportWithShardMap"]


def _registered_name(registration: Made) -> str | None:
    """The name the rule was registered on (`cube_vjp` in ``cube_vjp.defvjp(...)``), which is
    what the user calls; the wrapped function may have another name."""
    node = registration.site.node
    target = node.func if isinstance(node, ast.Call) else node
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name | ast.Attribute):
        return f"`{ast.unparse(target.value)}`"
    return None
