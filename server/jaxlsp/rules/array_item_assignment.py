"""``x[i] = v`` (or ``x[i] += v``) on a jax.Array: JAX arrays are immutable.

``x`` counts as a jax.Array when every assignment to it in its scope is a ``jax.numpy`` call
(``jnp.zeros``...), or it is surely one traced array inside a jitted function.  The quick fix
rewrites the statement to the functional ``x = x.at[i].set(v)`` (``.add`` for ``+=``...).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import (
    STATIC_RESULTS,
    Context,
    ModuleAst,
    Scope,
    Trace,
    TraceFlow,
    add_unfollowed_bindings,
    chunk_scopes,
    module_ast,
    trace_flows,
    tree_scopes,
)
from jaxlsp.findings import Finding, Fix, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._returns import MULTI
from jaxlsp.rules._support import finding, replace_span
from jaxlsp.rules.base import Rule

#: Augmented operators with an ``.at`` method of the same meaning.
AT_METHODS: dict[type[ast.operator], str] = {
    ast.Add: "add",
    ast.Mult: "multiply",
    ast.Div: "divide",
    ast.Pow: "power",
}


#: The statements ``_subscript_target`` may accept, by exact class (nodes come from
#: ``ast.parse``).
_ASSIGNMENTS = frozenset({ast.Assign, ast.AugAssign})


@dataclass(frozen=True)
class _Site:
    statement: ast.Assign | ast.AugAssign
    target: ast.Subscript
    name: str
    chunk: int
    #: The jnp call that made the array and its chunk (None when traced).
    made: tuple[ast.expr, int] | None


class ArrayItemAssignment(Rule):
    NAME = "array-item-assignment"
    CODE = "immutable-array-item-assignment"
    RECORD_ID = "aeb825c55d74bbdb"

    VALID = (
        # NumPy arrays are mutable; so are dicts passed through jit
        """
import jax
import numpy as np
import jax.numpy as jnp

buffer = np.zeros(3)
buffer[0] = 1.0

@jax.jit
def update(params, x):
    params["w"] = x
    y = jnp.zeros(3)
    y = y.at[0].set(1.0)
    return params, y
""",
        # rebound to something else in the same scope: not sure
        """
import jax.numpy as jnp
import numpy as np

def fill(n):
    out = jnp.zeros(n)
    out = np.array(out)
    out[0] = 1
    return out
""",
    )

    INVALID = (
        """
import jax.numpy as jnp

x = jnp.zeros(3)
x[0] = 1.0  # expect: immutable-array-item-assignment
""",
        """
import jax
import jax.numpy as jnp

@jax.jit
def step(x, i):
    total = jnp.cumsum(x)
    total[i] += 1.0  # expect: immutable-array-item-assignment
    return total

def build(n):
    grid = jnp.ones((n, n))
    grid[:, 0] = 0.0  # expect: immutable-array-item-assignment
    return grid
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for site in _sites(module):
            span = module.span(site.target, site.chunk)
            if site.made is not None:
                related = RelatedLocation(
                    module.span(*site.made), f"`{site.name}` is a jax.Array made here"
                )
            else:
                related = RelatedLocation(span, f"`{site.name}` is a traced jax.Array here")
            title = _title(site)
            yield finding(
                self,
                record,
                span,
                f"`{site.name}` is a jax.Array, and JAX arrays are immutable: this assignment "
                "raises TypeError. Write `"
                f"{site.name} = {site.name}.at[...].{_method(site) or 'set'}(...)` instead.",
                (related,),
                fix_titles=(title,) if title else (),
            )

    def fixes(self, source: str, facts: ModuleFacts, finding: Finding) -> list[Fix]:
        module = module_ast(facts)
        for site in _sites(module):
            if module.span(site.target, site.chunk) != finding.span:
                continue
            title = _title(site)
            index = module.text(site.target.slice, site.chunk)
            value = module.text(site.statement.value, site.chunk)
            if title is None or index is None or value is None:
                return []
            method = _method(site)
            text = f"{site.name} = {site.name}.at[{index}].{method}({value})"
            span = module.span(site.statement, site.chunk)
            return [Fix(title, replace_span(facts.lines, span, text), preferred=True)]
        return []


