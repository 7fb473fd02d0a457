"""Static facts about top-level statements that incremental linking needs: names read, cycles.

Linking reuses a statement's evaluated values when nothing it reads has changed.  What it can
read from outside itself is among the names it reads, and whether two statements must be
evaluated together is a question of cycles among the statements' module-level code: both are
answered here, from the summaries alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jaxlsp.analysis.model import StatementSummary, shared_names


@dataclass(frozen=True, slots=True)
class FreeNames:
    """The names one statement may read from the module, split by where it reads them.

    ``module``: read by code that runs when the statement runs (module level, decorators,
    defaults, class bodies): exactly the module-level names it reads, since nothing is local
    there; they decide what the statement's own bindings are worth.  ``function``: read inside
    function and lambda bodies, local or not (a superset is safe: a local name that is also a
    module-level one only costs a comparison of that module-level value).
    """

    summary: StatementSummary
    module: frozenset[str]
    function: frozenset[str]


def free_names(summary: StatementSummary) -> FreeNames:
    """The root of every dotted name the statement reads, by where it is read."""
    module: set[str] = set()
    function: set[str] = set()
    for scope, name in summary.names:
        (function if scope else module).add(name.dotted.partition(".")[0])
    return FreeNames(summary, shared_names(module), shared_names(function))


def components(graph: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Tarjan's strongly connected components of ``graph`` (node -> nodes it depends on).

    Each component's nodes are sorted, and a component comes after every component it depends
    on, so evaluating in this order finds each dependency already done.  Iterative: a module
    can have tens of thousands of statements.
    """
    count = len(graph)
    order = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    stack: list[int] = []
    found: list[tuple[int, ...]] = []
    counter = 0
    for root in range(count):
        if order[root] != -1:
            continue
        if not graph[root]:  # the common case: a statement that depends on no other
            order[root] = low[root] = counter
            counter += 1
            found.append((root,))
            continue
        work = [(root, 0)]
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            node, next_edge = work[-1]
            targets = graph[node]
            if next_edge < len(targets):
                work[-1] = (node, next_edge + 1)
                target = targets[next_edge]
                if order[target] == -1:
                    order[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack[target] = True
                    work.append((target, 0))
                elif on_stack[target]:
                    low[node] = min(low[node], order[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == order[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    members.append(member)
                    if member == node:
                        break
                found.append(tuple(sorted(members)))
    return found
