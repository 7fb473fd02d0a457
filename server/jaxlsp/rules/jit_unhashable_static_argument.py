"""A list, dict, array or non-frozen dataclass passed where `jax.jit` (or `pmap`) keeps the
argument static: jit hashes static arguments at every call, so the call raises.

The contract is in the API models (`Requirement.HASHABLE_AT_CALL` on `static_argnums`,
`static_argnames`, `static_broadcasted_argnums`); this rule reports each call of a jitted
function that the interpreter proves passes an unhashable value in a static position.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import Called
from jaxlsp.infer.program import Program
from jaxlsp.rules._arguments import CalledRule, argument_label
from jaxlsp.rules.jit_non_array_argument import surely_not_traceable


class JitUnhashableStaticArgument(CalledRule):
    NAME = "jit-unhashable-static-argument"
    FORMER_NAMES = ("static-argument-unhashable",)
    CODE = "jit-unhashable-static-argument"
    RECORD_ID = "fc0e9ced8a4d47cf"
    KIND = "unhashable"
    MADE_NOTE = "made static here"

    VALID = (
        """
from functools import partial

import jax
import jax.numpy as jnp

class Model:
    def __init__(self, scale):
        self.scale = scale

    def __eq__(self, other):
        return isinstance(other, Model) and other.scale == self.scale

    def __hash__(self):
        return hash(self.scale)

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * self.scale

Model(2.0).apply(jnp.ones(3))
""",
        """
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp

@dataclasses.dataclass(frozen=True)
class Config:
    scale: int

@partial(jax.jit, static_argnums=(1, 2))
def apply(x, shape, config):
    return x.reshape(shape) * config.scale

apply(jnp.ones(6), (2, 3), Config(2))
""",
    )
    INVALID = (
        """
from functools import partial

import jax
import jax.numpy as jnp

class Model:
    def __init__(self, scale):
        self.scale = scale

    def __eq__(self, other):
        return isinstance(other, Model) and other.scale == self.scale

    @partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * self.scale

Model(2.0).apply(jnp.ones(3))  # expect: jit-unhashable-static-argument
""",
        """
import jax

def foo(x):
    return x[0] + 1

jfoo = jax.jit(foo, static_argnums=(0,))
jfoo([2])  # expect: jit-unhashable-static-argument
""",
        """
import dataclasses
from functools import partial
import jax
import jax.numpy as jnp

@dataclasses.dataclass
class Config:
    scale: int

@partial(jax.jit, static_argnums=1)
def apply(x, config):
    return x * config.scale

def evaluate(data):
    return apply(data, Config(3))  # expect: jit-unhashable-static-argument

evaluate(jnp.ones(3))
""",
    )

    def unproved(self, program: Program, called: Called, violation: Violation) -> bool:
        """JAX reads the traced arguments before it hashes the static ones: a traced one that
        is no array (the ``self`` of a jitted method) raises TypeError first."""
        return any(
            other.site == called.site and surely_not_traceable(program, other_violation)
            for other, other_violation in program.call_violations("non-array")
        )

    def message(self, called: Called, violation: Violation) -> str:
        return (
            f"Static {argument_label(violation.parameter)} is {violation.described}, which "
            "cannot be hashed: the jitted function hashes its static arguments at every call, "
            "so this call raises ValueError. Pass a tuple, a frozen dataclass or another "
            "hashable value, or make the argument non-static."
        )
