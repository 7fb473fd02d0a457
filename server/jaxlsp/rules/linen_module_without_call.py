"""``init``/``apply`` without ``method=`` on a ``flax.linen.Module`` that defines no ``__call__``
(a module with only ``setup``, or whose forward pass has another name): they run ``__call__``
when no method is named, ``nn.Module`` has none, and its ``__getattr__`` raises AttributeError.

Reported where the instance is surely of such a class: ``Encoder(...)`` (or a name bound once,
at the top level, to one) of a module-level class bound once, undecorated, with one base
(``nn.Module`` or another such class) and neither it nor its bases defining ``__call__``,
``__getattr__`` or ``__post_init__``; the constructor's arguments bind to its fields; and the
call reaches the lookup: no ``method=``, and ``rngs`` (``init``'s first argument, ``apply``'s
keyword) a PRNG key or a dict where given.  Silent under a ``try`` that catches AttributeError.
Only modules whose text calls ``init``/``apply`` are walked.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first
from jaxlsp.rules._linen import (
    METHODS,
    class_chain,
    constructs,
    fields,
    instance,
    module_classes,
    reaches_call,
    top_level_values,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import calls_with_paths


class LinenModuleWithoutCall(Rule):
    NAME = "linen-module-without-call"
    CODE = "linen-module-without-call"
    RECORD_ID = "5e85776265d7fee7"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    features: int

    def setup(self):
        self.dense = nn.Dense(self.features)

    def encode(self, x):
        return self.dense(x)


model = Encoder(4)
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)), method=Encoder.encode)
y = model.apply(variables, jnp.ones((1, 3)), method="encode")
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    features: int

    def setup(self):
        self.dense = nn.Dense(self.features)

    def encode(self, x):
        return self.dense(x)


model = Encoder(4)
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))  # expect: linen-module-without-call
""",
        """
import jax.numpy as jnp
from flax import linen as nn


class Layers(nn.Module):
    def setup(self):
        self.layers = [nn.Dense(3), nn.Dense(1)]


y = Layers().apply({"params": {}}, jnp.ones((1, 3)))  # expect: linen-module-without-call
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        found = module_classes(program, METHODS, frozenset({"__call__", "__post_init__"}))
        if found is None:
            return
        text, trees, bound, classes = found.text, found.trees, found.bound, found.classes
        jax = found.jax_names()
        values = top_level_values(trees, bound)
        key = program.module.key
        for tree in trees:
            for call, path in calls_with_paths(tree):
                func = call.func
                if not isinstance(func, ast.Attribute) or func.attr not in METHODS:
                    continue
                built = instance(func.value, values)
                if built is None or not isinstance(built.func, ast.Name):
                    continue
                cls = built.func.id
                if cls not in classes or not constructs(built, fields(cls, classes)):
                    continue
                if _patched(cls, classes, text):
                    continue
                if not reaches_call(call, METHODS[func.attr], jax, values):
                    continue
                if checked_first(path, ("AttributeError",)):
                    continue
                yield finding(
                    self,
                    record,
                    program,
                    Site(key, tree, call),
                    f"`{func.attr}` without `method=` runs the module's `__call__`, but "
                    f"`{cls}` (a Linen Module) defines none: Flax raises AttributeError. "
                    f"Define `__call__`, or name the method to run "
                    f"(`method={cls}.<name>`).",
                    (
                        related(
                            program,
                            Site(key, found.homes[cls], classes[cls]),
                            "defined here, without `__call__`",
                        ),
                    ),
                    node=call,
                )


def _patched(cls: str, classes: dict[str, ast.ClassDef], text: str) -> bool:
    """Whether the text may give the class (or a base here) a ``__call__`` after its ``class``
    statement: ``Cls.__call__ = ...`` or any ``setattr``."""
    if "setattr(" in text:
        return True
    chain = [node.name for node in class_chain(cls, classes)]
    return any(re.search(rf"\b{re.escape(name)}\s*\.\s*__call__\s*=", text) for name in chain)
