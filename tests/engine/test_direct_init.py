"""``direct_init``: a frozen slotted dataclass's own ``__init__``, made faster, and no different."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import sys
from dataclasses import InitVar, dataclass, field
from typing import Any

import pytest

from jaxlsp.infer import direct_init as direct_init_module
from jaxlsp.infer.direct_init import direct_init, direct_init_sharing
from jaxlsp.infer.values import Array, Flavour


def _pair(check_writes: bool = True) -> tuple[type, type]:
    """The same class twice: with the dataclass's ``__init__``, and with ``direct_init``'s
    (``check_writes``: keeping the dataclass's refusing ``__setattr__``, as the suite runs)."""

    def make() -> type:
        @dataclass(frozen=True, slots=True)
        class Point:
            x: int
            y: int = 2
            label: str = field(default="p", compare=False)
            hidden: int = field(default=7, init=False)

            def __post_init__(self) -> None:
                if self.x < 0:
                    object.__setattr__(self, "x", -self.x)

        return Point

    return make(), direct_init_module._direct_init(make(), {}, check_writes)


@pytest.mark.parametrize("check_writes", [True, False])
@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, 5), {}), ((1,), {"label": "q"}), ((), {"x": -3, "y": 4, "label": "r"})],
)
def test_instances_are_what_the_dataclass_init_makes(
    args: tuple[Any, ...], kwargs: dict[str, Any], check_writes: bool
) -> None:
    plain, direct = _pair(check_writes)
    made, expected = direct(*args, **kwargs), plain(*args, **kwargs)
    for f in dataclasses.fields(plain):
        assert getattr(made, f.name) == getattr(expected, f.name)
    assert repr(made) == repr(expected).replace(plain.__qualname__, direct.__qualname__)
    assert hash(made) == hash(direct(*args, **kwargs)) and made == direct(*args, **kwargs)
    if check_writes:
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.x = 2  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            del made.x  # type: ignore[misc]


def test_unchecked_classes_store_their_fields_as_plain_writes() -> None:
    """Outside the suite the refusing ``__setattr__`` is left out: it made every field's store
    a general call (5.8 % of a fresh 2,000-line open); the ``__init__`` writes each field."""
    _, checked = _pair(check_writes=True)
    _, unchecked = _pair(check_writes=False)
    assert checked.__setattr__ is not object.__setattr__
    assert unchecked.__setattr__ is object.__setattr__
    assert unchecked.__delattr__ is object.__delattr__
    assert not any(n.startswith("_set_") for n in unchecked.__init__.__code__.co_names)
    assert unchecked(1).hidden == 7 and unchecked(-4).x == 4  # defaults, ``__post_init__``


def test_the_suite_runs_with_the_refusal_in_place() -> None:
    """``tests/conftest.py`` sets ``JAXLSP_CHECK_FROZEN=1`` before jaxlsp is imported: a write
    to a value the interpreter made raises here, as mypy refuses it in the code."""
    assert direct_init_module.CHECK_WRITES
    with pytest.raises(dataclasses.FrozenInstanceError):
        Array(frozenset()).tree = True  # type: ignore[misc]


def test_the_signature_and_its_errors_are_the_dataclass_ones() -> None:
    plain, direct = _pair()
    assert inspect.signature(direct) == inspect.signature(plain)  # annotations too
    with pytest.raises(TypeError):
        direct()
    with pytest.raises(TypeError):
        direct(1, 2, "p", 3)  # ``hidden`` is not a parameter
    with pytest.raises(TypeError):
        direct(1, z=3)


def test_classes_it_cannot_serve_exactly_are_refused() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclass(slots=True)
    class NotFrozen:
        x: int

    @dataclass(frozen=True, slots=True)
    class Factory:
        x: list[int] = field(default_factory=list)

    @dataclass(frozen=True, slots=True, kw_only=True)
    class KeywordOnly:
        x: int

    @dataclass(frozen=True, slots=True)
    class InitOnly:
        x: int
        scale: InitVar[int] = 1

    for cls in (NoSlots, NotFrozen, Factory, KeywordOnly, InitOnly):
        with pytest.raises(TypeError):
            direct_init(cls)


