"""``hk.Linear(10)`` or ``hk.next_rng_key()`` run at a module's top level (or in a class body):
Haiku builds modules and hands out parameters, state and keys only inside ``hk.transform``, so
it raises ValueError.

Top-level code runs when the module runs, never inside a transform, so the call is certain to
be outside one.  The names are data checked on dm-haiku 0.0.17: its ``hk.Module`` subclasses
(``HAIKU_MODULES``) and the functions that need a transform (``HAIKU_CONTEXT_FUNCTIONS``).
``haiku`` must be a name bound only by its import; code under a ``try`` that catches the
ValueError, or in an ``except`` handler, stays silent.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases, root
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: ``hk.Module`` subclasses of dm-haiku 0.0.17 that raise when built outside a transform (the
#: abstract ``RNNCore`` is left out: building it raises TypeError first).
HAIKU_MODULES = frozenset(
    {
        "haiku.AvgPool",
        "haiku.BatchNorm",
        "haiku.Bias",
        "haiku.Conv1D",
        "haiku.Conv1DLSTM",
        "haiku.Conv1DTranspose",
        "haiku.Conv2D",
        "haiku.Conv2DLSTM",
        "haiku.Conv2DTranspose",
        "haiku.Conv3D",
        "haiku.Conv3DLSTM",
        "haiku.Conv3DTranspose",
        "haiku.DeepRNN",
        "haiku.DepthwiseConv1D",
        "haiku.DepthwiseConv2D",
        "haiku.DepthwiseConv3D",
        "haiku.Embed",
        "haiku.ExponentialMovingAverage",
        "haiku.Flatten",
        "haiku.GRU",
        "haiku.GroupNorm",
        "haiku.InstanceNorm",
        "haiku.LSTM",
        "haiku.LayerNorm",
        "haiku.Linear",
        "haiku.MaxPool",
        "haiku.Module",
        "haiku.MultiHeadAttention",
        "haiku.RMSNorm",
        "haiku.Reshape",
        "haiku.SeparableDepthwiseConv2D",
        "haiku.Sequential",
        "haiku.SpectralNorm",
        "haiku.VanillaRNN",
        "haiku.nets.MLP",
        "haiku.nets.MobileNetV1",
        "haiku.nets.ResNet18",
        "haiku.nets.ResNet34",
        "haiku.nets.ResNet50",
        "haiku.nets.ResNet101",
        "haiku.nets.ResNet152",
        "haiku.nets.ResNet200",
        "haiku.nets.VectorQuantizer",
        "haiku.nets.VectorQuantizerEMA",
    }
)
#: Functions of dm-haiku 0.0.17 that raise ValueError outside a transform.
HAIKU_CONTEXT_FUNCTIONS = frozenset(
    {
        "haiku.next_rng_key",
        "haiku.next_rng_keys",
        "haiku.maybe_next_rng_key",
        "haiku.running_init",
        "haiku.get_parameter",
        "haiku.get_state",
        "haiku.set_state",
    }
)
_MODULES = frozenset({"haiku", "haiku.nets"})


class HaikuOutsideTransform(Rule):
    NAME = "haiku-outside-transform"
    CODE = "haiku-outside-transform"
    RECORD_ID = "a655bad320dceb0c"
    READS_OWN_TEXT = True

    VALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

def forward(x):
    return hk.Linear(3)(x)

model = hk.transform(forward)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
    )
    INVALID = (
        """
import haiku as hk

layer = hk.Linear(3)  # expect: haiku-outside-transform
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        chunks = module.source.parsed.chunks
        aliases = package_aliases(chunks, "haiku", _MODULES)
        if not aliases:
            return
        trees = [chunk.tree for chunk in chunks]
        names = {name: full for name, (full, _) in aliases.items()}
        for tree in trees:
            for call, path in _top_level_calls(tree):
                called = dotted(call.func, names)
                if called is None or checked_first(path, ("ValueError",)):
                    continue
                short = "hk." + called.removeprefix("haiku.")
                if called in HAIKU_MODULES:
                    what = f"builds the Haiku module `{short}`"
                elif called in HAIKU_CONTEXT_FUNCTIONS:
                    what = f"calls `{short}`"
                else:
                    continue
                yield finding(
                    self,
                    record,
                    program,
                    Site(module.key, tree, call),
                    f"This top-level code {what}, which Haiku allows only inside "
                    "`hk.transform`: it raises ValueError when the module runs. Move it into "
                    "the function you transform (`hk.transform(forward)`), and call the "
                    "result's `init`/`apply`.",
                    (
                        related(
                            program,
                            Site(module.key, *aliases[root(call.func)][1]),
                            "Haiku is imported here",
                        ),
                    ),
                    node=call,
                )


def _top_level_calls(tree: ast.Module) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
    """The calls a module's top level certainly runs (its class bodies too): not those in a
    function or a lambda (they run when called), nor those behind a branch, a loop's body or
    a comprehension over something not known to be non-empty (undecided), except the body of
    ``if __name__ == "__main__":``, which runs when the module is the program."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, ast.Call):
            yield node, path
        for child in _certain_children(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                # its decorators and defaults run here; its body does not
                inner: list[ast.AST] = [d for d in child.args.defaults if d is not None]
                inner += [d for d in child.args.kw_defaults if d is not None]
                if not isinstance(child, ast.Lambda):
                    inner += child.decorator_list
                stack.extend((part, [*path, child, part]) for part in inner)
                continue
            stack.append((child, [*path, child]))


def _certain_children(node: ast.AST) -> list[ast.AST]:
    """The parts of ``node`` that run whenever ``node`` runs."""
    if isinstance(node, ast.If):
        return [node.test, *node.body] if _main_guard(node.test) else [node.test]
    if isinstance(node, ast.IfExp | ast.While):
        return [node.test]
    if isinstance(node, ast.For | ast.AsyncFor):
        return [node.iter, *(node.body if _non_empty(node.iter) else [])]
    if isinstance(node, ast.BoolOp):
        return [node.values[0]]
    if isinstance(node, ast.Match):
        return [node.subject]
    if isinstance(node, ast.GeneratorExp):
        return []  # runs only when consumed
    if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp):
        iters: list[ast.AST] = [generator.iter for generator in node.generators]
        if all(_non_empty(g.iter) and not g.ifs for g in node.generators):
            parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            return [*iters, *parts]
        return iters
    return list(ast.iter_child_nodes(node))


def _non_empty(node: ast.expr) -> bool:
    """A literal list, tuple or set with an item, or ``range`` of a positive int literal."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return bool(node.elts) and not any(isinstance(e, ast.Starred) for e in node.elts)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, int)
        and not isinstance(node.args[0].value, bool)
        and node.args[0].value > 0
    )


def _main_guard(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )
