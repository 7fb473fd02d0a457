"""``model.setup()`` called by the user's own code on a ``flax.linen.Module`` that is not bound:
Linen wraps every ``setup`` a Module class defines, and the wrapper raises
CallSetupUnboundModuleError when the module has no scope.  Users try it to reach the submodules
``setup`` declares (``model.setup(); model.backbone``); ``init``/``apply`` run ``setup`` on a
bound clone, and ``model.bind(variables)`` gives a bound module whose fields can be read.

Reported where the module surely is unbound and of such a class: ``Model(...)`` built at the top
level (a name bound once there to it, or the call spelled outside any function), never with
``parent=``, of a module-level class bound once, undecorated, with one base (``nn.Module`` or
another such class), neither it nor its bases defining ``__getattr__`` or ``__post_init__``, it
or a base here defining ``setup`` (``nn.Module``'s own ``setup`` is not wrapped and does
nothing); and the constructor's arguments bind to its fields.  Silent under a ``try`` that
catches the error (its class, ``FlaxError``, ``Exception``).  Only modules whose text spells
``.setup()`` are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first
from jaxlsp.rules._linen import (
    class_chain,
    constructs,
    fields,
    linen_module,
    top_level_values,
    unbound_instance,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import calls_with_paths

#: The handlers' exceptions that catch it (flax.errors.CallSetupUnboundModuleError, a
#: FlaxError; ``checked_first`` adds the builtin bases).
_CATCHING = ("CallSetupUnboundModuleError", "FlaxError")


class LinenSetupCalledUnbound(Rule):
    NAME = "linen-setup-called-unbound"
    CODE = "linen-setup-called-unbound"
    RECORD_ID = "c18c73f799518688"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class ResNet(nn.Module):
    def setup(self):
        self.backbone = nn.Dense(3)

    def __call__(self, x):
        return self.backbone(x)


model = ResNet()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
backbone = model.bind(variables).backbone
""",
        # a module without a setup of its own: Module.setup is not wrapped and does nothing
        """
from flax import linen as nn


class Head(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)


Head().setup()
""",
    )
    INVALID = (
        """
from flax import linen as nn


class ResNet(nn.Module):
    def setup(self):
        self.backbone = nn.Dense(3)

    def __call__(self, x):
        return self.backbone(x)


model = ResNet()
model.setup()  # expect: linen-setup-called-unbound
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if ".setup()" not in text or "def setup" not in text:
            return
        found = linen_module(program, frozenset({"__post_init__"}))
        if found is None:
            return
        classes, homes = found.classes, found.homes
        values = top_level_values(found.trees, found.bound)
        key = module.key
        for tree in found.trees:
            for call, path in calls_with_paths(tree):
                func = call.func
                if not isinstance(func, ast.Attribute) or func.attr != "setup":
                    continue
                if call.args or call.keywords:
                    continue  # setup takes no argument: TypeError first
                built = unbound_instance(func.value, values, path)
                if built is None or not isinstance(built.func, ast.Name):
                    continue
                cls = built.func.id
                if cls not in classes or not constructs(built, fields(cls, classes)):
                    continue
                owner = _setup_owner(cls, classes)
                if owner is None or checked_first(path, _CATCHING, unknown_catches=True):
                    continue
                yield finding(
                    self,
                    record,
                    program,
                    Site(key, tree, call),
                    f"`setup()` called on an unbound `{cls}` (a Linen Module built here, outside "
                    "`init`/`apply`): Linen runs `setup` only on a bound module and raises "
                    "CallSetupUnboundModuleError. To read what `setup` defines, bind the module "
                    "first (`model.bind(variables).backbone`) or read it inside a function run "
                    "with `nn.apply`.",
                    (
                        related(
                            program,
                            Site(key, homes[owner.name], owner),
                            f"`setup` is defined in `{owner.name}`",
                        ),
                    ),
                    node=call,
                )


def _setup_owner(cls: str, classes: dict[str, ast.ClassDef]) -> ast.ClassDef | None:
    """The class (``cls`` or a base here) whose ``setup`` the call runs, or None where none
    here defines it (``nn.Module``'s own ``setup`` does nothing)."""
    for node in class_chain(cls, classes):
        for item in node.body:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == "setup":
                return node
            if any(
                isinstance(target, ast.Name) and target.id == "setup"
                for target in ast.walk(item)
                if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store)
            ):
                return None  # bound otherwise in the class body: not known to be wrapped
    return None
