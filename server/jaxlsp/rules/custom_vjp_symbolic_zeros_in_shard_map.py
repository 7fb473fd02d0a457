"""A custom_vjp registered with ``symbolic_zeros=True`` reached from an eager shard_map body.

Measured on jax 0.12.0.1 (CPU): the NotImplementedError is raised when the shard_map runs
eagerly (``smapped(x)``, ``jax.grad(loss)(x)``); under ``jax.jit`` the same program runs.  So
the rule reports an error when module-level code runs the shard_map without jit, a warning when
nobody in the module calls it (its callers decide), and nothing when it only runs under jit.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.analysis.module import Edge, FuncV, ModuleFacts, Node, ShardMapV
from jaxlsp.findings import Finding, Fix, RelatedLocation, Severity
from jaxlsp.records.record import Record
from jaxlsp.rules.base import Rule, explanation

_FIX_TITLE = "Register the rule without symbolic_zeros (fwd takes plain values: x.value → x)"


class CustomVjpSymbolicZerosInShardMap(Rule):
    NAME = "custom-vjp-symbolic-zeros-in-shard-map"
    CODE = "custom-vjp-symbolic-zeros-support-with-shard-map-i"
    RECORD_ID = "9906f2c2bb54d4d6"

    VALID = (
        # symbolic_zeros left at its default
        """
import jax
from jax.sharding import PartitionSpec as P

@jax.custom_vjp
def scaled(x):
    return 2.0 * x

def fwd(x):
    return scaled(x), None

def bwd(_, g):
    return (2.0 * g,)

