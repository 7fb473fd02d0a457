"""A jitted function called with a string, a function or a class (or a container holding one)
for a parameter its ``static_argnums``/``static_argnames`` do not list: jit traces every other
argument as an array, so the call raises TypeError.

The contract is in the API models (``Requirement.ARRAYS_UNLESS_STATIC_AT_CALL`` on jit's
static options); this rule reports each call the interpreter proves breaks it.  An instance of
a class is reported only when the class is a plain one of the module (no decorator, no base
but plain ones) that no module the analysis ran registers as a pytree: the ``self`` of a method
jitted with ``@jax.jit``, most often.
"""

from __future__ import annotations

import ast

from jaxlsp.apis.contracts import Violation, unregistered_instance
from jaxlsp.infer.frames import Called
from jaxlsp.infer.program import Program
from jaxlsp.rules._arguments import CalledRule, argument_label


class JitNonArrayArgument(CalledRule):
    NAME = "jit-non-array-argument"
    CODE = "jit-non-array-argument"
    RECORD_ID = "81251e0d6afb2f3b"
    KIND = "non-array"
    MADE_NOTE = "jitted here"

    VALID = (
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="kind")
def activate(x, kind):
    return jax.nn.relu(x) if kind == "relu" else jnp.tanh(x)

def apply(x, act):
    return act(x)

activate(jnp.ones(3), "relu")
activate(jnp.ones(3), kind="tanh")
jax.jit(apply, static_argnums=1)(jnp.ones(3), jnp.tanh)
jax.jit(apply, static_argnames="act")(jnp.ones(3), act=jnp.tanh)
jax.jit(lambda x, n: x * n)(jnp.ones(3), 2)
""",
        # jit reads the signature a functools.wraps wrapper carries: `kind` is static
        """
import functools
import jax
import jax.numpy as jnp

def logged(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)
    return wrapper

@functools.partial(jax.jit, static_argnames="kind")
@logged
def activate(x, kind):
    return jax.nn.relu(x) if kind == "relu" else x

activate(jnp.ones(3), "relu")
""",
        # a jitted method whose class the module registers as a pytree, or whose self is static
        """
from functools import partial
import jax
import jax.numpy as jnp

class Linear:
    def __init__(self, w):
        self.w = w

    @jax.jit
    def apply(self, x):
        return x @ self.w

class Scaled:
    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return 2 * x

jax.tree_util.register_pytree_node(Linear, lambda m: ((m.w,), None), lambda _, c: Linear(*c))
Linear(jnp.ones((3, 2))).apply(jnp.ones(3))
Scaled().apply(jnp.ones(3))
""",
    )
    INVALID = (
        # a zip of the arrays, not a tuple of them: an iterator is no pytree
        """
import jax
import jax.numpy as jnp

def total(pairs):
    return sum(x.sum() * w for x, w in pairs)

xs, ws = jnp.ones((3, 2)), jnp.ones(3)
jax.jit(total)(zip(xs, ws))  # expect: jit-non-array-argument
""",
        # `@jax.jit` on a method: the instance of a plain class is traced as an argument
        """
import jax
import jax.numpy as jnp

class Trainer:
    @jax.jit
    def step(self, params):
        return params * 0.5

    @classmethod
    @jax.jit
    def zeros(x):
        return jnp.zeros_like(x)

Trainer().step(jnp.ones(3))  # expect: jit-non-array-argument
Trainer.zeros(jnp.ones(3))  # expect: jit-non-array-argument
""",
        # a NumPy array of strings has NumPy's string dtype, which jit cannot trace
        """
import jax
import numpy as np

jax.jit(lambda x: x)(np.array(["hi"]))  # expect: jit-non-array-argument
jax.jit(lambda x: x)(np.array(["hi"], dtype=object))
""",
        # a NamedTuple is a pytree: a function among its fields is a leaf jit cannot trace
        """
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp

class Optimizer(NamedTuple):
    init: Callable
    scale: float

def run(optimizer, params):
    return optimizer.init(params) * optimizer.scale

jax.jit(run)(Optimizer(jnp.zeros_like, 0.5), jnp.ones(3))  # expect: jit-non-array-argument
jax.jit(run)(Optimizer(jnp.ones(3), 0.5), jnp.ones(3))
""",
        """
import jax
import jax.numpy as jnp

@jax.jit
def activate(x, kind):
    if kind == "relu":
        return jax.nn.relu(x)
    return jnp.tanh(x)

activate(jnp.ones(3), "relu")  # expect: jit-non-array-argument
""",
        """
import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self, loss):
        self.loss = loss
        self.step = jax.jit(self.update)

    def update(self, params, loss_fn):
        return params - 0.1 * jax.grad(loss_fn)(params)

    def fit(self, params):
        return self.step(params, self.loss)  # expect: jit-non-array-argument

