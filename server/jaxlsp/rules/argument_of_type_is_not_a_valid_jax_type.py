"""A ``lax.scan``, ``while_loop`` or ``fori_loop`` whose initial carry holds a function, a
string or a class: ``while_loop(cond, body, (0, model_fn))``; and a function made by
``jax.grad`` (``value_and_grad``, ``jacrev``, ``jacfwd``, ``hessian``) called with such a leaf in
an argument it differentiates: an equinox Module holding ``jax.nn.relu`` as a field
(``eqx.nn.Lambda``, ``eqx.nn.MLP``'s activation, a field of the user's Module).

The loops trace every leaf of their carry as an array, and JAX raises TypeError ("... is not a
valid JAX type") at the call.  A function the body needs belongs in its closure (or in a
``functools.partial`` of the body), not in the carry.  Reported when the carry surely holds
such a leaf (a tuple, list, dict or NamedTuple whose contents are known).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Transformed
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ArgumentOfTypeIsNotAValidJaxType(Rule):
    NAME = "argument-of-type-is-not-a-valid-jax-type"
    CODE = "argument-of-type-is-not-a-valid-jax-type"
    RECORD_ID = "87379d0f528fd4e6"

    VALID = (
        """
from functools import partial
import jax.numpy as jnp
from jax import lax

def body(update, carry):
    step, x = carry
    return step + 1, update(x)

carry = lax.while_loop(lambda c: c[0] < 3, partial(body, jnp.tanh), (0, jnp.ones(3)))
""",
        # the function is an argument grad does not differentiate; equinox filters the model
        """
import equinox as eqx
import jax
import jax.numpy as jnp

def loss(scale, act):
    return jnp.sum(act(scale * jnp.ones(3)))

class Model(eqx.Module):
    w: jax.Array
    act: object

def model_loss(model):
    return jnp.sum(model.act(model.w))

jax.grad(loss)(2.0, jnp.tanh)
jax.grad(loss, argnums=0)(2.0, act=jnp.tanh)
eqx.filter_grad(model_loss)(Model(jnp.ones(3), jax.nn.relu))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def cond(carry):
    return carry[0] < 3

def body(carry):
    step, x, update = carry
    return step + 1, update(x), update

start = (0, jnp.ones(3), jnp.tanh)
carry = lax.while_loop(cond, body, start)  # expect: argument-of-type-is-not-a-valid-jax-type
""",
        # jax.grad of an equinox Module that holds its activation function as a field
        """
import equinox as eqx
import jax
import jax.numpy as jnp

class Model(eqx.Module):
    w: jax.Array
    act: object

def model_loss(model):
    return jnp.sum(model.act(model.w))

model = Model(jnp.ones(3), jax.nn.relu)
grads = jax.grad(model_loss)(model)  # expect: argument-of-type-is-not-a-valid-jax-type
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        yield from self._differentiated(program, record)
        for call, violation in program.violations("carry-jax-type"):
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` traces every leaf of its carry `{violation.parameter}` as "
                f"an array, but it is {violation.described}: JAX raises TypeError (not a valid "
                "JAX type). Keep functions and strings out of the carry: close over them in "
                "the body, or bind them with functools.partial.",
                (
                    related(
                        program,
                        call.site,
                        f"the carry: {violation.described}",
                        violation.node,
                    ),
                ),
                node=violation.node,
            )

    def _differentiated(self, program: Program, record: Record | None) -> Iterator[Finding]:
        """The calls of a gradient transform's function with a non-JAX leaf first among the
        leaves of an argument it differentiates."""
        for called, violation in program.call_violations("differentiated-jax-type"):
            callee = called.callee
            made = callee.site if isinstance(callee, Transformed) else None
            name = callee.transform if isinstance(callee, Transformed) else "the transform"
            yield finding(
                self,
                record,
                program,
                called.site,
                f"`{name}` differentiates argument {int(violation.parameter) + 1}, so JAX makes "
                f"a tangent of each of its leaves, but it is {violation.described}: this raises "
                "TypeError (not a valid JAX type). Differentiate only the arrays: split the "
                "model into its arrays and the rest (eqx.partition, eqx.filter_grad), or pass "
                "the function by closure or as an argument not in argnums.",
                (related(program, made, f"`{name}` made here"),) if made is not None else (),
            )