def test_a_shared_field_holds_one_object_per_distinct_value() -> None:
    table: dict[Any, Any] = {}

    @direct_init_sharing(tags=table)
    @dataclass(frozen=True, slots=True)
    class Tagged:
        tags: frozenset[str]
        name: str = "t"

    first, second = Tagged(frozenset({"a", "b"})), Tagged(frozenset({"b", "a"}), name="u")
    assert first.tags is second.tags and first == Tagged(frozenset({"a", "b"}))
    assert Tagged(frozenset({"c"})).tags is not first.tags
    assert list(table) == [frozenset({"a", "b"}), frozenset({"c"})]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.tags = frozenset()  # type: ignore[misc]


def test_arrays_share_their_flavour_sets() -> None:
    made = [Array(frozenset({Flavour.STAGED, Flavour.BATCHED})) for _ in range(3)]
    assert made[0].flavours is made[1].flavours is made[2].flavours
    derived = made[0].with_aval((3,), "float32").retraced(frozenset({Flavour.BATCHED}), None)
    assert derived.flavours is Array(frozenset({Flavour.BATCHED}), None).flavours


def test_a_shared_field_must_be_a_field() -> None:
    @dataclass(frozen=True, slots=True)
    class Plain:
        x: int

    with pytest.raises(TypeError):
        direct_init_sharing(y={})(Plain)


#: The modules whose value, shape and fact classes the interpreter makes by the thousand.
_MODULES = (
    "jaxlsp.infer.values",
    "jaxlsp.infer.shapes",
    "jaxlsp.infer.scopes",
    "jaxlsp.infer.frames",
    "jaxlsp.infer.interpreter",
    "jaxlsp.apis.shaping",
)


def _package_classes() -> list[type]:
    """Every class of ``_MODULES`` whose ``__init__`` ``direct_init`` made."""
    found = []
    for name in _MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            init = getattr(value, "__init__", None)
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
                and getattr(init, "__code__", None) is not None
                and init.__code__.co_filename.startswith("<direct_init ")
            ):
                found.append(value)
    return found


def test_the_package_classes_take_every_field_as_the_dataclass_says() -> None:
    classes = _package_classes()
    assert len(classes) > 40  # the values, shapes and facts the interpreter makes
    for cls in classes:
        parameters = [f.name for f in dataclasses.fields(cls) if f.init]
        assert list(inspect.signature(cls).parameters) == parameters, cls


def test_a_class_direct_init_made_is_final_unless_its_subclass_is_made_by_it_too() -> None:
    """A subclass would inherit an ``__init__`` that sets only its parent's fields: every
    subclass of a direct_init class, in every jaxlsp module, has its own generated one."""
    import pkgutil

    import jaxlsp

    for module in pkgutil.walk_packages(jaxlsp.__path__, "jaxlsp."):
        if ".lsp" in module.name or module.name.endswith("__main__") or "mcp" in module.name:
            continue
        importlib.import_module(module.name)
    made = [cls for cls in _all_subclasses(object) if _is_direct(cls)]
    assert len(made) > 40
    for cls in made:
        for subclass in cls.__subclasses__():
            if not _the_modules_own(subclass):
                continue
            assert _is_direct(subclass), f"{subclass.__qualname__} subclasses {cls.__qualname__}"
    # and one nothing subclasses says so (``typing.final``), for the type checker to keep it so
    open_ended = [c.__qualname__ for c in made if not c.__subclasses__() and not _is_final(c)]
    assert open_ended == []


def _the_modules_own(cls: type) -> bool:
    """Whether ``cls`` is the class its module names: ``dataclass(slots=True)`` makes a new
    class, and the one it replaced lingers as a subclass of the same base while a method the
    dataclass made for it (a frozen class's ``__setattr__``) still refers to it."""
    module = sys.modules.get(cls.__module__)
    return module is not None and getattr(module, cls.__qualname__, None) is cls


def _is_final(cls: type) -> bool:
    return bool(cls.__dict__.get("__final__", False))


def _is_direct(cls: type) -> bool:
    init = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    return code is not None and code.co_filename.startswith("<direct_init ")


def _all_subclasses(root: type) -> list[type]:
    found: list[type] = []
    pending = [root]
    while pending:
        for subclass in type.__subclasses__(pending.pop()):
            module = subclass.__dict__.get("__module__")  # a C type's may be a descriptor
            if isinstance(module, str) and module.startswith("jaxlsp."):
                found.append(subclass)
            pending.append(subclass)
    return found