def _method(site: _Site) -> str | None:
    if isinstance(site.statement, ast.Assign):
        return "set"
    return AT_METHODS.get(type(site.statement.op))


def _title(site: _Site) -> str | None:
    method = _method(site)
    if method is None:
        return None
    return f"Use `{site.name} = {site.name}.at[...].{method}(...)`"


def _sites(module: ModuleAst) -> list[_Site]:
    """Every item assignment to a jax.Array, statement by statement (a statement without one
    costs a lookup; a function's sites are memoised on its node, see ``_function_sites``)."""
    cached = module.memo.get("array_item_sites")
    if isinstance(cached, list):
        return cached
    found: list[_Site] = []
    flows: dict[int, TraceFlow] | None = None
    for index, tree in enumerate(module.trees):
        if tree is None:
            continue
        positions = getattr(tree, "_jaxlsp_item_scopes", None)  # memo, read inline (hot loop)
        if positions is None:
            positions = _candidate_scopes(tree)
        if not positions:
            continue
        scopes = chunk_scopes(tree, index)
        for position in positions:
            scope, nodes = scopes[position]
            if isinstance(scope.node, ast.Module):
                made = _module_made(module)
                for node, target in _scope_targets(scope.node, nodes):
                    assert isinstance(target.value, ast.Name)
                    name = target.value.id
                    if name in made:
                        found.append(_Site(node, target, name, index, made[name]))
                continue
            if flows is None:
                flows = {id(flow.traced.function): flow for flow in trace_flows(module)}
            flow = flows.get(id(scope.node))
            for node, target, name, value in _function_sites(module, scope, nodes, flow):
                made_here = (value, index) if value is not None else None
                found.append(_Site(node, target, name, index, made_here))
    module.memo["array_item_sites"] = found
    return found


def _candidate_scopes(tree: ast.Module) -> list[int]:
    """Positions (in ``chunk_scopes``) of the scopes with an item assignment to a plain name
    (classes and lambdas left out), memoised on the tree."""
    cached: list[int] | None = getattr(tree, "_jaxlsp_item_scopes", None)
    if cached is None:
        cached = [
            position
            for position, (node, _, nodes) in enumerate(tree_scopes(tree))
            if not isinstance(node, ast.ClassDef | ast.Lambda) and _scope_targets(node, nodes)
        ]
        tree._jaxlsp_item_scopes = cached  # type: ignore[attr-defined]
    return cached


#: (statement, target, name, the jnp call that made the array or None when traced).
_FunctionSite = tuple[ast.Assign | ast.AugAssign, ast.Subscript, str, ast.expr | None]


def _function_sites(
    module: ModuleAst, scope: Scope, nodes: list[ast.AST], flow: TraceFlow | None
) -> list[_FunctionSite]:
    """One function's sites, memoised on its node for the module's context and the function's
    traced parameters (all they depend on besides the function itself)."""
    traced = flow.traced.traced if flow is not None else None
    context = module.context
    cached: tuple[Context, frozenset[str] | None, list[_FunctionSite]] | None = getattr(
        scope.node, "_jaxlsp_item_sites", None
    )
    if cached is not None and cached[0] is context and cached[1] == traced:
        return cached[2]
    made = _jnp_made(module, [(n, scope.chunk) for n in nodes], scope.shadowed())
    found: list[_FunctionSite] = []
    for node, target in _scope_targets(scope.node, nodes):
        assert isinstance(target.value, ast.Name)
        name = target.value.id
        if name in made:
            found.append((node, target, name, made[name][0]))
        elif flow is not None and flow.level(target.value) == Trace.ARRAY:
            found.append((node, target, name, None))
    scope.node._jaxlsp_item_sites = (context, traced, found)  # type: ignore[union-attr]
    return found