Trainer(lambda p: jnp.sum(p**2)).fit(jnp.ones(3))
""",
    )

    def unproved(self, program: Program, called: Called, violation: Violation) -> bool:
        return not surely_not_traceable(program, violation)

    def message(self, called: Called, violation: Violation) -> str:
        advice = (
            "List it in static_argnums/static_argnames (a string or a function is hashable), "
            "or pass it outside the jitted function (a closure, functools.partial)."
        )
        if "(an iterator" in violation.described:
            advice = "Pass its items as a tuple or a list (`tuple(...)`), a pytree jit traces."
        return (
            f"The jitted function is called with {violation.described} for "
            f"{argument_label(violation.parameter)}, which is not static: jit traces it as an "
            f"array, so this call raises TypeError. {advice}"
        )


def surely_not_traceable(program: Program, violation: Violation) -> bool:
    """Whether the argument of a "non-array" violation is surely no JAX type: an instance of a
    plain class only when its module (this one) registers it nowhere."""
    cls = unregistered_instance(violation.value)
    if cls is None:
        return True
    if cls.site.module != program.module.key:
        return False  # its own module may register it, unseen
    if _declares_unset(cls.node):
        return False  # an interface its subclasses fill, which may be pytrees
    return not _registered(program, cls.name) and not _traceable_subclass(program, cls.name)


def _declares_unset(node: ast.ClassDef) -> bool:
    """Whether the class declares an attribute (``vocab_size: int``, no value) that none of
    its methods sets: a plain class's instance never has it, so the class is a mixin or an
    interface whose users (subclasses, perhaps in modules this analysis does not run, such as
    xlstm_jax's ``xLSTMLMModel(nnx.Module, GenerationMixin)``) set it."""
    declared = {
        item.target.id
        for item in node.body
        if isinstance(item, ast.AnnAssign)
        and item.value is None
        and isinstance(item.target, ast.Name)
    }
    if not declared:
        return False
    for item in ast.walk(node):
        targets: list[ast.expr] = []
        if isinstance(item, ast.Assign):
            targets = item.targets
        elif isinstance(item, ast.AnnAssign | ast.AugAssign):
            targets = [item.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr in declared:
                declared.discard(target.attr)
    return bool(declared)


def _traceable_subclass(program: Program, name: str) -> bool:
    """Whether a module the analysis ran derives from the class ``name`` a class that may be
    a JAX type (``class Model(nnx.Module, GenerationMixin)``; see ``_may_be_jax_type``), or
    one derived from such.  The ``self`` of the class's methods (an instance made for them,
    nothing in the code making one) is then perhaps an instance of it: a mixin's method runs
    on its users' objects."""
    classes = [
        node
        for module in program.modules()
        for chunk in module.source.parsed.chunks
        for node in ast.walk(chunk.tree)
        if isinstance(node, ast.ClassDef)
    ]
    derived, frontier = {name}, [name]
    while frontier:
        base_name = frontier.pop()
        for node in classes:
            if node.name in derived or not any(_names(b, base_name) for b in node.bases):
                continue
            if _may_be_jax_type(program, classes, node, skip=base_name, depth=0):
                return True
            derived.add(node.name)
            frontier.append(node.name)
    return False


#: Bases of the standard library that make a class no JAX type.
_PLAIN_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})


def _may_be_jax_type(
    program: Program, classes: list[ast.ClassDef], node: ast.ClassDef, skip: str, depth: int
) -> bool:
    """Whether instances of the class ``node`` may be arrays or pytrees: a decorator, a
    keyword, a registration, an array protocol, or a base (other than ``skip``) that is a
    library's class (``nnx.Module``, ``eqx.Module``) or one of the code's that may be."""
    if depth > 4 or node.decorator_list or node.keywords or _registered(program, node.name):
        return True
    if any(_defines(node, protocol) for protocol in _ARRAY_PROTOCOLS):
        return True
    for base in node.bases:
        head = base.value if isinstance(base, ast.Subscript) else base
        named = head.id if isinstance(head, ast.Name) else getattr(head, "attr", None)
        if named is None:
            return True
        if named == skip or named in _PLAIN_BASES:
            continue
        defined = [c for c in classes if c.name == named]
        if not defined or any(
            _may_be_jax_type(program, classes, c, skip, depth + 1) for c in defined
        ):
            return True
    return False


#: Methods by which a class says its instances are arrays or pytree nodes.
_ARRAY_PROTOCOLS = ("__jax_array__", "__array__", "tree_flatten", "tree_unflatten")


def _defines(node: ast.ClassDef, name: str) -> bool:
    return any(
        isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == name
        for item in node.body
    )


def _names(expression: ast.expr, name: str) -> bool:
    """Whether a base-class expression names the class ``name`` (``Base`` or ``mod.Base``)."""
    if isinstance(expression, ast.Name):
        return expression.id == name
    return isinstance(expression, ast.Attribute) and expression.attr == name


def _registered(program: Program, name: str) -> bool:
    """Whether a module the analysis ran passes the class ``name`` to anything named like a
    registration (``jax.tree_util.register_pytree_node(Box, ...)``, ``register_static``...)."""
    chunks = [chunk for module in program.modules() for chunk in module.source.parsed.chunks]
    for chunk in chunks:
        for node in ast.walk(chunk.tree):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func
            called = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
            if "register" not in called:
                continue
            arguments = [*node.args, *(keyword.value for keyword in node.keywords)]
            if any(isinstance(a, ast.Name) and a.id == name for a in arguments):
                return True
    return False
