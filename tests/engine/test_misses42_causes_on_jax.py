"""The programs of ``test_misses42_causes`` on the pinned CPU JAX (optax and flax from the dev
extras): the ones that must get no error finding run to the end, the ones that must get one
raise."""

from __future__ import annotations

import pytest

from tests._on_jax import label_tests
from tests.engine.test_misses42_causes import CASES, DOTTED, EQUINOX, SUPPORT

pytestmark = pytest.mark.jax

ran, test_label_holds_on_jax = label_tests("misses42_causes", [*CASES, *DOTTED, *EQUINOX], SUPPORT)
