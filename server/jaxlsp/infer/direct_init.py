"""A frozen, slotted dataclass's ``__init__``, filling its slots directly.

A frozen dataclass forbids writes through ``__setattr__``, so its generated ``__init__`` sets
each field with ``object.__setattr__``: a lookup and a general call per field.  The values and
facts the interpreter makes (arrays, constants, traces, API calls...) are made by the thousand
in every analysis, and that ``__init__`` was a large share of a cold analysis
(``bench.run``'s first didOpen).  ``direct_init`` gives such a class an ``__init__`` that sets
each slot itself: the same parameters, defaults and ``__post_init__``.  ``direct_init_sharing``
also stores one shared object per distinct value of the fields it names (an array's flavour
set), without the call of a ``__post_init__`` that would replace it.

Refusing writes at run time is what costs: a frozen class's ``__setattr__`` refuses every
write, so each field must be set through its slot's descriptor (a general call that builds an
argument tuple), which was 49 M of the 858 M instructions of a fresh 2,000-line open (5.8 %,
``bench.run``'s cold didOpen).  So, unless ``JAXLSP_CHECK_FROZEN=1`` (the test suite sets it),
``direct_init`` leaves the dataclass's refusing ``__setattr__`` and ``__delattr__`` out and its
``__init__`` stores each field as a plain attribute write.  The classes stay frozen where it
is checked: the type checker refuses a write to a field of a frozen dataclass, and the tests
run with the refusal in place.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

#: Whether the classes keep the dataclass's refusing ``__setattr__`` (see the module docstring).
CHECK_WRITES = os.environ.get("JAXLSP_CHECK_FROZEN") == "1"


def direct_init(cls: T) -> T:
    """``cls`` (a ``@dataclass(frozen=True, slots=True)`` class) with an ``__init__`` that
    fills its slots directly.  A class it cannot serve exactly (a field with a default
    factory, a keyword-only or init-only one) is refused, at import."""
    return _direct_init(cls, {}, CHECK_WRITES)


def direct_init_sharing(**tables: dict[Any, Any]) -> Callable[[T], T]:
    """``direct_init``, storing in each field named here the value its table already holds
    equal to the one given (the one given, added to the table, when none is): one object per
    distinct value however many instances hold it."""
    return lambda cls: _direct_init(cls, tables, CHECK_WRITES)


def _direct_init(cls: T, shared: dict[str, dict[Any, Any]], check_writes: bool) -> T:
    """``direct_init``; ``check_writes``: keep the refusing ``__setattr__`` (each field then
    set through its slot's descriptor)."""
    tables = dict(shared)
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__qualname__} is not a dataclass")
    if not cls.__dataclass_params__.frozen or "__slots__" not in cls.__dict__:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__qualname__} is not a frozen dataclass with slots")
    parameters: list[str] = []
    body: list[str] = []
    namespace: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.default_factory is not dataclasses.MISSING or field.kw_only:
            raise TypeError(f"{cls.__qualname__}.{field.name}: a field direct_init cannot serve")
        namespace[f"_set_{field.name}"] = getattr(cls, field.name).__set__
        if field.default is not dataclasses.MISSING:
            namespace[f"_default_{field.name}"] = field.default
        if not field.init:
            if field.default is dataclasses.MISSING:
                raise TypeError(f"{cls.__qualname__}.{field.name}: not set by __init__")
            body.append(_store(field.name, f"_default_{field.name}", check_writes))
            continue
        default = "" if field.default is dataclasses.MISSING else f"=_default_{field.name}"
        parameters.append(f"{field.name}{default}")
        value = field.name
        if field.name in tables:
            namespace[f"_table_{field.name}"] = tables.pop(field.name)
            value = f"_table_{field.name}.setdefault({field.name}, {field.name})"
        body.append(_store(field.name, value, check_writes))
    if tables:
        raise TypeError(f"{cls.__qualname__} has no field {', '.join(tables)} to share")
    expected = list(inspect.signature(cls).parameters)
    if [parameter.partition("=")[0] for parameter in parameters] != expected:
        raise TypeError(f"{cls.__qualname__}: __init__ takes more than its fields")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(body or ["    pass"])
    # as dataclasses makes its own __init__ (named for the profiles and the tests)
    exec(compile(source, f"<direct_init {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {
        **{field.name: field.type for field in dataclasses.fields(cls) if field.init},
        "return": None,
    }
    cls.__init__ = init  # type: ignore[misc]  # the class is the one being made
    if not check_writes:
        for refusing in ("__setattr__", "__delattr__"):  # (object's then: a plain write)
            if refusing in cls.__dict__:
                delattr(cls, refusing)
    return cls


def _store(name: str, value: str, check_writes: bool) -> str:
    """The line of ``__init__`` that sets the field ``name`` to the expression ``value``."""
    if check_writes:
        return f"    _set_{name}(self, {value})"
    return f"    self.{name} = {value}"
