"""The table of every API model, by qualified name.

Why: ``jaxlsp.apis`` fills it from its model modules once they are imported; the models that
look another API up while an analysis runs (a custom derivative's method, whether a library
function computes arrays) read it here, as importing ``jaxlsp.apis`` from them would tie every
model module into one import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxlsp.apis.spec import ApiSpec

#: Every model, by the qualified name of the API (filled by ``jaxlsp.apis``).
SPECS: dict[str, ApiSpec] = {}


def spec_for(qualified: str) -> ApiSpec | None:
    return SPECS.get(qualified)