scaled.defvjp(fwd, bwd)
mesh = jax.make_mesh((8,), ("i",))
jax.shard_map(scaled, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
        # symbolic_zeros=True, but the shard_map only ever runs under jax.jit
        """
import jax
from functools import partial
from jax.sharding import PartitionSpec as P

@jax.custom_vjp
def scaled(x):
    return 2.0 * x

def fwd(x):
    return scaled(x.value), None

def bwd(_, g):
    return (2.0 * g,)

scaled.defvjp(fwd, bwd, symbolic_zeros=True)

@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def body(v):
    return scaled(v)

jax.jit(body)(x)
jax.jit(jax.grad(lambda v: body(v).sum()))(x)
""",
        # the custom_vjp runs outside the shard_map body
        """
import jax

@jax.custom_vjp
def scaled(x):
    return 2.0 * x

scaled.defvjp(lambda x: (scaled(x.value), None), lambda _, g: (g,), symbolic_zeros=True)
smapped = jax.shard_map(lambda v: v + 1, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
smapped(scaled(x))
""",
        # eager jax.grad, but fwd does not call the custom_vjp function itself (it runs)
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def soft(x):
    return jnp.tanh(x)

def soft_fwd(x):
    y = jnp.tanh(x.value)
    return y, y

soft.defvjp(soft_fwd, lambda y, g: (g * (1 - y**2),), symbolic_zeros=True)
smapped = jax.shard_map(lambda v: soft(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
jax.grad(lambda v: smapped(v).sum())(x)
""",
        # symbolic_zeros=False spelled out
        """
import jax
g = jax.custom_vjp(lambda x: x * 2)
g.defvjp(lambda x: (g(x), None), lambda _, t: (2 * t,), symbolic_zeros=False)
jax.shard_map(g, mesh=mesh, in_specs=P(), out_specs=P())(x)
""",
    )

    INVALID = (
        # the seed reproducer's spelling: a lambda body, eager call
        """
import jax

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
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
body(x)
""",
        # alias import, partial decorator, a helper, eager jax.grad (fwd calls clip itself)
        """
from functools import partial
from jax import custom_vjp, grad
from jax import shard_map as smap

def helper(v):
    return clip(v) * 3.0

@custom_vjp
def clip(x):
    return x

clip.defvjp(lambda x: (clip(x.value), None), lambda _, g: (g,),
            symbolic_zeros=True)  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i

@partial(smap, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def step(v):
    return helper(v)

grad(lambda v: step(v).sum())(x)
""",
        # eager jax.vjp, and fwd calls the custom_vjp function itself (the f(x.value) pattern)
        """
import jax

@jax.custom_vjp
def scaled(x):
    return 2.0 * x

scaled.defvjp(
    lambda x: (scaled(x.value), None),
    lambda _, g: (2.0 * g,),
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)
smapped = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
out, pullback = jax.vjp(smapped, x)
""",
        # the old import path, call form of custom_vjp, nested def, inside main()
        """
import jax
from jax.experimental.shard_map import shard_map

def double(x):
    return 2 * x

double_vjp = jax.custom_vjp(double)
double_vjp.defvjp(
    fwd, bwd, symbolic_zeros=True  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)

def main():
    def body(v):
        return double_vjp(v)
    return shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)

main()
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        symbolic: set[Node] = {("c", d.owner.site) for d in facts.defvjps if d.symbolic_zeros}
        if not symbolic:
            return
        # The shard_maps that reach each symbolic-zeros function, in shard_map order: made from
        # each shard_map's reach (small) while the first function is looked at, so later ones
        # do not test every shard_map again.
        reaching: dict[Node, list[tuple[Node, ShardMapV, dict[Node, Node | None]]]] | None = None
        for defvjp in facts.defvjps:
            if defvjp.symbolic_zeros is None:
                continue
            target: Node = ("c", defvjp.owner.site)
            fwd_calls_symbolic = isinstance(defvjp.fwd, FuncV) and bool(
                symbolic & facts.reach([Edge(("f", defvjp.fwd.key))]).keys()
            )
            sure: list[tuple[ShardMapV, dict[Node, Node | None], str]] = []
            maybe: list[tuple[ShardMapV, dict[Node, Node | None], str]] = []
            if reaching is None:
                reaching = {}
                for site, smap in facts.shard_maps.items():
                    node: Node = ("s", site)
                    reach = facts.reach([Edge(node)])
                    for reached in symbolic.intersection(reach):
                        reaching.setdefault(reached, []).append((node, smap, reach))
                    if target in reach:
                        how = _how_it_runs(facts, node, fwd_calls_symbolic)
                        if how is not None:
                            (sure if how[0] else maybe).append((smap, reach, how[1]))
            else:
                for node, smap, reach in reaching.get(target, ()):
                    how = _how_it_runs(facts, node, fwd_calls_symbolic)
                    if how is not None:
                        (sure if how[0] else maybe).append((smap, reach, how[1]))
            if not sure and not maybe:
                continue
            name = _custom_name(facts, defvjp.owner.inner, defvjp.call.func)
            smap, parents, when = (sure or maybe)[0]
            route = _route(facts, parents, target)
            line = smap.head.start.line + 1
            severity: Severity = "error" if sure else "warning"
            message = (
                f"{name} registers its custom_vjp rule with symbolic_zeros=True and is called "
                f"inside the shard_map body on line {line}{route}; {when} NotImplementedError "
                "'custom_vjp symbolic_zeros support with shard_map is not implemented' (under "
                "jax.jit it runs)." + explanation(record)
            )
            related = [
                RelatedLocation(s.head, f"shard_map whose body reaches {name}")
                for s, _, _ in (sure + maybe)
            ]
            related.append(RelatedLocation(defvjp.owner.site, f"{name} is made a custom_vjp here"))
            related.append(
                RelatedLocation(
                    facts.absolute(defvjp.call.head, defvjp.chunk),
                    "its rule is registered here, with symbolic_zeros=True",
                )
            )
            yield Finding(
                code=self.CODE,
                record_id=self.RECORD_ID,
                rule=self.NAME,
                message=message,
                span=defvjp.symbolic_zeros,
                severity=severity,
                related=tuple(related),
                fix_titles=(_FIX_TITLE,) if isinstance(defvjp.fwd, FuncV) else (),
            )

    def fixes(self, source: str, facts: ModuleFacts, finding: Finding) -> list[Fix]:
        from jaxlsp.fixes.symbolic_zeros import drop_symbolic_zeros

        for defvjp in facts.defvjps:
            if defvjp.symbolic_zeros == finding.span:
                fix = drop_symbolic_zeros(source, facts, defvjp, _FIX_TITLE)
                return [fix] if fix is not None else []
        return []


_RUNS_EAGERLY = "that shard_map runs without jax.jit here, so on jax 0.12.0.1 it raises"
_DIFFERENTIATED = (
    "that shard_map is differentiated without jax.jit here and fwd calls a symbolic_zeros "
    "custom_vjp function itself, which shard_map then evaluates eagerly: on jax 0.12.0.1 it raises"
)
_CALLERS = (
    "nothing in this module calls that shard_map, so on jax 0.12.0.1 it raises if its callers "
    "run it without jax.jit"
)
_CALLERS_DIFFERENTIATED = (
    "nothing in this module calls that shard_map, and fwd calls a symbolic_zeros custom_vjp "
    "function itself, so on jax 0.12.0.1 it raises if its callers differentiate it without jax.jit"
)


def _how_it_runs(
    facts: ModuleFacts, node: Node, fwd_calls_symbolic: bool
) -> tuple[bool, str] | None:
    """(certain, why it raises) for a shard_map that reaches the function, or None if it runs.

    Measured on jax 0.12.0.1: run as it is (a call, jax.vmap) it always raises; under eager
    differentiation (jax.grad, jax.vjp, jax.jvp...) only when fwd itself calls a symbolic-zeros
    custom_vjp function (the common ``f(x.value)`` pattern), because then shard_map evaluates
    that call eagerly; under jax.jit it runs.
    """
    if node in facts.eager:
        return True, _RUNS_EAGERLY
    if fwd_calls_symbolic and node in facts.eager_differentiated:
        return True, _DIFFERENTIATED
    if node in facts.maybe_eager:
        return False, _CALLERS
    if fwd_calls_symbolic and node in facts.maybe_eager_differentiated:
        return False, _CALLERS_DIFFERENTIATED
    return None


def _custom_name(facts: ModuleFacts, inner: object, func: object) -> str:
    dotted = getattr(func, "dotted", "")
    if dotted:
        return f"`{dotted.removesuffix('.defvjp')}`"
    if isinstance(inner, FuncV):
        described = facts.describe(("f", inner.key))
        if described.startswith("`"):
            return described
    return "this function"


def _route(facts: ModuleFacts, parents: dict[Node, Node | None], target: Node) -> str:
    """' (through `helper`)' when the body reaches the function through named helpers."""
    steps: list[str] = []
    node = parents.get(target)
    while node is not None:
        if node[0] == "f":
            described = facts.describe(node)
            if described.startswith("`"):
                steps.append(described)
        node = parents.get(node)
    return f" (through {' → '.join(reversed(steps))})" if steps else ""
