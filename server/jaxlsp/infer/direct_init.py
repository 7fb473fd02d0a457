"""A frozen, slotted dataclass's ``__init__``, filling its slots directly.

A frozen dataclass forbids writes through ``__setattr__``, so its generated ``__init__`` sets
each field with ``object.__setattr__``: a lookup and a general call per field.  The values and
facts the interpreter makes (arrays, constants, traces, API calls...) are made by the thousand
in every analysis, and that ``__init__`` was a large share of a cold analysis
(``bench.run``'s first didOpen).  ``direct_init`` gives such a class an ``__init__`` that calls
each slot's descriptor instead: the same parameters, defaults and ``__post_init__``, and the
instances as frozen as before (``__setattr__`` still refuses).  ``direct_init_sharing`` also
stores one shared object per distinct value of the fields it names (an array's flavour set),
without the call of a ``__post_init__`` that would replace it.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def direct_init(cls: T) -> T:
    """``cls`` (a ``@dataclass(frozen=True, slots=True)`` class) with an ``__init__`` that
    fills its slots directly.  A class it cannot serve exactly (a field with a default
    factory, a keyword-only or init-only one) is refused, at import."""
    return _direct_init(cls, {})


def direct_init_sharing(**tables: dict[Any, Any]) -> Callable[[T], T]:
    """``direct_init``, storing in each field named here the value its table already holds
    equal to the one given (the one given, added to the table, when none is): one object per
    distinct value however many instances hold it."""
    return lambda cls: _direct_init(cls, tables)


def _direct_init(cls: T, shared: dict[str, dict[Any, Any]]) -> T:
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
            body.append(f"    _set_{field.name}(self, _default_{field.name})")
            continue
        default = "" if field.default is dataclasses.MISSING else f"=_default_{field.name}"
        parameters.append(f"{field.name}{default}")
        value = field.name
        if field.name in tables:
            namespace[f"_table_{field.name}"] = tables.pop(field.name)
            value = f"_table_{field.name}.setdefault({field.name}, {field.name})"
        body.append(f"    _set_{field.name}(self, {value})")
    if tables:
        raise TypeError(f"{cls.__qualname__} has no field {', '.join(tables)} to share")
    expected = list(inspect.signature(cls).parameters)
    if [parameter.partition("=")[0] for parameter in parameters] != expected:
        raise TypeError(f"{cls.__qualname__}: __init__ takes more than its fields")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)  # as dataclasses makes its own __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {
        **{field.name: field.type for field in dataclasses.fields(cls) if field.init},
        "return": None,
    }
    cls.__init__ = init  # type: ignore[misc]  # the class is the one being made
    return cls
