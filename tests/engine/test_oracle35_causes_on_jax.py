"""The programs of ``test_oracle35_causes`` on the pinned CPU JAX: the ones that must get no
error finding run to the end, the ones that must get one raise."""

from __future__ import annotations

import pytest

from tests._on_jax import label_tests
from tests.engine.test_oracle35_causes import CASES, SUPPORT_MODULES

pytestmark = pytest.mark.jax

ran, test_label_holds_on_jax = label_tests("oracle35_causes", CASES, SUPPORT_MODULES)
