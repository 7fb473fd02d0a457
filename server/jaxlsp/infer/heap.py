"""The heap of one analysis: what mutable objects hold, joined over every write.

An object is a ``Ref`` made where the object is made (its allocation site in one frame, and
its pass of each loop over known items around the site there); its
fields, items and registrations are the union of everything ever written to it, so the order
in which the interpreter happens to reach a read and a write does not matter much.  The one
exception is a list built by appends that surely run once each, in order (``out = []`` then
``out.append(...)`` in the same straight code, or in a loop over known items): its items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from jaxlsp.infer.values import ANY, NOTHING, Const, Ref, Tuple, Values, join

if TYPE_CHECKING:
    from jaxlsp.infer.frames import Made


#: The field name a write to a field whose name is not known goes under (``setattr(obj, name,
#: v)``): no identifier, so it names no real field; once written, any field may hold anything.
ANY_FIELD = "*"


@dataclass
class _ListContents:
    #: The items, when the list is a literal nothing changed the length of, or only appends
    #: made in order (see ``straight``).
    items: tuple[Values, ...] | None
    #: Any item (NOTHING while nothing was ever put in: ``out = []`` before its ``append``).
    element: Values
    #: The straight run of code the list was made in (``Interpreter.straight``): an append
    #: made later in that same run, at no branch, surely runs once, in order, so it adds an
    #: item; any other grows the list to an unknown length.  None: none may.
    straight: object | None = None

    def copy(self) -> _ListContents:
        return _ListContents(self.items, self.element, self.straight)


class HeapCopy(NamedTuple):
    """What some heap objects held at one moment: a run's summary keeps what the objects it
    made held when it ended."""

    fields: dict[Ref, dict[str, Values]]
    lists: dict[Ref, _ListContents]
    dicts: dict[Ref, dict[object, Values]]
    registrations: dict[Ref, list[Made]]


@dataclass
class Heap:
    fields: dict[Ref, dict[str, Values]] = field(default_factory=dict)
    lists: dict[Ref, _ListContents] = field(default_factory=dict)
    dicts: dict[Ref, dict[object, Values]] = field(default_factory=dict)
    #: ``defvjp`` / ``defjvp`` calls on a custom derivative function.
    registrations: dict[Ref, list[Made]] = field(default_factory=dict)
    #: Told of every object read (False) or written (True): a run being summarised checks
    #: that it only writes objects it made, and remembers what it read of the others.
    observer: Callable[[Ref, bool], None] | None = None

    def _touch(self, ref: Ref, write: bool) -> None:
        if self.observer is not None:
            self.observer(ref, write)

    def copy_of(self, refs: Iterable[Ref]) -> HeapCopy:
        """What the objects ``refs`` hold now, copied (later writes do not change it)."""
        fields, lists, dicts = self.fields, self.lists, self.dicts
        registrations = self.registrations
        return HeapCopy(
            {r: dict(fields[r]) for r in refs if r in fields},
            {r: lists[r].copy() for r in refs if r in lists},
            {r: dict(dicts[r]) for r in refs if r in dicts},
            {r: list(registrations[r]) for r in refs if r in registrations},
        )

    def contents(self, ref: Ref) -> tuple[object, ...]:
        """What ``ref`` holds, in a form two moments can be compared in."""
        known = self.lists.get(ref)
        return (
            dict(self.fields.get(ref) or {}),
            None if known is None else (known.items, known.element),
            dict(self.dicts.get(ref) or {}),
            tuple(made.compared() for made in self.registrations.get(ref) or ()),
        )

    # instances --------------------------------------------------------------------------------

    def write_field(self, ref: Ref, name: str, values: Values) -> None:
        self._touch(ref, True)
        fields = self.fields.setdefault(ref, {})
        known = fields.get(name)
        fields[name] = values if known is None else join(known, values)

    def read_field(self, ref: Ref, name: str) -> Values | None:
        self._touch(ref, False)
        fields = self.fields.get(ref)
        return None if fields is None else fields.get(name)

    # lists ------------------------------------------------------------------------------------

    def set_list(
        self,
        ref: Ref,
        items: tuple[Values, ...] | None,
        element: Values | None = None,
        straight: object | None = None,
    ) -> None:
        """The list ``ref`` made, with ``items`` when they are known; ``straight``: the
        straight run of code it is made in, which may append to it in order."""
        self._touch(ref, True)
        if element is None:
            element = join(*items) if items is not None else ANY
        known = self.lists.get(ref)
        if known is None:
            self.lists[ref] = _ListContents(items, element, straight)
            return
        known.straight = None
        # made again (a loop, a second call of the same frame): the same shape or unknown
        same = known.items is not None and items is not None and len(known.items) == len(items)
        known.items = (
            tuple(join(a, b) for a, b in zip(known.items, items, strict=True))  # type: ignore[arg-type]
            if same
            else None
        )
        known.element = join(known.element, element)

    def list_items(self, ref: Ref) -> tuple[Values, ...] | None:
        self._touch(ref, False)
        known = self.lists.get(ref)
        return None if known is None else known.items

    def list_element(self, ref: Ref) -> Values:
        self._touch(ref, False)
        known = self.lists.get(ref)
        return ANY if known is None or not known.element else known.element

    def grow_list(self, ref: Ref, element: Values) -> None:
        """``append``/``extend``/``insert`` where the order is not known: the length is no
        longer known either."""
        self._touch(ref, True)
        known = self.lists.get(ref)
        if known is None:
            self.lists[ref] = _ListContents(None, element)
            return
        known.items = None
        known.straight = None
        known.element = join(known.element, element)

    def add_items(
        self, ref: Ref, added: tuple[Values, ...], element: Values, straight: object | None
    ) -> None:
        """``append`` (one item) or ``extend`` (known items) made by a straight run of code:
        in the run the list was made in, the items are added at its end; else ``grow_list``."""
        known = self.lists.get(ref)
        if (
            known is None
            or known.items is None
            or straight is None
            or known.straight is not straight
        ):
            self.grow_list(ref, element)
            return
        self._touch(ref, True)
        known.items = (*known.items, *added)
        known.element = join(known.element, element)

    # items (lists and dicts) ------------------------------------------------------------------

    def write_item(self, ref: Ref, index: Values, values: Values) -> None:
        if ref.what == "list":
            self.grow_list(ref, values)
            return
        self._touch(ref, True)
        entries = self.dicts.setdefault(ref, {})
        key = _key_of(index)
        known = entries.get(key)
        entries[key] = values if known is None else join(known, values)

    def read_item(self, ref: Ref, index: Values) -> Values:
        self._touch(ref, False)
        entries = self.dicts.get(ref)
        if not entries:
            return ANY
        key = _key_of(index)
        if isinstance(key, TupleKey):
            # a tuple with items not known: the entries under keys it may equal
            matching = [v for k, v in entries.items() if _may_equal(key, k)]
            if matching:
                return join(*matching)
        elif key is not _ANY_KEY and key in entries:
            return entries[key]
        return join(*entries.values())

    def new_dict(self, ref: Ref) -> None:
        """A dict whose entries are all written from here on (a literal, a call's ``**kwargs``,
        ``dict(...)`` of known entries): a key not written is not there, rather than unknown."""
        self._touch(ref, True)
        self.dicts.setdefault(ref, {})

    def known_entries(self, ref: Ref) -> dict[str, Values] | None:
        """A dict's entries by their ``str`` keys, when every key written to it is one."""
        self._touch(ref, False)
        entries = self.dicts.get(ref)
        if entries is None:
            return None
        found: dict[str, Values] = {}
        for key, values in entries.items():
            if not (isinstance(key, tuple) and key[0] is str):
                return None
            found[key[1]] = values
        return found

    def known_empty(self, ref: Ref) -> bool:
        """Whether a dict is made with all its entries known (``new_dict``) and none was
        written to it yet, on any path."""
        self._touch(ref, False)
        return self.dicts.get(ref) == {}

    def has_item(self, ref: Ref, index: Values) -> bool | None:
        """Whether a dict holds the key ``index``: True or False when every key written to it
        and ``index`` are known constants, else None."""
        self._touch(ref, False)
        key = _key_of(index)
        entries = self.dicts.get(ref)
        if key is _ANY_KEY or entries is None:
            return None
        if isinstance(key, TupleKey):
            return None if any(_may_equal(key, k) for k in entries) else False
        if key in entries:
            return None if MaybeRemoved(key) in entries else True
        return None if _ANY_KEY in entries else False

    def dict_values(self, ref: Ref) -> Values:
        self._touch(ref, False)
        entries = self.dicts.get(ref)
        return join(*entries.values()) if entries else ANY

    def field_items(self, ref: Ref) -> list[tuple[str, Values]]:
        """Every field an instance holds."""
        self._touch(ref, False)
        return list((self.fields.get(ref) or {}).items())

    def dict_items(self, ref: Ref) -> list[tuple[object, Values]]:
        """Every entry of a dict, by its key as ``write_item`` keeps it."""
        self._touch(ref, False)
        return list((self.dicts.get(ref) or {}).items())

    def forget_layout(self, ref: Ref) -> None:
        """The container was changed in a way not modelled (``pop``, ``del``, ``clear``): its
        length or keys are no longer known (its pytree structure neither)."""
        self._touch(ref, True)
        if ref.what == "list":
            known = self.lists.get(ref)
            if known is not None:
                known.items = None
        elif ref.what == "dict":
            entries = self.dicts.setdefault(ref, {})
            known_any = entries.get(_ANY_KEY)
            entries[_ANY_KEY] = ANY if known_any is None else join(known_any, ANY)

    def given_away(self, ref: Ref) -> None:
        """The list or dict ``ref`` was given to code the analysis does not run (an unknown
        callee, ``exec(code, namespace)``): it may have written any item there, so every
        item, and a list's length, is no longer known."""
        if ref.what == "list":
            self.grow_list(ref, ANY)
            return
        self._touch(ref, True)
        entries = self.dicts.setdefault(ref, {})
        for key, values in list(entries.items()):
            entries[key] = join(values, ANY)
        entries.setdefault(_ANY_KEY, ANY)

    def constant_entries(self, ref: Ref) -> list[tuple[str | int, Values]] | None:
        """A dict's entries in insertion order, each by its constant key, when every key
        written to it is a ``str`` or an ``int`` constant (None: another key, or one not
        known)."""
        self._touch(ref, False)
        found: list[tuple[str | int, Values]] = []
        for key, values in (self.dicts.get(ref) or {}).items():
            # an entry is kept by (type, value) of its constant key
            if not (isinstance(key, tuple) and len(key) == 2 and key[0] in (str, int)):
                return None
            found.append((key[1], values))
        return found

    def clear_dict(self, ref: Ref) -> None:
        """The dict ``ref`` made anew, with no entries (a copy about to be filled)."""
        self._touch(ref, True)
        self.dicts[ref] = {}

    def put_entry(self, ref: Ref, key: object, values: Values) -> None:
        """An entry by a key ``dict_items`` gave (copying a dict)."""
        self._touch(ref, True)
        self.dicts.setdefault(ref, {})[key] = values

    def merge_dict(self, ref: Ref, source: Ref) -> None:
        """``ref.update(source)``: every entry of ``source`` written to ``ref`` (a source whose
        entries are not known: anything under any key)."""
        if source not in self.dicts:
            self.write_item(ref, ANY, ANY)
        entries = self.dict_items(source)
        self._touch(ref, True)
        target = self.dicts.setdefault(ref, {})
        for key, values in entries:
            known = target.get(key)
            target[key] = values if known is None else join(known, values)

    def remove_item(self, ref: Ref, index: Values) -> None:
        """``d.pop(key)``, ``del d[key]``: that key may be gone from here on, and only it (an
        unknown key: any key the dict holds).  The heap is one for every path, so the entry
        stays, marked ``MaybeRemoved``: whether the dict holds that key is unknown, what it
        holds there when it does is the entry, and every other key stays as known as it was
        (a key never written is still not there: a removal adds none)."""
        self._touch(ref, True)
        entries = self.dicts.setdefault(ref, {})
        key = _key_of(index)
        if key is _ANY_KEY:
            removed = [k for k in entries if not isinstance(k, MaybeRemoved)]
        elif isinstance(key, TupleKey):
            removed = [k for k in entries if _may_equal(key, k)]
        else:
            removed = [key]
        for gone in removed:
            if gone in entries and gone is not _ANY_KEY:
                entries[MaybeRemoved(gone)] = NOTHING

    def spread_entries(self, ref: Ref) -> tuple[dict[str, Values], frozenset[str]] | None:
        """What ``f(**d)`` passes: the entries by their ``str`` keys and the names among them a
        removal may have taken (passed or not), when every key is a known ``str``; else None."""
        self._touch(ref, False)
        entries = self.dicts.get(ref)
        if entries is None:
            return None
        found: dict[str, Values] = {}
        maybe: set[str] = set()
        for key, values in entries.items():
            if isinstance(key, MaybeRemoved):
                if isinstance(key.key, tuple) and key.key[0] is str:
                    maybe.add(key.key[1])
                continue
            if not (isinstance(key, tuple) and key[0] is str):
                return None
            found[key[1]] = values
        return found, frozenset(maybe)

    def write_display(self, ref: Ref, parts: list[tuple[Values, Values] | Ref | None]) -> None:
        """A dict display's entries, in order (``{**defaults, "lr": 0.1}``): ``(key, value)``
        pairs, the dicts it spreads (their entries; None: one nothing is known of), a later
        known key replacing an earlier one, as Python does.  What the display makes is joined
        with what the same display made before (a loop's earlier pass)."""
        made: dict[object, Values] = {}
        for part in parts:
            if part is None or (isinstance(part, Ref) and part not in self.dicts):
                known = made.get(_ANY_KEY)
                made[_ANY_KEY] = ANY if known is None else join(known, ANY)
                continue
            entries = (
                self.dict_items(part) if isinstance(part, Ref) else [(_key_of(part[0]), part[1])]
            )
            for key, values in entries:
                if key is _ANY_KEY and key in made:
                    made[key] = join(made[key], values)
                else:
                    made[key] = values
                    if not isinstance(key, MaybeRemoved):
                        # a later part that holds the key surely: it is there (a mark the
                        # same part carries comes after its key and is kept)
                        made.pop(MaybeRemoved(key), None)
        self._touch(ref, True)
        target = self.dicts.setdefault(ref, {})
        for key, values in made.items():
            known = target.get(key)
            target[key] = values if known is None else join(known, values)

    def register(self, ref: Ref, made: Made) -> None:
        self._touch(ref, True)
        self.registrations.setdefault(ref, []).append(made)

    def registered(self, ref: Ref) -> list[Made]:
        self._touch(ref, False)
        return self.registrations.get(ref, [])


