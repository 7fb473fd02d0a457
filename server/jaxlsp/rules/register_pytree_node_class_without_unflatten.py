"""``@register_pytree_node_class`` on a class that defines no ``tree_unflatten``: the decorator
reads the classmethod when the class is defined.

The contract is in the API models (``Requirement.PYTREE_CLASS`` on the decorator's class);
reported when the class and all its bases are defined in the code and none defines it.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import ClassValue
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class RegisterPytreeNodeClassWithoutUnflatten(Rule):
    NAME = "register-pytree-node-class-without-unflatten"
    CODE = "register-pytree-node-class-without-unflatten"
    RECORD_ID = "49cae668b7affd41"

    VALID = (
        """
import jax

@jax.tree_util.register_pytree_node_class
class Box:
    def __init__(self, value):
        self.value = value

    def tree_flatten(self):
        return (self.value,), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)

@jax.tree_util.register_pytree_node_class
class Labelled(Box):
    pass
""",
    )
    INVALID = (
        """
import jax

@jax.tree_util.register_pytree_node_class  # expect: register-pytree-node-class-without-unflatten
class Box:
    def __init__(self, value):
        self.value = value

    def tree_flatten(self):
        return (self.value,), None

    def unflatten(self, children):
        return Box(*children)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("no-tree-unflatten"):
            node = violation.node
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`register_pytree_node_class`: the class `{violation.described}` defines no "
                "`tree_unflatten` (nor do its bases), and registering reads it, so it raises "
                "AttributeError when the class is defined. Add the classmethod "
                "`tree_unflatten(cls, aux_data, children)`.",
                tuple(
                    related(program, call.site, f"`{value.name}` has no tree_unflatten", value.node)
                    for value in violation.value[:1]
                    if isinstance(value, ClassValue) and value.site.tree is call.site.tree
                ),
                node=node,
            )
