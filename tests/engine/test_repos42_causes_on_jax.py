"""The programs of ``test_repos42_causes`` on the pinned CPU JAX: the ones that must get no
finding run to the end, the ones that must get one raise."""

from __future__ import annotations

import pytest

from tests._on_jax import label_tests
from tests.engine.test_repos42_causes import CASES

pytestmark = pytest.mark.jax

ran, test_label_holds_on_jax = label_tests("repos42_causes", CASES)
