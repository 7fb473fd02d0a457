"""The pytree structure of abstract values, as far as it is known, and where two differ.

JAX flattens tuples, lists, dicts (by sorted key), NamedTuples and ``None`` (no leaves) as
containers; arrays and numbers are leaves.  A structure here is built from what the
interpreter knows: a tuple's items, a list's or dict's contents on the heap, a NamedTuple
instance's fields.  Anything else (an unknown value, a list of unknown length, an instance
of another class, which may or may not be a registered pytree) is ``UNKNOWN_NODE``, and no
difference is claimed below it: only structures proven to differ are reported.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import (
    NONE,
    Api,
    Array,
    ClassValue,
    Const,
    DictValue,
    Instance,
    Key,
    KeyArray,
    ListValue,
    NumpyArray,
    Tuple,
    Value,
    Values,
)


@dataclass(frozen=True)
class Node:
    """One node of a pytree structure: ``kind`` is "leaf", "none", "tuple", "list", "dict",
    a NamedTuple's class name (``namedtuple:Point``), or "unknown"."""

    kind: str
    children: tuple[Node, ...] = ()
    #: A dict's keys (sorted as JAX sorts them) or a NamedTuple's field names.
    keys: tuple[object, ...] = ()

    @property
    def known(self) -> bool:
        return self.kind != "unknown"

    def describe(self) -> str:
        if self.kind == "leaf":
            return "a leaf (an array or a number)"
        if self.kind == "none":
            return "None"
        if self.kind == "container":
            return "a pytree container (a dict, a module)"
        if self.kind == "dict":
            return f"a dict with keys {list(self.keys)}"
        if self.kind.startswith("namedtuple:"):
            return f"a `{self.kind.partition(':')[2]}`"
        return f"a {self.kind} of length {len(self.children)}"


UNKNOWN_NODE = Node("unknown")
LEAF = Node("leaf")
_MAX_DEPTH = 12


def structure_of(values: Values, heap: Heap, depth: int = 0) -> Node:
    """The structure every alternative of ``values`` has, or ``UNKNOWN_NODE``."""
    if not values or depth > _MAX_DEPTH:
        return UNKNOWN_NODE
    found = [_structure(value, heap, depth) for value in values]
    first = found[0]
    return first if all(node == first for node in found[1:]) else UNKNOWN_NODE


def _structure(value: Value, heap: Heap, depth: int) -> Node:
    if value == NONE:
        return Node("none")
    if isinstance(value, Const) and isinstance(value.value, bool | int | float | complex):
        return LEAF
    if isinstance(value, Array):
        return UNKNOWN_NODE if value.tree else LEAF
    if isinstance(value, NumpyArray | Key | KeyArray):
        return LEAF
    if isinstance(value, Tuple):
        return Node("tuple", tuple(structure_of(item, heap, depth + 1) for item in value.items))
    if isinstance(value, ListValue):
        items = heap.list_items(value.ref)
        if items is None:
            return UNKNOWN_NODE
        return Node("list", tuple(structure_of(item, heap, depth + 1) for item in items))
    if isinstance(value, DictValue):
        keyed = heap.constant_entries(value.ref)
        if keyed is None:
            return UNKNOWN_NODE
        if len({type(key) for key, _ in keyed}) > 1:
            return UNKNOWN_NODE  # mixed key types: JAX cannot sort them either
        ordered = sorted(keyed, key=lambda entry: entry[0])
        return Node(
            "dict",
            tuple(structure_of(item, heap, depth + 1) for _, item in ordered),
            tuple(key for key, _ in ordered),
        )
    if isinstance(value, Instance) and is_named_tuple(value.cls):
        fields = heap.field_items(value.ref)
        if not fields:
            return UNKNOWN_NODE
        return Node(
            f"namedtuple:{value.cls.name}",
            tuple(structure_of(item, heap, depth + 1) for _, item in fields),
            tuple(name for name, _ in fields),
        )
    return UNKNOWN_NODE


def subtrees(value: Value, heap: Heap) -> list[tuple[str, Values]] | None:
    """The children of a container whose contents are known, each with the key path step JAX
    spells for it (``[0]``, ``['w']``, ``.x``), in JAX's flattening order; None for a leaf, an
    unknown value, or a container whose length or keys are not known."""
    if isinstance(value, Tuple):
        return [(f"[{index}]", item) for index, item in enumerate(value.items)]
    if isinstance(value, ListValue):
        items = heap.list_items(value.ref)
        return None if items is None else [(f"[{i}]", item) for i, item in enumerate(items)]
    if isinstance(value, DictValue):
        node = _structure(value, heap, 0)
        if node.kind != "dict":
            return None
        by_key = {
            key[1]: item for key, item in heap.dict_items(value.ref) if isinstance(key, tuple)
        }
        return [(f"[{key!r}]", by_key[key]) for key in node.keys]
    if isinstance(value, Instance) and is_named_tuple(value.cls):
        fields = heap.field_items(value.ref)
        return [(f".{name}", item) for name, item in fields] if fields else None
    return None


def is_named_tuple(cls: ClassValue) -> bool:
    for base in cls.bases:
        for value in base:
            if isinstance(value, Api) and value.qualified == "typing.NamedTuple":
                return True
            if isinstance(value, ClassValue) and is_named_tuple(value):
                return True
    return False


@dataclass(frozen=True)
class Difference:
    """Where two structures surely differ, and how."""

    #: The key path, as JAX spells it (``['a']['b']``, ``[0]``, ``.field``); "" at the root.
    path: str
    first: Node
    second: Node

    def describe(self, first_name: str = "the first", second_name: str = "the second") -> str:
        where = f"at {self.path}" if self.path else "at the root"
        return (
            f"{where} {first_name} is {self.first.describe()} but {second_name} is "
            f"{self.second.describe()}"
        )


#: Containers that code after a call uses alike (indexing, unpacking, ``len``).
_SEQUENCES = frozenset({"tuple", "list"})


def _as_used(node: Node) -> Node:
    """``node`` with its lists read as tuples, at every depth."""
    kind = "tuple" if node.kind in _SEQUENCES else node.kind
    return Node(kind, tuple(_as_used(child) for child in node.children), node.keys)


def eager_difference(first: Node, second: Node) -> Difference | None:
    """Where ``second`` surely differs from ``first`` in a way code that uses the value sees:
    ``difference`` with a list and a tuple of one length taken as alike."""
    if not first.known or not second.known:
        return None
    return difference(_as_used(first), _as_used(second))


def difference(
    first: Node, second: Node, *, prefix: bool = False, path: str = ""
) -> Difference | None:
    """Where ``second`` surely does not have ``first``'s structure (with ``prefix``: where
    ``first`` is not a prefix of it, a leaf of ``first`` matching any subtree), or None."""
    if not first.known or not second.known:
        return None
    if (first.kind == "none") != (second.kind == "none"):
        return None  # None is often an optional value some path fills in: no claim
    if first.kind == "leaf":
        return None if prefix or second.kind == "leaf" else Difference(path, first, second)
    if first.kind != second.kind or len(first.children) != len(second.children):
        return Difference(path, first, second)
    if first.keys != second.keys:
        return Difference(path, first, second)
    for index, (a, b) in enumerate(zip(first.children, second.children, strict=True)):
        if first.kind == "dict":
            step = f"[{first.keys[index]!r}]"
        elif first.kind.startswith("namedtuple:"):
            step = f".{first.keys[index]}"
        else:
            step = f"[{index}]"
        found = difference(a, b, prefix=prefix, path=path + step)
        if found is not None:
            return found
    return None
