"""A ``flax.struct.dataclass`` (or ``flax.struct.PyTreeNode`` subclass) with a field declared
``init=False`` (``a: int = dataclasses.field(init=False)``, or ``struct.field(init=False)``):
flax registers the class with ``jax.tree_util.register_dataclass``, whose data and meta fields
must be exactly the fields ``__init__`` takes, so defining the class raises ValueError
("data_fields and meta_fields must include all dataclass fields with ``init=True`` and only
them").  Code written for an older flax set such a field in ``__post_init__``.

Reported where Python raises it (the decorator, or the base), with the field related, where
the class is surely flax's: decorated by ``flax.struct.dataclass``
(spelled through a name bound once by an import of flax, called with options or not) as its
innermost decorator, or with ``flax.struct.PyTreeNode`` as its one base; the field an annotated
class attribute (not a ``ClassVar``) whose value calls ``dataclasses.field`` or
``flax.struct.field`` with ``init=False`` spelled.  Silent under a ``try`` that catches
ValueError.  Only modules whose text spells ``init=False`` are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: flax's struct module and the names read from it.
_FLAX = frozenset(
    {
        "flax",
        "flax.struct",
        "flax.struct.dataclass",
        "flax.struct.PyTreeNode",
        "flax.struct.field",
    }
)
_DATACLASSES = frozenset({"dataclasses", "dataclasses.field"})
_FIELD_CALLS = frozenset({"flax.struct.field", "dataclasses.field"})


class FlaxStructFieldInitFalse(Rule):
    NAME = "flax-struct-field-init-false"
    CODE = "flax-struct-field-init-false"
    RECORD_ID = "48f5721e2faedfb7"
    READS_OWN_TEXT = True

    VALID = (
        """
import dataclasses
from flax import struct


@struct.dataclass
class State:
    step: int = 0
    scale: float = struct.field(pytree_node=False, default=1.0)


@dataclasses.dataclass
class Plain:
    cache: dict = dataclasses.field(init=False, default_factory=dict)


state = State()
""",
    )
    INVALID = (
        """
import dataclasses
from flax import struct


@struct.dataclass  # expect: flax-struct-field-init-false
class Tree:
    a: int = dataclasses.field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "a", 1)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if ("init=False" not in text and "init = False" not in text) or "flax" not in text:
            return
        chunks = parsed.chunks
        flax = package_aliases(chunks, "flax", _FLAX)
        if not flax:
            return
        names = {name: full for name, (full, _) in flax.items()}
        names.update(
            (name, full)
            for name, (full, _) in package_aliases(chunks, "dataclasses", _DATACLASSES).items()
        )
        key = module.key
        for chunk in chunks:
            if "init" not in chunk.text:
                continue
            tree = chunk.tree
            for cls, path in _classes(tree):
                how = _flax_dataclass(cls, names)
                if how is None:
                    continue
                for item in cls.body:
                    if not _init_false_field(item, names):
                        continue
                    if checked_first(path, ("ValueError",)):
                        continue
                    assert isinstance(item, ast.AnnAssign)
                    field = ast.unparse(item.target)
                    made = cls.decorator_list[-1] if cls.decorator_list else cls.bases[0]
                    yield finding(
                        self,
                        record,
                        program,
                        Site(key, tree, made),
                        f"`{field}` is declared `init=False` in `{cls.name}`, a "
                        f"{how}: flax registers it as a pytree dataclass whose fields must be "
                        "exactly the ones `__init__` takes, so defining the class raises "
                        "ValueError. Let `__init__` take it (a default, `init=True`), or "
                        "compute it elsewhere (a property, or `.replace(...)` after "
                        "construction).",
                        (
                            related(
                                program,
                                Site(key, tree, item),
                                f"`{field}` is declared `init=False` here",
                            ),
                        ),
                        node=made,
                    )


def _classes(tree: ast.Module) -> Iterator[tuple[ast.ClassDef, list[ast.AST]]]:
    """Each class statement in ``tree``, with its path from the tree."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, ast.ClassDef):
            yield node, path
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt | ast.ExceptHandler):
                stack.append((child, [*path, child]))


def _flax_dataclass(cls: ast.ClassDef, names: dict[str, str]) -> str | None:
    """How ``cls`` surely is a flax struct dataclass (its innermost decorator, or its one
    base), or None."""
    if cls.decorator_list:
        inner = cls.decorator_list[-1]
        called = inner.func if isinstance(inner, ast.Call) else inner
        if dotted(called, names) == "flax.struct.dataclass":
            return "`flax.struct.dataclass`"
        return None
    if (
        len(cls.bases) == 1
        and not cls.keywords
        and dotted(cls.bases[0], names) == "flax.struct.PyTreeNode"
    ):
        return "`flax.struct.PyTreeNode` subclass"
    return None


def _init_false_field(item: ast.stmt, names: dict[str, str]) -> bool:
    """Whether a class-body statement declares a dataclass field with ``init=False``."""
    if not isinstance(item, ast.AnnAssign) or not isinstance(item.target, ast.Name):
        return False
    if "ClassVar" in ast.unparse(item.annotation) or not isinstance(item.value, ast.Call):
        return False
    if dotted(item.value.func, names) not in _FIELD_CALLS:
        return False
    return any(
        keyword.arg == "init"
        and isinstance(keyword.value, ast.Constant)
        and keyword.value.value is False
        for keyword in item.value.keywords
    )
