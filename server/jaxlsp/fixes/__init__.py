"""Quick fixes: libcst rewrites of the statements a finding involves, as minimal text edits.

The rules call these from their ``fixes``; the engine adds "ignore on this line" to every
finding's (``suppress``).  Nothing here imports the rules.
"""

from __future__ import annotations

from jaxlsp.fixes.edits import merge_non_overlapping
from jaxlsp.fixes.suppress import ignore_on_line

__all__ = ["ignore_on_line", "merge_non_overlapping"]