_ANY_KEY = object()


@dataclass(frozen=True, slots=True)
class MaybeRemoved:
    """The mark, among a dict's entries, of a key a removal may have taken (``d.pop(key)``):
    its entry is what the dict holds there on the paths that still have it.  Kept as an
    entry (its value NOTHING) so every copy of a dict's entries (a summary, a traced copy, a
    display that spreads it) carries it."""

    key: object


@dataclass(frozen=True, slots=True)
class TupleKey:
    """A dict's key that is a tuple whose items are not all known constants (a cache keyed by
    ``("ag", axis, tuple(ids))``): its length, and each item's key where it is a constant
    (None where not).  A tuple of another length, or with another constant at a position,
    never equals it: fesom_jax caches two ``shard_map`` callables in one dict, under keys of
    three and four items, and a ``get`` by either gives its own."""

    items: tuple[object | None, ...]


def _key_of(index: Values) -> object:
    if len(index) == 1 and isinstance(index[0], Const):
        try:
            hash(index[0].value)
        except TypeError:
            return _ANY_KEY
        return (type(index[0].value), index[0].value)
    if len(index) == 1 and isinstance(index[0], Tuple):
        items = tuple(_key_of(item) for item in index[0].items)
        return TupleKey(tuple(None if item is _ANY_KEY else item for item in items))
    return _ANY_KEY


def _tuple_items(key: object) -> tuple[object | None, ...] | None:
    """The item keys of a key that is a tuple (a ``TupleKey``, or a constant tuple)."""
    if isinstance(key, TupleKey):
        return key.items
    if isinstance(key, tuple) and len(key) == 2 and key[0] is tuple:
        return tuple(_key_of((Const(item),)) for item in key[1])
    return None


def _may_equal(key: object, other: object) -> bool:
    """Whether two keys, as ``_key_of`` keeps them, may be the same key at run time (an
    unknown item may be anything; a removal's mark is no key)."""
    if key is None or other is None or key is _ANY_KEY or other is _ANY_KEY:
        return True
    if isinstance(key, MaybeRemoved) or isinstance(other, MaybeRemoved):
        return False
    mine, theirs = _tuple_items(key), _tuple_items(other)
    if mine is None or theirs is None:
        return mine is None and theirs is None and key == other
    return len(mine) == len(theirs) and all(
        _may_equal(a, b) for a, b in zip(mine, theirs, strict=True)
    )
