"""The parameters of the function a transform wraps, as the transform inspects them: a bound
method's without ``self``, a partial's without the positions it fixes (a keyword it fixes stays
a parameter: it can be passed again), a transformed function's inner one's, a callable
instance's ``__call__`` without ``self``."""

from __future__ import annotations

from dataclasses import dataclass

from jaxlsp.infer.values import (
    BoundMethod,
    Function,
    Instance,
    Partial,
    Transformed,
    Value,
    Values,
)


@dataclass(frozen=True)
class Signature:
    function: Function
    positional: list[str]
    keyword_only: list[str]
    varargs: bool
    varkw: bool
    #: The parameters a caller cannot name: positional-only ones, and ``*args``'s name.
    unnameable: tuple[str, ...] = ()

    @property
    def names(self) -> list[str]:
        return [*self.positional, *self.keyword_only]


#: How many wrappers (bound methods, partials, transforms) are looked through.
_MAX_WRAPPERS = 64


def _unwrap(value: Value) -> tuple[Value, int] | None:
    """What a wrapper stands for, and how many leading positional parameters it fills."""
    if isinstance(value, Function):
        return (value.wraps[0], 0) if value.wraps is not None and len(value.wraps) == 1 else None
    if isinstance(value, Transformed) and len(value.inner) == 1:
        return value.inner[0], 0
    if isinstance(value, BoundMethod):
        return value.function, 1
    if isinstance(value, Partial) and len(value.func) == 1:
        return value.func[0], len(value.args)
    if isinstance(value, Instance):
        call = value.cls.lookup("__call__")
        if call is not None and len(call) == 1 and isinstance(call[0], Function):
            return call[0], 1
    return None


def wrapped_function(values: Values) -> tuple[Function, int] | None:
    """The one known function ``values`` wraps, and how many of its leading positional
    parameters the wrappers fill; None for an abstract or stub method (``self.train``, where
    ``train`` raises NotImplementedError): a subclass's override is what runs."""
    if len(values) != 1:
        return None
    value, skip = values[0], 0
    for _ in range(_MAX_WRAPPERS):
        unwrapped = _unwrap(value)
        if unwrapped is None:
            break
        value, more = unwrapped
        skip += more
    else:
        return None
    if not isinstance(value, Function) or value.placeholder:
        return None  # a placeholder method's parameters are its overrides'
    return value, skip


def signature_of(values: Values) -> Signature | None:
    """The signature jit checks ``static_argnums``/``static_argnames`` against, when the
    wrapped value is one known function."""
    found = wrapped_function(values)
    if found is None:
        return None
    function, skip = found
    args = function.node.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)][skip:]
    keyword_only = [a.arg for a in args.kwonlyargs]
    unnameable = tuple([a.arg for a in args.posonlyargs[skip:]])
    if args.vararg is not None:
        unnameable += (args.vararg.arg,)
    return Signature(
        function,
        positional,
        keyword_only,
        args.vararg is not None,
        args.kwarg is not None,
        unnameable,
    )
