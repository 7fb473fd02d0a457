"""A flax Linen module applied without the PRNG stream a layer draws from (InvalidRngError): a
``Dropout`` that is not deterministic, with no ``"dropout"`` (nor ``"params"``) stream among
``apply``'s ``rngs``.  The model of ``init``/``apply`` (``jaxlsp.apis.linen_api``) runs the
module's ``__call__`` under the call and notes what each layer it surely calls needs of the
scope; this rule reports the stream the call surely lacks, at the ``apply`` call.
"""

from __future__ import annotations

from jaxlsp.rules._linen import linen_apply_example
from jaxlsp.rules._shapes import ShapeRule


class LinenApplyRngMissing(ShapeRule):
    NAME = "linen-apply-rng-missing"
    CODE = "linen-apply-rng-missing"
    RECORD_ID = "b84c9b5e42f56d25"
    KINDS = frozenset({"linen-rng-missing"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give `apply` the stream: `model.apply(variables, x, rngs={'dropout': key})` (a new "
        "key each step), or run the layer deterministic."
    )

    VALID = (
        linen_apply_example(
            "nn.Dropout(0.5, deterministic=not train)",
            'y = model.apply(variables, x, train=True, rngs={"dropout": jax.random.key(1)})\n'
            "z = model.apply(variables, x, train=False)",
        ),
    )
    INVALID = (
        linen_apply_example(
            "nn.Dropout(0.5, deterministic=not train)",
            "y = model.apply(variables, x, train=True)  # expect: linen-apply-rng-missing",
        ),
    )
