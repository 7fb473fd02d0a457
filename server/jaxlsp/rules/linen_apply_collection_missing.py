"""A flax Linen module applied with variables that lack a collection its layers read
(ScopeCollectionNotFound): a ``BatchNorm`` model given its params only, a ``Dense`` given an
empty dict.  The model of ``init``/``apply`` (``jaxlsp.apis.linen_api``) runs the module's
``__call__`` under the call and notes what each layer it surely calls needs of the scope; this
rule reports a collection the variables surely lack, at the ``apply`` call.
"""

from __future__ import annotations

from jaxlsp.rules._linen import linen_apply_example
from jaxlsp.rules._shapes import ShapeRule


class LinenApplyCollectionMissing(ShapeRule):
    NAME = "linen-apply-collection-missing"
    CODE = "linen-apply-collection-missing"
    RECORD_ID = "7c3b2aff3fd23c7f"
    KINDS = frozenset({"linen-collection-missing"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass every collection `init` returned (`{'params': ..., 'batch_stats': ...}`), or "
        "make the missing one mutable."
    )

    VALID = (
        linen_apply_example(
            "nn.BatchNorm(use_running_average=not train)",
            'params, stats = variables["params"], variables["batch_stats"]\n'
            'y = model.apply({"params": params, "batch_stats": stats}, x, train=False)',
        ),
    )
    INVALID = (
        linen_apply_example(
            "nn.BatchNorm(use_running_average=not train)",
            'params = variables["params"]\n'
            'y = model.apply({"params": params}, x, train=False)'
            "  # expect: linen-apply-collection-missing",
        ),
    )
