"""Hypothesis budgets for the reliability suite: small and fixed in CI, large on request.

CI runs every property with a fixed number of examples and a fixed seed (``derandomize``), so
the suite is fast and a red run is reproducible.  ``JAXLSP_FUZZ=long`` (see
``run_long_fuzz.sh``) multiplies the budget and draws fresh random examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: How many times more examples the long run tries than CI.
LONG_FACTOR = int(os.environ.get("JAXLSP_FUZZ_FACTOR", "50"))
IS_LONG_RUN = os.environ.get("JAXLSP_FUZZ") == "long"


def budget(examples: int) -> settings:
    """Settings for one property: ``examples`` cases in CI, ``LONG_FACTOR`` times that when long."""
    return settings(
        max_examples=examples * LONG_FACTOR if IS_LONG_RUN else examples,
        derandomize=not IS_LONG_RUN,
        deadline=None,  # speed budgets live in bench/, not in tests
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        print_blob=True,
    )
