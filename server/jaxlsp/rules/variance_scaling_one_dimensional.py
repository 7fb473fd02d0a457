"""A variance-scaling initializer (``lecun_normal()``, ``glorot_uniform()``, ``he_normal()``,
``variance_scaling(...)``...) given as the initializer of a one-dimensional parameter of a
``flax.linen`` layer: a bias (``Dense``, ``DenseGeneral``, ``Conv``, ``ConvTranspose``,
``LayerNorm``) or a scale (``LayerNorm``).  It computes fan-in and fan-out from the shape's
last two axes by default, and a 1-D shape has one, so JAX raises ValueError when ``init``
creates the parameter.

Reported at the initializer where every step is sure: it is a call of one of JAX's (or
``flax.linen.initializers``') variance-scaling factories with the default ``in_axis`` (no
``in_axis`` given, by keyword or position); the layer keeps the parameter (its ``use_bias`` /
``use_scale`` not given, or a literal True; no ``**options``; the flag not among the
positional arguments); and ``init`` surely creates it: ``init``/``init_with_output`` of the
layer itself (``nn.Dense(...)``, or a name bound once at the top level to one), or of an
instance of a Linen Module class whose ``@nn.compact`` ``__call__`` builds and calls the layer
(``nn.Dense(4, bias_init=...)(x)``) on its straight path (simple statements before it, not in
a branch or short circuit), the constructor binding, with a key or a dict as the RNGs and no
``method=``.  ``apply`` evaluates the initializer too (flax checks a given parameter's shape
against it), but which error it raises first rests on what the variables hold: silent.
Silent under a ``try`` catching ValueError.  Only modules whose text spells such a factory
are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases
from jaxlsp.rules._linen import (
    FLAX_MODULES,
    JAX_MODULES,
    METHODS,
    class_chain,
    home_tree,
    initialised,
    instance,
    linen_classes,
    method,
    reaches_call,
    straight,
    surely_evaluated,
    top_level_values,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import bound_counts, calls_with_paths

#: JAX's variance-scaling factories (jax 0.12.0.1, ``jax.nn.initializers``, re-exported by
#: ``flax.linen.initializers``), each with the number of positional parameters before
#: ``in_axis``.
FACTORIES = {
    "variance_scaling": 3,
    "glorot_uniform": 0,
    "glorot_normal": 0,
    "xavier_uniform": 0,
    "xavier_normal": 0,
    "lecun_uniform": 0,
    "lecun_normal": 0,
    "he_uniform": 0,
    "he_normal": 0,
    "kaiming_uniform": 0,
    "kaiming_normal": 0,
}
_HOMES = ("jax.nn.initializers", "flax.linen.initializers")
_QUALIFIED = {f"{home}.{name}": name for home in _HOMES for name in FACTORIES}
#: The linen layers (flax 0.12.12) with a one-dimensional parameter: each initializer keyword
#: with the flag that keeps the parameter and how many positional fields come before the flag.
LAYERS: dict[str, tuple[tuple[str, str, int], ...]] = {
    "flax.linen.Dense": (("bias_init", "use_bias", 1),),
    "flax.linen.DenseGeneral": (("bias_init", "use_bias", 3),),
    "flax.linen.Conv": (("bias_init", "use_bias", 7),),
    "flax.linen.ConvTranspose": (("bias_init", "use_bias", 5),),
    "flax.linen.LayerNorm": (("bias_init", "use_bias", 3), ("scale_init", "use_scale", 4)),
}
#: The methods that create the parameters (``apply`` reads them).
_CREATING = frozenset({"init", "init_with_output"})


class VarianceScalingOneDimensional(Rule):
    NAME = "variance-scaling-one-dimensional"
    CODE = "variance-scaling-one-dimensional"
    RECORD_ID = "61aec62ac4c0b8a3"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

layer = nn.Dense(5, kernel_init=nn.initializers.lecun_normal(), bias_init=nn.initializers.zeros)
variables = layer.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax.linen.initializers import lecun_normal

layer = nn.Dense(5, bias_init=lecun_normal())  # expect: variance-scaling-one-dimensional
variables = layer.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
""",
        """
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.nn.initializers import glorot_uniform


class Critic(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(16, bias_init=glorot_uniform())(x)  # expect: variance-scaling-one-dimensional
        return nn.Dense(1)(nn.relu(x))


variables = Critic().init(jax.random.PRNGKey(0), jnp.ones((1, 8)))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if "_init" not in text or not any(name in text for name in FACTORIES):
            return
        chunks = parsed.chunks
        flax = package_aliases(
            chunks, "flax", {*FLAX_MODULES, "flax.linen.initializers", *_QUALIFIED}
        )
        if not flax:
            return
        jax_names = package_aliases(
            chunks, "jax", {*JAX_MODULES, "jax.nn", "jax.nn.initializers", *_QUALIFIED}
        )
        names = {name: full for name, (full, _) in (*flax.items(), *jax_names.items())}
        trees = [chunk.tree for chunk in chunks]
        bound = bound_counts(trees)
        values = top_level_values(trees, bound)
        for name, value in values.items():  # ``I = nn.initializers``, bound once
            if name not in names and dotted(value, names) in _HOMES:
                names[name] = str(dotted(value, names))
        jax = {name: full for name, full in names.items() if full.startswith("jax")}
        # the layer itself initialised: ``layer.init(key, x)``
        for tree in trees:
            for call, path in calls_with_paths(tree):
                func = call.func
                if not isinstance(func, ast.Attribute) or func.attr not in _CREATING:
                    continue
                built = instance(func.value, values)
                if built is None or not reaches_call(call, METHODS[func.attr], jax, values):
                    continue
                if checked_first(path, ("ValueError",)):
                    continue
                for keyword, factory in _one_dimensional(built, names):
                    yield self._finding(
                        program,
                        record,
                        home_tree(factory, trees),
                        built,
                        keyword,
                        factory,
                        call,
                        tree,
                    )
        # a layer a compact ``__call__`` builds and calls on its straight path
        classes = linen_classes(trees, names, bound, frozenset({"__setattr__"}))
        if not classes:
            return
        runs = initialised(trees, classes, jax, values, _CREATING, ("ValueError",))
        homes = {
            statement.name: tree
            for tree in trees
            for statement in tree.body
            if isinstance(statement, ast.ClassDef)
        }
        seen: set[int] = set()
        for cls, (call_tree, init_call) in runs.items():
            body = method(cls, classes, "__call__")
            if body is None or id(body) in seen or not _compact(body, names):
                continue
            seen.add(id(body))
            owner = next(node for node in class_chain(cls, classes) if body in node.body)
            tree = homes[owner.name]
            for statement in straight(body.body):
                for node in ast.walk(statement):
                    if (
                        isinstance(node, ast.Call)
                        and isinstance(node.func, ast.Call)
                        and surely_evaluated(node, statement)
                    ):
                        built = node.func
                        for keyword, factory in _one_dimensional(built, names):
                            yield self._finding(
                                program,
                                record,
                                tree,
                                built,
                                keyword,
                                factory,
                                init_call,
                                call_tree,
                            )

    def _finding(
        self,
        program: Program,
        record: Record | None,
        tree: ast.Module,
        built: ast.Call,
        keyword: str,
        factory: ast.Call,
        init_call: ast.Call,
        init_tree: ast.Module | None = None,
    ) -> Finding:
        key = program.module.key
        layer = ast.unparse(built.func)
        return finding(
            self,
            record,
            program,
            Site(key, tree, factory),
            f"`{ast.unparse(factory.func)}()` computes fan-in and fan-out from the last two "
            f"axes of the shape, but `{layer}`'s `{keyword}` parameter is 1-D: `init` raises "
            f"ValueError (Can't compute input and output sizes of a 1-dimensional weights "
            f"tensor). Use a plain initializer for it (`nn.initializers.zeros`, "
            f"`nn.initializers.normal(...)`) or keep this one for `kernel_init`.",
            (
                related(
                    program,
                    Site(key, init_tree if init_tree is not None else tree, init_call),
                    "the parameter is created here",
                ),
            ),
            node=factory,
        )


def _compact(function: ast.FunctionDef, names: dict[str, str]) -> bool:
    """Whether ``function``'s only decorator is ``nn.compact``."""
    return len(function.decorator_list) == 1 and dotted(function.decorator_list[0], names) in (
        "flax.linen.compact",
        "flax.linen.module.compact",
    )


def _one_dimensional(built: ast.Call, names: dict[str, str]) -> Iterator[tuple[str, ast.Call]]:
    """Each (keyword, factory call) of a linen layer's constructor that gives a 1-D parameter
    a variance-scaling initializer with the default ``in_axis``, the parameter surely kept."""
    parameters = LAYERS.get(dotted(built.func, names) or "")
    if parameters is None or any(keyword.arg is None for keyword in built.keywords):
        return
    if any(isinstance(arg, ast.Starred) for arg in built.args):
        return
    given = {str(keyword.arg): keyword.value for keyword in built.keywords}
    for keyword, flag, flag_at in parameters:
        factory = given.get(keyword)
        if not isinstance(factory, ast.Call) or len(built.args) > flag_at:
            continue
        kept = given.get(flag)
        if kept is not None and not (isinstance(kept, ast.Constant) and kept.value is True):
            continue
        name = _QUALIFIED.get(dotted(factory.func, names) or "")
        if name is None:
            continue
        if any(isinstance(arg, ast.Starred) for arg in factory.args) or any(
            item.arg is None or item.arg == "in_axis" for item in factory.keywords
        ):
            continue
        if len(factory.args) > FACTORIES[name]:
            continue
        yield keyword, factory
