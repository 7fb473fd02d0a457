"""What an API entry says: a modelled function's signature, what its result is, and what it
requires of its arguments (its contracts).  One ``ApiSpec`` per function; the modules of
``jaxlsp.apis`` hold them as data, and the interpreter reads nothing else about the API.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from jaxlsp.infer.values import Tuple

if TYPE_CHECKING:
    from jaxlsp.apis.index_arguments import IndexArgument
    from jaxlsp.apis.shaping import OutputRule
    from jaxlsp.infer.frames import ApiCall, ArgumentBreach
    from jaxlsp.infer.heap import Heap
    from jaxlsp.infer.interpreter import ApiCallContext
    from jaxlsp.infer.values import Values


class ContractKind(Protocol):
    """What a parameter must be (``jaxlsp.apis.contracts.Requirement``)."""

    @property
    def at_call(self) -> bool:
        """Whether it is checked at each call of the function the API made."""


class DeclaredContract(Protocol):
    """One contract of one parameter (``jaxlsp.apis.contracts.Accepts``; the contracts read
    specs, so a spec names them by this protocol)."""

    @property
    def requirement(self) -> ContractKind: ...


class ContractCheck(Protocol):
    """A further contract of an API (``ApiSpec.checks``): the breach a call makes, if any, and
    what it asks of the argument, declared with the check (the usage ranking's kinds)."""

    @property
    def asks(self) -> str: ...

    def __call__(self, call: ApiCall, heap: Heap, /) -> ArgumentBreach | None: ...


class Result(enum.Enum):
    """What a call of the API returns, when no ``behaviour`` says more."""

    #: A JAX array computed from its array arguments (traced when they are, or when staged).
    ARRAY = "array"
    #: A JAX array of booleans computed from its arguments (comparisons, isnan...).
    BOOL_ARRAY = "bool array"
    #: A new JAX array (zeros, arange...): traced only in a staged frame.
    NEW_ARRAY = "new array"
    #: A NumPy array.
    NUMPY = "numpy array"
    #: A static Python value (``jnp.ndim``, ``jax.devices()``).
    STATIC = "static"
    NONE = "none"
    #: Nothing the rules can use.
    UNKNOWN = "unknown"
    #: The first argument, unchanged (``jax.block_until_ready``).
    FIRST = "first argument"
    #: An array for each leaf of the pytree given first, in its structure (``jax.device_put``,
    #: ``with_sharding_constraint``): one array only when that argument surely is one leaf.
    FIRST_LEAVES = "an array per leaf of the first argument"


@dataclass(frozen=True)
class AxisParameter:
    """A parameter that names axes of an array argument (``axis``, ``axes``, ``axis1``): an
    int or a sequence of ints, each within the rank it counts (``-rank <= axis < rank``),
    else the call raises (``axis-out-of-bounds``)."""

    parameter: str
    #: The array parameter whose axes it names.
    array: str
    #: Axes the result has beyond the array's, which the axis counts too (``stack`` and
    #: ``one_hot`` add one).
    added: int = 0
    #: Each axis given is a new one of the result (``expand_dims``).
    each_adds: bool = False
    #: ``array`` is a sequence of arrays (``concatenate``, ``stack``): the rank is their own.
    sequence: bool = False
    #: Below this rank the axis is not checked: the call raises another error first
    #: (``concatenate`` of 0-d arrays), or takes any axis (``jnp.repeat`` of a 0-d array
    #: fills a vector, whatever the axis).
    least_rank: int = 0
    #: Whether a negative axis counts from the end; lax's reductions, cumulative ops,
    #: ``argmax`` and ``rev`` refuse any negative axis, whatever the rank.
    negative: bool = True


class NoContractWhy(enum.Enum):
    """Why an API has no argument contract worth checking statically."""

    #: Every Python value is an acceptable argument (a pytree: anything else is a leaf).
    ANY_VALUE = "any value"
    #: A query of its argument (its shape, rank, dtype) that answers for any array or value.
    QUERY = "a query"
    #: Its arguments are checked where its result is used, by those APIs' contracts.
    CHECKED_WHERE_USED = "checked where used"
    #: Whether it fails depends on the machine it runs on (its devices), not on the code.
    MACHINE = "depends on the machine"
    #: Its failures show only on a GPU (Pallas Triton), which the pinned CPU JAX cannot run.
    GPU_ONLY = "GPU only"
    #: Its failures show only on a TPU (Pallas TPU), which the pinned CPU JAX cannot run.
    TPU_ONLY = "TPU only"
    #: Whether it fails depends on the files it reads or writes, not on the code.
    FILES = "depends on files"
    #: A primitive object: JAX binds it inside its own functions, which carry the contracts.
    PRIMITIVE = "a primitive"


@dataclass(frozen=True)
class NoContract:
    """An explicit "no contract" on an API: it has no argument failure that the code alone
    proves, for the reason given (so a coverage count can tell it from one not looked at)."""

    why: NoContractWhy
    #: What the API accepts, in a line.
    reason: str


@dataclass(frozen=True)
class ApiSpec:
    """One modelled API function.

    ``params`` are its parameters in order (positional or keyword), ``variadic`` the name of
    its ``*args`` parameter, if any (arguments past ``params`` are gathered there), and
    ``keyword_only`` those a call can pass only by name (after ``*`` in its signature: a
    positional argument never binds to them).
    """

    name: str
    params: tuple[str, ...] = ()
    variadic: str | None = None
    keyword_only: tuple[str, ...] = ()
    result: Result = Result.UNKNOWN
    #: For ``Result.STATIC``: the Python type of the value.
    static_type: str = "object"
    #: Parameters NumPy converts to a host array with ``__array__`` (a tracer cannot).
    host_converts: tuple[str, ...] = ()
    #: Parameters whose value must be concrete (a traced one raises ConcretizationTypeError).
    concrete: tuple[str, ...] = ()
    #: Parameters the result reads only the shape and dtype of (``jnp.zeros_like``'s ``a``):
    #: a tracer there does not make the result one (under ``vmap`` or ``grad`` it is a new,
    #: unbatched constant; under ``jit`` it is staged like any new array).
    shape_only: tuple[str, ...] = ()
    #: Parameters that are shapes (a traced dimension raises a TypeError).
    shapes: tuple[str, ...] = ()
    #: Parameters JAX reads with ``operator.index`` (a traced one raises
    #: TracerIntegerConversionError; ``jaxlsp.apis.index_arguments``).
    index_arguments: tuple[IndexArgument, ...] = ()
    #: The PRNG key parameter, and whether the call consumes that key.
    key: str | None = None
    consumes_key: bool = False
    #: What the API does, in a line (hovers).
    note: str = ""
    #: The signature as the pinned JAX spells it, defaults included, where the parameters'
    #: names alone say too little (``signature`` shows it); empty: the names joined.
    written_signature: str = ""
    #: What the call does beyond ``result`` (transforms: calling the function argument under
    #: a trace); returns the call's value.
    behaviour: Callable[[ApiCallContext], Values] | None = None
    #: Further contracts of this API: each returns the violation a call makes, if any.
    checks: tuple[ContractCheck, ...] = ()
    #: What parameters accept beyond their type (a callable, hashable static arguments...),
    #: each with the error JAX raises otherwise and an example that raises it
    #: (``jaxlsp.apis.contracts``).
    accepts: tuple[DeclaredContract, ...] = ()
    #: The parameters that name axes of an array argument, each checked against its rank.
    axis_parameters: tuple[AxisParameter, ...] = ()
    #: The shape and dtype of the result, or the mismatch of the arguments' shapes that
    #: surely makes the call raise (``jaxlsp.apis.shaping``).
    output: OutputRule | None = None
    #: Said of an API with no argument failure worth checking, instead of a contract.
    no_contract: NoContract | None = None

    def bind(
        self, positional: list[Values], keywords: dict[str, Values]
    ) -> dict[str, Values] | None:
        """The arguments by parameter name, or None when they cannot be bound (``*args`` of
        unknown length before a parameter, an unknown keyword...)."""
        bound: dict[str, Values] = {}
        rest: list[Values] = []
        for position, value in enumerate(positional):
            if position < len(self.params):
                bound[self.params[position]] = value
            elif self.variadic is not None:
                rest.append(value)
        if self.variadic is not None:
            bound[self.variadic] = (Tuple(tuple(rest)),)
        for name, value in keywords.items():
            bound[name] = value
        return bound

    @cached_property
    def has_contracts(self) -> bool:
        """Whether a call can break anything ``jaxlsp.apis.contracts.violations`` checks (the
        parameters and checks it reads, each here)."""
        return bool(
            self.host_converts
            or self.shapes
            or self.concrete
            or self.key is not None
            or self.axis_parameters
            or self.checks
            or self.accepts_when_called
        )

    @cached_property
    def accepts_when_called(self) -> tuple[DeclaredContract, ...]:
        """The ``accepts`` a call of the API itself can break."""
        return tuple(a for a in self.accepts if not a.requirement.at_call)

    @cached_property
    def accepts_at_call(self) -> tuple[DeclaredContract, ...]:
        """The ``accepts`` each call of the function the API made can break (``jax.jit``'s
        hashable static arguments)."""
        return tuple(a for a in self.accepts if a.requirement.at_call)

    @property
    def signature(self) -> str:
        """The parameters as the installed JAX spells them: ``(f, *, out_specs, mesh)``."""
        if self.written_signature:
            return self.written_signature
        names = list(self.params)
        if self.variadic is not None:
            names.append(f"*{self.variadic}")
        elif self.keyword_only:
            names.append("*")
        names.extend(self.keyword_only)
        return f"({', '.join(names)})"

    @property
    def short(self) -> str:
        """The name as users spell it (``jnp.zeros``, ``jax.jit``, ``np.exp``)."""
        for long, short in _SHORT_PREFIXES:
            if self.name.startswith(long):
                return short + self.name[len(long) :]
        return self.name


def spec_of(call: ApiCall) -> ApiSpec:
    """The model of the API ``call`` calls (``ApiCall.api``, which names it by a protocol: the
    facts sit below the models)."""
    spec = call.api
    assert isinstance(spec, ApiSpec)
    return spec


_SHORT_PREFIXES = (
    ("jax.numpy.", "jnp."),
    ("jax.lax.", "lax."),
    ("jax.random.", "jax.random."),
    ("jax.experimental.pallas.", "pl."),
    ("numpy.", "np."),
    ("builtins.", ""),
)
