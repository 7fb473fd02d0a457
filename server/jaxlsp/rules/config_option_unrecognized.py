"""``jax.config.update("enable_x64", True)``: a name ``jax.config`` does not have (a typo, a
missing ``jax_`` prefix, an option JAX removed such as ``jax_array``).

The contract is in the API models (``Requirement.CONFIG_OPTION`` on ``jax.config.update``'s
name, checked against the option names of the pinned JAX); reported when every value the name
can have is a string JAX does not know, unless the code around the update checks for the
option first (``if name in jax.config.values:``, ``hasattr(jax.config, name)``) or catches the
AttributeError: code written for several JAX versions does that.
"""

from __future__ import annotations

import ast
import itertools

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class ConfigOptionUnrecognized(ArgumentRule):
    NAME = "config-option-unrecognized"
    CODE = "config-option-unrecognized"
    RECORD_ID = "94e2b9be37cf6692"
    KIND = "config-option"

    VALID = (
        """
import jax

jax.config.update("jax_enable_x64", False)

def configure(debug):
    jax.config.update("jax_debug_nans", debug)

configure(False)
""",
        # written for several JAX versions: the option is looked up (or its error caught) first
        """
import jax

if "jax_pmap_shmap_merge" in jax.config.values:
    jax.config.update("jax_pmap_shmap_merge", False)

try:
    jax.config.update("jax_array", True)
except AttributeError:
    pass
""",
    )
    INVALID = (
        """
import jax

jax.config.update("enable_x64", True)  # expect: config-option-unrecognized
""",
        """
import jax

def configure(option, value=True):
    jax.config.update(option, value)  # expect: config-option-unrecognized

configure("jax_array")
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`jax.config.update`: {violation.described} is not an option of this JAX, so "
            "it raises AttributeError. Spell the option's full name (`jax_enable_x64`, "
            "`jax_debug_nans`...; `jax.config.values` lists them), or delete the update of "
            "an option JAX removed."
        )

    def argument_note(self, violation: Violation) -> str:
        return f"the option name is {violation.described}"

    def excused(self, call: ApiCall) -> bool:
        return _checked_first(call.site.tree, call.site.node)


def _checked_first(tree: ast.AST, target: ast.AST) -> bool:
    """Whether ``target`` sits under an ``if`` whose test reads ``jax.config`` (its ``values``,
    ``hasattr(jax.config, ...)``), or in a ``try`` that catches AttributeError."""
    for parent, child in itertools.pairwise(_path_to(tree, target)):
        if (
            isinstance(parent, ast.If | ast.While | ast.IfExp)
            and child is not parent.test
            and any(_reads_config(inner) for inner in ast.walk(parent.test))
        ):
            return True
        if (
            isinstance(parent, ast.Try | ast.TryStar)
            and child in parent.body
            and any(_catches_attribute_error(handler) for handler in parent.handlers)
        ):
            return True
    return False


def _path_to(tree: ast.AST, target: ast.AST) -> list[ast.AST]:
    """The nodes from ``tree`` down to ``target`` (empty when it is not there)."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        stack.extend((child, [*path, child]) for child in ast.iter_child_nodes(node))
    return []


def _reads_config(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute) and node.attr in ("config", "values"):
        return True
    return isinstance(node, ast.Name) and node.id == "config"


def _catches_attribute_error(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {t.id if isinstance(t, ast.Name) else getattr(t, "attr", None) for t in types}
    return bool(names & {"AttributeError", "Exception", "BaseException"})