def _scope_targets(
    node: ast.AST, nodes: list[ast.AST]
) -> list[tuple[ast.Assign | ast.AugAssign, ast.Subscript]]:
    """``_subscript_target`` over one scope's nodes, memoised on the scope's node (trees are
    cached by their text, so an unchanged statement is never walked again)."""
    cached: list[tuple[ast.Assign | ast.AugAssign, ast.Subscript]] | None = getattr(
        node, "_jaxlsp_subscript_targets", None
    )
    if cached is None:
        cached = [  # the class test first: nearly every node is neither assignment
            pair
            for child in nodes
            if type(child) in _ASSIGNMENTS
            for pair in _subscript_target(child)
        ]
        node._jaxlsp_subscript_targets = cached  # type: ignore[attr-defined]
    return cached


def _subscript_target(node: ast.AST) -> list[tuple[ast.Assign | ast.AugAssign, ast.Subscript]]:
    """``x[i]`` when ``node`` is ``x[i] = v`` or ``x[i] op= v`` with a plain name ``x``."""
    statement: ast.Assign | ast.AugAssign
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        statement, target = node, node.targets[0]
    elif isinstance(node, ast.AugAssign):
        statement, target = node, node.target
    else:
        return []
    if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
        return [(statement, target)]
    return []


def _jnp_made(
    module: ModuleAst, nodes: list[tuple[ast.AST, int]], shadowed: frozenset[str]
) -> dict[str, tuple[ast.expr, int]]:
    """Names whose every binding among ``nodes`` (one scope's) is a single-array ``jax.numpy``
    call, with that call and its chunk."""
    bindings = _bindings(nodes)
    found: dict[str, tuple[ast.expr, int]] = {}
    for name, values in bindings.items():
        made = [v for v in values if v is not None and isinstance(v[0], ast.Call)]
        if not values or len(made) != len(values):
            continue
        names = [module.callee(v[0], shadowed) for v in made if isinstance(v[0], ast.Call)]
        if all(
            n is not None
            and n.startswith("jax.numpy.")
            and n not in MULTI
            and n not in STATIC_RESULTS
            for n in names
        ):
            found[name] = made[0]
    return found


def _bindings(
    nodes: list[tuple[ast.AST, int]],
) -> dict[str, list[tuple[ast.expr, int] | None]]:
    """Every name bound among ``nodes`` with its assigned values in order (None: bound
    another way), assignments first."""
    bindings: dict[str, list[tuple[ast.expr, int] | None]] = {}
    handled: set[int] = set()
    for node, chunk in nodes:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    handled.add(id(target))
                    bindings.setdefault(target.id, []).append((node.value, chunk))
    add_unfollowed_bindings((node for node, _ in nodes), handled, bindings)
    return bindings


def _module_made(module: ModuleAst) -> dict[str, tuple[ast.expr, int]]:
    """Module-level jnp-made names (across every top-level statement), computed once per
    analysis from each statement's memoised share (``_statement_made``)."""
    cached = module.memo.get("jnp_made")
    if isinstance(cached, dict):
        return cached
    found: dict[str, tuple[ast.expr, int]] = {}
    rejected: set[str] = set()
    for index, tree in enumerate(module.trees):
        if tree is None:
            continue
        for name, (value, made) in _statement_made(module, tree).items():
            if name in rejected:
                continue
            if value is None or not made:
                rejected.add(name)
                found.pop(name, None)
            elif name not in found:
                found[name] = (value, index)
    module.memo["jnp_made"] = found
    return found


def _statement_made(module: ModuleAst, tree: ast.Module) -> dict[str, tuple[ast.expr | None, bool]]:
    """For each name one statement binds at module level: its first value and whether every
    binding of it there is a single-array jnp call (a name is jnp-made in the module when it
    is in every statement that binds it); memoised on the tree for the module's context."""
    context = module.context
    cached: tuple[Context, dict[str, tuple[ast.expr | None, bool]]] | None = getattr(
        tree, "_jaxlsp_made", None
    )
    if cached is not None and cached[0] is context:
        return cached[1]
    nodes = [(node, 0) for node in tree_scopes(tree)[0][2]]
    bindings = _bindings(nodes)
    made = _jnp_made(module, nodes, frozenset())
    found: dict[str, tuple[ast.expr | None, bool]] = {}
    for name, values in bindings.items():
        first = values[0][0] if values and values[0] is not None else None
        found[name] = (first, name in made)
    tree._jaxlsp_made = (context, found)  # type: ignore[attr-defined]
    return found
