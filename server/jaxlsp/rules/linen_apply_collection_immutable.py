"""A flax Linen module applied while a layer updates a collection ``apply`` keeps immutable
(ModifyScopeVariableError): a ``BatchNorm`` in training mode without
``mutable=['batch_stats']``.  The model of ``init``/``apply`` (``jaxlsp.apis.linen_api``) runs
the module's ``__call__`` under the call and notes what each layer it surely calls needs of the
scope; this rule reports the update the call surely refuses, at the ``apply`` call.
"""

from __future__ import annotations

from jaxlsp.rules._linen import linen_apply_example
from jaxlsp.rules._shapes import ShapeRule


class LinenApplyCollectionImmutable(ShapeRule):
    NAME = "linen-apply-collection-immutable"
    CODE = "linen-apply-collection-immutable"
    RECORD_ID = "fd6c854bff6c613b"
    KINDS = frozenset({"linen-collection-immutable"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Make the collection mutable and keep what `apply` returns: `y, updates = "
        "model.apply(variables, x, mutable=['batch_stats'])`."
    )

    VALID = (
        linen_apply_example(
            "nn.BatchNorm(use_running_average=not train)",
            'y, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])\n'
            "z = model.apply(variables, x, train=False)",
        ),
    )
    INVALID = (
        linen_apply_example(
            "nn.BatchNorm(use_running_average=not train)",
            "y = model.apply(variables, x, train=True)  # expect: linen-apply-collection-immutable",
        ),
    )
